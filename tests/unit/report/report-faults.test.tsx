// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { exportFileName } from '@/components/boards/export';
import { allBoardAds } from '@/components/boards/use-board-export';
import { formatDay } from '@/components/ui/format';
import { creativesOf } from '@/components/report/report-html';
import { type Phase, type ReportSource, useReportFlow } from '@/components/report/use-report-flow';
import type { Clock } from '@/lib/clock';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { userToday } from '@/components/report/figures';
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
 * The report holds whatever changes under it: a property over seeded random interleavings of
 * what the page meets while it reads a board's ads, asks for site access, fetches creatives
 * and saves the file. Requests answer when the schedule says (a creative that hangs fails when
 * answered); the worker is killed; Delete all runs; another key or another service is saved;
 * the panel closes; extension storage fills up; the clock moves back and forth. Properties:
 * nothing lost (the file holds every ad of the board, each creative embedded or shown with why
 * and its link); nothing written after Delete all (no storage, no vault) and the report stops
 * there, saying so; nothing held forever (every request settles, each site asked for is given
 * back, no port stays open); nothing said that did not happen (the counts said are the file's,
 * its name and date are the instant it began).
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
const KEPT = ['https://cdn.example/gone-c.png'];
const ERASED = "Adscope's data in this browser was deleted (Delete all) meanwhile.";
const WITHOUT = 'Not embedded: the report was built without creatives.';

type Step =
  | { kind: 'answer'; index: number }
  | { kind: 'kill' }
  | { kind: 'erase' }
  | { kind: 'key' }
  | { kind: 'service' }
  | { kind: 'close' }
  | { kind: 'full'; on: boolean }
  | { kind: 'clock'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('answer' as const), index: fc.nat({ max: 5 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'kill' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'erase' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'key' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'service' as const }) },
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
  embed: fc.boolean(),
  prompt: fc.constantFrom<'allow' | 'deny'>('allow', 'deny'),
  steps: fc.array(step, { minLength: 1, maxLength: 16 }),
});

function Probe({ source, clock, out }: { source: ReportSource; clock: Clock; out: { phase: Phase | null } & Flow }) {
  const flow = useReportFlow(source, clock);
  out.phase = flow.phase;
  out.flow = flow;
  return null;
}
interface Flow {
  flow: ReturnType<typeof useReportFlow> | null;
}

/** The file's ads, and each creative shown: embedded, or a placeholder with its words and link. */
function readFile(text: string, ads: readonly LibraryAd[]) {
  const doc = new DOMParser().parseFromString(text, 'text/html');
  const blocks = [...doc.querySelectorAll('li.ad')];
  const embedded = new Set<string>();
  const missing = new Set<string>();
  let without = 0;
  blocks.forEach((block, index) => {
    const refs = creativesOf(ads[index] as LibraryAd).refs;
    const shown = [...block.querySelectorAll('.creatives > img, .creatives > p.missing[role="img"]')];
    // Nothing lost: every creative of the ad is there, embedded or said missing with its link.
    expect(shown).toHaveLength(refs.length);
    refs.forEach((ref, n) => {
      const element = shown[n] as Element;
      if (element.tagName === 'IMG') embedded.add(ref.url);
      else {
        expect(element.querySelector('a')?.getAttribute('href')).toBe(ref.url);
        if (element.textContent?.includes(WITHOUT)) without += 1;
        else missing.add(ref.url);
      }
    });
  });
  return {
    titles: blocks.map((block) => block.querySelector('h2')?.textContent),
    day: doc.querySelector('header p')?.textContent ?? '',
    embedded,
    missing,
    without,
  };
}

