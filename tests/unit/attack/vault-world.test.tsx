// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useBoardExport } from '../../../components/boards/use-board-export';
import * as download from '../../../components/ui/download';
import { keptFile, vaultSize } from '../../../lib/vault/db';
import { TEST_NOW } from '../../support/clock';
import { BOARD, boardAd, KEY, keepWorld, type KeepWorld, SERVICE } from '../../support/keep-world';

/**
 * Attack: the vault while the world changes under a running "Keep this board's creatives":
 * other boards' work in the same queue, the browser's storage filling up half-way through an
 * ad, a write the browser refuses for room, a board renamed between two keeps, and an ad saved
 * to a board while its export reads it.
 */

const FULL =
  "The browser's storage for Adscope is nearly full, so the vault stopped keeping creatives. Free a board in Options to make room; nothing was removed.";
const OTHER = { id: 'b0', name: 'Shoes' };

let world: KeepWorld;

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
});

afterEach(async () => {
  await world.dispose();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A world connected to the service, whose board `BOARD` holds `ads`; the board's view open. */
async function open(ads: ReturnType<typeof boardAd>[], board = BOARD) {
  world = keepWorld();
  await world.connect();
  world.service.board(SERVICE, KEY, board.id, ads);
  await world.settle();
  await world.mount(board);
}

describe('Keep this board: the progress while other boards share the queue', () => {
  it('never says more ads waiting than the board asked to keep, when saves to another board rest in the queue', async () => {
    // The user saved three ads to "Shoes" while its image host was down (HTTP 503): each
    // confirmed save became a job (VaultKeeper.confirming -> want), and each now rests for a
    // minute or more before it is tried again. Then they keep "Tents", a board of 2 ads.
    // The panel says "Keeping creatives: 5 ads of 2 waiting…": more ads waiting than were asked.
    // Cause: lib/background/vault/keeper.ts VaultKeeper.pass() says
    // `board: { id, waiting: await db.count('jobs') }`, the count of every board's jobs
    // (resting ones too), and components/boards/use-board-vault.ts describeStep() puts that
    // count beside this board's total.
    const busy = ['https://down.example/1.png', 'https://down.example/2.png', 'https://down.example/3.png'];
    await open([boardAd('ad-1', ['https://cdn.example/1.png']), boardAd('ad-2', ['https://cdn.example/2.png'])]);
    for (const url of busy) world.media.kinds.set(url, 'busy');
    world.media.kinds.set('https://cdn.example/1.png', 'hang');
    world.media.kinds.set('https://cdn.example/2.png', 'hang');
    await world.during(async () => {
      await world.worker.keeper.want(
        busy.map((url, index) => ({ boardId: OTHER.id, boardName: OTHER.name, adId: `s${index}`, urls: [url] })),
      );
      await world.worker.keeper.run();
    });
    await world.settle();
    await world.prepare();
    expect(world.question()).toMatch(/^Keep 2 creatives of 2 ads not kept yet/);
    await world.keep();
    expect(world.step()).toBe('keeping');
    expect(world.line()).toBe('Keeping creatives: 2 ads of 2 waiting…');
  });

  it('does not say "0 ads of 2 waiting" while its ads wait behind another board being kept', async () => {
    // "Shoes" is being kept (its one creative is slow to answer). The user opens "Tents" and
    // keeps its 2 ads: they are queued behind Shoes, all still waiting, yet the panel says
    // "Keeping creatives: 0 ads of 2 waiting…" as if they were done, for as long as Shoes takes.
    // Cause: components/boards/use-board-vault.ts useBoardVault() computes
    // `waiting = vault.board.id === board.id ? vault.board.waiting : 0`: the keeper's state
    // (lib/vault/state.ts) only names the board it works now, so every other board reads 0.
    await open([boardAd('ad-1', ['https://cdn.example/1.png']), boardAd('ad-2', ['https://cdn.example/2.png'])]);
    world.media.kinds.set('https://shoes.example/1.png', 'hang');
    world.media.kinds.set('https://cdn.example/1.png', 'hang');
    world.media.kinds.set('https://cdn.example/2.png', 'hang');
    await world.during(async () => {
      await world.worker.keeper.want([
        { boardId: OTHER.id, boardName: OTHER.name, adId: 's1', urls: ['https://shoes.example/1.png'] },
      ]);
      void world.worker.keeper.run();
    });
    await world.settle();
    expect(world.media.requested).toEqual(['https://shoes.example/1.png']);
    await world.prepare();
    await world.keep();
    expect(world.step()).toBe('keeping');
    expect(world.line()).toBe('Keeping creatives: 2 ads of 2 waiting…');
  });
});

describe('Keep this board: the browser’s storage fills up half-way through an ad', () => {
  it('counts the creatives it did keep of an ad it could not finish when it stops for room', async () => {
    // A carousel ad of two images: the first is kept, then the browser's storage is nearly
    // full and the keeper stops. The first image is in the vault (its bytes are used, and the
    // board's card shows it), but the panel ends with "… Kept 0 creatives of 0 ads." and
    // Options lists no board for those bytes.
    // Cause: lib/background/vault/keeper.ts VaultKeeper.work() returns 'full' before
    // finish(), so the ad's row in the `ads` store is never written; keptSummary() in
    // components/boards/use-board-vault.ts (via askedAds) and vaultSize() in lib/vault/db.ts
    // count kept creatives only from those rows.
    const first = 'https://cdn.example/1.png';
    const second = 'https://cdn.example/2.png';
    await open([boardAd('ad-1', [first, second])]);
    world.media.kinds.set(first, 'ok');
    world.media.kinds.set(second, 'ok');
    world.media.onRequest = (url) => {
      if (url === first) world.room.full = true;
    };
    await world.prepare();
    expect(world.question()).toMatch(/^Keep 2 creatives of 1 ad not kept yet/);
    await world.keep();
    await world.settle();
    expect(await keptFile(first)).not.toBeNull();
    expect(world.line()).toBe(`${FULL} Kept 1 creative of 1 ad.`);
  });

  it('says the storage is full, not the database’s own words, when the browser refuses a write for room', async () => {
    // The storage estimate is only an estimate (and is taken as "room" when it does not
    // answer in 5 s): the browser may still refuse the write of a creative with a
    // QuotaExceededError. The panel then ends with the database's raw English sentence
    // ("The quota has been exceeded.") instead of the vault's own words that say storage is
    // full and to free a board in Options; Options says "failed", not "full".
    // Cause: lib/background/vault/keeper.ts VaultKeeper.keep() does not catch the failed
    // `files` put; VaultKeeper.run() turns any throw into `stopped: 'failed'` with the
    // error's message.
    const url = 'https://cdn.example/1.png';
    await open([boardAd('ad-1', [url])]);
    world.media.kinds.set(url, 'ok');
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['put']>
    ) {
      if (this.name === 'files') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    });
    await world.prepare();
    await world.keep();
    await world.settle();
    expect(world.step()).toBe('said');
    expect(world.line()).toBe(`${FULL} Kept 0 creatives of 0 ads.`);
  });
});

