import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { VaultKeeper } from '../../../lib/background/vault/keeper';
import type { OutboxEntry } from '../../../lib/storage/outbox';
import { closeVault, keptAd, vaultDb } from '../../../lib/vault/db';
import { manualClock } from '../../support/clock';

/**
 * The vault's jobs hold when the world changes under them: a property over seeded random
 * interleavings of confirmed saves and keeper runs (started, not awaited) while creatives
 * answer, never answer (a fetch that hangs until aborted), expire (404) or refuse HEAD (405 to
 * HEAD, the image to GET); the worker is killed between steps (its calls hang from then on, and
 * a new keeper starts from IndexedDB, as the background does on wake-up); a board is
 * cancelled; the browser's storage is nearly full for a while. Properties: nothing is reported
 * kept that is not in the files store (after every step); every run ends within its time
 * limits; and at the end, with room again and the clock moved past every backoff, every
 * confirmed save not cancelled since has each reachable creative kept.
 */

const RUNS = Number(process.env.FAULT_RUNS ?? 60);
const SEED = Number(process.env.FAULT_SEED ?? 20261126);
/** A creative's time limit in these runs: real timers, kept short (as exactly-once.test.ts does). */
const TIMEOUT_MS = 5;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]);

type Kind = 'ok' | 'hang' | 'gone' | 'no-head';
const URLS: { url: string; kind: Kind }[] = [
  { url: 'https://cdn.example/ok-1.png', kind: 'ok' },
  { url: 'https://cdn.example/ok-2.png', kind: 'ok' },
  { url: 'https://cdn.example/hang.png', kind: 'hang' },
  { url: 'https://cdn.example/gone.png', kind: 'gone' },
  { url: 'https://signed.example/no-head.png?X-Amz-Signature=1', kind: 'no-head' },
];
const reachable = (url: string) =>
  URLS.some((item) => item.url === url && (item.kind === 'ok' || item.kind === 'no-head'));

