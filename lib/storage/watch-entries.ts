/** The watchlist's synced format, free of any browser API: the background, pages and the bench share it. */
import { z } from 'zod';
import { isUuid } from '../contract/limits';

/** The most brands one watchlist holds. */
export const WATCH_LIMIT = 100;

/**
 * Each watched brand is its own item in synced storage (`watch.<brand id>`): the browser
 * syncs items of at most 8 KB, and a hundred brands in one item would pass that.
 */
export const WATCH_KEY_PREFIX = 'watch.';

export interface WatchedBrand {
  id: string;
  name: string;
  /** When it was added (epoch ms). */
  addedAt: number;
}

const storedBrandSchema = z.object({ n: z.string().max(200), a: z.number().finite() });

/** The synced item of one brand. */
export function watchEntry(brand: WatchedBrand): Record<string, unknown> {
  return { [`${WATCH_KEY_PREFIX}${brand.id}`]: { n: brand.name.slice(0, 200), a: brand.addedAt } };
}

/** Reads the watchlist out of the whole synced area: entries that fail the check are left out; first added first. */
export function readWatchlist(all: Record<string, unknown>): WatchedBrand[] {
  const brands: WatchedBrand[] = [];
  for (const [key, value] of Object.entries(all)) {
    if (!key.startsWith(WATCH_KEY_PREFIX)) continue;
    const id = key.slice(WATCH_KEY_PREFIX.length);
    const parsed = storedBrandSchema.safeParse(value);
    if (!isUuid(id) || !parsed.success) continue;
    brands.push({ id, name: parsed.data.n, addedAt: parsed.data.a });
  }
  brands.sort((a, b) => a.addedAt - b.addedAt || (a.id < b.id ? -1 : 1));
  return brands.slice(0, WATCH_LIMIT);
}
