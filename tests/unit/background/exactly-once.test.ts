import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type Api, workspaceApis } from '../../../lib/background/api';
import { currentWorkspace } from '../../../lib/background/api/credentials';
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '../../../lib/contract/demo';
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
 * still commits, later), a 429 with Retry-After, a 50001, the service worker killed just
 * before the request or just after the server answered, or storage full when its answer is
 * written. Between any two steps the worker may also be killed, the browser restarted, or the
 * key switched to another workspace for a while (work made under the first is held, never sent
 * with the second). A killed worker never runs again: its calls hang and a new one starts from
 * storage, as the background does on wake-up. The user presses Undo on some saves, in backoff
 * or after, and Retry on anything that failed. At the end, every attempt the user made is
 * charged exactly once, every save still wanted is on the board exactly once and every undone
 * one is not, the other workspace received nothing, and what the extension shows is what the
 * server holds.
 */

const RUNS = Number(process.env.FAULT_RUNS ?? 600);
const SEED = Number(process.env.FAULT_SEED ?? 20261122);
const START = Date.parse('2026-11-22T12:00:00Z');
/** A 'timeout': the client gives up after TIMEOUT_MS, the server answers (and commits) after LATE_MS. */
const TIMEOUT_MS = 15;
const LATE_MS = 30;

type Event =
  'ok' | 'drop-before' | 'drop-after' | 'timeout' | '429' | '50001' | 'kill-before' | 'kill-after' | 'storage-full';
