import { z } from 'zod';
import { ApiError, invalidInput } from './errors';
import { adsLimitSchema, isUuid, LIMITS, parseInput, validateMetrics, validateWindow } from './limits';
import { apiPath } from './path';
import { optionalCount, optionalText, tolerantArray } from './tolerant';
import type { Clock } from '../clock';
import type { Transport } from './transport';
import type { WindowParams } from './window';

/**
 * Ad-account reporting (spec 4.0 to 4.7). Shapes the contract leaves unshown are read by
 * the reference server's names and tolerated when missing: rows carry `preview_image_url`,
 * `metric_names` comes once per response, the creative block is `creative`, and the sort
 * direction parameter is `sort_order` (desc or asc).
 */
export const SORT_ORDER_PARAM = 'sort_order';
export const sortOrders = ['desc', 'asc'] as const;
export type SortOrder = (typeof sortOrders)[number];

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

export const metricEntrySchema = z.looseObject({
  id: z.string().min(1).max(200),
  name: optionalText,
  kind: optionalText,
  format: optionalText,
  default: z.boolean().optional(),
  sortable: z.boolean().optional(),
});
export type MetricEntry = z.infer<typeof metricEntrySchema>;

const summarySchema = z.looseObject({
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

const rankedSchema = z.looseObject({
  items: tolerantArray(rankedRowSchema),
  metric_names: metricNamesSchema,
  window: windowSchema,
  currency: optionalText,
  total_ads: optionalCount,
});
export type RankedAds = z.infer<typeof rankedSchema>;

const adDetailSchema = z.looseObject({
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

const transcriptSchema = z.looseObject({
  video_id: optionalText,
  text: z.string(),
  language: optionalText,
  segments: tolerantArray(z.looseObject({ start: optionalCount, end: optionalCount, text: z.string() })),
  cached: z.boolean().optional(),
  credits_charged: optionalCount,
});
export type Transcript = z.infer<typeof transcriptSchema>;

export interface ReportQuery {
  window: WindowParams;
  /** Extra metric ids from the catalogue, on top of the default set. */
  metrics: string[];
}

function accountPath(accountId: string): string {
  if (!isUuid(accountId)) throw invalidInput('account', 'Pick an ad account: its id must be a UUID.');
  return accountId;
}

/** The 4.0 parameters, checked before sending: every window rule and at most 20 metric ids. */
function reportParams(query: ReportQuery, now: Date, catalogue?: ReadonlySet<string>) {
  validateWindow(query.window, now);
  validateMetrics(query.metrics, catalogue);
  const { period, date_start, date_stop } = query.window;
  return {
    ...(period ? { period } : {}),
    ...(date_start ? { date_start } : {}),
    ...(date_stop ? { date_stop } : {}),
    ...(query.metrics.length > 0 ? { metrics: query.metrics.join(',') } : {}),
  };
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** The ad-account endpoints; `clock` says what "today" is for the window rules. */
export function adAccountsApi(transport: Transport, clock: Clock) {
  const today = () => new Date(clock());
  return {
    list: (signal?: AbortSignal) =>
      transport.get(apiPath('ad-accounts'), {
        schema: z.looseObject({ items: tolerantArray(adAccountSchema) }),
        ...withSignal(signal),
      }),
    metrics: (accountId: string, signal?: AbortSignal) =>
      transport.get(apiPath('ad-accounts', accountPath(accountId), 'metrics'), {
        schema: z.looseObject({ items: tolerantArray(metricEntrySchema) }),
        ...withSignal(signal),
      }),
    summary: (accountId: string, query: ReportQuery, signal?: AbortSignal) =>
      transport.get(apiPath('ad-accounts', accountPath(accountId), 'summary'), {
        schema: summarySchema,
        query: reportParams(query, today()),
        ...withSignal(signal),
      }),
    ads: (
      accountId: string,
      query: ReportQuery & { sortBy: string; sortOrder: SortOrder; limit: number },
      signal?: AbortSignal,
    ) => {
      parseInput(adsLimitSchema, query.limit, 'limit');
      if (!sortOrders.includes(query.sortOrder))
        throw invalidInput(SORT_ORDER_PARAM, 'Sort order must be desc or asc.');
      if (!query.sortBy) throw invalidInput('sort_by', 'Pick a metric to rank by.');
      return transport.get(apiPath('ad-accounts', accountPath(accountId), 'ads'), {
        schema: rankedSchema,
        query: {
          ...reportParams(query, today()),
          sort_by: query.sortBy,
          [SORT_ORDER_PARAM]: query.sortOrder,
          limit: query.limit,
        },
        ...withSignal(signal),
      });
    },
    ad: (accountId: string, platformAdId: string, query: ReportQuery, signal?: AbortSignal) =>
      transport.get(apiPath('ad-accounts', accountPath(accountId), 'ads', platformAdId), {
        schema: adDetailSchema,
        query: reportParams(query, today()),
        ...withSignal(signal),
      }),
    /** The cached transcript, or null when none is cached yet (HTTP 404). Never charges. */
    transcript: async (accountId: string, videoId: string, signal?: AbortSignal): Promise<Transcript | null> => {
      try {
        return await transport.get(apiPath('ad-accounts', accountPath(accountId), 'videos', videoId, 'transcript'), {
          schema: transcriptSchema,
          ...withSignal(signal),
        });
      } catch (error) {
        if (error instanceof ApiError && error.httpStatus === 404) return null;
        throw error;
      }
    },
    /** Transcribes (charges credits on a cache miss). A retry after a lost answer is a cache hit, so it is safe. */
    transcribe: (accountId: string, videoId: string) =>
      transport.post(apiPath('ad-accounts', accountPath(accountId), 'videos', videoId, 'transcript'), {
        schema: transcriptSchema,
        body: {},
        idempotent: true,
      }),
  };
}

export const ADS_LIMIT = LIMITS.adsLimit;
