import type { RankedAds } from '@/lib/contract/ad-accounts';
import { csvCell } from '../ui/download';

/** The ranked ads as CSV: ids, names, and each metric as a number (empty for no data). */
export function rankedToCsv(ranked: RankedAds, columns: readonly string[], names: Record<string, string>): string {
  const header: (string | number | null)[] = [
    'platform_ad_id',
    'name',
    'status',
    'format',
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
