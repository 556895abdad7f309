// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { IDBFactory } from 'fake-indexeddb';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { serviceChangedWords } from '../../../components/boards/use-board-vault';
import { closeVault, deleteVault } from '../../../lib/vault/db';
import { TEST_NOW } from '../../support/clock';
import {
  BOARD,
  type HostKind,
  keepInVault,
  KILLED,
  linkAd,
  linkWorld,
  mountBoardVault,
  NOT_CONNECTED,
  OTHER_SERVICE,
  SERVICE,
} from '../../support/board-links';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

/**
 * Check links holds when the world changes under it: a property over seeded random boards (one
 * to three pages; creatives that load, are gone, refuse HEAD or are busy, some kept in the vault)
 * and interleavings of changes, each made just before the background or a media host answers
 * one of the check's requests: the worker is stopped (the call under way fails), Delete all (the
 * vault deleted, the connection removed, a site's access given back), the key or the service
 * changes, the panel closes, storage fills up, the clock jumps. Properties: a board is checked
 * whole or not at all; every link is counted once, in the one class its host's answer puts it
 * (gone links set against what is kept at the end); the sentence is right in the singular and
 * plural; a failure is said in the words of what happened; nothing is written; and once the
 * panel is closed, the fetch under way is aborted and none follows.
 */

const RUNS = Number(process.env.FAULT_RUNS ?? 200);
const SEED = Number(process.env.FAULT_SEED ?? 20261127);

/** Creatives on a site open to the extension, and on one whose access Delete all gives back. */
const URLS: { url: string; kind: Exclude<HostKind, 'hang'> }[] = [
  { url: 'https://open.example/live-1.png', kind: 'live' },
  { url: 'https://open.example/gone-1.png', kind: 'gone' },
  { url: 'https://open.example/busy.png', kind: 'busy' },
  { url: 'https://granted.example/live-2.png', kind: 'live' },
  { url: 'https://granted.example/gone-2.png', kind: 'gone' },
  { url: 'https://granted.example/signed.png?X-Amz-Signature=1', kind: 'no-head' },
];
const GRANTED = 'https://granted.example';

type Change = 'kill' | 'delete-all' | 'key' | 'service' | 'unmount' | 'full' | 'clock';

