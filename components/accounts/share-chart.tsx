import type { RankedAds } from '@/lib/contract/ad-accounts';
import { t } from '@/lib/i18n';
import { formats } from '../ui/format';
import { formatMetric, metricKind, type MetricKind } from './metric-format';
import 'virtual:adscope-english/accounts';

/** How many of the largest ads get a slice of their own; the rest of the account is one grey slice. */
export const SHARE_SLICES = 5;

/** Costs per result and other ratios do not add up across ads, so they have no share of a total. */
const PER_UNIT = /^(cpc|cpm|cpa|cpp|cpv|cpl|cpi)$|^cost_per_|_per_/;

/** Catalogue kinds whose figures are counts of events, whatever their format says. */
const COUNTED_KINDS = new Set(['custom_conversion', 'custom_event']);

/**
 * Whether a metric's figures add up to the account's total: counts (by format, by a well-known id
 * such as impressions, or a custom conversion or event) and amounts that are not per unit.
 * Rates, ratios and custom metrics of unknown meaning do not.
 */
export function addsUp(metricId: string, kind: MetricKind, catalogueKind?: string | null): boolean {
  const id = metricId.toLowerCase();
  if (PER_UNIT.test(id) || kind === 'percent' || kind === 'ratio') return false;
  if (kind === 'count' || kind === 'currency') return true;
  return COUNTED_KINDS.has(catalogueKind?.trim().toLowerCase() ?? '') || metricKind(id, null) === 'count';
}

export interface ShareSlice {
  id: string;
  name: string;
  value: number;
  /** Of the account's total, 0 to 1. */
  share: number;
}

export type ShareOfTotal =
  | { kind: 'not-additive' }
  | { kind: 'no-total' }
  | { kind: 'nothing' }
  /** The ads add up to more than the account's total: the figures disagree, so no share is drawn. */
  | { kind: 'over'; sum: number; total: number }
  | { kind: 'shares'; total: number; slices: ShareSlice[]; rest: number; restShare: number; otherAds: number | null };

/**
 * The largest ads' share of the account's total for one metric, from the ranked rows and the
 * summary of the same window. Rounding in either answer is allowed for (half a percent); more
 * than that is said, never drawn as a share over 100 %.
 */
export function shareOfTotal(
  ranked: Pick<RankedAds, 'items' | 'total_ads'>,
  metricId: string,
  kind: MetricKind,
  total: number | null | undefined,
  catalogueKind?: string | null,
): ShareOfTotal {
  if (!addsUp(metricId, kind, catalogueKind)) return { kind: 'not-additive' };
  if (total === undefined) return { kind: 'no-total' };
  // No data for the account in the window, while its ads have figures: nothing sound to draw.
  if (total === null || !Number.isFinite(total)) return { kind: 'nothing' };
  const rows = ranked.items
    .map((row) => ({ id: row.platform_ad_id, name: row.name ?? row.platform_ad_id, value: row.metrics[metricId] }))
    .filter((row): row is { id: string; name: string; value: number } => typeof row.value === 'number');
  if (total <= 0 || rows.some((row) => row.value < 0)) return { kind: 'nothing' };
  const sumAll = rows.reduce((sum, row) => sum + row.value, 0);
  if (sumAll > total * 1.005) return { kind: 'over', sum: sumAll, total };
  const largest = [...rows].sort((a, b) => b.value - a.value).slice(0, SHARE_SLICES);
  const sum = largest.reduce((acc, row) => acc + row.value, 0);
  if (sum === 0) return { kind: 'nothing' };
  const unlisted = total - sum;
  // What no listed ad accounts for is only a slice when it is more than rounding, or when other ads exist.
  const otherAds = ranked.total_ads === null ? null : Math.max(0, ranked.total_ads - largest.length);
  const rest = otherAds === 0 && unlisted <= total * 0.005 ? 0 : Math.max(0, unlisted);
  return {
    kind: 'shares',
    total,
    slices: largest.map((row) => ({ ...row, share: row.value / total })),
    rest,
    restShare: rest / total,
    otherAds,
  };
}

const percent = (share: number) => formats.percent(share * 100, share > 0 && share < 0.01 ? 1 : 0);

/** A bar of the largest ads' share of the account's total, with its legend as text. */
export function ShareChart({
  ranked,
  metricId,
  metricLabel,
  kind,
  catalogueKind,
  total,
  currency,
}: {
  ranked: Pick<RankedAds, 'items' | 'total_ads'>;
  metricId: string;
  metricLabel: string;
  kind: MetricKind;
  /** The catalogue's kind of the metric (custom conversions and events are counts). */
  catalogueKind: string | null | undefined;
  total: number | null | undefined;
  currency: string | null;
}) {
  const result = shareOfTotal(ranked, metricId, kind, total, catalogueKind);
  if (result.kind === 'not-additive' || result.kind === 'nothing') return null;
  if (result.kind === 'no-total') {
    return <p className="muted share-note">{t('accounts.share.noTotal', { metric: metricLabel })}</p>;
  }
  if (result.kind === 'over') {
    return (
      <p className="notice notice-warning share-note" role="status">
        {t('accounts.share.over', {
          metric: metricLabel,
          sum: formatMetric(result.sum, kind, currency),
          total: formatMetric(result.total, kind, currency),
        })}
      </p>
    );
  }
  const topShare = result.slices.reduce((sum, slice) => sum + slice.share, 0);
  const others =
    result.otherAds === null
      ? t('accounts.share.everyOther')
      : result.otherAds === 0
        ? t('accounts.share.unlisted')
        : t('accounts.share.theOther', { count: result.otherAds });
  return (
    <figure className="share-chart">
      <figcaption>
        <strong>{t('accounts.share.title', { metric: metricLabel })}</strong>{' '}
        <span className="muted">
          {t('accounts.share.top', {
            count: result.slices.length,
            share: percent(topShare),
            total: formatMetric(result.total, kind, currency),
          })}
        </span>
      </figcaption>
      <div className="share-bar" aria-hidden="true">
        {result.slices.map((slice, index) => (
          <span key={slice.id} className={`share-slice share-${index + 1}`} style={{ flexGrow: slice.share }} />
        ))}
        {result.rest > 0 ? <span className="share-slice share-rest" style={{ flexGrow: result.restShare }} /> : null}
      </div>
      <ol className="share-legend list-plain" aria-label={t('accounts.share.title', { metric: metricLabel })}>
        {result.slices.map((slice, index) => (
          <li key={slice.id}>
            <span className={`share-swatch share-${index + 1}`} aria-hidden="true" />
            <span className="share-name" title={slice.name}>
              {slice.name}
            </span>
            <span className="share-value">{percent(slice.share)}</span>
          </li>
        ))}
        {result.rest > 0 ? (
          <li>
            <span className="share-swatch share-rest" aria-hidden="true" />
            <span className="share-name">{others}</span>
            <span className="share-value">{percent(result.restShare)}</span>
          </li>
        ) : null}
      </ol>
    </figure>
  );
}
