import { t } from '@/lib/i18n';
import { formats } from '../ui/format';
import { QueryView } from '../ui/query-view';
import { formatMetric, kindOf, metricName } from './metric-format';
import type { AccountReport } from './use-account-report';
import 'virtual:adscope-english/accounts';

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
    return <span className="change muted">{t('accounts.totals.noEarlier')}</span>;
  }
  const change = ((value - before) / Math.abs(before)) * 100;
  const rounded = Math.abs(change) < 0.05 ? 0 : change;
  const arrow = rounded > 0 ? '▲' : rounded < 0 ? '▼' : '=';
  const size = formats.percent(Math.abs(rounded), 1);
  const words = t('accounts.totals.change', {
    direction: rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'none',
    size,
    days,
  });
  return (
    <span className="change muted" title={words}>
      <span aria-hidden="true">{rounded !== 0 ? `${arrow} ${size}` : arrow}</span>
      <span className="visually-hidden">{words}</span>
    </span>
  );
}

/** The account's totals over the window, each with its change on the window just before. */
export function Totals({ report }: { report: AccountReport }) {
  const { summary, previous, metrics, account, days } = report;
  const formatOf = kindOf(metrics);
  return (
    <QueryView
      query={summary}
      loadingLabel={t('accounts.totals.loading')}
      rows={1}
      errorTitle={t('accounts.totals.loadFailed')}
    >
      {(totals) => (
        <ul
          className="list-plain summary-cards"
          aria-label={t('accounts.totals.title')}
          aria-busy={summary.isPlaceholderData || undefined}
        >
          {Object.entries(totals.metrics).map(([metricId, value]) => (
            <li key={metricId} className="card summary-card">
              <span className="muted">{metricName(metricId, totals.metric_names, metrics)}</span>
              <strong className={value === null ? 'no-data' : undefined}>
                {formatMetric(value, formatOf(metricId), totals.currency ?? account?.currency)}
              </strong>
              {/* A total kept from the last window while the next loads has no change to show. */}
              <Change
                value={value}
                before={summary.isPlaceholderData ? undefined : previous.data?.metrics[metricId]}
                days={days}
              />
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}
