import { describe, expect, it } from 'vitest';
import type { LibraryAd } from '../../lib/contract/ad-library';
import {
  COPY_SIMILARITY,
  copyWords,
  creativeKey,
  groupConcepts,
  LEADERS_COMPARED,
  landingKey,
  overlap,
  sameIdea,
  summarizeConcept,
  topConcepts,
} from '../../lib/concepts';
import { TEST_NOW } from '../support/clock';

let serial = 0;
function ad(fields: Partial<LibraryAd>): LibraryAd {
  serial += 1;
  return {
    id: `ad-${serial}`,
    title: null,
    body: null,
    brand_name: 'Trailhead Outfitters',
    cta_type: 'SHOP_NOW',
    link_url: null,
    display_format: 'image',
    start_date: '2026-11-01',
    end_date: null,
    language: 'en',
    unified_brand_id: null,
    is_active: true,
    images: [],
    videos: [],
    ...fields,
  };
}

const BAG = {
  title: 'Waterproof: our sleeping bag',
  body: 'Rated to minus five, packs to the size of a loaf. Sleep dry on any mountain.',
};
const image = (path: string, query = '') => [{ url: `https://cdn.example/${path}${query}` }];

/** Pairs a strategist would call versions of one idea, or not, and why. */
const PAIRS: [string, LibraryAd, LibraryAd, boolean][] = [
  [
    'same page behind other tracking, copy with a line added',
    ad({ ...BAG, link_url: 'https://shop.example/bags/alpine?utm_source=meta&utm_campaign=a' }),
    ad({
      ...BAG,
      body: `${BAG.body} Free returns.`,
      link_url: 'https://www.shop.example/bags/alpine/?utm_source=meta&utm_content=v2&fbclid=x1#reviews',
    }),
    true,
  ],
  [
    'same page, a word changed in the headline',
    ad({ ...BAG, link_url: 'https://shop.example/bags/alpine' }),
    ad({ ...BAG, title: 'Waterproof: the sleeping bag', link_url: 'https://shop.example/bags/alpine?gclid=abc' }),
    true,
  ],
  [
    'same creative under a newly signed link, everything else different',
    ad({ title: 'Autumn sale', link_url: 'https://shop.example/sale', images: image('a/9f2.jpg', '?sig=1&exp=2') }),
    ad({ title: 'Gift guide', link_url: 'https://shop.example/gifts', images: image('a/9f2.jpg', '?sig=7&exp=9') }),
    true,
  ],
  [
    'same video poster, signed again',
    ad({ title: 'One', videos: [{ preview_image_url: 'https://cdn.example/v/77.jpg?oh=00_a1&oe=6650A1B2' }] }),
    ad({ title: 'Two', videos: [{ preview_image_url: 'https://cdn.example/v/77.jpg?oh=00_b2&oe=6660C3D4' }] }),
    true,
  ],
  [
    'two images one script serves: the query names the image',
    ad({ title: 'One', images: [{ url: 'https://cdn.example/image.php?id=101&Expires=1' }] }),
    ad({ title: 'Two', images: [{ url: 'https://cdn.example/image.php?id=202&Expires=1' }] }),
    false,
  ],
  [
    'same page, different copy: two ideas for one product',
    ad({ ...BAG, link_url: 'https://shop.example/bags/alpine' }),
    ad({
      title: 'Trusted by mountain guides',
      body: 'Our guides carried it across the Alps for a season.',
      link_url: 'https://shop.example/bags/alpine',
    }),
    false,
  ],
  [
    'same copy, another page',
    ad({ ...BAG, link_url: 'https://shop.example/bags/alpine' }),
    ad({ ...BAG, link_url: 'https://shop.example/bags/coastal' }),
    false,
  ],
  [
    'same path, another product variant (a real parameter, not tracking)',
    ad({ ...BAG, link_url: 'https://shop.example/bags/alpine?variant=41' }),
    ad({ ...BAG, link_url: 'https://shop.example/bags/alpine?variant=42' }),
    false,
  ],
  [
    'same copy, no landing page and another creative',
    ad({ ...BAG, images: image('a/1.jpg') }),
    ad({ ...BAG, images: image('a/2.jpg') }),
    false,
  ],
  [
    'same image name on another host',
    ad({ title: 'One', images: [{ url: 'https://cdn-a.example/img/1.jpg' }] }),
    ad({ title: 'Two', images: [{ url: 'https://cdn-b.example/img/1.jpg' }] }),
    false,
  ],
  [
    'no copy at all on one page: not near-identical',
    ad({ link_url: 'https://shop.example/bags/alpine' }),
    ad({ link_url: 'https://shop.example/bags/alpine' }),
    false,
  ],
  [
    'relative links of one page',
    ad({ ...BAG, link_url: '/sleeping-bag?utm_source=ads' }),
    ad({ ...BAG, link_url: '/sleeping-bag' }),
    true,
  ],
];