type Step =
  | { kind: 'confirm'; board: number; ad: number }
  | { kind: 'remove'; board: number; ad: number }
  | { kind: 'run' }
  | { kind: 'settle'; ticks: number }
  | { kind: 'kill' }
  | { kind: 'cancel'; board: number }
  | { kind: 'full' }
  | { kind: 'room' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('confirm' as const),
      board: fc.integer({ min: 1, max: 2 }),
      ad: fc.integer({ min: 0, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('remove' as const),
      board: fc.integer({ min: 1, max: 2 }),
      ad: fc.integer({ min: 0, max: 3 }),
    }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'run' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('settle' as const), ticks: fc.integer({ min: 1, max: 40 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'kill' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), board: fc.integer({ min: 1, max: 2 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'full' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'room' as const }) },
);

/** Each ad's creatives (an ad has the same ones whichever board it is saved to), and the steps. */
const plan = fc.record({
  ads: fc.array(fc.uniqueArray(fc.integer({ min: 0, max: URLS.length - 1 }), { minLength: 1, maxLength: 3 }), {
    minLength: 4,
    maxLength: 4,
  }),
  steps: fc.array(step, { minLength: 1, maxLength: 14 }),
});

const tick = () => new Promise((resolve) => setImmediate(resolve));
const never = <T>() => new Promise<T>(() => undefined);

/** Resolves with the run's result, or rejects when it takes longer than `ms` of real time: nothing is held forever. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`a run did not end within ${ms} ms`)), ms);
    void promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Every kept ad's creatives are in the files store. */
async function nothingReportedThatIsNotKept(): Promise<void> {
  const db = await vaultDb();
  const files = new Set(await db.getAllKeys('files'));
  for (const ad of await db.getAll('ads')) for (const url of ad.urls) expect(files.has(url)).toBe(true);
}

describe('vault faults: confirmed saves end kept, nothing held forever, nothing said kept that is not', () => {
  it('holds over random interleavings of hosts, kills, cancels and a full disk', async () => {
    await fc.assert(
      fc.asyncProperty(plan, async ({ ads, steps }) => {
        await closeVault();
        globalThis.indexedDB = new IDBFactory();
        fakeBrowser.reset();
        const clock = manualClock();
        let full = false;
        let generation = 0;
        /** Confirmed saves still wanted: a cancel of their board drops those confirmed before it. */
        const wanted = new Map<string, { board: string; ad: string; urls: string[] }>();
        /** Ads whose removal from a board was confirmed last: nothing of them is kept for that board. */
        const removed = new Set<string>();

        function keeperFor(own: number): VaultKeeper {
          const alive = () => own === generation;
          return new VaultKeeper({
            fetch: async (input, init) => {
              // A killed worker's calls never return.
              if (!alive()) return never();
              const url = String(input);
              const kind = URLS.find((item) => item.url === url)?.kind;
              if (kind === 'hang')
                return new Promise<Response>((_, reject) =>
                  init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true }),
                );
              if (kind === 'gone' || kind === undefined) return new Response('gone', { status: 404 });
              if (kind === 'no-head' && init?.method === 'HEAD') return new Response(null, { status: 405 });
              return new Response(PNG.slice(), { headers: { 'content-type': 'image/png' } });
            },
            clock,
            estimate: async () => {
              if (!alive()) return never();
              return full ? { usage: 799, quota: 1000 } : { usage: 1, quota: 1_000_000_000 };
            },
            service: async () => 'https://api.example',
            wakeAt: () => undefined,
            policy: { fetchTimeoutMs: TIMEOUT_MS, maxFileBytes: 1024 },
          });
        }

        let keeper = keeperFor(generation);
        let running: Promise<unknown> = Promise.resolve();
        for (const current of steps) {
          if (current.kind === 'remove') {
            const key = `b${current.board}\nad-${current.ad}`;
            await keeper.confirming(async () => ({}))({
              id: `r-${current.board}-${current.ad}`,
              op: 'remove',
              boardId: `b${current.board}`,
              boardName: `Board ${current.board}`,
              adId: `ad-${current.ad}`,
              tags: [],
              createdAt: clock(),
              attempts: 0,
              nextAttemptAt: clock(),
              status: 'pending',
            });
            wanted.delete(key);
            removed.add(key);
          } else if (current.kind === 'confirm') {
            const entry: OutboxEntry = {
              id: `s-${current.board}-${current.ad}`,
              op: 'save',
              boardId: `b${current.board}`,
              boardName: `Board ${current.board}`,
              adId: `ad-${current.ad}`,
              tags: [],
              createdAt: clock(),
              attempts: 0,
              nextAttemptAt: clock(),
              status: 'pending',
              media: (ads[current.ad] ?? []).map((index) => URLS[index]?.url ?? ''),
            };
            await keeper.confirming(async () => ({}))(entry);
            wanted.set(`${entry.boardId}\n${entry.adId}`, {
              board: entry.boardId,
              ad: entry.adId,
              urls: entry.media ?? [],
            });
            removed.delete(`${entry.boardId}\n${entry.adId}`);
            running = keeper.run();
          } else if (current.kind === 'run') running = keeper.run();
          else if (current.kind === 'settle') for (let i = 0; i < current.ticks; i += 1) await tick();
          else if (current.kind === 'kill') {
            generation += 1;
            keeper = keeperFor(generation);
            running = Promise.resolve();
            // What the old worker had in hand (a creative timing out) lands or not; then it is gone.
            for (let i = 0; i < 20; i += 1) await tick();
          } else if (current.kind === 'cancel') {
            await keeper.cancel(`b${current.board}`);
            for (const [key, save] of wanted) if (save.board === `b${current.board}`) wanted.delete(key);
          } else full = current.kind === 'full';
          await nothingReportedThatIsNotKept();
        }
        // Nothing held forever: the last run ends within its limits (each creative at most TIMEOUT_MS).
        await within(running, 2000);
        // With room again and every backoff past, runs until no job waits.
        full = false;
        for (let round = 0; round < 10; round += 1) {
          clock.advance(7 * 60 * 60_000);
          expect(await within(keeper.run(), 2000)).toBe('done');
          if ((await (await vaultDb()).count('jobs')) === 0) break;
        }
        expect(await (await vaultDb()).count('jobs')).toBe(0);
        await nothingReportedThatIsNotKept();
        // A removal frees the ad's row on that board, and every file no other ad refers to.
        const db = await vaultDb();
        for (const key of removed) expect(await db.get('ads', key)).toBeUndefined();
        const referenced = new Set((await db.getAll('ads')).flatMap((ad) => ad.urls));
        if (removed.size > 0) for (const url of await db.getAllKeys('files')) expect(referenced.has(url)).toBe(true);
        for (const save of wanted.values()) {
          const kept = await keptAd(save.board, save.ad);
          expect(kept?.urls ?? []).toEqual(save.urls.filter(reachable));
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 120_000);
});