describe('Keep this board: a board renamed between two keeps', () => {
  it('names the board in Options by its name now, not by whichever ad was kept first', async () => {
    // "Tents" is kept; then the board is renamed "Camping" on the service, a new ad is saved
    // to it and the user keeps the board again from its view, which shows "Camping". Options'
    // "Kept creatives by board" still lists it (and offers "Free") as "Tents".
    // Cause: lib/vault/db.ts vaultSize() takes the board's name from the first kept ad row it
    // reads (ordered by ad id), and VaultKeeper.want() in lib/background/vault/keeper.ts
    // leaves the rows of ads kept whole under their old boardName.
    const one = boardAd('ad-1', ['https://cdn.example/1.png']);
    const two = boardAd('ad-2', ['https://cdn.example/2.png']);
    await open([one]);
    world.media.kinds.set('https://cdn.example/1.png', 'ok');
    world.media.kinds.set('https://cdn.example/2.png', 'ok');
    await world.prepare();
    await world.keep();
    await world.settle();
    expect(world.line()).toBe('Kept 1 creative of 1 ad.');
    await world.unmount();

    const renamed = { id: BOARD.id, name: 'Camping' };
    world.service.board(SERVICE, KEY, BOARD.id, [two, one]);
    await world.mount(renamed);
    await world.prepare();
    expect(world.question()).toMatch(/^Keep 1 creative of 1 ad not kept yet/);
    await world.keep();
    await world.settle();
    expect(world.line()).toBe('Kept 1 creative of 1 ad.');
    const size = await vaultSize();
    expect(size.boards.map((board) => [board.boardName, board.ads])).toEqual([['Camping', 2]]);
  });
});

/** The board view's exports in a component of their own, as the board view uses them. */
function ExportProbe({ seen }: { seen: (exports: ReturnType<typeof useBoardExport>) => void }) {
  seen(useBoardExport({ id: BOARD.id, name: BOARD.name, count: 3 }, 'saved_newest'));
  return null;
}

describe('Export CSV: an ad saved to the board while the export reads it', () => {
  it('writes each ad of the board once, when a next page repeats an ad of the page before', async () => {
    // The user exports "Tents" (newest saved first) and, while its pages are read, an ad is
    // saved to the board (in another tab, or by a colleague). The service's next page starts
    // one ad later than it would have, so it repeats the last ad of the page before: the CSV
    // holds that ad twice and says "Exported 4 ads as CSV." for 3 ads. The product knows a
    // next page may repeat an ad (components/ui/unique.ts uniqueById, used for brands and a
    // brand's ads) but the board's reader does not.
    // Cause: components/boards/use-board-export.ts allBoardAds() appends every page's items
    // as they come, never once per id; useBoardExport().exportAs() writes them all (and
    // "Keep this board", Check links, the report and the zip read the board the same way).
    const ads = [
      boardAd('ad-1', ['https://cdn.example/1.png']),
      boardAd('ad-2', ['https://cdn.example/2.png']),
      boardAd('ad-3', ['https://cdn.example/3.png']),
    ];
    world = keepWorld();
    await world.connect();
    world.service.board(SERVICE, KEY, BOARD.id, ads);
    world.service.beforeAnswer = (_page, index) => {
      // Saved after the first page was read: newest first, it goes on top, and the rest move down one.
      if (index === 1) world.service.board(SERVICE, KEY, BOARD.id, [boardAd('ad-0', []), ...ads]);
    };
    await world.settle();
    const files: string[] = [];
    vi.spyOn(download, 'downloadCsv').mockImplementation((_name, csv) => void files.push(csv));
    let exports: ReturnType<typeof useBoardExport> | null = null;
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <ExportProbe seen={(seen) => (exports = seen)} />
        </QueryClientProvider>,
      ),
    );
    const started = exports as ReturnType<typeof useBoardExport> | null;
    await act(async () => void started?.exportAs('csv'));
    await world.settle();
    const ids = (files[0] ?? '')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    await act(async () => root.unmount());
    host.remove();
    expect(files).toHaveLength(1);
    expect(ids).toEqual(['ad-1', 'ad-2', 'ad-3']);
  });
});
