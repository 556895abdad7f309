import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { sortOrders } from '@/lib/contract/ad-accounts';
import { LIMITS } from '@/lib/contract/limits';
import { previousWindow, resolveWindow } from '@/lib/contract/window';
import { systemClock } from '@/lib/clock';
import { countOf, formatDay, formats } from '../ui/format';
import { ErrorNotice } from '../ui/error-notice';
import { QueryView } from '../ui/query-view';
import { callBackground } from '@/lib/messaging/client';
import { AccountAdDetail } from './account-ad-detail';
import { useAccountsStore, windowParams } from './accounts-store';
import { formatMetric, kindOf, metricName } from './metric-format';
import { MetricsPicker } from './metrics-picker';
import { PeriodPicker, periodWords, windowProblem } from './period-picker';
import { RankedTable } from './ranked-table';
import { accountKeys } from './query-keys';
import './accounts.css';

/** A total's change against the window of the same length before it, as an arrow and a percentage. */
function Change({
  value,
  before,
  days,
}: {
  value: number | null;
  before: number | null | undefined;
  days: number | null;
}) {
  if (before === undefined || days === null) return null;
  if (value === null || before === null || before === 0) {
    return <span className="change muted">no earlier figure to compare</span>;
  }
  const change = ((value - before) / Math.abs(before)) * 100;
  const rounded = Math.abs(change) < 0.05 ? 0 : change;
  const arrow = rounded > 0 ? '▲' : rounded < 0 ? '▼' : '=';
  const size = formats.percent(Math.abs(rounded), 1);
  const words = `${rounded > 0 ? `up ${size}` : rounded < 0 ? `down ${size}` : 'no change'} on the ${countOf(days, 'day')} before`;
  return (
    <span className="change muted" title={words}>
      <span aria-hidden="true">{rounded !== 0 ? `${arrow} ${size}` : arrow}</span>
      <span className="visually-hidden">{words}</span>
    </span>
  );
}

const PLATFORM_NAMES: Record<string, string> = { meta: 'Meta', google: 'Google Ads' };

/** "Acme Outdoor · Meta": the account's name, with its platform only when the name does not say it already. */
export function accountLabel(account: { id: string; name: string | null; platform: string | null }): string {
  const name = account.name ?? account.id;
  const platform = account.platform ? (PLATFORM_NAMES[account.platform] ?? account.platform) : null;
  return platform && !name.toLowerCase().includes(platform.toLowerCase()) ? `${name} (${platform})` : name;
}

