// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportFileName } from '@/components/boards/export';
import { allBoardAds } from '@/components/boards/use-board-export';
import { formatDay } from '@/components/ui/format';
import { userToday } from '@/components/report/figures';
import { type ReportSource, useReportFlow } from '@/components/report/use-report-flow';
import type { Clock } from '@/lib/clock';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { testAd } from '../../support/ads';
import { manualClock, TEST_DAY, TEST_NOW } from '../../support/clock';
import {
  connectTo,
  DEAD_WORKER,
  freshBrowser,
  keepCopies,
  pageWorld,
  type PageWorld,
  settle,
  storageNow,
  vaultExists,
} from '../../support/page-jobs';
import { inPage, reactRoot, waitForPage } from '../../support/react-root';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const A = 'https://api.example';
const B = 'https://other.example';
const CDN = 'https://cdn.example';
const ERASED = "Adscope's data in this browser was deleted (Delete all) meanwhile.";
const CHANGED =
  'The connection changed while the ads were read (another key or address was saved in the options), so they may come from two workspaces.';

/** Five ads, read two a page: one creative each that answers, and one whose link is gone (the vault has it). */
const ADS: LibraryAd[] = Array.from({ length: 5 }, (_, index) =>
  testAd({
    id: `ad-${index + 1}`,
    title: `Ad ${index + 1}`,
    images: [{ url: `${CDN}/ok-${index + 1}.png` }, ...(index === 0 ? [{ url: `${CDN}/gone-1.png` }] : [])],
  }),
);

/** The board's report, as Export report on a board builds it. */
const boardSource: ReportSource = {
  title: 'Autumn picks',
  kind: 'Board',
  expected: ADS.length,
  fileName: (now) => exportFileName('Autumn picks', 'html', now),
  loadAds: (signal, onProgress) => allBoardAds('b1', 'saved_newest', onProgress, signal),
};

type Flow = ReturnType<typeof useReportFlow>;
const out: { flow: Flow | null } = { flow: null };

function Probe({ source, clock }: { source: ReportSource; clock: Clock }) {
  out.flow = useReportFlow(source, clock);
  return null;
}

const view = reactRoot();
let world: PageWorld;

const flow = (): Flow => {
  if (!out.flow) throw new Error('the report is not open');
  return out.flow;
};
const phase = () => flow().phase;

/** Waits as a user does: what the page renders meanwhile comes as it would in a browser. */
const until = (check: () => void): Promise<void> => waitForPage(check);

async function open(clock: Clock = manualClock(), source: ReportSource = boardSource): Promise<void> {
  await act(async () => view.root.render(<Probe source={source} clock={clock} />));
}

/** Embed creatives for every ad, from the ask step. */
async function embed(): Promise<void> {
  await until(() => expect(phase().step).toBe('ask'));
  const ask = phase();
  if (ask.step !== 'ask') throw new Error('not asking');
  await act(async () => flow().embed(ask));
}

/** Embeds, with the requests held: the service's address answered, four creatives on their way. */
async function fetching(): Promise<void> {
  await embed();
  await until(() => expect(world.pending.map((entry) => entry.what)).toEqual(['settings.get']));
  await inPage(() => world.answer());
  await until(() => expect(world.pending.filter((entry) => entry.kind === 'media')).toHaveLength(4));
}

async function close(): Promise<void> {
  await act(async () => view.root.unmount());
  out.flow = null;
}

/** Nothing held: every site asked for given back, no port left open, no creative still fetched. */
function nothingHeld(): void {
  expect([...world.granted]).toEqual([]);
  expect(world.openPorts).toBe(0);
  expect([...world.openMedia]).toEqual([]);
}

