import { describe, expect, it } from 'vitest';
import { newCountOf, readNewsCounts } from '../../../lib/storage/news-counts';
import { newAdCount, newsSchema } from '../../../lib/storage/watchlist';

/** An ad as the background keeps it in New (newsAdOf's shape, fewer fields). */
const kept = (id: string, firstSeenAt = 1) => ({ ad: { id, title: `Ad ${id}`, images: [], videos: [] }, firstSeenAt });
const ads = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => kept(`${prefix}${i}`, i));

/** The panel's count read without the ads' schema, and the background's count read through it. */
function bothCounts(raw: unknown, watched: ReadonlySet<string>): [number, number] {
  const parsed = newsSchema.safeParse(raw);
  const news = parsed.success ? parsed.data : { brands: {}, service: null };
  return [newCountOf(readNewsCounts(raw), watched), newAdCount(news, watched)];
}

describe("New's count without the ads' schema", () => {
  const watched = new Set(['b1', 'b2', 'b3']);

  it.each<[string, unknown]>([
    ['nothing stored', undefined],
    ['not an object', 'news'],
    ['no brands', { service: null }],
    ['brands not a record', { brands: [1, 2], service: null }],
    ['one brand', { brands: { b1: { name: 'One', ads: ads(3, 'a'), more: 0 } }, service: 's' }],
    [
      'ads past those kept, and counted beyond them',
      { brands: { b1: { name: 'One', ads: ads(60, 'a'), more: 12 } }, service: null },
    ],
    [
      'a brand no longer watched',
      { brands: { b1: { name: 'One', ads: ads(2, 'a'), more: 0 }, gone: { name: 'Gone', ads: ads(4, 'g'), more: 1 } } },
    ],
    [
      'a brand without a name, another whose count beyond is not a count',
      {
        brands: {
          b1: { ads: ads(2, 'a'), more: 0 },
          b2: { name: 'Two', ads: ads(2, 'b'), more: -3 },
          b3: { name: 'Three', ads: ads(1, 'c'), more: 2.5 },
        },
      },
    ],
    [
      'entries that are not kept ads',
      { brands: { b1: { name: 'One', ads: [kept('a0'), null, 'x', { ad: {} }, { ad: { id: 'a1' } }], more: 1 } } },
    ],
  ])('counts as the background does: %s', (_, raw) => {
    const [panel, background] = bothCounts(raw, watched);
    expect(panel).toBe(background);
  });

  it('counts only the watched brands', () => {
    const raw = {
      brands: { b1: { name: 'One', ads: ads(2, 'a'), more: 1 }, b9: { name: 'Nine', ads: ads(5, 'z'), more: 0 } },
    };
    expect(newCountOf(readNewsCounts(raw), watched)).toBe(3);
    expect(newCountOf(readNewsCounts(raw), new Set())).toBe(0);
  });
});
