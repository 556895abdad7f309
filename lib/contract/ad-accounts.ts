import { z } from 'zod';
import { LIMITS } from './limits';
import { optionalCount, optionalText, tolerantArray } from './tolerant';

/**
 * Ad-account reporting (spec 4.0 to 4.7). Shapes the contract leaves unshown are read by
 * the reference server's names and tolerated when missing: rows carry `preview_image_url`,
 * `metric_names` comes once per response, the creative block is `creative`, and the sort
 * direction parameter is `sort_order` (desc or asc).
 */
export const SORT_ORDER_PARAM = 'sort_order';
export const sortOrders = ['desc', 'asc'] as const;
export type SortOrder = (typeof sortOrders)[number];

const { min: minAds, max: maxAds } = LIMITS.adsLimit;
/** The ads list's limit (spec 4.4): 1 to 50. */
export const adsLimitSchema = z
  .number({ error: 'limit must be a number.' })
  .int('limit must be a whole number.')
  .min(minAds, `limit must be between ${minAds} and ${maxAds}.`)
  .max(maxAds, `limit must be between ${minAds} and ${maxAds}.`);

/** Metric values: a number, or null for "no data in the window"; anything else reads as null. */
const metricValuesSchema = z
  .record(z.string(), z.unknown())
  .optional()
  .transform((values) =>
    Object.fromEntries(
      Object.entries(values ?? {}).map(([id, value]) => [
        id,
        typeof value === 'number' && Number.isFinite(value) ? value : null,
      ]),
    ),
  );
const metricNamesSchema = z
  .record(z.string(), z.unknown())
  .optional()
  .transform((names) =>
    Object.fromEntries(
      Object.entries(names ?? {}).flatMap(([id, name]) => (typeof name === 'string' ? [[id, name]] : [])),
    ),
  );
const windowSchema = z
  .looseObject({ date_start: optionalText, date_stop: optionalText, settling_from: optionalText })
  .optional();

export const adAccountSchema = z.looseObject({
  id: z.string().min(1),
  name: optionalText,
  platform: optionalText,
  currency: optionalText,
});
export type AdAccount = z.infer<typeof adAccountSchema>;
/** Spec 4.1: data.items of ad-account rows. */
export const adAccountListSchema = z.looseObject({ items: tolerantArray(adAccountSchema) });
export type AdAccountList = z.infer<typeof adAccountListSchema>;

export const metricEntrySchema = z.looseObject({
  id: z.string().min(1).max(200),
  name: optionalText,
  kind: optionalText,
  format: optionalText,
  default: z.boolean().optional(),
  sortable: z.boolean().optional(),
});
export type MetricEntry = z.infer<typeof metricEntrySchema>;
/** Spec 4.3: the account's metric catalogue. */
export const metricCatalogueSchema = z.looseObject({ items: tolerantArray(metricEntrySchema) });
export type MetricCatalogue = z.infer<typeof metricCatalogueSchema>;

export const summarySchema = z.looseObject({
  currency: optionalText,
  window: windowSchema,
  metrics: metricValuesSchema,
  metric_names: metricNamesSchema,
});
export type AccountSummary = z.infer<typeof summarySchema>;

const rankedRowSchema = z.looseObject({
  platform_ad_id: z.string().min(1),
  name: optionalText,
  status: optionalText,
  format: optionalText,
  preview_image_url: optionalText,
  metrics: metricValuesSchema,
});
export type RankedAd = z.infer<typeof rankedRowSchema>;

export const rankedSchema = z.looseObject({
  items: tolerantArray(rankedRowSchema),
  metric_names: metricNamesSchema,
  window: windowSchema,
  currency: optionalText,
  total_ads: optionalCount,
});
export type RankedAds = z.infer<typeof rankedSchema>;

export const adDetailSchema = z.looseObject({
  platform_ad_id: z.string().min(1),
  name: optionalText,
  status: optionalText,
  format: optionalText,
  currency: optionalText,
  window: windowSchema,
  metrics: metricValuesSchema,
  metric_names: metricNamesSchema,
  creative: z
    .looseObject({
      title: optionalText,
      body: optionalText,
      call_to_action: optionalText,
      link_url: optionalText,
      images: tolerantArray(z.looseObject({ url: optionalText, width: optionalCount, height: optionalCount })),
      videos: tolerantArray(
        z.looseObject({
          video_id: z.string().min(1).max(200),
          preview_image_url: optionalText,
          duration_seconds: optionalCount,
          url: optionalText,
        }),
      ),
    })
    .optional(),
});
export type AccountAdDetail = z.infer<typeof adDetailSchema>;

export const transcriptSchema = z.looseObject({
  video_id: optionalText,
  text: z.string(),
  language: optionalText,
  segments: tolerantArray(z.looseObject({ start: optionalCount, end: optionalCount, text: z.string() })),
  cached: z.boolean().optional(),
  credits_charged: optionalCount,
});
export type Transcript = z.infer<typeof transcriptSchema>;
