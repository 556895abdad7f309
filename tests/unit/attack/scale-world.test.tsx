// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { BoardTree } from '@/components/boards/board-tree';
import { allBoardAds } from '@/components/boards/use-board-export';
import { createApi } from '@/lib/background/api';
import { boardsApi } from '@/lib/background/api/boards';
import { createTransport, type RequestOptions, type Transport } from '@/lib/background/api/transport';
import { createBoards } from '@/lib/background/boards';
import { SaveOutbox } from '@/lib/background/jobs/save-outbox';
import { createRouter, type Handlers } from '@/lib/background/router';
import { adSnapshot } from '@/lib/contract/ad-snapshot';
import { type BoardNode, boardTreeSchema } from '@/lib/contract/boards';
import type { ApiPath } from '@/lib/contract/path';
import { requests } from '@/lib/messaging/protocol';
import { closeVault, deleteVault } from '@/lib/vault/db';
import { createLocalBoard, localAdsPage, saveLocal } from '@/lib/vault/local-boards';
import { testAd } from '../../support/ads';
import { answerAsBackground } from '../../support/background-answers';
import { manualClock, TEST_NOW } from '../../support/clock';
import { failure } from '../../support/failure';
import { pageWorld } from '../../support/page-world';

/**
 * Inputs a thousand times larger, or stranger, than usual: a service answer nested 10,000 deep,
 * a body that never declares its length, a board whose pages never end, counts that are not
 * counts, a creative's address of 2 MB, a board named with control characters, a board of
 * thousands of ads copied to the service. Each should end
 * in a clear error with nothing changed, or in bounded work; never a hang, never a wrong value
 * shown.
 */

const SERVICE = 'https://api.example.com';
const KEY = 'k'.repeat(24);

const { cleanups, render } = pageWorld();

/** Starts each test that uses the vault on an empty one, and leaves none behind. */
async function freshVault() {
  await closeVault();
  await deleteVault();
  cleanups.push(async () => {
    await closeVault();
    await deleteVault();
  });
}

const envelopeText = (data: string) => `{"code":0,"message":"ok","data":${data}}`;

/** A transport to SERVICE whose every answer is `answer()`; no retries, so one request is one answer. */
function transportAnswering(answer: () => Response) {
  const fetch: typeof globalThis.fetch = async () => answer();
  return createTransport({
    getConnection: async () => ({ baseUrl: SERVICE, apiKey: KEY }),
    fetch,
    retryLimit: 0,
  });
}

