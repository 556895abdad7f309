import { z } from 'zod/mini';
import { type LibraryAd, libraryAdSchema } from '../contract/ad-library';
import { idProblem } from '../contract/ids';
import { NEWS_KEPT_PER_BRAND } from './watch-frame';
import { tolerantArray } from '../contract/tolerant';
import { defineValidatedItem } from './validated-item';
import { lazily, once } from '../lazy';
import { fitText } from '../fit-text';

export {
  BRAND_NAME_CHARS,
  WATCH_KEY_PREFIX,
  WATCH_LIMIT,
  readWatchlist,
  watchEntry,
  type WatchedBrand,
} from './watch-entries';
export { NEWS_KEPT_PER_BRAND, panelRequestItem, watchlistItem } from './watch-frame';

/** How often the background checks, in hours; 0 is off. */
export const WATCH_INTERVALS = [0, 1, 2, 3, 6, 12, 24] as const;
export const DEFAULT_WATCH_INTERVAL = 6;

export const watchSettingsSchema = lazily(() =>
  z.strictObject({
    intervalHours: z.number().check(z.int(), z.gte(0), z.lte(24)),
    /** One notification per check that found something; off until the user turns it on. */
    notify: z.boolean(),
  }),
);
export type WatchSettings = z.infer<typeof watchSettingsSchema>;

/** Synced with the watchlist: the same brands are checked as often on each of the user's browsers. */
export const watchSettingsItem = defineValidatedItem('sync:watchSettings', watchSettingsSchema, {
  fallback: { intervalHours: DEFAULT_WATCH_INTERVAL, notify: false },
});

/**
 * What New keeps of all brands' new ads, in bytes of stored JSON. Past it the oldest finds are
 * counted, not kept, and New says so: with the seen sets (2,500 ids a brand, 13 KB) and the
 * state of the checks, the watchlist stays under 4.5 MB of storage.local's 10 MB, leaving the
 * rest to unsent saves and image jobs.
 */
export const NEWS_BYTES_BUDGET = 750_000;

export { fitText };

/** A stored text that comes from elsewhere (the service, a page): cut to fit, never refused. */
export const fittedText = (max: number) =>
  z.pipe(
    z.string(),
    z.transform((text) => fitText(text, max)),
  );

const LONGEST_URL = 2_048;
/**
 * The one way a text from the service enters storage: a string cut to `max` (fitText), anything
 * else (null, a number where a string was expected) as null. A URL is kept whole or not at all:
 * a cut URL leads elsewhere.
 */
export function serviceText(value: unknown, max: number): string | null {
  return typeof value === 'string' ? fitText(value, max) : null;
}
const keptUrl = (url: unknown): string | null => (typeof url === 'string' && url.length <= LONGEST_URL ? url : null);
const listOf = <T>(value: readonly T[] | null | undefined): readonly T[] => (Array.isArray(value) ? value : []);

/**
 * Splits a page of the service's ads into those whose id Adscope can keep (a legal ad id,
 * lib/contract/ids.ts) and the count of the others: a row that is not an object, or whose id is
 * missing, too long or of characters an id never has, is refused where it enters, never kept cut.
 */
export function keepableAds(items: readonly LibraryAd[]): { ads: LibraryAd[]; refused: number } {
  const ads: LibraryAd[] = [];
  let refused = 0;
  for (const item of listOf(items)) {
    const row: unknown = item;
    const id = typeof row === 'object' && row !== null ? (row as { id?: unknown }).id : undefined;
    if (idProblem(id, 'ad') === null) ads.push(item);
    else refused += 1;
  }
  return { ads, refused };
}

