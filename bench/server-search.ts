import { DEMO_API_KEY } from '../lib/contract/demo';
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
  // The start: the whole demo world generated from its seed, then listening (e2e starts one per worker).
  const starts: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    const running = await startAdscopeServer({ port: 0, rateLimit: 0 });
    starts.push(performance.now() - started);
    await running.close();
  }
  const startFigure: Figure = {
    name: 'server: start, the demo world built from its seed (median of 5)',
    value: median(starts),
    unit: 'ms',
    budget: 1000,
  };
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
    // A 92-day summary sums every ad's daily rows in the window.
    const account = server.state.adAccounts.find((candidate) => candidate.platform === 'meta');
    const summaries: number[] = [];
    const stop = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const start = new Date(Date.now() - 92 * 86_400_000).toISOString().slice(0, 10);
    for (let round = 0; round < 40; round += 1) {
      const started = performance.now();
      const response = await fetch(
        `${server.baseUrl}/open/v1/ad-accounts/${account?.id}/summary?period=custom&date_start=${start}&date_stop=${stop}&metrics=roas,conversions`,
        { headers: { 'X-API-Key': DEMO_API_KEY } },
      );
      const body = (await response.json()) as { code: number };
      if (body.code !== 0) throw new Error('the 92-day summary failed');
      summaries.push(performance.now() - started);
    }
    return [
      startFigure,
      {
        name: 'server: 92-day account summary p50',
        value: median(summaries),
        unit: 'ms',
        budget: 50,
        note: `${account?.ads.length ?? 0} ads × 92 days of rows, 40 requests`,
      },
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
