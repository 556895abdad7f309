import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { HELD_GRANTS_KEY, watchReportGrants } from '../../../lib/background/report-grants';
import { grantPatterns, holdReportGrants, REPORT_GRANTS_PORT } from '../../../lib/messaging/report-grants';
import { closeVault, deleteVault, keptAdKey, vaultDb } from '../../../lib/vault/db';
import { portPair } from '../../support/ports';

beforeEach(() => fakeBrowser.reset());

type Port = Browser.runtime.Port;
type Listener<T extends unknown[]> = (...args: T) => void;

const EXTENSION = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

function background() {
  const removed: string[][] = [];
  const connects: Listener<[Port]>[] = [];
  const grants = watchReportGrants({
    onConnect: { addListener: (listener) => connects.push(listener) },
    removeOrigins: async (origins) => void removed.push(origins),
    extensionOrigin: `${EXTENSION}/`,
  });
  return { removed, grants, connect: (port: Port) => connects.forEach((listener) => listener(port)) };
}

/** A page of the extension holding `origins` through `worker`, on a port of its own. */
function holdThrough(worker: ReturnType<typeof background>, origins: string[], board?: string) {
  const pair = portPair(REPORT_GRANTS_PORT, `${EXTENSION}/sidepanel.html`);
  const hold = holdReportGrants(
    origins,
    () => {
      worker.connect(pair.background);
      return pair.page;
    },
    undefined,
    board,
  );
  return { pair, hold };
}

const record = async () =>
  (await fakeBrowser.storage.local.get(HELD_GRANTS_KEY))[HELD_GRANTS_KEY] as
    Record<string, { origins: string[] }> | undefined;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const sites = (count: number) =>
  Array.from({ length: count }, (_, index) => `https://cdn${String(index).padStart(4, '0')}.example/*`);

describe('site access held for a report', () => {
  it('is given back when the panel closes mid-fetch', () => {
    const worker = background();
    const pair = portPair(REPORT_GRANTS_PORT, `${EXTENSION}/sidepanel.html`);
    holdReportGrants(['https://cdn.example/*'], () => {
      worker.connect(pair.background);
      return pair.page;
    });
    expect(worker.removed).toEqual([]);
    // The panel's page goes away: its end of the port closes with it.
    pair.page.disconnect();
    expect(worker.removed).toEqual([['https://cdn.example/*']]);
  });

  it('is named again when the worker stops while the report fetches', () => {
    let worker = background();
    const pairs: ReturnType<typeof portPair>[] = [];
    const hold = holdReportGrants(['https://cdn.example/*'], () => {
      const pair = portPair(REPORT_GRANTS_PORT, `${EXTENSION}/sidepanel.html`);
      pairs.push(pair);
      worker.connect(pair.background);
      return pair.page;
    });
    // A new worker: the page's port to the old one closes, and the page opens one to the new.
    worker = background();
    pairs[0]?.closeFromBackground();
    expect(pairs).toHaveLength(2);
    hold.release();
    expect(worker.removed).toEqual([['https://cdn.example/*']]);
  });

  it('is never removed on the word of a web page or a content script', () => {
    const worker = background();
    const pair = portPair(REPORT_GRANTS_PORT, 'https://shop.example/product');
    worker.connect(pair.background);
    pair.page.postMessage({ origins: ['https://cdn.example/*'] });
    pair.page.disconnect();
    expect(worker.removed).toEqual([]);
  });

  it('holds nothing when nothing was asked for', () => {
    let connected = 0;
    holdReportGrants([], () => {
      connected += 1;
      return portPair(REPORT_GRANTS_PORT, EXTENSION).page;
    }).release();
    expect(connected).toBe(0);
  });

  it('is recorded while held, and a browser restarted mid-fetch gives it back at start-up', async () => {
    const before = background();
    const { hold } = holdThrough(before, ['https://cdn.example/*', 'http://127.0.0.1/*']);
    await settle();
    expect(await record()).toEqual({ [hold.job]: { origins: ['https://cdn.example/*', 'http://127.0.0.1/*'] } });
    // The browser quits mid-fetch: no port closes, no worker hears of it. The next start reconciles.
    const after = background();
    await after.grants.reconcile();
    expect(after.removed).toEqual([['https://cdn.example/*', 'http://127.0.0.1/*']]);
    expect(await record()).toBeUndefined();
  });

  it('is kept at start-up while a page names it again, and given back when that page lets go', async () => {
    const worker = background();
    const { hold } = holdThrough(worker, ['https://cdn.example/*']);
    await settle();
    await worker.grants.reconcile();
    expect(worker.removed).toEqual([]);
    hold.release();
    await settle();
    expect(worker.removed).toEqual([['https://cdn.example/*']]);
    expect(await record()).toBeUndefined();
  });

  it('takes a board on 500 sites, and one on 2,000, and gives every site back', async () => {
    for (const count of [500, 2_000]) {
      const worker = background();
      const origins = sites(count);
      const { hold } = holdThrough(worker, origins);
      await settle();
      expect((await record())?.[hold.job]?.origins).toHaveLength(count);
      hold.release();
      await settle();
      expect(worker.removed.flat()).toEqual(origins);
      expect(await record()).toBeUndefined();
    }
  });

  it('gives back only what no other job holds', async () => {
    const worker = background();
    const report = holdThrough(worker, ['https://a.example/*', 'https://b.example/*']);
    const board = holdThrough(worker, ['https://b.example/*']);
    report.hold.release();
    await settle();
    expect(worker.removed).toEqual([['https://a.example/*']]);
    board.hold.release();
    await settle();
    expect(worker.removed).toEqual([['https://a.example/*'], ['https://b.example/*']]);
  });
});

