import { browser } from 'wxt/browser';
import { z } from 'zod';
import { libraryAdSchema } from '../contract/ad-library';
import { WATCH_KEY_PREFIX, type WatchedBrand, readWatchlist } from './watch-entries';
import type { StoredItem } from './stored-item';
import { defineValidatedItem } from './validated-item';

export { WATCH_KEY_PREFIX, WATCH_LIMIT, readWatchlist, watchEntry, type WatchedBrand } from './watch-entries';

const isWatchKey = (key: string) => key.startsWith(WATCH_KEY_PREFIX);

/** The watchlist as pages and the background read it: live as it changes, here or on another synced browser. */
export const watchlistItem: StoredItem<WatchedBrand[]> = {
  key: 'sync:watch',
  get: async () => readWatchlist(await browser.storage.sync.get(null)),
  watch: (callback) => {
    let previous: WatchedBrand[] = [];
    let live = true;
    void watchlistItem.get().then((value) => (previous = value));
    const listener = (changes: Record<string, unknown>, area: string) => {
      if (area !== 'sync' || !Object.keys(changes).some(isWatchKey)) return;
      void watchlistItem.get().then((value) => {
        if (!live) return;
        const before = previous;
        previous = value;
        callback(value, before);
      });
    };
    browser.storage.onChanged.addListener(listener);
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(listener);
    };
  },
};

/** How often the background checks, in hours; 0 is off. */
export const WATCH_INTERVALS = [0, 1, 2, 3, 6, 12, 24] as const;
export const DEFAULT_WATCH_INTERVAL = 6;

export const watchSettingsSchema = z
  .object({
    intervalHours: z.number().int().min(0).max(24),
    /** One notification per check that found something; off until the user turns it on. */
    notify: z.boolean(),
  })
  .strict();
export type WatchSettings = z.infer<typeof watchSettingsSchema>;

/** Synced with the watchlist: the same brands are checked as often on each of the user's browsers. */
export const watchSettingsItem = defineValidatedItem('sync:watchSettings', watchSettingsSchema, {
  fallback: { intervalHours: DEFAULT_WATCH_INTERVAL, notify: false },
});

/** Ads first seen in a check, per brand, until the user marks them seen. */
export const NEWS_KEPT_PER_BRAND = 50;

export const newsSchema = z.object({
  brands: z.record(
    z.string(),
    z.object({
      name: z.string().max(200),
      /** Newest first seen first. */
      ads: z.array(z.object({ ad: libraryAdSchema, firstSeenAt: z.number() })).max(NEWS_KEPT_PER_BRAND),
      /** New ads beyond those kept. */
      more: z.number().int().min(0),
    }),
  ),
});
export type WatchNews = z.infer<typeof newsSchema>;

export const watchNewsItem = defineValidatedItem('local:watchNews', newsSchema, { fallback: { brands: {} } });

/** How the last check of a brand ended. */
export const brandCheckSchema = z.object({
  checkedAt: z.number(),
  /** ok: its newest ads were compared; not_found: the service has no such brand; failed: see message. */
  outcome: z.enum(['ok', 'not_found', 'failed']),
  /** Ads looked at in this check. */
  looked: z.number().int().min(0),
  message: z.string().max(300).nullable(),
});
export type BrandCheck = z.infer<typeof brandCheckSchema>;

export const runOutcomes = ['complete', 'budget', 'rate_limited', 'failed', 'not_connected'] as const;
export type RunOutcome = (typeof runOutcomes)[number];

export const runStateSchema = z.object({
  id: z.string().max(64),
  /** scheduled: the alarm or "Check now"; baseline: brands never checked yet, learning what they have. */
  kind: z.enum(['scheduled', 'baseline']),
  startedAt: z.number(),
  /** Brand ids still to check, the next first. */
  queue: z.array(z.string()).max(1000),
  total: z.number().int().min(0),
  requests: z.number().int().min(0),
  budget: z.number().int().min(1),
  newAds: z.number().int().min(0),
  /** Brand names with new ads in this run, for its one notification. */
  newBrands: z.array(z.string().max(200)).max(1000),
  /** Waiting out a Retry-After or a failure: nothing is sent before this. */
  pausedUntil: z.number().nullable(),
  pauses: z.number().int().min(0),
});
export type RunState = z.infer<typeof runStateSchema>;

export const lastRunSchema = z.object({
  kind: z.enum(['scheduled', 'baseline']),
  startedAt: z.number(),
  finishedAt: z.number(),
  outcome: z.enum(runOutcomes),
  checked: z.number().int().min(0),
  total: z.number().int().min(0),
  requests: z.number().int().min(0),
  newAds: z.number().int().min(0),
  message: z.string().max(300).nullable(),
});
export type LastRun = z.infer<typeof lastRunSchema>;

export const watchStatusSchema = z.object({
  /** The run under way, or cut short and waiting to resume. */
  run: runStateSchema.nullable(),
  /** The last run that ended, of any kind. */
  last: lastRunSchema.nullable(),
  /** When the last scheduled run started: the next is due an interval after it. */
  lastScheduledAt: z.number().nullable(),
  brands: z.record(z.string(), brandCheckSchema),
});
export type WatchStatus = z.infer<typeof watchStatusSchema>;

export const EMPTY_STATUS: WatchStatus = { run: null, last: null, lastScheduledAt: null, brands: {} };

export const watchStatusItem = defineValidatedItem('local:watchStatus', watchStatusSchema, {
  fallback: EMPTY_STATUS,
});

/** When the next scheduled check is due; null when checks are off. Written by the background's scheduler alone. */
export const watchNextAtItem = defineValidatedItem('local:watchNextAt', z.number().nullable(), { fallback: null });

/** A place the background asks the panel to show (a notification was clicked); session storage, out of pages' reach. */
export const panelRequestItem = defineValidatedItem(
  'session:panelRequest',
  z.object({ to: z.literal('new'), at: z.number() }).nullable(),
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
