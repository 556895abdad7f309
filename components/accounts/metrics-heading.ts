import { t } from '@/lib/i18n';
import type { AccountsView } from './accounts-store';
import { customRange } from './period-picker';
import { formatDay } from '../ui/format';
import 'virtual:adscope-english/accounts';

/**
 * The drill-down's heading: the window the service says it measured, or else the window the
 * user asked for ("Metrics, last 7 days, as asked"); never "Metrics, to" with its dates missing.
 */
export function metricsHeading(
  window: { date_start?: string | null; date_stop?: string | null } | null | undefined,
  asked: Pick<AccountsView, 'period' | 'dateStart' | 'dateStop'>,
): string {
  const start = formatDay(window?.date_start ?? null);
  const stop = formatDay(window?.date_stop ?? null);
  if (start && stop) return t('accounts.metrics.heading.window', { start, stop });
  if (asked.period === 'custom' && !(asked.dateStart && asked.dateStop)) return t('accounts.metrics.heading.plain');
  return t('accounts.metrics.heading.asked', { period: asked.period, range: customRange(asked) });
}
