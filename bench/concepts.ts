import { groupConcepts } from '../lib/concepts';
import type { LibraryAd } from '../lib/contract/ad-library';
import { DEMO_API_KEY } from '../lib/contract/demo';
import { startAdscopeServer } from '../server/app';
import { type Figure, median } from './report';

/** Ads as the reference server sends them: 2,000, newest first, 100 a page. */
async function twoThousandAds(): Promise<LibraryAd[]> {
  const server = await startAdscopeServer({ port: 0, rateLimit: 0 });
  try {
    const ads: LibraryAd[] = [];
    let cursor = '';
    while (ads.length < 2_000) {
      const response = await fetch(
        `${server.baseUrl}/open/v1/ad-library/search?order=newest&page_size=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { headers: { 'X-API-Key': DEMO_API_KEY } },
      );
      const body = (await response.json()) as { data: { items: LibraryAd[]; cursor: string } };
      ads.push(...body.data.items);
      cursor = body.data.cursor;
      if (!cursor) break;
    }
    return ads.slice(0, 2_000);
  } finally {
    await server.close();
  }
}

function time(ads: readonly LibraryAd[]): number {
  const timings: number[] = [];
  for (let round = 0; round < 15; round += 1) {
    const started = performance.now();
    groupConcepts(ads);
    timings.push(performance.now() - started);
  }
  return median(timings);
}

/**
 * Grouping a brand's 2,000 ads into concepts, in Node: the ads as served, and the worst case
 * for its bounded comparison, every ad leading to one landing page with copy of its own.
 */
export async function benchConcepts(): Promise<Figure[]> {
  const ads = await twoThousandAds();
  const onePage = ads.map((ad, index) => ({
    ...ad,
    link_url: 'https://shop.example/one-page',
    title: `${ad.title ?? ''} variant ${index}`,
    images: [],
    videos: [],
  }));
  return [
    {
      name: 'concepts: group 2,000 ads p50',
      value: time(ads),
      unit: 'ms',
      budget: 40,
      note: 'versions share product pages behind tracking, as real ads do; under a long task (50 ms)',
    },
    {
      name: 'concepts: 2,000 ads on one landing page p50',
      value: time(onePage),
      unit: 'ms',
      budget: 60,
      note: `at most 48 comparisons an ad`,
    },
  ];
}