type Between = 'go' | 'kill' | 'restart' | 'switch';

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
  'storage-full',
);
const between = fc.constantFrom<Between>('go', 'go', 'go', 'go', 'go', 'kill', 'restart', 'switch');
const schedule = fc
  .record({
    sizes: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
    saves: fc.integer({ min: 0, max: 3 }),
    events: fc.array(event, { maxLength: 14 }),
    between: fc.array(between, { maxLength: 8 }),
    /** The user presses Undo on save number `save` before step `step`, in backoff or after. */
    undos: fc.array(fc.record({ save: fc.nat({ max: 2 }), step: fc.nat({ max: 6 }) }), { maxLength: 2 }),
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
  let apiFor: (workspace: string | undefined) => Api;
  let impatientFor: (workspace: string | undefined) => Api;
  /** The next storage write fails (storage full), once. */
  let failNextWrite = false;
  /** A timed-out request is still on its way to the server, which commits it LATE_MS after it arrived. */
  let lateCommits = false;
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
    workspace: string | undefined,
    method: 'GET' | 'POST' | 'DELETE',
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
      if (next === 'timeout') {
        server.state.faults.add({ ...rule, kind: 'latency', latencyMs: LATE_MS });
        lateCommits = true;
      }
      if (next === '429') server.state.faults.add({ ...rule, kind: 'rate-limit', retryAfter: '3' });
      if (next === '50001') server.state.faults.add({ ...rule, kind: 'upstream' });
      try {
        const result = await call((next === 'timeout' ? impatientFor : apiFor)(workspace), ...args);
        if (next === 'kill-after') self.kill();
        if (next === 'storage-full') failNextWrite = true;
        return self.killed ? never() : result;
      } catch (error) {
        if (next === 'kill-after') self.kill();
        if (next === 'storage-full') failNextWrite = true;
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
    // Each workspace's requests go through its own client, which refuses when another key is set.
    const generations = (workspace: string | undefined): GenerationApi => ({
      submit: faulty(current, events, workspace, 'POST', '/image-generations', (client, body) =>
        client.generations.submit(body),
      ),
      get: faulty(current, events, workspace, 'GET', '/image-generations/', (client, id: string) =>
        client.generations.get(id),
      ),
      image: faulty(current, events, workspace, 'GET', '/images/', (client, id: string, imageId: string) =>
        client.generations.image(id, imageId),
      ),
    });
    const save = (workspace: string | undefined) =>
      faulty(current, events, workspace, 'POST', '/boards/', (client, boardId: string, adId: string, tags: string[]) =>
        client.boards.save(boardId, adId, tags),
      );
    const remove = (workspace: string | undefined) =>
      faulty(current, events, workspace, 'DELETE', '/boards/', (client, boardId: string, adId: string) =>
        client.boards.remove(boardId, adId),
      );
    const worker: Worker = {
      killed: false,
      died,
      kill: () => {
        worker.killed = true;
        // A write refused for storage full is one this worker would have made; it makes none now.
        failNextWrite = false;
        kill();
      },
      tracker: new GenerationTracker({
        api: generations,
        schedule: () => undefined,
        now: clock,
        workspace: currentWorkspace,
      }),
      outbox: new SaveOutbox({
        send: async (entry) => {
          if (entry.op === 'save') await save(entry.workspace)(entry.boardId, entry.adId, entry.tags);
          else await remove(entry.workspace)(entry.boardId, entry.adId);
        },
        schedule: () => undefined,
        now: clock,
        autoDrain: false,
        workspace: currentWorkspace,
      }),
    };
    return worker;
  }

  async function run(plan: Schedule): Promise<void> {
    fakeBrowser.reset();
    failNextWrite = false;
    // Storage full: the write after a request that met 'storage-full' is refused, once.
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    const full = vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
      if (failNextWrite) {
        failNextWrite = false;
        throw new Error('QUOTA_BYTES quota exceeded');
      }
      return set(items);
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await runPlan(plan);
    } finally {
      full.mockRestore();
      warn.mockRestore();
      // A request that timed out must not land in the next schedule's fresh server state.
      if (lateCommits) await new Promise((resolve) => setTimeout(resolve, LATE_MS + 10));
      lateCommits = false;
    }
  }

  async function runPlan(plan: Schedule): Promise<void> {
    let now = START;
    clock = manualClock(now);
    await connectTo(server.baseUrl);
    server.state.faults.clear();
    server.state.generations = new GenerationStore(1, server.state.clock);
    const firstRequest = server.state.requestLog.length;
    const space = workspace();
    const brand = space.ownedBrands.find((candidate) => !candidate.locked);
    const board = space.boards[0];
    if (!brand || !board) throw new Error('demo data lacks a brand or a board');
    board.saves = [];
    const ads = server.state.data.catalogue.ads.slice(0, plan.saves).map((ad) => ad.id);

    const events = [...plan.events];
    const betweens = [...plan.between];
    const undos = [...plan.undos];
    let worker: Worker;
    const current = () => worker;
    worker = startWorker(events, current);
    const settle = (promise: Promise<unknown>) => Promise.race([promise, worker.died]);

    // The user's attempts: each generation is a separate request (prompts differ), each save a different ad.
    for (const [index, size] of plan.sizes.entries()) {
      await settle(worker.tracker.submit({ prompt: `Attempt ${index + 1}`, brand_id: brand.id, size }, brand.name));
    }
    const saveIds: string[] = [];
    for (const [index, adId] of ads.entries()) {
      const entry = await worker.outbox.enqueue({
        op: 'save',
        boardId: board.board_id,
        boardName: board.name,
        adId,
        tags: [`t${index}`],
      });
      saveIds.push(entry.id);
    }
    const undone = new Set<string>();

    let userRetries = 0;
    let elsewhere = false;
    for (let step = 0; ; step += 1) {
      if (step > 500) {
        const left = { saves: await outboxItem.get(), jobs: await generationJobsItem.get() };
        throw new Error(`the schedule did not settle: ${JSON.stringify(left)}`);
      }
      // A killed worker never runs again, not even code that only touches storage: the next wake starts anew.
      if (worker.killed) worker = startWorker(events, current);
      // The user presses Undo on a save, whatever state it is in.
      for (const undo of undos.filter((candidate) => candidate.step === step)) {
        const id = saveIds[undo.save];
        if (id === undefined || worker.killed) continue;
        // Undo is offered while the save is listed (a confirmed one is dropped after a while).
        if (!(await outboxItem.get()).some((entry) => entry.id === id)) continue;
        await settle(worker.outbox.undo(id));
        if (!worker.killed) undone.add(ads[undo.save] ?? '');
      }
      await settle(worker.tracker.drain());
      if (!worker.killed) await settle(worker.outbox.drain());
      if (elsewhere) {
        // The other workspace's key was set for a while: back to the first one.
        await connectTo(server.baseUrl, DEMO_API_KEY);
        elsewhere = false;
        continue;
      }
      const pause = betweens.shift() ?? 'go';
      if (pause === 'switch') {
        // The user sets another workspace's key; time passes beyond every backoff.
        await connectTo(server.baseUrl, DEMO_SECOND_API_KEY);
        elsewhere = true;
        server.state.clock.advance(10 * 60_000);
        now += 10 * 60_000;
        clock.set(now);
        continue;
      }
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
        // A change waiting behind an older one to the same ad is due only after it.
        ...entries
          .filter(
            (entry) =>
              entry.status === 'pending' &&
              !entries.some(
                (older) =>
                  older.status === 'pending' &&
                  older.adId === entry.adId &&
                  older.boardId === entry.boardId &&
                  older.createdAt < entry.createdAt,
              ),
          )
          .map((entry) => entry.nextAttemptAt),
      ];
      if (due.length === 0 && undos.every((undo) => undo.step <= step)) break;
      const next = Math.max(now, Math.ceil(Math.min(...due, now + 1000)));
      server.state.clock.advance(next - now);
      now = next;
      clock.set(now);
    }

    // The other workspace received nothing.
    const requests = server.state.requestLog.slice(firstRequest);
    expect(requests.filter((entry) => entry.workspace === 'Northwind Coffee')).toEqual([]);

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
      expect(job.held).toBeUndefined();
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
    // Saves: each ad still wanted on the board once, with its tag; each undone one not there; every entry confirmed.
    const wanted = ads.filter((adId) => !undone.has(adId));
    expect(board.saves.map((saved) => saved.adId).sort()).toEqual([...wanted].sort());
    for (const [index, adId] of ads.entries()) {
      if (undone.has(adId)) continue;
      expect(board.saves.find((saved) => saved.adId === adId)?.tags).toEqual([`t${index}`]);
    }
    expect((await outboxItem.get()).filter((entry) => entry.status !== 'done')).toEqual([]);
  }

  it(`holds over ${RUNS} seeded schedules`, { timeout: 600_000 }, async () => {
    impatientFor = workspaceApis({ retryLimit: 0, timeoutMs: TIMEOUT_MS, clock: fixedClock() });
    apiFor = workspaceApis({ retryLimit: 0, timeoutMs: 10_000, clock: fixedClock() });
    await fc.assert(fc.asyncProperty(schedule, run), { numRuns: RUNS, seed: SEED, endOnFailure: true });
  });
});
