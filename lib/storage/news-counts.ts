import { defineStoredItem } from './stored-item';
import { NEWS_KEPT_PER_BRAND } from './watch-frame';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * New's count per brand, as `newAdCount` counts the news read through their schema: the ads
 * kept (at most NEWS_KEPT_PER_BRAND) and those counted beyond them. The background writes the
 * news only through that schema, so an ad is counted when it has the shape of one kept ({ ad,
 * firstSeenAt }); a brand without a name reads as none.
 */
export function readNewsCounts(raw: unknown): Record<string, number> {
  const counts: Record<string, number> = {};
  const brands = isRecord(raw) && isRecord(raw.brands) ? raw.brands : {};
  for (const [id, entry] of Object.entries(brands)) {
    if (!isRecord(entry) || typeof entry.name !== 'string') continue;
    const ads = Array.isArray(entry.ads)
      ? entry.ads.filter((item) => isRecord(item) && isRecord(item.ad) && typeof item.firstSeenAt === 'number').length
      : 0;
    const more = typeof entry.more === 'number' && Number.isInteger(entry.more) && entry.more >= 0 ? entry.more : 0;
    counts[id] = Math.min(ads, NEWS_KEPT_PER_BRAND) + more;
  }
  return counts;
}

/** New's count per brand, live (the same stored news as watchNewsItem). */
export const newsCountsItem = defineStoredItem('local:watchNews', { read: readNewsCounts }).stored;

/** New ads waiting across the watched brands: the badge's count from the counts per brand. */
export function newCountOf(counts: Record<string, number>, watched: ReadonlySet<string>): number {
  let count = 0;
  for (const [id, brandCount] of Object.entries(counts)) if (watched.has(id)) count += brandCount;
  return count;
}