beforeEach(async () => {
  await freshBrowser();
  out.flow = null;
  await inPage(() => connectTo(A));
  await keepCopies([`${CDN}/gone-1.png`], TEST_NOW);
  world = pageWorld([{ baseUrl: A, boards: { b1: ADS } }]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the report while the world changes under it', () => {
  it('a worker killed while the ads are read: said in words (reload), nothing saved, no site asked for', async () => {
    world.held = true;
    await open();
    await until(() => expect(world.pending).toHaveLength(1));
    await inPage(() => world.answer());
    await until(() => expect(world.pending).toHaveLength(1));
    await inPage(() => world.kill());
    await until(() => expect(phase().step).toBe('failed'));
    expect(phase()).toEqual({
      step: 'failed',
      message: `Adscope's background did not answer (${DEAD_WORKER}). Reload the extension.`,
    });
    expect(world.saved).toEqual([]);
    expect(world.asked).toEqual([]);
    nothingHeld();
  });

  it('a worker killed while the creatives are fetched: the page fetches on, and gives its sites back', async () => {
    await open();
    world.held = true;
    await fetching();
    await inPage(() => world.kill());
    // The page named its sites again to the new worker.
    expect(world.openPorts).toBe(1);
    await inPage(() => world.drain());
    await until(() => expect(phase().step).toBe('ready'));
    expect(phase()).toMatchObject({ ads: 5, embedded: 6, missing: 0 });
    nothingHeld();
    expect(world.removed).toContainEqual([`${CDN}/*`]);
  });

  it('Delete all while the ads are read: stops, says the data was deleted, writes nothing afterwards', async () => {
    world.held = true;
    await open();
    await until(() => expect(world.pending).toHaveLength(1));
    await inPage(() => world.answer());
    await until(() => expect(world.pending).toHaveLength(1));
    await inPage(() => world.erase());
    const writes = world.writes.length;
    const idbWrites = world.idbWrites.length;
    await inPage(() => world.drain());
    await until(() => expect(phase().step).toBe('failed'));
    expect(phase()).toEqual({ step: 'failed', message: ERASED });
    await inPage(() => settle(10));
    expect(world.saved).toEqual([]);
    expect(world.writes.slice(writes)).toEqual([]);
    expect(world.idbWrites.slice(idbWrites)).toEqual([]);
    expect(await storageNow()).toEqual({ local: {}, session: {}, sync: {} });
    expect(await vaultExists()).toBe(false);
    nothingHeld();
  });

  it('Delete all while the creatives are fetched: stops, says so, gives the sites back, writes nothing afterwards', async () => {
    await open();
    world.held = true;
    await fetching();
    await inPage(() => world.answer(0, 'media'));
    await inPage(() => settle());
    await inPage(() => world.erase());
    const writes = world.writes.length;
    const idbWrites = world.idbWrites.length;
    await inPage(() => world.drain());
    await until(() => expect(phase().step).toBe('failed'));
    expect(phase()).toEqual({ step: 'failed', message: ERASED });
    await inPage(() => settle(10));
    expect(world.saved).toEqual([]);
    expect(world.writes.slice(writes)).toEqual([]);
    expect(world.idbWrites.slice(idbWrites)).toEqual([]);
    expect(await vaultExists()).toBe(false);
    nothingHeld();
  });

  it('Delete all once the report is built, before it is saved: it is no longer offered', async () => {
    await open();
    await embed();
    await until(() => expect(phase().step).toBe('ready'));
    await inPage(() => world.erase());
    await until(() => expect(phase()).toEqual({ step: 'failed', message: ERASED }));
    expect(world.saved).toEqual([]);
    nothingHeld();
  });

  it('Delete all once the report is saved: it stays said as saved, as it was', async () => {
    await open();
    await embed();
    await until(() => expect(phase().step).toBe('ready'));
    const ready = phase();
    if (ready.step !== 'ready') throw new Error('not ready');
    act(() => flow().save(ready));
    await inPage(() => world.erase());
    await inPage(() => settle(10));
    expect(phase()).toMatchObject({ step: 'ready', saved: `adscope-autumn-picks-${TEST_DAY}.html` });
    expect(world.saved).toHaveLength(1);
  });

  it('the key changed mid-read: the pages after it go with the new key, and the report is not built as if whole', async () => {
    world.held = true;
    await open();
    await until(() => expect(world.pending).toHaveLength(1));
    await inPage(() => world.answer());
    await until(() => expect(world.pending).toHaveLength(1));
    await inPage(() => connectTo(A, 'n'.repeat(24)));
    await inPage(() => world.drain());
    await until(() => expect(phase().step).toBe('failed'));
    expect(phase()).toEqual({ step: 'failed', message: CHANGED });
    expect(world.requests.filter((request) => request.type === 'boards.ads').map((request) => request.key)).toEqual([
      'kkkk',
      'kkkk',
      'nnnn',
    ]);
    expect(world.saved).toEqual([]);
    expect(world.asked).toEqual([]);
  });

  it('the key changed while a board kept in this browser is read: its ads are all this browser’s, and the report goes on', async () => {
    const here = 'local:5b0c1f52-8a59-4d2c-9a4e-2f1d7e0b9c11';
    world.services.splice(0, 1, { baseUrl: A, boards: { [here]: ADS } });
    world.held = true;
    await open(manualClock(), {
      ...boardSource,
      readHere: true,
      loadAds: (signal, onProgress) => allBoardAds(here, 'saved_newest', onProgress, signal),
    });
    await until(() => expect(world.pending).toHaveLength(1));
    await inPage(() => world.answer());
    await until(() => expect(world.pending).toHaveLength(1));
    await inPage(() => connectTo(A, 'n'.repeat(24)));
    await inPage(() => world.drain());
    await until(() => expect(phase().step).toBe('ask'));
    const ask = phase();
    expect(ask.step === 'ask' ? ask.ads.map((ad) => ad.id) : []).toEqual(ADS.map((ad) => ad.id));
  });

  it('the service changed mid-read to one that does not know the board: fails in its words (40401)', async () => {
    world.held = true;
    await open();
    await until(() => expect(world.pending).toHaveLength(1));
    await inPage(() => world.answer());
    await until(() => expect(world.pending).toHaveLength(1));
    await inPage(() => connectTo(B));
    await inPage(() => world.drain());
    await until(() => expect(phase().step).toBe('failed'));
    expect(phase()).toEqual({ step: 'failed', message: 'No board b1 in this workspace.' });
    expect(world.requests.filter((request) => request.type === 'boards.ads').map((r) => r.service)).toEqual([A, A, B]);
    expect(world.saved).toEqual([]);
  });

  it('the service changed mid-read to one with a board of that id: never half a board as if whole', async () => {
    world.services.push({ baseUrl: B, boards: { b1: ADS.slice(0, 3) } });
    world.held = true;
    await open();
    await until(() => expect(world.pending).toHaveLength(1));
    await inPage(() => world.answer());
    await until(() => expect(world.pending).toHaveLength(1));
    await inPage(() => connectTo(B));
    await inPage(() => world.drain());
    await until(() => expect(phase().step).toBe('failed'));
    // B's board ends after its third ad: read on, the pages would make four ads, said as the board.
    expect(phase()).toEqual({ step: 'failed', message: CHANGED });
    expect(world.saved).toEqual([]);
  });

  it('the panel closed mid-read: the request is cancelled, nothing is saved, nothing is held', async () => {
    world.held = true;
    await open();
    await until(() => expect(world.pending).toHaveLength(1));
    await close();
    expect(world.cancels).toHaveLength(1);
    await inPage(() => world.drain());
    await inPage(() => settle(10));
    expect(world.requests.filter((request) => request.type === 'boards.ads')).toHaveLength(1);
    expect(world.saved).toEqual([]);
    nothingHeld();
  });

  it('the panel closed while creatives are fetched: each fetch stops, nothing is saved, the sites are given back', async () => {
    await open();
    world.held = true;
    await fetching();
    expect(world.granted).toEqual(new Set([`${CDN}/*`]));
    await close();
    await inPage(() => settle(10));
    expect(world.saved).toEqual([]);
    expect(world.pending).toEqual([]);
    expect(world.removed).toContainEqual([`${CDN}/*`]);
    nothingHeld();
  });

  it('the dialog closed while the service’s address is asked, and the background never answers: the sites are given back now', async () => {
    await open();
    world.held = true;
    await embed();
    await until(() => expect(world.pending.map((entry) => entry.what)).toEqual(['settings.get']));
    expect(world.granted).toEqual(new Set([`${CDN}/*`]));
    await close();
    await inPage(() => settle(10));
    // Never answered: nothing waits on it.
    expect(world.cancels).toHaveLength(1);
    expect(world.fetched).toEqual([]);
    expect(world.saved).toEqual([]);
    nothingHeld();
  });

  it('a double click on Embed creatives asks once and fetches each creative once', async () => {
    await open();
    await until(() => expect(phase().step).toBe('ask'));
    const ask = phase();
    if (ask.step !== 'ask') throw new Error('not asking');
    await act(async () => {
      flow().embed(ask);
      flow().embed(ask);
      flow().buildWithout(ask.ads);
    });
    await until(() => expect(phase().step).toBe('ready'));
    await inPage(() => settle(10));
    expect(world.asked).toEqual([[`${CDN}/*`]]);
    expect(world.fetched).toHaveLength(6);
    expect(new Set(world.fetched).size).toBe(6);
    expect(phase()).toMatchObject({ step: 'ready', embedded: 6 });
    nothingHeld();
  });

  it('storage full: the report is built and saved all the same, and nothing is written to extension storage or IndexedDB', async () => {
    const before = await storageNow();
    const databases = await indexedDB.databases();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    world.full = true;
    await open();
    await embed();
    await until(() => expect(phase().step).toBe('ready'));
    const ready = phase();
    if (ready.step !== 'ready') throw new Error('not ready');
    // The link that is gone came from the vault's copy: every creative is in the file.
    expect(ready).toMatchObject({ ads: 5, embedded: 6, missing: 0 });
    act(() => flow().save(ready));
    await close();
    await inPage(() => settle(10));
    expect(world.saved.map((file) => file.name)).toEqual([`adscope-autumn-picks-${TEST_DAY}.html`]);
    expect(await storageNow()).toEqual(before);
    // Only the background tried to record the sites held (and could not); the page wrote nothing.
    expect(new Set(world.writes)).toEqual(new Set(['local.set:heldGrants', 'local.remove:heldGrants']));
    expect(world.idbWrites).toEqual([]);
    expect(await indexedDB.databases()).toEqual(databases);
    expect(warn).toHaveBeenCalledWith('Adscope could not record the site access held:', 'QUOTA_BYTES quota exceeded');
    nothingHeld();
  });

  it('the clock moved back and forth during the job: the report’s day and its file name are the instant it began', async () => {
    const clock = manualClock(TEST_NOW);
    world.held = true;
    await open(clock);
    await until(() => expect(world.pending).toHaveLength(1));
    clock.advance(3 * 86_400_000);
    await inPage(() => world.drain());
    await until(() => expect(phase().step).toBe('ask'));
    clock.set(TEST_NOW - 400 * 86_400_000);
    await embed();
    await inPage(() => world.drain());
    await until(() => expect(phase().step).toBe('ready'));
    clock.advance(40 * 86_400_000);
    const ready = phase();
    if (ready.step !== 'ready') throw new Error('not ready');
    act(() => flow().save(ready));
    const [file] = world.saved;
    expect(file?.name).toBe(`adscope-autumn-picks-${TEST_DAY}.html`);
    const doc = new DOMParser().parseFromString(await (file?.content.text() ?? ''), 'text/html');
    // Made on the day it began where the user is (the report's day, as its days running count).
    expect(doc.querySelector('header p')?.textContent).toBe(`Board · made ${formatDay(userToday(TEST_NOW))} · 5 ads`);
  });
});
