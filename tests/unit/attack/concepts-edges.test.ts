/*
 * Versions of one idea (lib/concepts.ts) at the edges of its rule: two ads on one landing page
 * are one concept when the Jaccard overlap of their copy's word sets is at least COPY_SIMILARITY;
 * groupConcepts compares interned, sorted word numbers with a size-ratio prefilter and must agree
 * with sameIdea (the rule for one pair) everywhere, the threshold included.
 */
import { describe, expect, it } from 'vitest';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { testAd } from '../../support/ads';
import { COPY_SIMILARITY, copyWords, groupConcepts, landingKey, overlap, sameIdea } from '@/lib/concepts';

let serial = 0;
/** An ad on one landing page, unless `fields` says otherwise. */
const ad = (fields: Partial<LibraryAd>): LibraryAd =>
  testAd({ id: `ad-${(serial += 1)}`, link_url: 'https://shop.example/bags', cta_type: 'SHOP_NOW', ...fields });

const words = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `w${from + i}`).join(' ');
const ids = (groups: LibraryAd[][]) => groups.map((group) => group.map((item) => item.id));
const together = (a: LibraryAd, b: LibraryAd) => groupConcepts([a, b]).length === 1;

describe('versions of one idea at the edges of the rule', () => {
  // Coverage: the prefilter min < 0.6 · max never refuses a pair whose overlap is exactly 0.6.
  it('groups copy whose overlap is exactly the threshold, at the size-ratio boundary, and not a word below it', () => {
    for (const [small, large] of [
      [3, 5],
      [6, 10],
      [12, 20],
      [27, 45],
      [1_200, 2_000],
    ] as const) {
      const a = ad({ title: words(0, small) });
      const b = ad({ title: words(0, large) });
      expect(overlap(copyWords(a), copyWords(b))).toBe(COPY_SIMILARITY);
      expect([small, large, together(a, b), sameIdea(a, b)]).toEqual([small, large, true, true]);
      const fewer = ad({ title: words(0, small - 1) });
      expect([small - 1, large, together(fewer, b), sameIdea(fewer, b)]).toEqual([small - 1, large, false, false]);
    }
  });

  // Coverage: thousands of words, repeated words and case count as a set.
  it('compares very long copy as sets of words: 3,000 shared of 5,000 is one idea, 2,999 is not', () => {
    const a = ad({ title: words(0, 4_000), body: words(0, 4_000).toUpperCase() });
    const b = ad({ title: `${words(0, 3_000)} ${words(4_000, 5_000)}` });
    expect(together(a, b)).toBe(true);
    const c = ad({ title: `${words(0, 2_999)} ${words(4_000, 5_001)}` });
    expect(together(a, c)).toBe(false);
    expect(sameIdea(a, c)).toBe(false);
  });

  // Coverage: no words is never near-identical, even twice on one page; the same creative still joins.
  it('keeps ads with empty or punctuation-only copy apart on one page, unless they show one creative', () => {
    const empty = ad({});
    const punctuation = ad({ title: '!!! — ???', body: '… ★ … 🙂' });
    const again = ad({ title: '???' });
    expect(ids(groupConcepts([empty, punctuation, again]))).toEqual([[empty.id], [punctuation.id], [again.id]]);
    const image = [{ url: 'https://cdn.example/c/1.jpg' }];
    const a = ad({ images: image });
    const b = ad({ title: '—', images: image });
    expect(ids(groupConcepts([a, b]))).toEqual([[a.id, b.id]]);
  });

  // Coverage: identical copy, and the same words in another order or case.
  it('groups identical copy, and copy of the same words in another order and case', () => {
    const a = ad({ title: 'Sleep dry, anywhere', body: 'Rated to minus five.' });
    const b = ad({ title: 'Sleep dry, anywhere', body: 'Rated to minus five.' });
    const c = ad({ title: 'FIVE minus to rated', body: 'anywhere: dry sleep' });
    expect(ids(groupConcepts([a, b, c]))).toEqual([[a.id, b.id, c.id]]);
  });

  // Coverage: a link no base can parse is no landing page, and never throws (the old code threw).
  it('treats a link that no base can parse as no landing page, without throwing', () => {
    for (const link of ['http://[::1', 'https://exa mple.com/', 'http://%zz/']) {
      expect([link, landingKey(link)]).toEqual([link, null]);
      const a = ad({ title: 'Sleep dry', link_url: link });
      const b = ad({ title: 'Sleep dry', link_url: link });
      expect([link, ids(groupConcepts([a, b]))]).toEqual([link, [[a.id], [b.id]]]);
    }
    // Relative links of one page are one page; another path is another page.
    const a = ad({ title: 'Sleep dry', link_url: '/bags/alpine?utm_source=x' });
    const b = ad({ title: 'Sleep dry', link_url: 'bags/alpine/' });
    const c = ad({ title: 'Sleep dry', link_url: '/bags/desert' });
    expect(ids(groupConcepts([a, b, c]))).toEqual([[a.id, b.id], [c.id]]);
  });

  // Coverage: the interned comparison agrees with the rule for one pair on many random pairs.
  it('agrees with sameIdea on every pair of a deterministic random sample around the threshold', () => {
    let seed = 11;
    const next = (bound: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor((seed / 2_147_483_648) * bound);
    };
    for (let trial = 0; trial < 2_000; trial += 1) {
      const shared = next(30);
      const onlyA = next(15);
      const onlyB = next(15);
      const a = ad({ title: `${words(0, shared)} ${words(100, 100 + onlyA)}` });
      const b = ad({ body: `${words(0, shared)} ${words(200, 200 + onlyB)} ${words(0, shared)}` });
      expect([shared, onlyA, onlyB, together(a, b)]).toEqual([shared, onlyA, onlyB, sameIdea(a, b)]);
    }
  });

  // Found failing, now fixed (pre-existing, lib/concepts.ts `const WORD = /[\p{L}\p{N}]+/gu`): a word is letters and
  // digits only, so the vowel signs and viramas of Indic scripts (\p{M}) split every word into
  // consonant fragments: "दिल" (heart) and "दाल" (lentils) are both {द, ल}.
  it('reads a word of an Indic script with its vowel signs as one word, and tells different words apart', () => {
    expect(copyWords({ title: 'नमस्ते दुनिया', body: null })).toEqual(new Set(['नमस्ते', 'दुनिया']));
    const heart = ad({ title: 'दिल की बात', link_url: 'https://shop.example/in' });
    const lentils = ad({ title: 'दाल की बात', link_url: 'https://shop.example/in' });
    expect(overlap(copyWords(heart), copyWords(lentils))).toBeLessThan(COPY_SIMILARITY);
    expect(ids(groupConcepts([heart, lentils]))).toEqual([[heart.id], [lentils.id]]);
  });
});
