import { resolveWindow, type WindowParams } from '@/lib/contract/window';

/**
 * A window as a query key: a preset ("last 7 days") with the days it covers now, so the answer for
 * the days before is never taken for today's once the UTC day has turned.
 */
export function windowKey(window: WindowParams, now: Date): WindowParams & { days?: string } {
  const resolved = resolveWindow(window, now);
  return resolved.ok ? { ...window, days: `${resolved.window.dateStart}/${resolved.window.dateStop}` } : window;
}

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
