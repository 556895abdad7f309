import type { MetricEntry } from '@/lib/contract/ad-accounts';
import { t } from '@/lib/i18n';
import { type Formats, formats as userFormats } from '../ui/format';
import 'virtual:adscope-english/accounts';

/** How a metric's values read: the catalogue's word when it gives one we know, else the metric id's. */
export type MetricKind = 'currency' | 'percent' | 'ratio' | 'count' | 'number';

const FORMAT_WORDS: Record<string, MetricKind> = {
  currency: 'currency',
  money: 'currency',
  monetary: 'currency',
  amount: 'currency',
  percent: 'percent',
  percentage: 'percent',
  '%': 'percent',
  ratio: 'ratio',
  multiplier: 'ratio',
  integer: 'count',
  count: 'count',
  int: 'count',
  number: 'number',
  decimal: 'number',
  float: 'number',
};

/** Metric ids whose meaning is common across ad platforms. Anything else is a plain number that keeps its decimals. */
const BY_ID: [RegExp, MetricKind][] = [
  [/roas|return_on_ad_spend/, 'ratio'],
  [/(^|_)(ctr|cvr|rate|percent|pct|share)(_|$)/, 'percent'],
  [
    /^(spend|amount_spent|cost|cpc|cpm|cpa|cpp|cpv|cpl|cpi|revenue|budget|purchase_value|conversion_value)$|^cost_per_|_cost$|_value$/,
    'currency',
  ],
  [
    /^(impressions|clicks|link_clicks|reach|conversions|purchases|leads|installs|video_views|views|results|engagements|frequency_count)$|_count$/,
    'count',
  ],
];

/** The kind of a metric: from the catalogue's format when it is one we know, else from its id; a plain number otherwise. */
export function metricKind(id: string, format: string | null | undefined): MetricKind {
  const word = format ? FORMAT_WORDS[format.trim().toLowerCase()] : undefined;
  if (word) return word;
  return BY_ID.find(([pattern]) => pattern.test(id.toLowerCase()))?.[1] ?? 'number';
}

/**
 * A metric value in words and digits; null is "no data", never 0. A currency amount without a
 * known currency is shown as a plain amount with two decimals, never in a currency guessed.
 */
export function formatMetric(
  value: number | null | undefined,
  kind: MetricKind,
  currency?: string | null,
  formats: Formats = userFormats,
): string {
  if (value === null || value === undefined) return t('accounts.metric.noData');
  switch (kind) {
    case 'currency':
      if (!currency) return formats.fixed(value);
      return formats.currency(value, currency) ?? `${formats.fixed(value)} ${currency}`;
    case 'percent':
      return formats.percent(value);
    case 'ratio':
      return `${formats.fixed(value)}×`;
    case 'count':
      return formats.number(value, Number.isInteger(value) ? 0 : 4);
    default:
      // A number we know nothing about keeps its decimals (up to 4), never rounded to a whole one.
      return formats.number(value);
  }
}

/** How each metric of a catalogue reads, by id. */
export function kindOf(catalogue: readonly MetricEntry[]): (id: string) => MetricKind {
  return (id) => metricKind(id, catalogue.find((metric) => metric.id === id)?.format);
}

/** The catalogue's kinds of custom metric, in words ("Custom conversion"); undefined for any other kind. */
export function kindLabel(kind: string | null | undefined): string | undefined {
  switch (kind) {
    case 'custom_conversion':
      return t('accounts.metric.kind.customConversion');
    case 'custom_event':
      return t('accounts.metric.kind.customEvent');
    case 'custom_metric':
      return t('accounts.metric.kind.customMetric');
    default:
      return undefined;
  }
}

export function metricName(id: string, names: Record<string, string>, catalogue: readonly MetricEntry[]): string {
  return names[id] ?? catalogue.find((metric) => metric.id === id)?.name ?? id;
}
