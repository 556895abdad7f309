// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import fc from 'fast-check';
import { strFromU8, unzipSync } from 'fflate';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { adCreativeUrls } from '@/components/ads/ad-words';
import { exportFileName } from '@/components/boards/export';
import { useBoardExport } from '@/components/boards/use-board-export';
import { countOf } from '@/components/ui/format';
import type { Clock } from '@/lib/clock';
import { testAd } from '../../support/ads';
import { manualClock, TEST_NOW } from '../../support/clock';
import {
  connectTo,
  freshBrowser,
  keepCopies,
  pageWorld,
  type PageWorld,
  settle,
  storageNow,
  vaultExists,
} from '../../support/page-jobs';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

/**
 * Download board holds whatever changes under it: a property over seeded random interleavings
 * of what the page meets while it reads a board page by page and puts its creatives in a zip.
 * Requests answer when the schedule says (a creative that hangs fails when answered); the
 * worker is killed; Delete all runs; another key or another service is saved; Cancel download
 * is pressed; the panel closes; extension storage fills up; the clock moves back and forth.
 * Properties: nothing lost (the zip holds every ad of the board, each creative a file or listed
 * with why, and where it came from said truly); nothing written after Delete all (no storage, no
 * vault) and the download stops there, saying so; nothing held forever (the download settles,
 * every request with it); nothing said that did not happen (the counts said are the zip's, its
 * name and `exported_at` one instant).
 */

const RUNS = Number(process.env.FAULT_RUNS ?? 40);
const SEED = Number(process.env.FAULT_SEED ?? 20261126);

const A = 'https://api.example';
const B = 'https://other.example';
const URLS = [
  'https://cdn.example/ok-a.png',
  'https://cdn.example/ok-b.png',
  // The link is gone; the vault has a copy.
  'https://cdn.example/gone-c.png',
  // The link is gone; no copy.
  'https://cdn.example/gone-d.png',
  'https://cdn.example/hang-e.png',
  'https://img.example/refused-f.png',
];
const KEPT = new Set(['https://cdn.example/gone-c.png']);
const ERASED = "Adscope's data in this browser was deleted (Delete all) meanwhile.";
const CANCELLED = 'Download cancelled; nothing was saved.';

