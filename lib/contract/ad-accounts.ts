import { z } from 'zod/mini';
import { LIMITS } from './limits';
import { checkWords } from './words';
import { ALTERNATIVE_NAMES, normalizeListPage, unwrapped, withNames } from './alternatives';
import { optionalCount, optionalNumber, optionalText, tolerantArray } from './tolerant';
import { lazily, once } from '../lazy';

/**
 * Ad-account reporting (spec 4.0 to 4.7). What the contract states is required (rows carry
 * platform_ad_id; metrics and metric_names are objects); what it leaves unshown is read by
 * any known name (ALTERNATIVE_NAMES) and tolerated when missing. The sort direction
 * parameter's name is not shown: `sort_order` (desc or asc) is ours, and the answer's order
 * is checked (rankingOrderHonoured).
 */
export const SORT_ORDER_PARAM = 'sort_order';
export const sortOrders = ['desc', 'asc'] as const;
export type SortOrder = (typeof sortOrders)[number];

const { min: minAds, max: maxAds } = LIMITS.adsLimit;
/** The ads list's limit (spec 4.4): 1 to 50. */
const adsLimitRange = { error: () => checkWords('checks.range', { field: 'limit', min: minAds, max: maxAds }) };
export const adsLimitSchema = lazily(() =>
  z
    .number({ error: () => checkWords('checks.number', { field: 'limit' }) })
    .check(
      z.int({ error: () => checkWords('checks.whole', { field: 'limit' }) }),
      z.gte(minAds, adsLimitRange),
      z.lte(maxAds, adsLimitRange),
    ),
);

/** Metric values (spec 2): an object keyed by metric id; each a number, or null for "no data in the window". */
const metricValuesSchema = once(() =>
  z.pipe(
    z.record(z.string(), z.unknown(), { error: 'metrics must be an object keyed by metric id.' }),
    z.transform((values) =>
      Object.fromEntries(
        Object.entries(values).map(([id, value]) => [
          id,
          typeof value === 'number' && Number.isFinite(value) ? value : null,
        ]),
      ),
    ),
  ),
);
/** Display names (spec 2): an object mapping metric ids to names; where it sits is not shown, so it may be absent. */
const metricNamesSchema = once(() =>
  z.pipe(
    z.optional(
      z.record(z.string(), z.unknown(), { error: 'metric_names must be an object mapping metric ids to names.' }),
    ),
    z.transform((names) =>
      Object.fromEntries(
        Object.entries(names ?? {}).flatMap(([id, name]) => (typeof name === 'string' ? [[id, name]] : [])),
      ),
    ),
  ),
);
const optionalFlag = once(() => z.catch(z.optional(z.boolean()), undefined));
const windowSchema = once(() =>
  z.catch(
    z.optional(
      withNames(
        { date_start: ALTERNATIVE_NAMES.dateStart, date_stop: ALTERNATIVE_NAMES.dateStop },
        z.looseObject({ date_start: optionalText(), date_stop: optionalText(), settling_from: optionalText() }),
      ),
    ),
    undefined,
  ),
);
/** The unnamed fields every report answer may carry (currency, window, total count), by any known name. */
const reportNames = {
  currency: ALTERNATIVE_NAMES.currency,
  total_ads: ALTERNATIVE_NAMES.totalAds,
  window: ALTERNATIVE_NAMES.window,
};

export const adAccountSchema = lazily(() =>
  withNames(
    {
      name: ALTERNATIVE_NAMES.accountName,
      platform: ALTERNATIVE_NAMES.accountPlatform,
      currency: ALTERNATIVE_NAMES.currency,
    },
    z.looseObject({
      id: z.string().check(z.minLength(1)),
      name: optionalText(),
      platform: optionalText(),
      currency: optionalText(),
    }),
  ),
);
export type AdAccount = z.infer<typeof adAccountSchema>;
/** Spec 4.1: data.items of ad-account rows. */
export const adAccountListSchema = lazily(() => z.looseObject({ items: tolerantArray(adAccountSchema) }));
export type AdAccountList = z.infer<typeof adAccountListSchema>;

/** A catalogue row (4.3: "Field names and the full row shape: not shown"): an id and a display name, by any known name. */
export const metricEntrySchema = lazily(() =>
  withNames(
    {
      id: ALTERNATIVE_NAMES.metricId,
      name: ALTERNATIVE_NAMES.metricName,
      kind: ALTERNATIVE_NAMES.metricKind,
      format: ALTERNATIVE_NAMES.metricFormat,
      default: ALTERNATIVE_NAMES.metricDefault,
      sortable: ALTERNATIVE_NAMES.metricSortable,
    },
    z.looseObject({
      id: z.string().check(z.minLength(1), z.maxLength(200)),
      name: optionalText(),
      kind: optionalText(),
      format: optionalText(),
      default: optionalFlag(),
      sortable: optionalFlag(),
    }),
  ),
);
export type MetricEntry = z.infer<typeof metricEntrySchema>;
/** Spec 4.3: the account's metric catalogue (a bare list, or rows under any known name). */
export const metricCatalogueSchema = lazily(() =>
  z.pipe(z.transform(normalizeListPage), z.looseObject({ items: tolerantArray(metricEntrySchema) })),
);
export type MetricCatalogue = z.infer<typeof metricCatalogueSchema>;

export const summarySchema = lazily(() =>
  withNames(
    reportNames,
    z.looseObject({
      currency: optionalText(),
      window: windowSchema(),
      metrics: metricValuesSchema(),
      metric_names: metricNamesSchema(),
    }),
  ),
);
export type AccountSummary = z.infer<typeof summarySchema>;