describe('the report over random interleavings of what changes under it', () => {
  it('loses nothing, writes nothing after Delete all, holds nothing forever, says only what happened', async () => {
    await fc.assert(
      fc.asyncProperty(plan, async ({ ads: picks, otherKnows, embed, prompt, steps }) => {
        await freshBrowser();
        await connectTo(A);
        await keepCopies(KEPT, TEST_NOW);
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
        world.held = true;
        world.prompt = prompt;
        const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
        const clock = manualClock(TEST_NOW + 7_000);
        const began = clock();
        const source: ReportSource = {
          title: 'Picks',
          kind: 'Board',
          expected: ads.length,
          fileName: (now) => exportFileName('Picks', 'html', now),
          loadAds: (signal, onProgress) => allBoardAds('b1', 'saved_newest', onProgress, signal),
        };
        const out: { phase: Phase | null } & Flow = { phase: null, flow: null };
        const host = document.createElement('div');
        document.body.append(host);
        const root: Root = createRoot(host);
        let open = true;
        /** Writes the test made itself (a connection saved), apart from the page's and the background's. */
        const ours = new Set<number>();
        /** Since the last Delete all, with no connection saved since: its first write's index. */
        let erasedAt: number | null = null;
        let erasedLive = false;
        let keys = 0;
        let full = false;

        const phase = (): Phase => {
          if (!out.phase) throw new Error('not open');
          return out.phase;
        };
        const run = async (work: () => unknown) => {
          await act(async () => {
            await work();
            await settle(2);
          });
        };
        /** The user goes on: embeds or builds from the question, saves what is built. */
        const goOn = async () => {
          if (!open) return;
          const now = phase();
          if (now.step === 'ask')
            await run(() => (embed && now.origins.length > 0 ? out.flow?.embed(now) : out.flow?.buildWithout(now.ads)));
          else if (now.step === 'ready' && !now.saved) await run(() => out.flow?.save(now));
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
        };

        try {
          await run(() => root.render(<Probe source={source} clock={clock} out={out} />));
          for (const s of steps) {
            if (s.kind === 'answer') await run(() => world.answer(s.index));
            else if (s.kind === 'kill') await run(() => world.kill());
            else if (s.kind === 'erase') {
              const before = phase();
              const saved = world.saved.length;
              await run(() => world.erase());
              erasedAt = world.writes.length;
              if (open && before.step !== 'failed' && !(before.step === 'ready' && before.saved)) {
                erasedLive = true;
                // The report does not go on as if nothing happened.
                expect(phase()).toEqual({ step: 'failed', message: ERASED });
                expect(world.saved).toHaveLength(saved);
              }
              expect(await storageNow()).toEqual({ local: {}, session: {}, sync: {} });
            } else if (s.kind === 'key' || s.kind === 'service') {
              await nothingSinceErase(s.kind);
              await run(() => connect(s.kind === 'key' ? A : B));
              erasedAt = null;
            } else if (s.kind === 'close') {
              if (open) await run(() => root.unmount());
              open = false;
            } else if (s.kind === 'full') world.full = full = s.on;
            else clock.advance(s.ms);
            await goOn();
            await nothingSinceErase(s.kind);
          }
          // Every request answers now (a creative that hangs fails), and the user goes on to the end
          // (rounds bounded far past what the report needs, on a loaded machine too).
          for (let round = 0; round < 100; round += 1) {
            await run(() => world.drain(undefined, 3));
            await goOn();
            const end = open ? phase() : null;
            if (!end || end.step === 'failed' || (end.step === 'ready' && end.saved)) break;
          }
          await nothingSinceErase('every answer');
          if (open) {
            // Nothing held forever: the report reached an end.
            const end = phase();
            expect(['failed', 'ready']).toContain(end.step);
            if (erasedLive) expect(end).toEqual({ step: 'failed', message: ERASED });
            if (end.step === 'ready') {
              expect(end.saved).not.toBeNull();
              expect(world.saved).toHaveLength(1);
              const file = world.saved[0];
              // Whole: every ad of the board at A, in order, whatever was saved meanwhile.
              const read = readFile(await (file?.content.text() ?? ''), ads);
              expect(read.titles).toEqual(ads.map((ad) => ad.title));
              // Said: the counts are the file's.
              expect(end.ads).toBe(ads.length);
              expect(end.embedded).toBe(read.embedded.size);
              expect(end.missing).toBe(read.missing.size);
              expect(end.failures.length).toBeLessThanOrEqual(end.missing);
              // One instant: the one it began at, whatever the clock did since.
              expect(file?.name).toBe(exportFileName('Picks', 'html', new Date(began)));
              expect(read.day).toBe(
                `Board · made ${formatDay(userToday(began))} · ${ads.length} ad${ads.length === 1 ? '' : 's'}`,
              );
            } else expect(world.saved).toEqual([]);
            await run(() => root.unmount());
            open = false;
          }
          await run(() => world.drain(undefined, 3));
          // Nothing held: every site given back, every port closed, every request settled.
          expect([...world.granted]).toEqual([]);
          expect(world.openPorts).toBe(0);
          expect(world.pending).toEqual([]);
          expect([...world.openMedia]).toEqual([]);
          // The page wrote nothing itself: the only writes are the background's record of the sites held.
          expect(theirs().filter((write) => !write.includes('heldGrants'))).toEqual([]);
          expect(world.idbWrites).toEqual([]);
        } finally {
          if (open) await act(async () => root.unmount());
          host.remove();
          warn.mockRestore();
          vi.restoreAllMocks();
          vi.unstubAllGlobals();
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 60_000);
});