describe('a board tree nested 10,000 deep', () => {
  // The service (or a proxy in front of it) answers GET /boards with a tree nested 10,000
  // boards deep: valid JSON, which JSON.parse reads. Reading it with the contract's schema
  // recurses once per level and overflows the stack, and the transport passes the engine's
  // words on: the Boards tab says "Maximum call stack size exceeded" (code `internal`), a
  // sentence that names no answer and says nothing to do.
  // Fault: lib/contract/boards.ts boardNodeSchema (z.lazy recursion, no depth bound) and
  // lib/background/api/transport.ts dataOf(), which lets a RangeError out of schema.safeParse;
  // toApiError() then keeps its message.
  it('is a malformed answer said in words, not the engine running out of stack', async () => {
    const depth = 10_000;
    const tree = `{"items":[${'{"board_id":"b","name":"Folder","ad_num":1,"children":['.repeat(depth)}${']}'.repeat(depth)}]}`;
    const transport = transportAnswering(
      () => new Response(envelopeText(tree), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const error = await failure(boardsApi(transport).tree());
    expect(error.message).not.toMatch(/call stack/i);
    expect(error.code).toBe('invalid_response');
  });
});

describe('an answer that never says how long it is', () => {
  // The service streams GET /boards with no Content-Length (chunked), and the body goes on: here
  // 32 MiB, four times the 8 MiB the transport takes. The transport reads all of it into one
  // string (response.text()) and only then finds it too large: the worker's memory holds the
  // whole body, however long it is (a body of 1 GB is 1 GB of the worker's heap, a crashed
  // worker long before "too large" is said).
  // Fault: lib/background/api/transport.ts readText() checks Content-Length, then reads
  // `await response.text()` whole and compares its length after.
  it('stops reading once the body passes its 8 MiB bound', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    const chunks = 32;
    let pulled = 0;
    const transport = transportAnswering(() => {
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= chunks) return controller.close();
          pulled += 1;
          controller.enqueue(chunk.slice());
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const error = await failure(boardsApi(transport).tree());
    expect(error.message).toMatch(/too large/);
    // Read up to the bound and a little past it, then stopped: never the whole 32 MiB.
    expect(pulled).toBeLessThanOrEqual(10);
  });
});

describe('a board whose next page never ends', () => {
  // Export CSV of "Tents": the service answers every page of the board's ads with the same
  // ad and the same `cursor` ("next"), as a service with a cursor bug does (or one that
  // ignores the cursor it is given). The export asks for that page again and again: the
  // progress stays at "1 ad read…", and the export, the report, Download board and Keep this
  // board never end. Here the background stops answering after 1,000 requests so the test ends.
  // Fault: components/boards/use-board-export.ts allBoardAds() loops `for (;;)` while the page
  // has a cursor; a cursor it was answered before, or a page that adds no ad, does not stop it.
  it('stops with an error when the same next page comes back, instead of asking forever', async () => {
    const limit = 1_000;
    let pages = 0;
    const asked = answerAsBackground((message) => {
      if (message.type !== 'boards.ads') return {};
      pages += 1;
      if (pages > limit)
        return Promise.resolve({
          ok: false,
          error: { code: 'internal', message: 'the test stopped answering', retryable: false },
        });
      return { items: [testAd({ id: 'ad-1' })], cursor: 'next' };
    });
    const read = allBoardAds('b1', 'saved_newest', () => undefined).then(
      () => 'ended',
      () => 'failed',
    );
    expect(await read).toBe('failed');
    expect(asked.filter((message) => message.type === 'boards.ads').length).toBeLessThanOrEqual(3);
  });
});

describe('board counts that are not counts', () => {
  // The contract: "ad_num: integer, the count of ads in the board". A service answers the tree
  // with ad_num -3, 2.5, 1e308 and -0 (each valid JSON). The tree shows "-3", "2.5", a
  // 309-digit number and "-0" beside the boards, as if they were counts; a count the service did
  // not give is said as nothing, and these are no more a count than a missing one.
  // Fault: lib/contract/tolerant.ts optionalCount() takes any finite number as a count (used by
  // lib/contract/boards.ts for ad_num), and components/boards/board-tree.tsx formats it as it is.
  it('shows no count for a negative, fractional or astronomical ad_num, and 0 for -0', async () => {
    const answer = JSON.parse(
      '{"items":[' +
        '{"board_id":"b1","name":"Negative","ad_num":-3,"children":[]},' +
        '{"board_id":"b2","name":"Half","ad_num":2.5,"children":[]},' +
        '{"board_id":"b3","name":"Huge","ad_num":1e308,"children":[]},' +
        '{"board_id":"b4","name":"Minus zero","ad_num":-0,"children":[]}' +
        ']}',
    ) as unknown;
    const nodes: BoardNode[] = boardTreeSchema.parse(answer).items;
    await render(
      <BoardTree nodes={nodes} expanded={new Set()} filter="" onToggle={() => undefined} onOpen={() => undefined} />,
    );
    const shown = Object.fromEntries(
      [...document.querySelectorAll('[role="treeitem"]')].map((item) => [
        item.querySelector('.board-tree-name')?.textContent,
        item.querySelector('.board-tree-count')?.textContent,
      ]),
    );
    expect(shown).toEqual({ Negative: '', Half: '', Huge: '', 'Minus zero': '0' });
  });
});

describe("a creative's address 2 MB long, saved to a board in this browser", () => {
  // The user saves an ad whose image is at a signed CDN address far longer than usual (3,000
  // characters; or 2 MB, a data-like address a service passed on) to "Ideas", a board kept in
  // this browser. The save keeps the ad's snapshot (components/ads/save-store.ts adSnapshot) and
  // the board shows it from there. The address is cut at 2,048 characters: the card's image now
  // points at another address (a broken image, or another file), and the export and the report
  // carry the cut link. The product's own rule elsewhere (lib/storage/watchlist.ts keptUrl):
  // "A URL is kept whole or not at all: a cut URL leads elsewhere."
  // Fault: lib/contract/ad-snapshot.ts plainFields() cuts every string of a creative to 2,048
  // characters, URLs included.
  it.each([
    ['3,000 characters', 3_000],
    ['2 MB', 2_000_000],
  ])('keeps an image address of %s whole or not at all, never cut', async (_, length) => {
    await freshVault();
    const url = `https://cdn.example/${'a'.repeat(length)}.png`;
    const ad = testAd({ id: 'ad-1', title: 'Trail tent', images: [{ url }] });
    const board = await createLocalBoard({ name: 'Ideas', parentId: null }, 'ideas', TEST_NOW);
    // As the save reaches a board here: save-store.ts sends adSnapshot(ad); boards.ts send() keeps it.
    await saveLocal(board.id, { ...adSnapshot(ad), id: ad.id }, [], TEST_NOW);
    const page = await localAdsPage(board.id, {});
    const images = (page.items[0]?.images ?? []) as { url?: unknown }[];
    const kept = images.map((image) =>
      image.url === url ? 'whole' : typeof image.url === 'string' ? `cut to ${image.url.length} characters` : 'none',
    );
    expect(kept.filter((how) => how.startsWith('cut'))).toEqual([]);
  });
});

describe('a board named with control characters or half a character', () => {
  // New board, named "\u0000\u0007" (invisible control characters, pasted from a terminal) or
  // "Tents \uD83C" (half of the emoji 🏕, a name cut in the middle of a character elsewhere). The
  // worker takes either and makes the board: a board whose name shows as nothing, or ends in a
  // broken glyph, sent to the service as JSON with a lone "\ud83c" escape that many services
  // refuse or turn into U+FFFD. Nothing tells the user the name is not one.
  // Fault: lib/contract/boards.ts boardNameSchema only trims and counts code units; the
  // protocol's 'boards.create' (lib/messaging/protocol.ts) takes it as it is.
  it.each([
    ['only control characters', '\u0000\u0007'],
    ['a lone surrogate', 'Tents \uD83C'],
  ])('refuses a name of %s with a clear error, and makes no board', async (_, name) => {
    const made: unknown[] = [];
    const handlers = Object.fromEntries(
      Object.keys(requests).map((type) => [
        type,
        async (input: unknown) => {
          made.push(input);
          return { board_id: 'new', name, local: true };
        },
      ]),
    ) as unknown as Handlers;
    const route = createRouter(handlers, { extensionId: 'ours', extensionOrigin: 'chrome-extension://ours' });
    const reply = await route(
      { type: 'boards.create', payload: { name, parentId: null, local: true } },
      { id: 'ours', url: 'chrome-extension://ours/sidepanel.html' },
    );
    expect(made).toEqual([]);
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});

describe('Copy to service of a board kept in this browser, a thousand times larger', () => {
  // "Ideas", a board kept in this browser, holds 200 ads (a research board; nothing bounds how
  // many a board here holds). The service now takes writes, and the user clicks Copy to service.
  // Each ad is queued as a save, and each queued save reads, checks and rewrites the whole outbox
  // in storage.local (and every open page reads and checks the whole list again at each write):
  // the work grows with the square of the board. In this test world 250 saves take 1.1 s, 500
  // take 5.6 s and 1,000 take 16 s; a board of 10,000 ads keeps the worker busy for the best part
  // of an hour, and one of 50,000 never finishes. Here 200 ads: the bytes written to the outbox
  // are about a hundred times what it holds at the end.
  // Fault: lib/background/boards.ts copyOnce() awaits deps.enqueueSave() once per ad, and
  // lib/background/jobs/durable-queue.ts update() rewrites the whole stored list for each.
  it('queues the copy with writes in proportion to the board, not to its square', async () => {
    await freshVault();
    const ads = 200;
    const board = await createLocalBoard({ name: 'Ideas', parentId: null }, 'ideas', TEST_NOW);
    for (let i = 0; i < ads; i += 1) {
      const ad = testAd({ id: `ad-${i}`, title: `Ad ${i}`, images: [{ url: `https://cdn.example/${i}/1080.png` }] });
      await saveLocal(board.id, { ...adSnapshot(ad), id: ad.id }, ['hook'], TEST_NOW + i);
    }
    const respond = <T,>(method: string, path: ApiPath, request: RequestOptions<T>): T => {
      if (method === 'GET' && path === '/open/v1/boards') return request.schema.parse({ items: [] });
      if (method === 'POST' && path === '/open/v1/boards')
        return request.schema.parse({ board_id: 'made-1', name: 'Ideas' });
      throw new Error(`not asked in this test: ${method} ${path}`);
    };
    const transport: Transport = {
      get: async (path, request) => respond('GET', path, request),
      post: async (path, request) => respond('POST', path, request),
      delete: async (path, request) => respond('DELETE', path, request),
    };
    const api = createApi(transport);
    let ids = 0;
    const outbox = new SaveOutbox({
      send: async () => undefined,
      schedule: () => undefined,
      now: manualClock(),
      random: () => 1,
      newId: () => `e${++ids}`,
      autoDrain: false,
      workspace: async () => 'ws-a',
    });
    const boards = createBoards({
      api,
      apiFor: () => api,
      service: async () => SERVICE,
      clock: manualClock(),
      newId: () => `id-${++ids}`,
      workspace: async () => 'ws-a',
      enqueueSave: (save) => outbox.enqueue({ op: 'save', ...save }),
    });
    let written = 0;
    const set = browser.storage.local.set.bind(browser.storage.local);
    vi.spyOn(browser.storage.local, 'set').mockImplementation(async (items) => {
      if ('saveOutbox' in items) written += JSON.stringify(items.saveOutbox).length;
      return set(items);
    });

    const answer = await boards.copyToService(board.id);
    expect(answer.queued).toBe(ads);
    const held = JSON.stringify((await browser.storage.local.get('saveOutbox')).saveOutbox).length;
    expect(written).toBeLessThanOrEqual(10 * held);
  });
});