const adNames = {
  name: ALTERNATIVE_NAMES.adName,
  status: ALTERNATIVE_NAMES.adStatus,
  format: ALTERNATIVE_NAMES.adFormat,
};
const rankedRowSchema = once(() =>
  withNames(
    { ...adNames, preview_image_url: ALTERNATIVE_NAMES.previewImageUrl },
    z.looseObject({
      platform_ad_id: z.string({ error: 'platform_ad_id is required on each ranked row.' }).check(z.minLength(1)),
      name: optionalText(),
      status: optionalText(),
      format: optionalText(),
      preview_image_url: optionalText(),
      metrics: metricValuesSchema(),
      /** Names on the row (where they sit is not shown); merged into the answer's metric_names. */
      metric_names: z.optional(metricNamesSchema()),
    }),
  ),
);
export type RankedAd = z.infer<ReturnType<typeof rankedRowSchema>>;

/**
 * The ranked list (4.4): every row is required to carry platform_ad_id and metrics. Names may
 * come once per answer or on each row (not shown which): both are merged into `metric_names`.
 */
export const rankedSchema = lazily(() =>
  z.pipe(
    withNames(
      reportNames,
      z.looseObject({
        items: z.array(rankedRowSchema(), { error: 'items must be a list of ranked rows.' }),
        metric_names: metricNamesSchema(),
        window: windowSchema(),
        currency: optionalText(),
        total_ads: optionalCount(),
      }),
    ),
    z.transform((ranked) =>
      Object.assign(ranked, {
        metric_names: Object.assign(
          {},
          ...ranked.items.map((row) => row.metric_names ?? {}),
          ranked.metric_names,
        ) as Record<string, string>,
      }),
    ),
  ),
);
export type RankedAds = z.infer<typeof rankedSchema>;

const creativeSchema = once(() =>
  withNames(
    {
      title: ALTERNATIVE_NAMES.creativeTitle,
      body: ALTERNATIVE_NAMES.creativeBody,
      call_to_action: ALTERNATIVE_NAMES.callToAction,
      link_url: ALTERNATIVE_NAMES.linkUrl,
      images: ALTERNATIVE_NAMES.creativeImages,
      videos: ALTERNATIVE_NAMES.creativeVideos,
    },
    z.looseObject({
      title: optionalText(),
      body: optionalText(),
      call_to_action: optionalText(),
      link_url: optionalText(),
      images: tolerantArray(
        z.pipe(
          z.transform((value) => (typeof value === 'string' ? { url: value } : value)),
          withNames(
            { url: ALTERNATIVE_NAMES.imageUrl, width: ALTERNATIVE_NAMES.width, height: ALTERNATIVE_NAMES.height },
            z.looseObject({ url: optionalText(), width: optionalCount(), height: optionalCount() }),
          ),
        ),
      ),
      videos: tolerantArray(
        withNames(
          {
            video_id: ALTERNATIVE_NAMES.videoId,
            preview_image_url: ALTERNATIVE_NAMES.previewImageUrl,
            duration_seconds: ALTERNATIVE_NAMES.durationSeconds,
            url: ALTERNATIVE_NAMES.videoUrl,
          },
          z.looseObject({
            video_id: z.union([
              z.string().check(z.minLength(1), z.maxLength(200)),
              z.pipe(z.number(), z.transform(String)),
            ]),
            preview_image_url: optionalText(),
            duration_seconds: optionalNumber(),
            url: optionalText(),
          }),
        ),
      ),
    }),
  ),
);

/**
 * An ad's detail (4.5): metrics are required; the creative block's name and fields are not
 * shown, so they are read by any known name, and the record may come wrapped. The contract
 * never states that the detail repeats platform_ad_id: the caller knows it.
 */
export const adDetailSchema = lazily(() =>
  unwrapped(
    ['metrics', 'platform_ad_id'],
    withNames(
      { ...reportNames, ...adNames, creative: ALTERNATIVE_NAMES.creative },
      z.looseObject({
        platform_ad_id: optionalText(),
        name: optionalText(),
        status: optionalText(),
        format: optionalText(),
        currency: optionalText(),
        window: windowSchema(),
        metrics: metricValuesSchema(),
        metric_names: metricNamesSchema(),
        creative: z.catch(z.optional(creativeSchema()), undefined),
      }),
    ),
  ),
);
export type AccountAdDetail = z.infer<typeof adDetailSchema>;

/** A cached transcript (its fields are not shown): text and segments by any known name; each may be absent. */
export const transcriptSchema = lazily(() =>
  unwrapped(
    ALTERNATIVE_NAMES.transcriptText,
    withNames(
      {
        text: ALTERNATIVE_NAMES.transcriptText,
        language: ALTERNATIVE_NAMES.transcriptLanguage,
        segments: ALTERNATIVE_NAMES.transcriptSegments,
        credits_charged: ALTERNATIVE_NAMES.creditsCharged,
        cached: ALTERNATIVE_NAMES.cached,
      },
      z.looseObject({
        video_id: optionalText(),
        text: optionalText(),
        language: optionalText(),
        segments: tolerantArray(
          withNames(
            {
              start: ALTERNATIVE_NAMES.segmentStart,
              end: ALTERNATIVE_NAMES.segmentEnd,
              text: ALTERNATIVE_NAMES.transcriptText,
            },
            z.looseObject({ start: optionalNumber(), end: optionalNumber(), text: z.string() }),
          ),
        ),
        cached: optionalFlag(),
        credits_charged: optionalNumber(),
      }),
    ),
  ),
);
export type Transcript = z.infer<typeof transcriptSchema>;