/** What New needs of an ad: its card and opening it, not the whole ad with every field the service sent. */
export function newsAdOf(ad: LibraryAd): LibraryAd {
  const image = listOf(ad.images).find((item) => keptUrl(item.url) !== null);
  // A video with a poster, else one with only its own URL (its first frame stands for it).
  const videos = listOf(ad.videos);
  const video =
    videos.find((item) => keptUrl(item.preview_image_url) !== null) ??
    videos.find((item) => keptUrl(item.url) !== null);
  const videoUrl = keptUrl(video?.url);
  return {
    id: ad.id,
    title: serviceText(ad.title, 300),
    body: serviceText(ad.body, 500),
    brand_name: serviceText(ad.brand_name, 200),
    cta_type: serviceText(ad.cta_type, 60),
    link_url: keptUrl(ad.link_url),
    display_format: serviceText(ad.display_format, 60),
    start_date: serviceText(ad.start_date, 40),
    end_date: serviceText(ad.end_date, 40),
    language: serviceText(ad.language, 20),
    // An id is kept whole or not at all: a cut or odd id would name another brand.
    unified_brand_id: idProblem(ad.unified_brand_id, 'brand') === null ? ad.unified_brand_id : null,
    is_active: typeof ad.is_active === 'boolean' ? ad.is_active : null,
    images: image ? [{ url: keptUrl(image.url) }] : [],
    videos: video
      ? [{ preview_image_url: keptUrl(video.preview_image_url), ...(videoUrl ? { url: videoUrl } : {}) }]
      : [],
  };
}

const newsBrandSchema = once(() =>
  z.object({
    name: fittedText(200),
    /** Newest first seen first; an ad that does not read is left out, the others stay. */
    ads: z.pipe(
      tolerantArray(z.object({ ad: libraryAdSchema, firstSeenAt: z.number() })),
      z.transform((ads) => ads.slice(0, NEWS_KEPT_PER_BRAND)),
    ),
    /** New ads beyond those kept. */
    more: z.catch(z.number().check(z.int(), z.gte(0)), 0),
  }),
);

/** A record read one value at a time: a value that does not read is left out, never the whole record. */
function tolerantRecord<S extends z.ZodMiniType>(value: S) {
  return z.pipe(
    z.catch(z.record(z.string(), z.unknown()), {}),
    z.transform((record) => {
      const kept: Record<string, z.output<S>> = {};
      for (const [key, entry] of Object.entries(record)) {
        const parsed = value.safeParse(entry);
        if (parsed.success) kept[key] = parsed.data as z.output<S>;
      }
      return kept;
    }),
  );
}

export const newsSchema = lazily(() =>
  z.object({
    brands: tolerantRecord(newsBrandSchema()),
    /** The service (workspace) these were found on; news of another is put aside, never shown as this one's. */
    service: z._default(z.catch(z.nullable(z.string().check(z.maxLength(64))), null), null),
  }),
);
export type WatchNews = z.infer<typeof newsSchema>;

export const watchNewsItem = defineValidatedItem('local:watchNews', newsSchema, {
  fallback: { brands: {}, service: null },
});

/** The stored size of the news, as storage counts it (JSON). */
export function newsBytes(news: WatchNews): number {
  return new TextEncoder().encode(JSON.stringify(news)).length;
}

/** How the last check of a brand ended. */
export const brandCheckSchema = lazily(() =>
  z.object({
    checkedAt: z.number(),
    /** ok: its newest ads were compared; not_found: the service has no such brand; failed: see message. */
    outcome: z.enum(['ok', 'not_found', 'failed']),
    /** Ads looked at in this check. */
    looked: z.number().check(z.int(), z.gte(0)),
    message: z.nullable(fittedText(300)),
  }),
);
export type BrandCheck = z.infer<typeof brandCheckSchema>;

export const runOutcomes = ['complete', 'budget', 'rate_limited', 'failed', 'not_connected', 'storage_full'] as const;
export type RunOutcome = (typeof runOutcomes)[number];