/** Your own ad accounts: totals, ranked ads, a creative drill-down and transcripts, beside the library. */
export default function AccountsTab() {
  const id = useId();
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
  // Metrics from another account's catalogue are dropped, never sent.
  const chosen = view.metrics.filter((metricId) => metrics.some((metric) => metric.id === metricId));
  const problem = windowProblem(view, new Date(systemClock()));
  const [controlsOpen, setControlsOpen] = useState(false);
  const ready = Boolean(account) && catalogue.isSuccess && problem === null;
  const window = windowParams(view);
  const summary = useQuery({
    queryKey: accountKeys.summary(accountId, window, chosen),
    queryFn: ({ signal }) => callBackground('accounts.summary', { accountId, window, metrics: chosen }, { signal }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  // The same metrics over the window just before, for each total's change.
  const resolved = resolveWindow(window, new Date(systemClock()));
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
    queryKey: accountKeys.ads(accountId, window, chosen, view),
    queryFn: ({ signal }) =>
      callBackground(
        'accounts.ads',
        { accountId, window, metrics: chosen, sortBy: view.sortBy, sortOrder: view.sortOrder, limit: view.limit },
        { signal },
      ),
    enabled: ready && limitValid,
    placeholderData: keepPreviousData,
  });
  const formatOf = kindOf(metrics);
  const settling = summary.data?.window?.settling_from ?? ranked.data?.window?.settling_from ?? null;

  return (
    <section className="tab-section accounts" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Your ad accounts</h2>
      <QueryView
        query={accounts}
        loadingLabel="Loading your ad accounts"
        rows={2}
        errorTitle="Could not load your ad accounts"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <div className="empty-state">
            <h3>No ad accounts connected</h3>
            <p>Connect an ad account to your workspace to compare your own results with what competitors run.</p>
          </div>
        }
      >
        {(data) => (
          <>
            <div className="field">
              <label htmlFor={`${id}-account`}>Ad account</label>
              <select
                id={`${id}-account`}
                value={accountId}
                onChange={(event) =>
                  view.set({
                    accountId: event.target.value,
                    openAdId: null,
                    metrics: [],
                    sortBy: 'spend',
                    sortOrder: 'desc',
                  })
                }
              >
                {data.items.map((item) => (
                  <option key={item.id} value={item.id}>
                    {accountLabel(item)}
                  </option>
                ))}
              </select>
            </div>
            {/* The window and the added metrics fold into one line that opens; a problem keeps it open. */}
            <details
              className="fold"
              open={controlsOpen || problem !== null}
              onToggle={(event) => setControlsOpen(event.currentTarget.open)}
            >
              <summary>
                <span className="fold-title">Period and metrics</span>
                <span className="muted">
                  {periodWords(view)} · {countOf(chosen.length, 'metric')} added
                </span>
              </summary>
              <PeriodPicker />
              {metrics.length > 0 ? <MetricsPicker catalogue={metrics} /> : null}
            </details>
            {catalogue.isError ? (
              <ErrorNotice
                title="Could not load the metrics"
                error={catalogue.error}
                onRetry={() => void catalogue.refetch()}
              />
            ) : null}
            {settling ? (
              <p className="notice notice-warning">
                Figures from {formatDay(settling)} on are still settling: the platform may revise them when read again.
              </p>
            ) : null}
            {view.openAdId && ready ? (
              <AccountAdDetail accountId={accountId} catalogue={metrics} currency={account?.currency ?? null} />
            ) : (
              <>
                <h3>Totals</h3>
                {problem ? (
                  <p className="notice notice-warning" role="status">
                    No figures until the dates are fixed: the totals and ranked ads of another window are not shown.
                  </p>
                ) : (
                  <QueryView
                    query={summary}
                    loadingLabel="Loading totals"
                    rows={1}
                    errorTitle="Could not load the totals"
                  >
                    {(totals) => (
                      <ul className="list-plain summary-cards" aria-label="Totals">
                        {Object.entries(totals.metrics).map(([metricId, value]) => (
                          <li key={metricId} className="card summary-card">
                            <span className="muted">{metricName(metricId, totals.metric_names, metrics)}</span>
                            <strong className={value === null ? 'no-data' : undefined}>
                              {formatMetric(value, formatOf(metricId), totals.currency ?? account?.currency)}
                            </strong>
                            <Change
                              value={value}
                              before={previous.data?.metrics[metricId]}
                              days={resolved.ok ? resolved.window.days : null}
                            />
                          </li>
                        ))}
                      </ul>
                    )}
                  </QueryView>
                )}
                <div className="rank-controls">
                  <div className="field">
                    <label htmlFor={`${id}-sort`}>Rank by</label>
                    <select
                      id={`${id}-sort`}
                      value={view.sortBy}
                      onChange={(event) => view.set({ sortBy: event.target.value })}
                    >
                      {metrics.map((metric) => (
                        <option key={metric.id} value={metric.id} disabled={metric.sortable === false}>
                          {metric.name ?? metric.id}
                          {metric.sortable === false ? ' (not rankable on this platform)' : ''}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="field">
                    <label htmlFor={`${id}-order`}>Order</label>
                    <select
                      id={`${id}-order`}
                      value={view.sortOrder}
                      onChange={(event) => view.set({ sortOrder: event.target.value === 'asc' ? 'asc' : 'desc' })}
                    >
                      {sortOrders.map((order) => (
                        <option key={order} value={order}>
                          {order === 'desc' ? 'Highest first' : 'Lowest first'}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="field">
                    <label htmlFor={`${id}-limit`}>Rows</label>
                    <input
                      id={`${id}-limit`}
                      type="number"
                      min={LIMITS.adsLimit.min}
                      max={LIMITS.adsLimit.max}
                      value={Number.isFinite(view.limit) ? view.limit : ''}
                      aria-invalid={limitValid ? undefined : true}
                      aria-describedby={limitValid ? undefined : `${id}-limit-error`}
                      onChange={(event) => view.set({ limit: event.target.valueAsNumber })}
                    />
                    {limitValid ? null : (
                      <span id={`${id}-limit-error`} className="field-error">
                        Rows must be a whole number from {LIMITS.adsLimit.min} to {LIMITS.adsLimit.max}.
                      </span>
                    )}
                  </div>
                </div>
                {problem ? null : (
                  <QueryView query={ranked} loadingLabel="Ranking ads" errorTitle="Could not rank the ads">
                    {(data) => (
                      <RankedTable
                        ranked={data}
                        catalogue={metrics}
                        accountName={account?.name ?? 'account'}
                        currency={account?.currency ?? null}
                        total={
                          summary.isSuccess && !summary.isPlaceholderData
                            ? summary.data.metrics[view.sortBy]
                            : 'loading'
                        }
                      />
                    )}
                  </QueryView>
                )}
                {ranked.isFetching && ranked.data && !problem ? (
                  <p role="status" className="results-status">
                    Updating…
                  </p>
                ) : null}
              </>
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}
