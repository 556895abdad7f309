import { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import { lazily } from '../lazy';
import { WATCH_KEY_PREFIX, type WatchedBrand, readWatchlist } from './watch-entries';
import type { StoredItem } from './stored-item';
import { defineValidatedItem } from './validated-item';

/**
 * What the side panel's frame reads of the watchlist (the watch buttons, a notification's
 * request; the New tab's count is in news-counts.ts), without the ads' schema that New's list
 * and the background read the news through (lib/storage/watchlist.ts, which exports these
 * too): the panel's first load carries no ad schema.
 */

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

/** Ads first seen in a check, per brand, until the user marks them seen. */
export const NEWS_KEPT_PER_BRAND = 50;

/** A place the background asks the panel to show (a notification was clicked); session storage, out of pages' reach. */
export const panelRequestItem = defineValidatedItem(
  'session:panelRequest',
  lazily(() => z.nullable(z.object({ to: z.literal('new'), at: z.number() }))),
  { fallback: null },
);