export const runStateSchema = lazily(() =>
  z.object({
    id: z.string().check(z.maxLength(64)),
    /** scheduled: the alarm or "Check now"; baseline: brands never checked yet, learning what they have. */
    kind: z.enum(['scheduled', 'baseline']),
    startedAt: z.number(),
    /** Brand ids still to check, the next first. */
    queue: z.array(z.string().check(z.maxLength(64))).check(z.maxLength(1000)),
    total: z.number().check(z.int(), z.gte(0)),
    requests: z.number().check(z.int(), z.gte(0)),
    budget: z.number().check(z.int(), z.gte(0)),
    newAds: z.number().check(z.int(), z.gte(0)),
    /** Ads of the service's answers refused in this run: their ids are not ones Adscope can keep. */
    skipped: z.catch(z.optional(z.number().check(z.int(), z.gte(0))), undefined),
    /** Brand names with new ads in this run, for its one notification. */
    newBrands: z.pipe(
      tolerantArray(fittedText(200)),
      z.transform((names) => names.slice(0, 1000)),
    ),
    /**
     * New ads per brand in this run, in the order found, so its notification counts and names only
     * brands still watched as it ends (a run stored by an earlier version has none: `newBrands` then).
     */
    found: z.catch(
      z.optional(
        z
          .array(z.object({ id: z.string().check(z.maxLength(64)), ads: z.number().check(z.int(), z.gte(0)) }))
          .check(z.maxLength(1000)),
      ),
      undefined,
    ),
    /** Waiting out a Retry-After or a failure: nothing is sent before this. */
    pausedUntil: z.nullable(z.number()),
    /** How long that wait was asked to be: a wait further ahead was set by a clock since put back (none stored by an earlier version). */
    pausedFor: z.catch(z.optional(z.number()), undefined),
    /** Why it waits: the service asked (a Retry-After), or the service could not be reached. */
    pauseReason: z._default(z.catch(z.nullable(z.enum(['rate_limited', 'failure'])), null), null),
    pauses: z.number().check(z.int(), z.gte(0)),
  }),
);
export type RunState = z.infer<typeof runStateSchema>;

export const lastRunSchema = lazily(() =>
  z.object({
    kind: z.enum(['scheduled', 'baseline']),
    startedAt: z.number(),
    finishedAt: z.number(),
    outcome: z.enum(runOutcomes),
    checked: z.number().check(z.int(), z.gte(0)),
    total: z.number().check(z.int(), z.gte(0)),
    requests: z.number().check(z.int(), z.gte(0)),
    newAds: z.number().check(z.int(), z.gte(0)),
    /** Ads refused in the run (their ids are not ones Adscope can keep); its message says so. */
    skipped: z.catch(z.optional(z.number().check(z.int(), z.gte(0))), undefined),
    message: z.nullable(fittedText(300)),
    /** A run stopped at the hour's limit: the limit and when it frees, worded where it is shown. */
    limit: z.catch(z.optional(z.object({ budget: z.number(), freesAt: z.number() })), undefined),
  }),
);
export type LastRun = z.infer<typeof lastRunSchema>;
export type RunLimit = NonNullable<LastRun['limit']>;

/** Requests sent in the current hour by every run: back-to-back runs share one budget. */
export const requestWindowSchema = lazily(() =>
  z.object({ since: z.number(), requests: z.number().check(z.int(), z.gte(0)) }),
);

export const watchStatusSchema = lazily(() =>
  z.object({
    /** The run under way, or cut short and waiting to resume; one that does not read is dropped. */
    run: z.catch(z.nullable(runStateSchema), null),
    /** The last run that ended, of any kind. */
    last: z.catch(z.nullable(lastRunSchema), null),
    /** When the last scheduled run started: the next is due an interval after it. */
    lastScheduledAt: z.catch(z.nullable(z.number()), null),
    brands: tolerantRecord(brandCheckSchema),
    window: z._default(z.catch(z.nullable(requestWindowSchema), null), null),
  }),
);
export type WatchStatus = z.infer<typeof watchStatusSchema>;

export const EMPTY_STATUS: WatchStatus = { run: null, last: null, lastScheduledAt: null, brands: {}, window: null };

export const watchStatusItem = defineValidatedItem('local:watchStatus', watchStatusSchema, {
  fallback: EMPTY_STATUS,
});

/** When the next scheduled check is due; null when checks are off. Written by the background's scheduler alone. */
export const watchNextAtItem = defineValidatedItem(
  'local:watchNextAt',
  lazily(() => z.nullable(z.number())),
  { fallback: null },
);

/** New ads waiting for the user across the watched brands (the badge's count). */
export function newAdCount(news: WatchNews, watched?: ReadonlySet<string>): number {
  let count = 0;
  for (const [id, entry] of Object.entries(news.brands)) {
    if (watched && !watched.has(id)) continue;
    count += entry.ads.length + entry.more;
  }
  return count;
}
