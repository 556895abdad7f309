import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError } from '../../../lib/messaging/api-error';
import { WatchRunner } from '../../../lib/background/watch/watch-runner';
import { newsSchema, watchNewsItem, watchStatusItem, watchStatusSchema } from '../../../lib/storage/watchlist';
import { manualClock } from '../../support/clock';
import { brandId, fakeService, HOUR, watch } from '../../support/watch-service';

/**
 * Never misses, never floods: a property over seeded random schedules of what a watchlist meets.
 * Brands launch ads (some with ids past any limit, some late-indexed with old dates); checks
 * run through requests that meet faults (a 429 with a Retry-After up to three hours, a failure
 * whose message runs to thousands of characters, a non-retryable error, storage refusing the
 * write after the answer, the worker killed mid-request), and the clock is sometimes set back
 * by hours. At every step the stored state reads and no ad is news twice, and each run stays in
 * its budget. At the end, with the faults gone, every ad launched is news exactly once; an ad
 * whose id Adscope cannot keep (too long, odd characters) is never news, only counted.
 */

const RUNS = Number(process.env.FAULT_RUNS ?? 150);
const SEED = Number(process.env.FAULT_SEED ?? 20261125);
const BRANDS = [1, 2, 3];

type Fault = 'ok' | '429' | 'long-failure' | 'bad-request' | 'storage-full' | 'kill';
type Step =
  | { kind: 'launch'; brand: number; count: number; odd: boolean; late: boolean }
  | { kind: 'check' }
  | { kind: 'clock-back'; hours: number }
  | { kind: 'mark-seen' };

const fault = fc.constantFrom<Fault>(
  'ok',
  'ok',
  'ok',
  'ok',
  '429',
  'long-failure',
  'bad-request',
  'storage-full',
  'kill',
);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('launch' as const),
    brand: fc.constantFrom(...BRANDS),
    count: fc.integer({ min: 1, max: 4 }),
    odd: fc.boolean(),
    late: fc.boolean(),
  }),
  fc.constant({ kind: 'check' as const }),
  fc.constant({ kind: 'check' as const }),
  fc.record({ kind: fc.constant('clock-back' as const), hours: fc.integer({ min: 1, max: 72 }) }),
  fc.constant({ kind: 'mark-seen' as const }),
);
const plan = fc.record({
  steps: fc.array(step, { minLength: 1, maxLength: 12 }),
  faults: fc.array(fault, { maxLength: 16 }),
});

describe('watch faults: no ad missed, none news twice, state always readable', () => {
  it('holds over random schedules of faults', async () => {
    await fc.assert(
      fc.asyncProperty(plan, async ({ steps, faults }) => {
        fakeBrowser.reset();
        const clock = manualClock();
        const service = fakeService();
        const pending: Fault[] = [];
        let failWrite = false;
        let serial = 0;
        let day = Date.UTC(2026, 10, 21);
        /** Ads launched after the brands were learned, and every id that was ever news. */
        const launched = new Set<string>();
        const reported = new Set<string>();
        /** Ads launched with ids Adscope cannot keep: refused where they enter, never news. */
        const refused = new Set<string>();
        let shown = new Set<string>();

        const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
        const full = vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
          if (failWrite) {
            failWrite = false;
            throw new Error('QUOTA_BYTES quota exceeded');
          }
          return set(items);
        });
        const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
        let dead = false;
        const search: typeof service.search = async (brand, cursor) => {
          const next = pending.shift() ?? 'ok';
          if (next === 'kill') {
            dead = true;
            return new Promise<never>(() => undefined);
          }
          if (next === '429') {
            throw new ApiError({
              code: 'rate_limited',
              message: 'Slow down.',
              retryAfterMs: (1 + (serial % 3)) * HOUR,
            });
          }
          if (next === 'long-failure') {
            throw new ApiError({ code: 'network', message: 'The index is rebuilding. '.repeat(200), retryable: true });
          }
          if (next === 'bad-request') {
            throw new ApiError({ code: 40001, message: 'Bad cursor. '.repeat(300), httpStatus: 400 });
          }
          const answer = await service.search(brand, cursor);
          if (next === 'storage-full') failWrite = true;
          return answer;
        };
        const newRunner = () =>
          new WatchRunner({ search, clock, wakeAt: () => undefined, policy: { failurePausesMs: [60_000] } });
        let runner = newRunner();

        /** Reads what New shows: every id newly there must never have been news before. */
        const observe = async () => {
          const raw = (await fakeBrowser.storage.local.get(['watchNews', 'watchStatus'])) as Record<string, unknown>;
          if (raw.watchNews !== undefined) expect(newsSchema.safeParse(raw.watchNews).success).toBe(true);
          if (raw.watchStatus !== undefined) expect(watchStatusSchema.safeParse(raw.watchStatus).success).toBe(true);
          const news = await watchNewsItem.get();
          const now = new Set(Object.values(news.brands).flatMap((entry) => entry.ads.map((item) => item.ad.id)));
          for (const id of now) {
            if (shown.has(id)) continue;
            expect(reported.has(id), `${id.slice(0, 40)} was news twice`).toBe(false);
            expect(launched.has(id), `${id.slice(0, 40)} was never launched`).toBe(true);
            reported.add(id);
          }
          shown = now;
        };

        /** One check as the alarm would run it; a killed worker is replaced by a new one over the same storage. */
        const check = async () => {
          clock.advance(6 * HOUR);
          let settled = false;
          const result = await Promise.race([
            runner.run('scheduled').finally(() => (settled = true)),
            new Promise<'killed' | 'ran'>((resolve) => {
              const poll = () => (dead ? resolve('killed') : settled ? resolve('ran') : setTimeout(poll, 1));
              poll();
            }),
          ]);
          if (result === 'killed') {
            dead = false;
            runner = newRunner();
          }
          const status = await watchStatusItem.get();
          if (status.last) expect(status.last.requests).toBeLessThanOrEqual(250);
        };

        try {
          await watch(...BRANDS);
          for (const n of BRANDS) service.seed(brandId(n), 150);
          // The brands are learned with no fault before the schedule starts.
          await newRunner().run('scheduled');
          pending.push(...faults);

          for (const s of steps) {
            if (s.kind === 'launch') {
              for (let i = 0; i < s.count; i += 1) {
                serial += 1;
                const id = s.odd ? `${'z'.repeat(3_000)}-${serial}-ü` : `launch-${serial}`;
                // A late-indexed ad carries an old date and sorts deep; the others are the newest.
                const date = s.late ? '2026-07-01' : new Date((day += 86_400_000)).toISOString().slice(0, 10);
                service.launch(brandId(s.brand), id, date);
                (s.odd ? refused : launched).add(id);
              }
            } else if (s.kind === 'check') {
              await check();
            } else if (s.kind === 'clock-back') {
              clock.advance(-s.hours * HOUR);
            } else {
              await observe();
              await watchNewsItem.set({ brands: {}, service: (await watchNewsItem.get()).service });
              shown = new Set();
            }
            await observe();
          }

          // The faults are over: checks run until every launched ad has been news.
          pending.length = 0;
          for (let round = 0; round < 30 && reported.size < launched.size; round += 1) {
            clock.advance(24 * HOUR);
            await check();
            await observe();
          }
          expect([...launched].filter((id) => !reported.has(id)).map((id) => id.slice(-12))).toEqual([]);
          expect([...refused].filter((id) => reported.has(id))).toEqual([]);
        } finally {
          full.mockRestore();
          warn.mockRestore();
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 120_000);
});
