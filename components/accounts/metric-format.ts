import type { MetricEntry } from '@/lib/contract/ad-accounts';

const number = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/** A metric value in words and digits; null is "no data", never 0. */
export function formatMetric(
  value: number | null | undefined,
  format: string | null | undefined,
  currency?: string | null,
): string {
  if (value === null || value === undefined) return 'no data';
  switch (format) {
    case 'currency':
      try {
        return new Intl.NumberFormat('en', {
          style: 'currency',
          currency: currency ?? 'EUR',
          maximumFractionDigits: 2,
        }).format(value);
      } catch {
        return value.toFixed(2);
      }
    case 'percent':
      return `${value.toFixed(2)} %`;
    case 'ratio':
      return `${value.toFixed(2)}×`;
    default:
      return number.format(value);
  }
}

export const KIND_LABELS: Record<string, string> = {
  custom_conversion: 'Custom conversion',
  custom_event: 'Custom event',
  custom_metric: 'Custom metric',
};

export function metricName(id: string, names: Record<string, string>, catalogue: readonly MetricEntry[]): string {
  return names[id] ?? catalogue.find((metric) => metric.id === id)?.name ?? id;
}
