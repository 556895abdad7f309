import type { MetricEntry, RankedAds } from '@/lib/contract/ad-accounts';
import { rankingOrderHonoured, shownRanking } from '@/lib/contract/checks';
import { downloadCsv } from '../ui/download';
import { rankedToCsv } from './ranked-csv';
import { useAccountsStore } from './accounts-store';
import { formatMetric, kindOf, metricName } from './metric-format';
import { t } from '@/lib/i18n';
import { ShareChart } from './share-chart';
import 'virtual:adscope-english/accounts';

/** What the heading says of the rows shown: their order as they are, never the one asked when it was not honoured. */
export function rankedHeading(
  ranked: { items: readonly unknown[]; total_ads: number | null },
  shown: 'asc' | 'desc' | null,
): string {
  const count = ranked.items.length;
  const total = ranked.total_ads !== null && ranked.total_ads >= count ? ranked.total_ads : null;
  if (shown === null) {
    return total === null
      ? t('accounts.ranked.heading.asSent', { count })
      : t('accounts.ranked.heading.asSentOf', { count, total });
  }
  if (shown === 'desc') {
    return total === null
      ? t('accounts.ranked.heading.top', { count })
      : t('accounts.ranked.heading.topOf', { count, total });
  }
  return total === null
    ? t('accounts.ranked.heading.bottom', { count })
    : t('accounts.ranked.heading.bottomOf', { count, total });
}

/** The ranked ads: sortable by any metric the platform ranks by; null shown as "no data". */
export function RankedTable({
  ranked,
  catalogue,
  accountName,
  currency,
  total,
}: {
  ranked: RankedAds;
  catalogue: readonly MetricEntry[];
  accountName: string;
  /** The account's currency, when the answer itself names none. */
  currency: string | null;
  /** The account's total of the ranked metric over the same window (undefined: not among the totals), or 'loading'. */
  total: number | null | undefined | 'loading';
}) {
  const { sortBy, sortOrder } = useAccountsStore();
  const columns = Object.keys(ranked.metric_names).length
    ? Object.keys(ranked.metric_names)
    : Object.keys(ranked.items[0]?.metrics ?? {});
  const formatOf = kindOf(catalogue);
  return (
    <div className="ranked">
      <div className="view-header">
        <h3>{rankedHeading(ranked, shownRanking(ranked.items, sortBy, sortOrder))}</h3>
        <button
          type="button"
          className="btn"
          onClick={() =>
            downloadCsv(
              `adscope-${accountName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-ads.csv`,
              rankedToCsv(ranked, columns, ranked.metric_names),
            )
          }
        >
          {t('accounts.ranked.exportCsv')}
        </button>
      </div>
      {rankingOrderHonoured(ranked.items, sortBy, sortOrder) ? null : (
        <p className="notice notice-warning" role="status">
          {t('accounts.ranked.orderNotHonoured', {
            asked: sortOrder,
            metric: metricName(sortBy, ranked.metric_names, catalogue),
            shown: shownRanking(ranked.items, sortBy, sortOrder) ?? 'none',
          })}
        </p>
      )}
      {/* The share of the account's total only makes sense for the largest ads, highest first. */}
      {ranked.items.length > 0 &&
      total !== 'loading' &&
      sortOrder === 'desc' &&
      rankingOrderHonoured(ranked.items, sortBy, sortOrder) ? (
        <ShareChart
          ranked={ranked}
          metricId={sortBy}
          metricLabel={metricName(sortBy, ranked.metric_names, catalogue)}
          kind={formatOf(sortBy)}
          catalogueKind={catalogue.find((metric) => metric.id === sortBy)?.kind}
          total={total}
          currency={ranked.currency ?? currency}
        />
      ) : null}
      {ranked.items.length === 0 ? (
        <p className="muted">{t('accounts.ranked.empty')}</p>
      ) : (
        <RankedRows ranked={ranked} columns={columns} catalogue={catalogue} currency={currency} />
      )}
    </div>
  );
}

/** The table of ranked ads: a column per metric, the rankable ones sort on a click. */
function RankedRows({
  ranked,
  columns,
  catalogue,
  currency,
}: {
  ranked: RankedAds;
  columns: readonly string[];
  catalogue: readonly MetricEntry[];
  currency: string | null;
}) {
  const { sortBy, sortOrder, set } = useAccountsStore();
  // What the rows are in, which the service may not have made the order asked.
  const shown = shownRanking(ranked.items, sortBy, sortOrder);
  const formatOf = kindOf(catalogue);
  const sortable = (id: string) => catalogue.find((metric) => metric.id === id)?.sortable !== false;
  // The bar under the ranked figure: each row's share of the largest (no bar for negatives or no data).
  const largest = Math.max(0, ...ranked.items.map((row) => row.metrics[sortBy] ?? 0));
  return (
    <div className="table-scroll">
      <table className="ranked-table">
        <caption className="visually-hidden">
          {t('accounts.ranked.caption', {
            metric: metricName(sortBy, ranked.metric_names, catalogue),
            shown: shown ?? 'none',
          })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('accounts.ranked.adColumn')}</th>
            {columns.map((id) => (
              <th
                key={id}
                scope="col"
                aria-sort={
                  sortBy === id ? (shown === null ? 'other' : shown === 'desc' ? 'descending' : 'ascending') : undefined
                }
              >
                {sortable(id) ? (
                  <button
                    type="button"
                    className="th-sort"
                    onClick={() =>
                      set(
                        sortBy === id
                          ? { sortOrder: sortOrder === 'desc' ? 'asc' : 'desc' }
                          : { sortBy: id, sortOrder: 'desc' },
                      )
                    }
                  >
                    {metricName(id, ranked.metric_names, catalogue)}
                    <span aria-hidden="true">
                      {sortBy === id && shown !== null ? (shown === 'desc' ? ' ↓' : ' ↑') : ''}
                    </span>
                  </button>
                ) : (
                  metricName(id, ranked.metric_names, catalogue)
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ranked.items.map((row) => (
            <tr key={row.platform_ad_id}>
              <th scope="row">
                <button
                  type="button"
                  className="btn-link row-open"
                  onClick={() => set({ openAdId: row.platform_ad_id })}
                >
                  {row.name ?? row.platform_ad_id}
                </button>
              </th>
              {columns.map((id) => {
                const value = row.metrics[id];
                return (
                  <td key={id} className={value === null || value === undefined ? 'no-data' : undefined}>
                    {formatMetric(value, formatOf(id), ranked.currency ?? currency)}
                    {id === sortBy && typeof value === 'number' && value > 0 && largest > 0 ? (
                      <span
                        className="metric-bar"
                        aria-hidden="true"
                        style={{ width: `${Math.max(4, Math.round((value / largest) * 100))}%` }}
                      />
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
