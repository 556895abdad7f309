import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MetricEntry } from '@/lib/contract/ad-accounts';
import { LIMITS } from '@/lib/contract/limits';
import { previousWindow, resolveWindow } from '@/lib/contract/window';
import { systemClock } from '@/lib/clock';
import { callBackground } from '@/lib/messaging/client';
import { keepForSame } from '../ui/keep-same';
import { useAccountsStore, windowParams } from './accounts-store';
import { windowProblem } from './period-picker';
import { accountKeys, windowKey } from './query-keys';

/** The metric ids of `ids` the account's catalogue lists: another's, or one deleted upstream, is never sent. */
export function inCatalogue(ids: readonly string[], catalogue: readonly MetricEntry[]): string[] {
  return ids.filter((metricId) => catalogue.some((metric) => metric.id === metricId));
}

/** `sortBy` if the catalogue ranks by it, else Spend, else the first metric it ranks by (else `sortBy`, for the service to say). */
function rankableOr(sortBy: string, catalogue: readonly MetricEntry[]): string {
  const rankable = (metricId: string) =>
    catalogue.some((metric) => metric.id === metricId && metric.sortable !== false);
  if (rankable(sortBy)) return sortBy;
  if (rankable('spend')) return 'spend';
  return catalogue.find((metric) => metric.sortable !== false)?.id ?? sortBy;
}

/**
 * The report of the chosen account as the user set it: its accounts, the metric catalogue, the
 * totals, the same totals over the window before (for each change), and the ranked ads. Nothing is
 * asked while the window has a problem, and metrics of another account's catalogue are never sent.
 */
export function useAccountReport() {
  const view = useAccountsStore();
  const accounts = useQuery({
    queryKey: accountKeys.list(),
    queryFn: ({ signal }) => callBackground('accounts.list', {}, { signal }),
  });
  const accountId = view.accountId;
  const account = accounts.data?.items.find((item) => item.id === accountId);
  useEffect(() => {
    const first = accounts.data?.items[0];
    if (first && !account) view.set({ accountId: first.id, openAdId: null, metrics: [], sortBy: 'spend' });
  }, [accounts.data, account, view]);

  const catalogue = useQuery({
    queryKey: accountKeys.metrics(accountId),
    queryFn: ({ signal }) => callBackground('accounts.metrics', { accountId }, { signal }),
    enabled: Boolean(account),
    staleTime: 10 * 60_000,
  });
  const metrics = catalogue.data?.items ?? [];
  const chosen = inCatalogue(view.metrics, metrics);
  // A ranking metric the catalogue no longer lists (a custom conversion deleted upstream) is
  // refused by the service: the ads are ranked by Spend, or the first metric it ranks by, instead.
  const rankBy = catalogue.isSuccess ? rankableOr(view.sortBy, metrics) : view.sortBy;
  useEffect(() => {
    if (rankBy !== view.sortBy) view.set({ sortBy: rankBy });
  }, [rankBy, view]);
  const now = new Date(systemClock());
  const problem = windowProblem(view, now);
  const ready = Boolean(account) && catalogue.isSuccess && problem === null && rankBy === view.sortBy;
  const window = windowParams(view);
  const keyed = windowKey(window, now);
  /** The last answer stays on screen while the next loads, but never under another account. */
  const sameAccount = keepForSame((key) => key[1], accountId);

  const summary = useQuery({
    queryKey: accountKeys.summary(accountId, keyed, chosen),
    queryFn: ({ signal }) => callBackground('accounts.summary', { accountId, window, metrics: chosen }, { signal }),
    enabled: ready,
    placeholderData: sameAccount,
  });
  const resolved = resolveWindow(window, now);
  const before = resolved.ok ? previousWindow(resolved.window) : null;
  const previous = useQuery({
    queryKey: accountKeys.summary(accountId, before ?? {}, chosen),
    queryFn: ({ signal }) =>
      callBackground('accounts.summary', { accountId, window: before ?? {}, metrics: chosen }, { signal }),
    enabled: ready && before !== null,
  });
  const limitValid =
    Number.isInteger(view.limit) && view.limit >= LIMITS.adsLimit.min && view.limit <= LIMITS.adsLimit.max;
  const ranked = useQuery({
    queryKey: accountKeys.ads(accountId, keyed, chosen, view),
    queryFn: ({ signal }) =>
      callBackground(
        'accounts.ads',
        { accountId, window, metrics: chosen, sortBy: view.sortBy, sortOrder: view.sortOrder, limit: view.limit },
        { signal },
      ),
    enabled: ready && limitValid,
    placeholderData: sameAccount,
  });

  return {
    view,
    accounts,
    account,
    catalogue,
    metrics,
    chosen,
    problem,
    ready,
    summary,
    previous,
    ranked,
    limitValid,
    /** Days in the window, for each total's change; null while the window is not valid. */
    days: resolved.ok ? resolved.window.days : null,
    settling: summary.data?.window?.settling_from ?? ranked.data?.window?.settling_from ?? null,
  };
}

export type AccountReport = ReturnType<typeof useAccountReport>;
