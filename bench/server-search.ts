import { DEMO_API_KEY } from '../lib/demo';
import { startAdscopeServer } from '../server/app';
import { type Figure, median, percentile } from './report';

const QUERIES = [
  'query=tent',
  'query=waterproof%20hiking%20boots',
  'query=free&language=en&display_format=image',
  'order=newest',
  'sort_by=most_active',
  'query=coffee&sort_by=best_match',
  'language=de&language=fr&order=newest',
  'start_date=2026-01-01&end_date=2026-06-30&query=new',
  'query=the&page_size=100',
  'display_format=video&sort_by=most_active',
];

/** Ad-library search over HTTP against the seeded library (24,000 ads), cold index excluded. */
export async function benchServerSearch(): Promise<Figure[]> {
  const server = await startAdscopeServer({ port: 0, rateLimit: 0 });
  try {
    const ads = server.state.data.catalogue.ads.length;
    const built = performance.now();
    void server.state.library;
    const indexMs = performance.now() - built;
    const timings: number[] = [];
    const get = async (query: string) => {
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/open/v1/ad-library/search?${query}`, {
        headers: { 'X-API-Key': DEMO_API_KEY },
      });
      await response.json();
      return performance.now() - started;
    };
    // Distinct queries each round, so the per-query cache does not answer them all.
    for (let round = 0; round < 30; round += 1) {
      for (const query of QUERIES)
        timings.push(await get(`${query}&launched_after=2024-${String((round % 12) + 1).padStart(2, '0')}-01`));
    }
    return [
      { name: `server: search index build (${ads} ads)`, value: indexMs, unit: 'ms', budget: 2000 },
      { name: 'server: ad-library search p50', value: median(timings), unit: 'ms', budget: 15 },
      {
        name: 'server: ad-library search p95',
        value: percentile(timings, 95),
        unit: 'ms',
        budget: 50,
        note: `${timings.length} searches over HTTP`,
      },
    ];
  } finally {
    await server.close();
  }
}
