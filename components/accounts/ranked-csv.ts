import type { RankedAds } from '@/lib/contract/ad-accounts';
import { t } from '@/lib/i18n';
import { csvCell } from '../ui/download';
import 'virtual:adscope-english/accounts';

/**
 * The ranked ads as CSV: ids, names, and each metric as a number (empty for no data). The headers
 * are in the language shown; the values are the service's, numbers unformatted.
 */
export function rankedToCsv(ranked: RankedAds, columns: readonly string[], names: Record<string, string>): string {
  const header: (string | number | null)[] = [
    t('accounts.csv.adId'),
    t('accounts.csv.name'),
    t('accounts.csv.status'),
    t('accounts.csv.format'),
    ...columns.map((id) => names[id] ?? id),
  ];
  const rows = ranked.items.map((row) => [
    row.platform_ad_id,
    row.name ?? '',
    row.status ?? '',
    row.format ?? '',
    // Numbers as numbers, negatives included (a change, a loss): only text is guarded against formulas.
    ...columns.map((id) => row.metrics[id] ?? null),
  ]);
  return [header, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n');
}
