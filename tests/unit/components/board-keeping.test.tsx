// @vitest-environment happy-dom
import { changedWords } from '../../../components/ui/connection-watch';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { erasedWords } from '../../../components/boards/use-board-vault';
import { keptAd, keptFile, vaultSize } from '../../../lib/vault/db';
import { localAdsPage, localBoardsSize, localBoardTree, localHoldings } from '../../../lib/vault/local-boards';
import { TEST_NOW } from '../../support/clock';
import { countWrites } from '../../support/job-world';
import { waitForPage } from '../../support/react-root';
import { vaultStateItem } from '../../../lib/vault/state';
import {
  BOARD,
  boardAd,
  KEY,
  keepWorld,
  type KeepWorld,
  type KeepWorldOptions,
  PORT_CLOSED,
  SERVICE,
} from '../../support/keep-world';

/**
 * "Keep this board's creatives" from the board's view to the vault and back: the hook, the
 * background's handlers and keeper, the service and the media hosts, with the faults they meet.
 */

const HOUR = 3_600_000;
const SLOW = 'https://cdn.example/slow.png';
const SITE = 'https://cdn.example/*';
const KEEPING = /^Keeping creatives/;
const NEW_KEY = 'n'.repeat(24);
const OTHER_SERVICE = 'https://other.example.com';
const FULL =
  "The browser's storage for Adscope is nearly full, so the vault stopped keeping creatives. Free a board in Options to make room; nothing was removed.";

let world: KeepWorld;

beforeEach(async () => {
  fakeBrowser.reset();
  // The page's clock reads the same instant whatever the machine's date.
  vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
});

