import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type Api, createDefaultApi } from '../../../lib/background/api';
import { DEMO_API_KEY } from '../../../lib/contract/demo';
import { type GenerationApi, GenerationTracker } from '../../../lib/background/jobs/generation-tracker';
import { generationJobsItem } from '../../../lib/background/jobs/generation-tracker';
import { isActiveJob } from '../../../lib/storage/generation-jobs';
import { SaveOutbox } from '../../../lib/background/jobs/save-outbox';
import { outboxItem } from '../../../lib/storage/outbox';
import type { RunningServer } from '../../../server/app';
import { GenerationStore } from '../../../server/generations';
import { fixedClock, manualClock } from '../../support/clock';
import { connectTo } from '../../support/connection';
import { withServer } from '../../support/server';

/**
 * Nothing lost, nothing doubled: a property over seeded random schedules of faults, run against
 * the reference server's ledger. Each request the extension makes meets one scheduled event:
 * nothing, a connection dropped before or after the server commits, a timeout (the server
 * still commits, later), a 429 with Retry-After, a 50001, or the service worker killed just
 * before the request or just after the server answered. Between any two steps the worker may
 * also be killed or the browser restarted. A killed worker never runs again: its calls hang
 * and a new one starts from storage, as the background does on wake-up. The user presses
 * Retry on anything that failed. At the end, every attempt the user made is charged exactly
 * once, every save is on the board exactly once, and what the extension shows is what the
 * server holds.
 */

const RUNS = Number(process.env.FAULT_RUNS ?? 1000);
const SEED = Number(process.env.FAULT_SEED ?? 20261122);
const START = Date.parse('2026-11-22T12:00:00Z');

type Event = 'ok' | 'drop-before' | 'drop-after' | 'timeout' | '429' | '50001' | 'kill-before' | 'kill-after';
type Between = 'go' | 'kill' | 'restart';

const event = fc.constantFrom<Event>(
  'ok',
  'ok',
  'ok',
  'ok',
  'drop-before',
  'drop-after',
  'timeout',
  '429',
  '50001',
  'kill-before',
  'kill-after',
);
const between = fc.constantFrom<Between>('go', 'go', 'go', 'go', 'go', 'kill', 'restart');
const schedule = fc
  .record({
    sizes: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
    saves: fc.integer({ min: 0, max: 3 }),
    events: fc.array(event, { maxLength: 14 }),
    between: fc.array(between, { maxLength: 8 }),
  })
  .filter((plan) => plan.sizes.length + plan.saves > 0);
type Schedule = typeof schedule extends fc.Arbitrary<infer T> ? T : never;

/** One service worker's life: its tracker and outbox, and the switch that kills it. */
interface Worker {
  tracker: GenerationTracker;
  outbox: SaveOutbox;
  killed: boolean;
  died: Promise<void>;
  kill: () => void;
}

const never = () => new Promise<never>(() => undefined);