describe('the patterns site access is asked with', () => {
  it('carry no port, so Firefox takes a creative on a non-default port', () => {
    expect(
      grantPatterns([
        'http://127.0.0.1:8787/*',
        'https://cdn.example/*',
        'https://cdn.example:8443/*',
        'https://[::1]:9000/*',
        'ftp://files.example/*',
      ]),
    ).toEqual(['http://127.0.0.1/*', 'https://[::1]/*', 'https://cdn.example/*']);
  });
});

describe("site access held to keep a board's creatives", () => {
  // "Keep this board's creatives" names the board with the access it asked for: the keeper, in
  // the background, goes on after the panel closes, and needs the access until it has kept them.
  const CDN = 'https://cdn.example/*';
  afterEach(async () => {
    await closeVault();
    await deleteVault();
  });
  /** The keeper's job for an ad of the board, waiting; returns how to drop it. */
  async function jobOf(boardId: string, adId: string) {
    const db = await vaultDb();
    const id = keptAdKey(boardId, adId);
    await db.put('jobs', {
      id,
      boardId,
      boardName: 'Tents',
      adId,
      urls: ['https://cdn.example/1.png'],
      createdAt: 1,
      skipped: [],
    });
    return () => db.delete('jobs', id);
  }
  /** The keeper says what it does (each of its words is a write of its state). */
  const keeperSays = (serial: number) =>
    fakeBrowser.storage.local.set({ vaultState: { stopped: null, message: null, board: null, at: 0, serial } });
  const settled = async () => {
    for (let i = 0; i < 10; i += 1) await settle();
  };

  it("is held after the panel closes while the keeper has the board's jobs, and given back when it has none", async () => {
    const worker = background();
    const done = await jobOf('b1', 'ad-1');
    await jobOf('b2', 'ad-1');
    const { pair, hold } = holdThrough(worker, [CDN], 'b1');
    pair.page.disconnect();
    await settled();
    expect(worker.removed).toEqual([]);
    expect(await record()).toEqual({ [hold.job]: { origins: [CDN], board: 'b1' } });
    // Another board's jobs (b2) hold nothing: once b1's are done, the access goes back.
    await keeperSays(1);
    await settled();
    expect(worker.removed).toEqual([]);
    await done();
    await keeperSays(2);
    await vi.waitFor(() => expect(worker.removed).toEqual([[CDN]]));
    await vi.waitFor(async () => expect(await record()).toBeUndefined());
  });

  it('is given back at once when the page lets go, or the keeper stops, whatever jobs it still has', async () => {
    const worker = background();
    await jobOf('b1', 'ad-1');
    // The page judged the keeping over (what it asked was tried): it lets go.
    holdThrough(worker, [CDN], 'b1').hold.release();
    await vi.waitFor(() => expect(worker.removed).toEqual([[CDN]]));
    // The panel closed, then the keeper stopped for room: the job waits, the access goes back.
    holdThrough(worker, [CDN], 'b1').pair.page.disconnect();
    await settled();
    expect(worker.removed).toHaveLength(1);
    await fakeBrowser.storage.local.set({
      vaultState: { stopped: 'full', message: 'full', board: null, at: 0, serial: 1 },
    });
    await vi.waitFor(() => expect(worker.removed).toEqual([[CDN], [CDN]]));
    await vi.waitFor(async () => expect(await record()).toBeUndefined());
  });

  it('is given back at once when the keeper has no job of the board left', async () => {
    const worker = background();
    const { pair } = holdThrough(worker, [CDN], 'b1');
    pair.page.disconnect();
    await vi.waitFor(() => expect(worker.removed).toEqual([[CDN]]));
  });

  it("is held by a new worker while the board's jobs remain, and given back at start-up when none is left", async () => {
    const done = await jobOf('b1', 'ad-1');
    holdThrough(background(), [CDN], 'b1');
    await settled();
    // The browser quits with the keeping under way: the next start finds the board's job.
    const after = background();
    await after.grants.reconcile();
    expect(after.removed).toEqual([]);
    await done();
    await keeperSays(1);
    await vi.waitFor(() => expect(after.removed).toEqual([[CDN]]));
    // And a start with none of its jobs left gives it back then.
    const other = background();
    holdThrough(other, [CDN], 'b1');
    await settled();
    const last = background();
    await last.grants.reconcile();
    await vi.waitFor(() => expect(last.removed).toEqual([[CDN]]));
  });

  it('is never given back after Delete all, which gives back every grant itself', async () => {
    const worker = background();
    const done = await jobOf('b1', 'ad-1');
    const { pair } = holdThrough(worker, [CDN], 'b1');
    pair.page.disconnect();
    await settled();
    await worker.grants.stop();
    // The user grants the site again afterwards: the keeping held before Delete all takes nothing back.
    await done();
    await keeperSays(1);
    await settled();
    expect(worker.removed).toEqual([]);
  });
});
