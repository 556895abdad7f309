/** The watchlist's synced format, free of any browser API: the background, pages and the bench share it. */
import { z } from 'zod/mini';
import { once } from '../lazy';
import { canonicalId } from '../contract/ids';

/** The most brands one watchlist holds. */
export const WATCH_LIMIT = 100;

/**
 * Each watched brand is its own item in synced storage (`watch.<brand id>`): the browser
 * syncs items of at most 8 KB, and a hundred brands in one item would pass that. The id is
 * opaque (`m123456789012345`, a UUID) and kept as the service gave it, which is the form the
 * service is asked with; two forms of one UUID are one brand (canonicalId).
 */
export const WATCH_KEY_PREFIX = 'watch.';

/** The longest brand name kept: a longer one is cut where it enters, never refused. */
export const BRAND_NAME_CHARS = 200;

export interface WatchedBrand {
  id: string;
  name: string;
  /** When it was added (epoch ms). */
  addedAt: number;
}

const storedBrandSchema = once(() =>
  z.object({
    n: z.pipe(
      z.string(),
      z.transform((name) => (name.length > BRAND_NAME_CHARS ? `${name.slice(0, BRAND_NAME_CHARS - 1)}…` : name)),
    ),
    a: z.number(),
  }),
);

/** The synced item of one brand. */
export function watchEntry(brand: WatchedBrand): Record<string, unknown> {
  return { [`${WATCH_KEY_PREFIX}${brand.id}`]: { n: brand.name.slice(0, BRAND_NAME_CHARS), a: brand.addedAt } };
}

/**
 * Reads the watchlist out of the whole synced area: entries that fail the check (an id that is
 * not a legal id, a value that does not read) are left out; one brand written under two forms of
 * its UUID (upper case, without dashes) is one; first added first.
 */
export function readWatchlist(all: Record<string, unknown>): WatchedBrand[] {
  const byId = new Map<string, WatchedBrand>();
  for (const [key, value] of Object.entries(all)) {
    if (!key.startsWith(WATCH_KEY_PREFIX)) continue;
    const given = key.slice(WATCH_KEY_PREFIX.length);
    const id = canonicalId(given);
    const parsed = storedBrandSchema().safeParse(value);
    if (id === null || !parsed.success) continue;
    const earlier = byId.get(id);
    if (!earlier || parsed.data.a < earlier.addedAt)
      byId.set(id, { id: given, name: parsed.data.n, addedAt: parsed.data.a });
  }
  const brands = [...byId.values()];
  brands.sort((a, b) => a.addedAt - b.addedAt || (a.id < b.id ? -1 : 1));
  return brands.slice(0, WATCH_LIMIT);
}