describe('faults: every attempt charged once, every save once, the UI as the server holds it', () => {
  let server: RunningServer;
  let api: Api;
  let impatientApi: Api;
  beforeAll(async () => {
    // The generation clock only moves when the test moves it.
    server = await withServer({ timeScale: 0 });
  });
  afterAll(() => server.close());
  let clock = manualClock(START);

  const workspace = () => {
    const found = server.state.data.workspaces.find((candidate) => candidate.apiKey === DEMO_API_KEY);
    if (!found) throw new Error('no demo workspace');
    return found;
  };

  /** Applies this request's scheduled event, then makes the request through the real transport. */
  function faulty<A extends unknown[], R>(
    worker: () => Worker,
    events: Event[],
    method: 'GET' | 'POST',
    path: string,
    call: (client: Api, ...args: A) => Promise<R>,
  ): (...args: A) => Promise<R> {
    return async (...args: A) => {
      const self = worker();
      if (self.killed) return never();
      const next = events.shift() ?? 'ok';
      if (next === 'kill-before') {
        self.kill();
        return never();
      }
      server.state.faults.clear();
      const rule = { method, path, times: 1 };
      if (next === 'drop-before') server.state.faults.add({ ...rule, kind: 'drop-before' });
      if (next === 'drop-after') server.state.faults.add({ ...rule, kind: 'drop-after' });
      if (next === 'timeout') server.state.faults.add({ ...rule, kind: 'latency', latencyMs: 40 });
      if (next === '429') server.state.faults.add({ ...rule, kind: 'rate-limit', retryAfter: '3' });
      if (next === '50001') server.state.faults.add({ ...rule, kind: 'upstream' });
      try {
        const result = await call(next === 'timeout' ? impatientApi : api, ...args);
        if (next === 'kill-after') self.kill();
        return self.killed ? never() : result;
      } catch (error) {
        if (next === 'kill-after') self.kill();
        if (self.killed) return never();
        throw error;
      }
    };
  }

  function startWorker(events: Event[], current: () => Worker): Worker {
    let kill = () => undefined as void;
    const died = new Promise<void>((resolve) => {
      kill = resolve;
    });
    const generations: GenerationApi = {
      submit: faulty(current, events, 'POST', '/image-generations', (client, body) => client.generations.submit(body)),
      get: faulty(current, events, 'GET', '/image-generations/', (client, id: string) => client.generations.get(id)),
      image: faulty(current, events, 'GET', '/images/', (client, id: string, imageId: string) =>
        client.generations.image(id, imageId),
      ),
    };
    const save = faulty(current, events, 'POST', '/boards/', (client, boardId: string, adId: string, tags: string[]) =>
      client.boards.save(boardId, adId, tags),
    );
    const worker: Worker = {
      killed: false,
      died,
      kill: () => {
        worker.killed = true;
        kill();
      },
      tracker: new GenerationTracker({ api: generations, schedule: () => undefined, now: clock }),
      outbox: new SaveOutbox({
        send: async (entry) => {
          if (entry.op !== 'save') throw new Error('this property only saves');
          await save(entry.boardId, entry.adId, entry.tags);
        },
        schedule: () => undefined,
        now: clock,
        autoDrain: false,
      }),
    };
    return worker;
  }

  async function run(plan: Schedule): Promise<void> {
    fakeBrowser.reset();
    let now = START;
    clock = manualClock(now);
    await connectTo(server.baseUrl);
    server.state.faults.clear();
    server.state.generations = new GenerationStore(1, server.state.clock);
    const space = workspace();
    const brand = space.ownedBrands.find((candidate) => !candidate.locked);
    const board = space.boards[0];
    if (!brand || !board) throw new Error('demo data lacks a brand or a board');
    board.saves = [];
    const ads = server.state.data.catalogue.ads.slice(0, plan.saves).map((ad) => ad.id);

    const events = [...plan.events];
    const betweens = [...plan.between];
    let worker: Worker;
    const current = () => worker;
    worker = startWorker(events, current);
    const settle = (promise: Promise<unknown>) => Promise.race([promise, worker.died]);

    // The user's attempts: each generation is a separate request (prompts differ), each save a different ad.
    for (const [index, size] of plan.sizes.entries()) {
      await settle(worker.tracker.submit({ prompt: `Attempt ${index + 1}`, brand_id: brand.id, size }, brand.name));
    }
    for (const [index, adId] of ads.entries()) {
      await worker.outbox.enqueue({
        op: 'save',
        boardId: board.board_id,
        boardName: board.name,
        adId,
        tags: [`t${index}`],
      });
    }

    let userRetries = 0;
    for (let step = 0; ; step += 1) {
      if (step > 500) throw new Error('the schedule did not settle');
      await settle(worker.tracker.drain());
      if (!worker.killed) await settle(worker.outbox.drain());
      const pause = betweens.shift() ?? 'go';
      if (worker.killed || pause !== 'go') {
        worker.kill();
        // A restart also empties session storage; everything that matters is in local storage.
        if (pause === 'restart') await fakeBrowser.storage.session.clear();
        worker = startWorker(events, current);
        continue;
      }
      const jobs = await generationJobsItem.get();
      const entries = await outboxItem.get();
      // An unconfirmed job is never shown as failed; the user presses "Check now" on it.
      const failedJobs = jobs.filter((job) => job.phase === 'failed' || job.phase === 'unconfirmed');
      const failedEntries = entries.filter((entry) => entry.status === 'failed');
      if (failedJobs.length + failedEntries.length > 0) {
        // The user presses Retry on what failed (a fault was injected: the request itself is fine).
        userRetries += 1;
        if (userRetries > 12)
          throw new Error(`retries do not succeed: ${JSON.stringify(failedJobs[0]?.error ?? failedEntries[0]?.error)}`);
        for (const job of failedJobs) await worker.tracker.retry(job.id);
        for (const entry of failedEntries) await worker.outbox.retry(entry.id);
        continue;
      }
      const due = [
        ...jobs.filter(isActiveJob).map((job) => job.nextAt),
        ...entries.filter((entry) => entry.status === 'pending').map((entry) => entry.nextAttemptAt),
      ];
      if (due.length === 0) break;
      const next = Math.max(now, Math.ceil(Math.min(...due)));
      server.state.clock.advance(next - now);
      now = next;
      clock.set(now);
    }

    // Generations: one job per attempt, one reserve per job, and the job shows what the server holds.
    const jobs = await generationJobsItem.get();
    expect(jobs).toHaveLength(plan.sizes.length);
    const ledger =
      server.state.generations.credits(server.state.data.workspaces).find((account) => account.workspace === space.name)
        ?.ledger ?? [];
    const reserves = ledger.filter((entry) => entry.kind === 'reserve');
    expect(reserves.map((entry) => entry.generation_id).sort()).toEqual(jobs.map((job) => job.generationId).sort());
    for (const job of jobs) {
      expect(job.phase).toBe('done');
      const record = server.state.generations.get(space, job.generationId ?? '');
      expect(record.key).toBe(job.id);
      const view = server.state.generations.view(record, space);
      expect(job.status).toBe(view.status);
      expect(job.images.map((image) => [image.id, image.status]).sort()).toEqual(
        view.images.map((image) => [image.id, image.status]).sort(),
      );
      const refunds = ledger.filter((entry) => entry.kind === 'refund' && entry.generation_id === job.generationId);
      expect(refunds).toHaveLength(job.images.filter((image) => image.status === 'failed').length);
    }
    // Saves: each ad on the board once, with its tag, and every entry confirmed.
    expect(board.saves.map((saved) => saved.adId).sort()).toEqual([...ads].sort());
    for (const [index, adId] of ads.entries()) {
      expect(board.saves.find((saved) => saved.adId === adId)?.tags).toEqual([`t${index}`]);
    }
    expect((await outboxItem.get()).map((entry) => entry.status)).toEqual(ads.map(() => 'done'));
  }

  it(`holds over ${RUNS} seeded schedules`, { timeout: 600_000 }, async () => {
    impatientApi = createDefaultApi({ retryLimit: 0, timeoutMs: 20, clock: fixedClock() });
    api = createDefaultApi({ retryLimit: 0, timeoutMs: 10_000, clock: fixedClock() });
    await fc.assert(fc.asyncProperty(schedule, run), { numRuns: RUNS, seed: SEED, endOnFailure: true });
  });
});