type Step =
  | { kind: 'answer'; index: number }
  | { kind: 'kill' }
  | { kind: 'erase' }
  | { kind: 'key' }
  | { kind: 'service' }
  | { kind: 'cancel' }
  | { kind: 'close' }
  | { kind: 'full'; on: boolean }
  | { kind: 'clock'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 10, arbitrary: fc.record({ kind: fc.constant('answer' as const), index: fc.nat({ max: 3 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'kill' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'erase' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'key' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'service' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancel' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'close' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('full' as const), on: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('clock' as const),
      ms: fc.integer({ min: -400 * 86_400_000, max: 400 * 86_400_000 }),
    }),
  },
);

const plan = fc.record({
  /** Each ad's creatives, by their index in URLS. */
  ads: fc.array(fc.uniqueArray(fc.nat({ max: URLS.length - 1 }), { maxLength: 3 }), { minLength: 1, maxLength: 5 }),
  /** The other service knows a board of that id (its first ads), or not. */
  otherKnows: fc.boolean(),
  steps: fc.array(step, { minLength: 1, maxLength: 18 }),
});

type Exports = ReturnType<typeof useBoardExport>;

function Probe({ clock, out }: { clock: Clock; out: { exports: Exports | null } }) {
  out.exports = useBoardExport({ id: 'b1', name: 'Picks', count: null }, 'saved_newest', clock);
  return null;
}

interface BoardJson {
  board: { id: string; name: string };
  exported_at: string;
  count: number;
  ads: { id: string; creative_files: { url: string; file: string | null; from: string }[] }[];
}

describe('Download board over random interleavings of what changes under it', () => {
  it('loses nothing, writes nothing after Delete all, holds nothing forever, says only what happened', async () => {
    await fc.assert(
      fc.asyncProperty(plan, async ({ ads: picks, otherKnows, steps }) => {
        await freshBrowser();
        await connectTo(A);
        await keepCopies([...KEPT], TEST_NOW);
        const ads = picks.map((urls, index) =>
          testAd({
            id: `ad-${index + 1}`,
            title: `Ad ${index + 1}`,
            images: urls.map((n) => ({ url: URLS[n] ?? null })),
          }),
        );
        const world: PageWorld = pageWorld([
          { baseUrl: A, boards: { b1: ads } },
          { baseUrl: B, boards: otherKnows ? { b1: ads.slice(0, 1) } : {} },
        ]);
        const clock = manualClock(TEST_NOW + 7_000);
        /** Every instant the clock read meanwhile. */
        const instants = new Set([clock()]);
        const out: { exports: Exports | null } = { exports: null };
        const host = document.createElement('div');
        document.body.append(host);
        const root: Root = createRoot(host);
        const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
        let open = true;
        let settled = false;
        let cancelled = false;
        /** Writes the test made itself (a connection saved), apart from the page's. */
        const ours = new Set<number>();
        /** Since the last Delete all, with no connection saved since: the writes before it. */
        let erasedAt: number | null = null;
        let erasedLive = false;
        let savedAtErase = 0;
        let keys = 0;
        let full = false;

        const exports = (): Exports => {
          if (!out.exports) throw new Error('not shown');
          return out.exports;
        };
        const run = async (work: () => unknown) => {
          await act(async () => {
            await work();
            await settle(2);
          });
        };
        const theirs = (from = 0) => world.writes.slice(from).filter((_, index) => !ours.has(index + from));
        const connect = async (baseUrl: string) => {
          const from = world.writes.length;
          keys += 1;
          // Saved by the options page before the disk filled up (or a write that found room).
          world.full = false;
          await connectTo(baseUrl, String.fromCharCode(97 + (keys % 26)).repeat(24));
          for (let index = from; index < world.writes.length; index += 1) ours.add(index);
          world.full = full;
        };
        const nothingSinceErase = async (after: string) => {
          if (erasedAt === null) return;
          expect(theirs(erasedAt), `written after ${after}`).toEqual([]);
          expect(await vaultExists(), `the vault again after ${after}`).toBe(false);
          expect(world.saved, `downloaded after ${after}`).toHaveLength(savedAtErase);
        };

        try {
          await run(() =>
            root.render(
              <QueryClientProvider client={client}>
                <Probe clock={clock} out={out} />
              </QueryClientProvider>,
            ),
          );
          world.held = true;
          await run(() => {
            void exports()
              .exportAs('zip')
              .finally(() => (settled = true));
          });
          for (const s of steps) {
            if (s.kind === 'answer') await run(() => world.answer(s.index));
            else if (s.kind === 'kill') await run(() => world.kill());
            else if (s.kind === 'erase') {
              const live = open && !settled;
              savedAtErase = world.saved.length;
              await run(() => world.erase());
              erasedAt = world.writes.length;
              if (live) {
                erasedLive = true;
                // The download does not go on as if nothing happened.
                expect(settled).toBe(true);
                expect(exports().error).toBe(ERASED);
              }
              expect(await storageNow()).toEqual({ local: {}, session: {}, sync: {} });
            } else if (s.kind === 'key' || s.kind === 'service') {
              await nothingSinceErase(s.kind);
              await run(() => connect(s.kind === 'key' ? A : B));
              erasedAt = null;
            } else if (s.kind === 'cancel') {
              const cancel = open ? exports().cancelDownload : null;
              if (cancel) {
                cancelled = true;
                await run(cancel);
              }
            } else if (s.kind === 'close') {
              if (open) await run(() => root.unmount());
              open = false;
            } else if (s.kind === 'full') world.full = full = s.on;
            else {
              clock.advance(s.ms);
              instants.add(clock());
            }
            await nothingSinceErase(s.kind);
          }
          // Every request answers now (a creative that hangs fails): the download ends (rounds
          // bounded far past what it needs, on a loaded machine too).
          await run(() => world.drain(undefined, 3));
          for (let round = 0; round < 100 && !settled; round += 1) await run(() => world.drain(undefined, 3));
          expect(settled, 'the download ended').toBe(true);
          await nothingSinceErase('every answer');
          expect(world.pending).toEqual([]);
          expect([...world.openMedia]).toEqual([]);
          // A zip asks for no site access and writes nothing, to extension storage or the vault.
          expect(world.asked).toEqual([]);
          expect(world.openPorts).toBe(0);
          expect(theirs()).toEqual([]);
          expect(world.idbWrites).toEqual([]);
          expect(world.saved.length).toBeLessThanOrEqual(1);
          const [file] = world.saved;
          if (erasedLive || cancelled) expect(file).toBeUndefined();
          if (file) {
            const files = unzipSync(new Uint8Array(await file.content.arrayBuffer()));
            const json = JSON.parse(strFromU8(files['board.json'] ?? new Uint8Array())) as BoardJson;
            // Whole: every ad of the board at A, in order, whatever was saved meanwhile.
            expect(json.ads.map((ad) => ad.id)).toEqual(ads.map((ad) => ad.id));
            expect(json.count).toBe(ads.length);
            let inZip = 0;
            json.ads.forEach((entry, index) => {
              const urls = adCreativeUrls(ads[index] ?? testAd({ id: 'none' }));
              // Nothing lost: each creative is a file in the zip, or listed with why not.
              expect(entry.creative_files.map((creative) => creative.url)).toEqual(urls);
              for (const creative of entry.creative_files) {
                if (creative.file) {
                  inZip += 1;
                  expect(files[creative.file]).toBeDefined();
                  // Where it came from, said truly: the vault's copy, or its link.
                  expect(creative.from).toBe(KEPT.has(creative.url) ? 'vault' : 'fetched');
                } else expect(creative.from.length).toBeGreaterThan(0);
              }
            });
            expect(Object.keys(files).filter((name) => name.startsWith('creatives/'))).toHaveLength(inZip);
            // One instant, read once from the clock: the file's name and exported_at.
            expect(instants).toContain(Date.parse(json.exported_at));
            expect(file.name).toBe(exportFileName('Picks', 'zip', new Date(json.exported_at)));
            if (open) {
              // Said: what the zip holds, no more.
              expect(exports().error).toBeNull();
              expect(exports().progress).toMatch(
                new RegExp(`^Downloaded ${countOf(ads.length, 'ad')} with ${countOf(inZip, 'creative')}[;.( ]`),
              );
            }
          } else if (open) {
            // Nothing downloaded: said in words, never as downloaded.
            expect(exports().progress ?? '').not.toMatch(/^Downloaded/);
            if (!cancelled) expect(exports().error).toEqual(expect.any(String));
            else expect([CANCELLED, null]).toContain(exports().progress);
            if (erasedLive) expect(exports().error).toBe(ERASED);
          }
        } finally {
          if (open) await act(async () => root.unmount());
          host.remove();
          client.clear();
          vi.restoreAllMocks();
          vi.unstubAllGlobals();
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 60_000);
});