const plan = fc.record({
  /** Pages of ads; each ad's creatives by index, and how many of them (from the first) the vault keeps. */
  pages: fc.array(
    fc.array(
      fc.record({
        urls: fc.uniqueArray(fc.integer({ min: 0, max: URLS.length - 1 }), { minLength: 1, maxLength: 3 }),
        kept: fc.integer({ min: 0, max: 3 }),
      }),
      { minLength: 1, maxLength: 2 },
    ),
    { minLength: 1, maxLength: 3 },
  ),
  /** What another service answers for the board: no such board, or one of that id with nothing on it. */
  otherBoard: fc.constantFrom('unknown' as const, 'empty' as const),
  /** Each change, made before the answer to the check's request of that number (0 is its first). */
  changes: fc.array(
    fc.record({
      at: fc.integer({ min: 1, max: 10 }),
      change: fc.constantFrom<Change>('kill', 'delete-all', 'key', 'service', 'unmount', 'full', 'clock'),
      shift: fc.integer({ min: -30, max: 30 }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
});

const say = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

describe('Check links faults: whole or not at all, each link counted once, nothing written', () => {
  it('holds over random boards and interleavings of a stopped worker, Delete all, a new key or service, a closed panel, full storage and a moved clock', async () => {
    await fc.assert(
      fc.asyncProperty(plan, async ({ pages, otherBoard, changes }) => {
        await closeVault();
        globalThis.indexedDB = new IDBFactory();
        fakeBrowser.reset();
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(TEST_NOW);
        const host = document.createElement('div');
        const root = createRoot(host);
        try {
          const board = pages.map((page, p) =>
            page.map((ad, a) => ({ id: `ad-${p}-${a}`, urls: ad.urls.map((i) => URLS[i]?.url ?? ''), kept: ad.kept })),
          );
          const world = linkWorld(
            board.map((page) => page.map((ad) => linkAd(ad.id, ad.urls))),
            Object.fromEntries(URLS.map((item) => [item.url, item.kind])),
          );
          world.otherBoard = otherBoard;
          const keptAtStart = new Set<string>();
          for (const ad of board.flat()) {
            const kept = ad.urls.slice(0, ad.kept);
            if (kept.length > 0) await keepInVault(BOARD.id, ad.id, kept);
            for (const url of kept) keptAtStart.add(url);
          }

          // Every write the vault or the extension's storage could take is counted; once full, it throws.
          let full = false;
          let writes = 0;
          const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          for (const name of ['put', 'add', 'delete', 'clear'] as const) {
            const original = IDBObjectStore.prototype[name] as (...args: unknown[]) => unknown;
            vi.spyOn(IDBObjectStore.prototype, name).mockImplementation(function (
              this: IDBObjectStore,
              ...args: unknown[]
            ) {
              writes += 1;
              if (full) throw quota();
              return original.apply(this, args) as never;
            });
          }
          for (const area of [fakeBrowser.storage.local, fakeBrowser.storage.sync, fakeBrowser.storage.session])
            for (const name of ['set', 'remove', 'clear'] as const)
              vi.spyOn(area, name).mockImplementation(async () => {
                writes += 1;
                if (full) throw quota();
              });

          const hook = mountBoardVault(root);
          let step = 0;
          let unmountedAt: { fetches: number; during: 'reading' | 'checking' } | null = null;
          /** Changes made while the board was read (before any fetch), and while its links were asked. */
          const made = { reading: new Set<Change>(), checking: new Set<Change>() };
          /** Runs the changes due before the answer to request `step`; true when the worker holding it was stopped. */
          const change = async (phase: 'reading' | 'checking'): Promise<boolean> => {
            const at = step;
            step += 1;
            let killed = false;
            for (const { change, shift } of changes.filter((item) => item.at === at)) {
              made[phase].add(change);
              if (change === 'kill') killed = true;
              else if (change === 'delete-all') {
                await deleteVault();
                world.service = '';
                world.revoked.add(GRANTED);
              } else if (change === 'key') world.key = `key-${at}`;
              else if (change === 'service' && world.service !== '') world.service = OTHER_SERVICE;
              else if (change === 'unmount' && unmountedAt === null) {
                unmountedAt = { fetches: world.fetches.length, during: phase };
                root.unmount();
              } else if (change === 'full') full = true;
              else if (change === 'clock') vi.setSystemTime(TEST_NOW + shift * 86_400_000);
            }
            return killed;
          };
          // The check asks the background only while it reads the board; then only media hosts.
          world.beforeCall = async (message) => {
            if (message.type !== 'request.cancel' && (await change('reading'))) throw new Error(KILLED);
          };
          world.beforeFetch = async () => {
            await change('checking');
          };

          await act(() => hook.current.checkLinks());

          // Nothing written, whatever happened.
          expect(writes).toBe(0);

          const closed = unmountedAt as { fetches: number; during: 'reading' | 'checking' } | null;
          if (closed !== null) {
            // None follows the panel's closing, and the fetch under way then is aborted.
            expect(world.fetches).toHaveLength(closed.fetches);
            if (closed.during === 'checking') expect(world.fetches.at(-1)?.init?.signal?.aborted).toBe(true);
            return;
          }

          const outcome = hook.current.step;
          const urls = [...new Set(board.flat().flatMap((ad) => ad.urls))];
          const brokeTheRead = ['kill', 'service', 'delete-all'].some((name) => made.reading.has(name as Change));
          if (outcome.step === 'failed') {
            expect(world.fetches).toEqual([]);
            const allowed = new Set<string>();
            if (made.reading.has('kill'))
              allowed.add(`Adscope's background did not answer (${KILLED}). Reload the extension.`);
            if (made.reading.has('service')) allowed.add('Board not found.').add(serviceChangedWords());
            if (made.reading.has('delete-all')) allowed.add(NOT_CONNECTED.message).add(serviceChangedWords());
            expect(allowed).toContain(outcome.text);
            return;
          }
          expect(outcome.step).toBe('said');
          if (outcome.step !== 'said') return;
          // Said only of a board read whole, from the service it is on.
          expect(brokeTheRead).toBe(false);
          const pagesRead = world.calls.filter((call) => call.type === 'boards.ads');
          expect(pagesRead.map((call) => call.service)).toEqual(pages.map(() => SERVICE));

          // Each link in the class its host's last answer puts it in; gone ones against what is kept now.
          const deleted = made.checking.has('delete-all');
          let live = 0;
          let goneKept = 0;
          let goneLost = 0;
          const reasons = new Map<string, number>();
          for (const url of urls) {
            const answer = world.fetches.findLast((request) => request.url === url)?.answer;
            if (answer === 200 || answer === 206) live += 1;
            else if (answer === 404) {
              if (keptAtStart.has(url) && !deleted) goneKept += 1;
              else goneLost += 1;
            } else {
              const reason = answer === 503 ? 'HTTP 503' : 'network error or no access to its site';
              expect(answer === 503 || answer === 'network').toBe(true);
              reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
            }
          }
          const unknown = [...reasons.values()].reduce((sum, count) => sum + count, 0);
          expect(live + goneKept + goneLost + unknown).toBe(urls.length);
          const parts = [say(live, 'link still loads', 'links still load')];
          if (goneKept > 0) parts.push(say(goneKept, 'link is gone but kept here', 'links are gone but kept here'));
          if (goneLost > 0) parts.push(say(goneLost, 'link is gone and not kept', 'links are gone and not kept'));
          if (unknown > 0)
            parts.push(
              `${say(unknown, 'link', 'links')} could not be checked (${[...reasons].map(([reason, count]) => `${count} ${reason}`).join(', ')})`,
            );
          expect(outcome.text).toBe(`Links of ${say(urls.length, 'creative', 'creatives')}: ${parts.join(', ')}.`);
        } finally {
          act(() => root.unmount());
          vi.restoreAllMocks();
          vi.useRealTimers();
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 60_000);
});