describe('versions of one idea', () => {
  it.each(PAIRS)('%s', (_, a, b, same) => {
    expect(sameIdea(a, b)).toBe(same);
    expect(groupConcepts([a, b])).toHaveLength(same ? 1 : 2);
  });

  it('drops tracking parameters, www, a trailing slash, the fragment and the case of the host', () => {
    expect(landingKey('https://WWW.Shop.example/bags/?utm_medium=x&size=L&fbclid=1#top')).toBe(
      'shop.example/bags?size=L',
    );
    expect(landingKey('https://shop.example/bags?gad_source=1&gad_campaignid=9&srsltid=x&_hsenc=p&mc_cid=c')).toBe(
      'shop.example/bags',
    );
    expect(landingKey('not a url at all ::')).toBe('relative.invalid/not%20a%20url%20at%20all%20::');
    expect(landingKey('   ')).toBeNull();
  });

  it('groups as the rule reads, word sets compared one by one, on a thousand ads of shared words and pages', () => {
    // The rule written plainly: each page's representatives, the most recent 48 asked, copy as sets of words.
    const plainly = (ads: readonly LibraryAd[]): string[][] => {
      const parent = ads.map((_, index) => index);
      const root = (index: number): number => (parent[index] === index ? index : root(parent[index] ?? index));
      const join = (a: number, b: number) => {
        const [ra, rb] = [root(a), root(b)];
        if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
      };
      const byCreative = new Map<string, number>();
      const leaders = new Map<string, number[]>();
      ads.forEach((item, index) => {
        const creative = creativeKey(item);
        if (creative !== null) {
          const first = byCreative.get(creative);
          if (first === undefined) byCreative.set(creative, index);
          else join(first, index);
        }
        const landing = landingKey(item.link_url);
        if (landing === null) return;
        const bucket = leaders.get(landing) ?? [];
        const leader = bucket
          .slice(-LEADERS_COMPARED)
          .reverse()
          .find((other) => overlap(copyWords(item), copyWords(ads[other] ?? item)) >= COPY_SIMILARITY);
        if (leader === undefined) bucket.push(index);
        else join(leader, index);
        leaders.set(landing, bucket);
      });
      const groups = new Map<number, string[]>();
      ads.forEach((item, index) => groups.set(root(index), [...(groups.get(root(index)) ?? []), item.id]));
      return [...groups.values()];
    };
    // Copy as versions of a few lines, a word or two changed, so many pairs sit at the threshold
    // (four words, one replaced: 3 shared of 5, exactly 0.6); a few pages, some creatives shared; empty copy too.
    let seed = 7;
    const next = (bound: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      // The high bits: an LCG's low bits repeat within a few steps.
      return Math.floor((seed / 2_147_483_648) * bound);
    };
    const vocabulary = [
      ...['tent', 'trail', 'dry', 'light', 'pack', 'sleep', 'warm', 'rain', 'camp', 'été', '2026', 'bag'],
      ...['boot', 'sock', 'map', 'lamp', 'stove', 'pot', 'cup', 'rope', 'knife', 'hat', 'glove', 'coat'],
    ];
    const lines = Array.from({ length: 60 }, () => Array.from({ length: 4 + next(3) }, () => next(vocabulary.length)));
    const copy = () => {
      const words = [...(lines[next(lines.length)] ?? [])];
      for (let change = next(3); change > 0; change -= 1) words[next(words.length)] = next(vocabulary.length);
      return words.map((word) => (next(4) === 0 ? (vocabulary[word] ?? '').toUpperCase() : vocabulary[word])).join(' ');
    };
    const ads = Array.from({ length: 1_000 }, () =>
      ad({
        title: next(8) === 0 ? null : copy(),
        body: null,
        link_url: next(10) === 0 ? null : `https://shop.example/p${next(12)}?utm_source=${next(50)}`,
        images: next(8) === 0 ? image(`c/${next(60)}.jpg`) : [],
      }),
    );
    const grouped = groupConcepts(ads).map((group) => group.map((item) => item.id));
    expect(grouped).toEqual(plainly(ads));
    // Not a trivial case: concepts of several versions, and ads alone.
    expect(grouped.filter((group) => group.length > 1).length).toBeGreaterThan(10);
    expect(grouped.filter((group) => group.length === 1).length).toBeGreaterThan(10);
  });

  it('groups transitively: versions that each match the one before are one concept', () => {
    const ads = [
      ad({ ...BAG, link_url: 'https://shop.example/a', images: image('x/1.jpg') }),
      ad({ title: 'Other', link_url: 'https://shop.example/b', images: image('x/1.jpg') }),
      ad({ title: 'Other', link_url: 'https://shop.example/b?utm_source=z' }),
      ad({ title: 'Unrelated', body: 'nothing alike', link_url: 'https://shop.example/c' }),
    ];
    expect(groupConcepts(ads).map((group) => group.map((item) => item.id))).toEqual([
      [ads[0]?.id, ads[1]?.id, ads[2]?.id],
      [ads[3]?.id],
    ]);
  });

  it('says how a concept runs: live versions, the newest launch, and days run', () => {
    const versions = [
      ad({ ...BAG, start_date: '2026-09-01', is_active: false, end_date: '2026-10-01' }),
      ad({ ...BAG, start_date: '2026-11-10', is_active: true }),
      ad({ ...BAG, start_date: '2026-11-20', is_active: true }),
    ];
    const summary = summarizeConcept(versions, TEST_NOW);
    expect(summary).toMatchObject({ live: 2, newest: '2026-11-20', ranDays: 82, name: BAG.title });
    expect(summary.versions.map((item) => item.start_date)).toEqual(['2026-11-20', '2026-11-10', '2026-09-01']);
    // Without a word on running from the service, live and the run's end are not given.
    expect(summarizeConcept([ad({ is_active: null }), ad({ is_active: null })], TEST_NOW)).toMatchObject({
      live: null,
      ranDays: null,
    });
  });

  it('ranks the concepts a brand scales: most live versions first, single ads left out', () => {
    const link = (path: string) => `https://shop.example/${path}?utm_source=meta`;
    const ads = [
      ...Array.from({ length: 3 }, () => ad({ ...BAG, link_url: link('alpine') })),
      ...Array.from({ length: 4 }, () => ad({ ...BAG, link_url: link('coastal'), is_active: false })),
      ad({ title: 'Alone', link_url: link('alone') }),
    ];
    const top = topConcepts(ads, TEST_NOW);
    expect(top.map((concept) => [concept.versions.length, concept.live])).toEqual([
      [3, 3],
      [4, 0],
    ]);
  });
});