afterEach(async () => {
  await world.dispose();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A world connected to the service, whose board `BOARD` holds `ads`, the view open. */
async function open(ads = [boardAd('ad-1', [SLOW])], options: KeepWorldOptions = {}) {
  world = keepWorld(options);
  await world.connect();
  world.service.board(SERVICE, KEY, BOARD.id, ads);
  for (const ad of ads) for (const image of ad.images) if (image.url) world.media.kinds.set(image.url, 'hang');
  await world.settle();
  await world.mount();
}

/** Asks to keep the board, and says yes. */
async function keepBoard() {
  await world.prepare();
  expect(world.question()).toMatch(/^Keep 1 creative of 1 ad not kept yet/);
  await world.keep();
}

const nothingHeld = { granted: [], record: null };

describe('Keep this board: when the keeping is done, whatever the clock says', () => {
  it('ends "Keeping…" and gives the site access back when the clock was set back after the click', async () => {
    await open();
    await keepBoard();
    expect(world.line()).toMatch(KEEPING);
    expect((await world.held()).granted).toEqual([SITE]);
    world.clock.set(TEST_NOW - HOUR);
    vi.setSystemTime(TEST_NOW - HOUR);
    world.media.answerHanging();
    await world.settle();
    expect(world.line()).toBe('Kept 1 creative of 1 ad.');
    expect(await world.held()).toEqual(nothingHeld);
  });

  it("is not ended by the keeper's last word before the click, written while its clock was ahead", async () => {
    world = keepWorld();
    world.clock.set(TEST_NOW + HOUR);
    await world.connect();
    world.service.board(SERVICE, KEY, BOARD.id, [boardAd('ad-1', [SLOW])]);
    world.media.kinds.set(SLOW, 'hang');
    await world.settle();
    // The clock moved back to the page's time: the keeper's last word ("idle") looks newer than the click.
    world.clock.set(TEST_NOW);
    await world.mount();
    await world.prepare();
    const letGo = holdStateWrite((state) => state.board?.id === BOARD.id);
    await world.keep();
    expect(world.line()).toMatch(KEEPING);
    letGo();
    await world.settle();
    expect(world.line()).toMatch(KEEPING);
    expect((await world.held()).granted).toEqual([SITE]);
    world.media.answerHanging();
    await world.settle();
    expect(world.line()).toBe('Kept 1 creative of 1 ad.');
    expect(await world.held()).toEqual(nothingHeld);
  });

  it('keeps an ad asked again whose links did not answer before, when the clock is set back before the keeper gets to it', async () => {
    const LATER = 'https://cdn.example/later.png';
    await open([boardAd('ad-1', [LATER])]);
    world.media.kinds.set(LATER, 'busy');
    await keepBoard();
    expect(world.line()).toBe(
      'Kept 0 creatives of 0 ads. 1 creative could not be fetched: 1 HTTP 503; they are tried again later.',
    );
    // The keeper is busy with another board when the ad is asked for again; then the clock goes back.
    world.media.kinds.set(SLOW, 'hang');
    await world.worker.keeper.want([{ boardId: 'b2', boardName: 'Other', adId: 'ad-9', urls: [SLOW] }]);
    void world.worker.keeper.run();
    await world.settle();
    expect(world.media.hanging).toBe(1);
    world.media.kinds.set(LATER, 'ok');
    await keepBoard();
    expect(world.line()).toMatch(KEEPING);
    world.clock.set(TEST_NOW - HOUR);
    vi.setSystemTime(TEST_NOW - HOUR);
    world.media.answerHanging();
    await world.settle();
    expect(world.line()).toBe('Kept 1 creative of 1 ad.');
    expect(await world.held()).toEqual(nothingHeld);
  });

  it('is not ended by the idle word of a keeper pass that began before the jobs were stored', async () => {
    await open();
    await world.prepare();
    // A pass under way found nothing to do; its "idle" is written only after the click.
    const letGo = holdStateWrite((state) => state.board === null);
    void world.worker.keeper.run();
    await world.settle();
    await world.keep();
    letGo();
    await world.settle();
    expect(world.line()).toMatch(KEEPING);
    expect((await world.held()).granted).toEqual([SITE]);
    world.media.answerHanging();
    await world.settle();
    expect(world.line()).toBe('Kept 1 creative of 1 ad.');
    expect(await world.held()).toEqual(nothingHeld);
  });
});

/** Holds the keeper's next write of its state that `matches` until the returned function lets it go. */
function holdStateWrite(matches: (state: { board: { id: string } | null }) => boolean): () => void {
  let letGo: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
  let holding = true;
  vi.spyOn(browser.storage.local, 'set').mockImplementation(async (items) => {
    const state = (items as { vaultState?: { board: { id: string } | null } }).vaultState;
    if (holding && state && matches(state)) {
      holding = false;
      await held;
    }
    return set(items);
  });
  return () => letGo();
}

describe('Keep this board: a creative that never answers, the worker killed, the view left', () => {
  it('says a creative that never answers as not answering within its time limit, and gives the access back', async () => {
    await open([boardAd('ad-1', [SLOW])], { policy: { fetchTimeoutMs: 500 } });
    await keepBoard();
    expect(world.line()).toMatch(KEEPING);
    await waitForPage(
      async () => {
        await world.settle();
        expect(world.line()).not.toMatch(KEEPING);
      },
      { timeout: 5000, interval: 50 },
    );
    expect(world.line()).toBe(
      'Kept 0 creatives of 0 ads. 1 creative could not be fetched: 1 did not answer in 1 s; they are tried again later.',
    );
    expect(await world.held()).toEqual(nothingHeld);
  });

  it("goes on in the new worker when the keeper's worker is killed mid-fetch, then says what was kept", async () => {
    await open();
    await keepBoard();
    expect(world.media.hanging).toBe(1);
    world.kill();
    await world.settle();
    // The killed worker's fetch never returns; the new one asks for the creative again.
    expect(world.line()).toMatch(KEEPING);
    expect(world.media.requested.filter((url) => url === SLOW).length).toBeGreaterThanOrEqual(2);
    expect((await world.held()).granted).toEqual([SITE]);
    world.media.answerHanging();
    await world.settle();
    expect(world.line()).toBe('Kept 1 creative of 1 ad.');
    expect(await world.held()).toEqual(nothingHeld);
  });

  it('gives the access back once kept when the view is left while keeping', async () => {
    await open();
    await keepBoard();
    await world.unmount();
    expect((await world.held()).granted).toEqual([SITE]);
    world.media.answerHanging();
    await world.settle();
    expect(await world.keptOf(['ad-1'])).toBe(1);
    expect(await world.held()).toEqual(nothingHeld);
  });

  it('gives the access back once kept when the view is left while the browser asks for it', async () => {
    await open();
    await world.prepare();
    const answer = world.holdPrompt();
    await world.keep();
    await world.unmount();
    answer();
    await world.settle();
    expect((await world.held()).granted).toEqual([SITE]);
    world.media.answerHanging();
    await world.settle();
    expect(await world.keptOf(['ad-1'])).toBe(1);
    expect(await world.held()).toEqual(nothingHeld);
  });
});

describe('Keep this board: Delete all while keeping', () => {
  it('says keeping stopped because Adscope’s data was deleted, gives the access back, and no read brings the vault back', async () => {
    await open();
    await keepBoard();
    expect(world.line()).toMatch(KEEPING);
    expect(await world.vaultExists()).toBe(true);
    const writes = countWrites();
    await world.erase();
    await world.settle();
    expect(world.line()).toBe(erasedWords());
    expect(await world.held()).toEqual(nothingHeld);
    expect(await world.vaultExists()).toBe(false);
    // What a page reads of the vault finds nothing, and creates nothing.
    expect(await keptAd(BOARD.id, 'ad-1')).toBeNull();
    expect(await keptFile(SLOW)).toBeNull();
    expect(await vaultSize()).toEqual({ bytes: 0, files: 0, boards: [], waiting: 0 });
    expect(await localHoldings()).toEqual(new Map());
    expect(await localBoardsSize()).toEqual({ boards: 0, ads: 0 });
    expect(await localBoardTree()).toEqual([]);
    expect(await localAdsPage('local:1', {})).toEqual({ items: [], cursor: null });
    await world.settle();
    expect(await world.vaultExists()).toBe(false);
    expect(writes.writes).toEqual([]);
    expect(world.line()).toBe(erasedWords());
  });
});

describe('Keep this board: the board read while the background changes', () => {
  const three = [
    boardAd('ad-1', ['https://cdn.example/1.png']),
    boardAd('ad-2', ['https://cdn.example/2.png']),
    boardAd('ad-3', ['https://cdn.example/3.png']),
  ];

  it('says the background did not answer and to reload when its worker is killed mid-read, and holds nothing', async () => {
    await open(three);
    world.service.beforeAnswer = (_page, index) => {
      if (index === 1) world.kill();
    };
    await world.prepare();
    expect(world.line()).toBe(`Adscope's background did not answer (${PORT_CLOSED}). Reload the extension.`);
    expect(world.question()).toBeNull();
    expect(world.sent()).toEqual(['boards.ads', 'boards.ads']);
    expect(await world.held()).toEqual(nothingHeld);
  });

  it('reads the pages after a key change with the new key, and keeps no board read across the change as if whole', async () => {
    await open(three);
    world.service.board(SERVICE, NEW_KEY, BOARD.id, three);
    world.service.beforeAnswer = async (_page, index) => {
      if (index === 0) await world.connect(SERVICE, NEW_KEY);
    };
    await world.prepare();
    expect(world.service.seen.map((page) => [page.key, page.cursor])).toEqual([
      [KEY, ''],
      [NEW_KEY, '2'],
    ]);
    // The new key's workspace has a board of that id: its pages and the old ones may be two boards.
    expect(world.line()).toBe(changedWords());
    expect(world.question()).toBeNull();
    expect(await world.held()).toEqual(nothingHeld);
  });

  it('says the words of a new key’s workspace that does not know the board, and keeps nothing of the half read', async () => {
    await open(three);
    world.service.beforeAnswer = async (_page, index) => {
      if (index === 0) await world.connect(SERVICE, NEW_KEY);
    };
    await world.prepare();
    expect(world.line()).toBe('No board b1 in this workspace.');
    expect(world.question()).toBeNull();
    expect(world.sent()).toEqual(['boards.ads', 'boards.ads']);
    expect(await world.keptOf(['ad-1', 'ad-2', 'ad-3'])).toBe(0);
    expect(await world.held()).toEqual(nothingHeld);
  });

  it('reads the pages after a service change from the new service, and says its words for a board it does not know', async () => {
    await open(three);
    world.service.beforeAnswer = async (_page, index) => {
      if (index === 0) await world.connect(OTHER_SERVICE, KEY);
    };
    await world.prepare();
    expect(world.service.seen.map((page) => page.baseUrl)).toEqual([SERVICE, OTHER_SERVICE]);
    expect(world.line()).toBe('No board b1 in this workspace.');
    expect(world.question()).toBeNull();
    expect(world.sent()).toEqual(['boards.ads', 'boards.ads']);
    expect(await world.keptOf(['ad-1', 'ad-2', 'ad-3'])).toBe(0);
    expect(await world.held()).toEqual(nothingHeld);
  });
});

describe('Keep this board: the browser’s storage nearly full', () => {
  it('says the keeper’s words and what was kept when it stops for room, and gives the access back', async () => {
    const ads = [boardAd('ad-1', ['https://cdn.example/1.png']), boardAd('ad-2', ['https://cdn.example/2.png'])];
    await open(ads);
    world.media.kinds.set('https://cdn.example/1.png', 'ok');
    world.media.kinds.set('https://cdn.example/2.png', 'ok');
    // Full once the first creative is in.
    world.media.onRequest = (url) => {
      if (url === 'https://cdn.example/1.png') world.room.full = true;
    };
    await world.prepare();
    expect(world.question()).toMatch(/^Keep 2 creatives of 2 ads not kept yet/);
    await world.keep();
    await world.settle();
    expect(world.line()).toBe(`${FULL} Kept 1 creative of 1 ad.`);
    expect(await world.keptOf(['ad-1', 'ad-2'])).toBe(1);
    expect(await world.held()).toEqual(nothingHeld);
  });

  it('is not ended by a stop for room said before the click, once there is room again', async () => {
    await open();
    const before = await vaultStateItem.get();
    await world.during(() =>
      vaultStateItem.set({ ...before, stopped: 'full', message: FULL, serial: before.serial + 1 }),
    );
    await world.settle();
    await keepBoard();
    expect(world.line()).toMatch(KEEPING);
    expect((await world.held()).granted).toEqual([SITE]);
    world.media.answerHanging();
    await world.settle();
    expect(world.line()).toBe('Kept 1 creative of 1 ad.');
    expect(await world.held()).toEqual(nothingHeld);
  });
});
