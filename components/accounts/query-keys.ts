import type { WindowParams } from '@/lib/contract/window';

/** The Accounts view's query keys. */
export const accountKeys = {
  list: () => ['accounts.list'] as const,
  metrics: (accountId: string) => ['accounts.metrics', accountId] as const,
  summary: (accountId: string, window: WindowParams, metrics: readonly string[]) =>
    ['accounts.summary', accountId, window, metrics] as const,
  ads: (
    accountId: string,
    window: WindowParams,
    metrics: readonly string[],
    ranking: { sortBy: string; sortOrder: string; limit: number },
  ) => ['accounts.ads', accountId, window, metrics, ranking.sortBy, ranking.sortOrder, ranking.limit] as const,
  ad: (accountId: string, adId: string, window: WindowParams, metrics: readonly string[]) =>
    ['accounts.ad', accountId, adId, window, metrics] as const,
  transcript: (accountId: string, videoId: string) => ['accounts.transcript', accountId, videoId] as const,
};
