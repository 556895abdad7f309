import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type Api, createApi } from '../../../lib/background/api';
import type { RequestOptions, Transport } from '../../../lib/background/api/transport';
import { createBoards, serviceBoardName } from '../../../lib/background/boards';
import { SaveOutbox } from '../../../lib/background/jobs/save-outbox';
import { eraseAllData } from '../../../lib/background/erase';
import type { ApiPath } from '../../../lib/contract/path';
import { ApiError } from '../../../lib/messaging/api-error';
import { factsOf } from '../../../lib/storage/service-facts';
import { closeVault, deleteVault } from '../../../lib/vault/db';
import { localAdsPage, localBoardTree, localBoardsSize, localHoldings } from '../../../lib/vault/local-boards';
import { adSaveState } from '../../../components/ads/saved-state';
import { libraryAdSchema } from '../../../lib/contract/ad-library';
import { MAX_BOARD_NAME } from '../../../lib/contract/boards';
import { manualClock } from '../../support/clock';

const SERVICE = 'https://api.example.com';

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/**
 * A service as the real one behaves where the contract is silent: its board list is readable,
 * and its write endpoints either exist (`writable`) or answer as an unknown route does.
 */
function fakeService(options: {
  writable: boolean;
  boards?: string[];
  unknownRoute?: ApiError;
  /** Writes are answered once this settles (a save on its way). */
  hold?: Promise<void>;
}) {
  const calls: Call[] = [];
  const boards = options.boards ?? ['b1', 'b2'];
  const created: string[] = [];
  const unknown = () =>
    options.unknownRoute ?? new ApiError({ code: 40401, httpStatus: 200, message: 'no matching open API' });
  const respond = <T>(method: string, path: ApiPath, request: RequestOptions<T>): T => {
    calls.push({ method, path, body: request.body });
    const parse = (data: unknown) => request.schema.parse(data);
    if (method === 'GET' && path === '/open/v1/boards') {
      return parse({
        items: [...boards, ...created].map((id) => ({ board_id: id, name: `Board ${id}`, ad_num: 0, children: [] })),
      });
    }
    if (method === 'GET' && path.startsWith('/open/v1/ad-library/')) {
      const id = decodeURIComponent(path.split('/').at(-1) ?? '');
      return parse({ id, title: `Fetched ${id}`, images: [{ url: `https://cdn.example/${id}.jpg` }], videos: [] });
    }
    if (!options.writable) throw unknown();
    if (method === 'POST' && path === '/open/v1/boards') {
      const id = `made-${created.length + 1}`;
      created.push(id);
      return parse({ board_id: id, name: (request.body as { name: string }).name });
    }
    if (method === 'POST') return parse({ board_id: path.split('/')[3], ad_id: 'x', ad_num: 1 });
    return parse({});
  };
  const transport: Transport = {
    get: async (path, request) => respond('GET', path, request),
    post: async (path, request) => {
      await options.hold;
      return respond('POST', path, request);
    },
    delete: async (path, request) => respond('DELETE', path, request),
  };
  return { api: createApi(transport), calls, created };
}

let clock = manualClock();
let ids = 0;

function harness(api: Api) {
  const outbox: SaveOutbox = new SaveOutbox({
    send: (entry) => boards.send(entry),
    schedule: () => undefined,
    now: clock,
    random: () => 1,
    newId: () => `e${++ids}`,
    autoDrain: false,
  });
  const boards = createBoards({
    api,
    apiFor: () => api,
    service: async () => SERVICE,
    clock,
    newId: () => `id-${++ids}`,
    enqueueSave: (save) => outbox.enqueue({ op: 'save', ...save }),
  });
  return { boards, outbox };
}

const ad = (id: string) => ({
  id,
  title: `Ad ${id}`,
  brand_name: 'Acme',
  images: [{ url: `https://cdn.example/${id}.png` }],
});

beforeEach(async () => {
  fakeBrowser.reset();
  await deleteVault();
  clock = manualClock();
});

describe('a service whose boards are read-only through its API', () => {
  it('keeps the save on a board in this browser named for the service board, says why, and remembers it for the service', async () => {
    const service = fakeService({ writable: false });
    const { boards, outbox } = harness(service.api);
    await outbox.enqueue({ op: 'save', boardId: 'b1', boardName: 'Winners', adId: 'a1', tags: ['hook'], ad: ad('a1') });
    await outbox.drain();

    const [entry] = await outbox.list();
    expect(entry).toMatchObject({
      status: 'done',
      boardName: 'Winners',
      movedFrom: { boardId: 'b1', boardName: 'Winners' },
    });
    expect(entry?.movedFrom?.reason).toBe('no matching open API');
    expect(entry?.boardId.startsWith('local:')).toBe(true);
    expect(entry?.ad).toBeUndefined();
    expect(await factsOf(SERVICE)).toMatchObject({
      boardWrites: 'refused',
      boardWritesMessage: 'no matching open API',
    });

    const tree = await localBoardTree();
    expect(tree).toMatchObject([{ name: 'Winners', ad_num: 1 }]);
    const page = await localAdsPage(tree[0]?.board_id ?? '', {});
    expect(page.items).toMatchObject([{ id: 'a1', title: 'Ad a1', saved_details: { tags: ['hook'] } }]);
    expect((await boards.local()).writes).toBe('refused');
  });

  it('takes an ad undone while its save was on its way off the board in this browser it then landed on', async () => {
    let answer = () => undefined as void;
    const service = fakeService({ writable: false, hold: new Promise<void>((resolve) => (answer = resolve)) });
    const { outbox } = harness(service.api);
    const save = await outbox.enqueue({
      op: 'save',
      boardId: 'b1',
      boardName: 'Winners',
      adId: 'a1',
      tags: [],
      ad: ad('a1'),
    });
    const sending = outbox.drain();
    await vi.waitFor(async () => expect((await outbox.list())[0]?.sentAt).toBeDefined());
    // Undo while the save is on its way: the removal is queued for the service's board.
    const removal = await outbox.undo(save.id);
    answer();
    await sending;
    await outbox.drain();

    const entries = await outbox.list();
    expect(entries.find((entry) => entry.id === save.id)).toMatchObject({
      status: 'done',
      movedFrom: { boardId: 'b1' },
    });
    // Taken off the board in this browser the save landed on, not refused by the service.
    expect(entries.find((entry) => entry.id === removal?.id)).toMatchObject({ status: 'done' });
    expect(entries.find((entry) => entry.id === removal?.id)?.error).toBeUndefined();
    expect((await localHoldings()).get('a1') ?? []).toEqual([]);
  });

  it('sends the next save straight to this browser, without trying the service again', async () => {
    const service = fakeService({ writable: false });
    const { outbox } = harness(service.api);
    await outbox.enqueue({ op: 'save', boardId: 'b1', boardName: 'Winners', adId: 'a1', tags: [], ad: ad('a1') });
    await outbox.drain();
    const writes = () => service.calls.filter((call) => call.method !== 'GET').length;
    const before = writes();
    await outbox.enqueue({ op: 'save', boardId: 'b1', boardName: 'Winners', adId: 'a2', tags: [], ad: ad('a2') });
    await outbox.drain();
    expect(writes()).toBe(before);
    expect(await localBoardTree()).toMatchObject([{ name: 'Winners', ad_num: 2 }]);
  });

  it('reads the ad from the library when the save carried none', async () => {
    const service = fakeService({ writable: false });
    const { outbox } = harness(service.api);
    await outbox.enqueue({ op: 'save', boardId: 'b1', boardName: 'Winners', adId: 'm42', tags: [] });
    await outbox.drain();
    const [board] = await localBoardTree();
    expect((await localAdsPage(board?.board_id ?? '', {})).items).toMatchObject([{ id: 'm42', title: 'Fetched m42' }]);
  });

  it.each([
    [
      'HTTP 404 without an envelope',
      new ApiError({ code: 'invalid_response', httpStatus: 404, message: 'no such endpoint' }),
    ],
    ['HTTP 405', new ApiError({ code: 'invalid_response', httpStatus: 405, message: 'method not allowed' })],
  ])('learns it from %s too', async (_name, answer) => {
    const service = fakeService({ writable: false, unknownRoute: answer });
    const { outbox } = harness(service.api);
    await outbox.enqueue({ op: 'save', boardId: 'b1', boardName: 'Winners', adId: 'a1', tags: [], ad: ad('a1') });
    await outbox.drain();
    expect((await outbox.list())[0]?.status).toBe('done');
    expect((await factsOf(SERVICE)).boardWrites).toBe('refused');
  });

  it('does not take a deleted board for a read-only service: the save fails as not found', async () => {
    // The board list no longer shows b9: its 40401 is the board's, not the endpoint's.
    const service = fakeService({ writable: false, boards: ['b1'] });
    const { outbox } = harness(service.api);
    await outbox.enqueue({ op: 'save', boardId: 'b9', boardName: 'Gone', adId: 'a1', tags: [], ad: ad('a1') });
    await outbox.drain();
    expect((await outbox.list())[0]).toMatchObject({ status: 'failed', boardId: 'b9', error: { code: 40401 } });
    expect((await factsOf(SERVICE)).boardWrites).toBeUndefined();
    expect(await localBoardTree()).toEqual([]);
  });

  it('refuses a removal from a service board in words, never calling it done', async () => {
    const service = fakeService({ writable: false });
    const { outbox } = harness(service.api);
    await outbox.enqueue({ op: 'remove', boardId: 'b1', boardName: 'Winners', adId: 'a1', tags: [] });
    await outbox.drain();
    const [entry] = await outbox.list();
    expect(entry).toMatchObject({ status: 'failed', error: { code: 'read_only' } });
    expect(entry?.error?.message).toMatch(/read-only through its API/);
  });

  it('makes a new board in this browser when the service cannot, and says so', async () => {
    const service = fakeService({ writable: false });
    const { boards } = harness(service.api);
    const made = await boards.create('Hooks', null, false);
    expect(made).toMatchObject({ name: 'Hooks', local: true });
    expect(made.board_id.startsWith('local:')).toBe(true);
    expect('note' in made ? made.note : '').toMatch(/read-only/);
    expect((await factsOf(SERVICE)).boardWrites).toBe('refused');
  });
});

describe('a service that takes board writes', () => {
  it('saves there and remembers that it does', async () => {
    const service = fakeService({ writable: true });
    const { outbox } = harness(service.api);
    await outbox.enqueue({ op: 'save', boardId: 'b1', boardName: 'Winners', adId: 'a1', tags: [], ad: ad('a1') });
    await outbox.drain();
    expect((await outbox.list())[0]).toMatchObject({ status: 'done', boardId: 'b1' });
    expect((await factsOf(SERVICE)).boardWrites).toBe('accepted');
    expect(await localBoardTree()).toEqual([]);
  });

  it('copies a board kept in this browser in one click, and a second copy fills the same board', async () => {
    const service = fakeService({ writable: true });
    const { boards, outbox } = harness(service.api);
    const here = await boards.create('Ideas', null, true);
    for (const id of ['a1', 'a2', 'a3']) {
      await outbox.enqueue({
        op: 'save',
        boardId: here.board_id,
        boardName: 'Ideas',
        adId: id,
        tags: ['x'],
        ad: ad(id),
      });
    }
    await outbox.drain();

    const first = await boards.copyToService(here.board_id);
    await outbox.drain();
    const second = await boards.copyToService(here.board_id);
    await outbox.drain();

    expect(first).toMatchObject({ boardName: 'Ideas', queued: 3 });
    expect(second.boardId).toBe(first.boardId);
    expect(service.created).toEqual([first.boardId]);
    const saves = service.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/ads'));
    expect(new Set(saves.map((call) => (call.body as { ad_id: string }).ad_id))).toEqual(new Set(['a1', 'a2', 'a3']));
  });
});

describe('a copy to the service that stops half-way', () => {
  // "Tents" (three ads, in this browser) is copied; the service board is made and two saves are
  // queued, the third cannot be stored (storage full). The two go on to land: the answer says so,
  // with what stopped the rest, instead of "Could not copy the board" alone.
  it('says what is on its way and what stopped the rest', async () => {
    const service = fakeService({ writable: true });
    const { boards: filler, outbox } = harness(service.api);
    const here = await filler.create('Tents', null, true);
    for (const id of ['a1', 'a2', 'a3'])
      await outbox.enqueue({ op: 'save', boardId: here.board_id, boardName: 'Tents', adId: id, tags: [], ad: ad(id) });
    await outbox.drain();
    let enqueued = 0;
    const boards = createBoards({
      api: service.api,
      apiFor: () => service.api,
      service: async () => SERVICE,
      clock,
      newId: () => `id-${++ids}`,
      enqueueSave: async (save) => {
        enqueued += 1;
        if (enqueued === 3) throw new Error('QuotaExceededError: storage.local is full');
        return outbox.enqueue({ op: 'save', ...save });
      },
    });

    const answer = await boards.copyToService(here.board_id);

    const onTheirWay = (await outbox.list()).filter((entry) => entry.status === 'pending');
    expect(onTheirWay).toHaveLength(2);
    expect(answer).toMatchObject({ boardName: 'Tents', queued: 2, stopped: { code: 'internal' } });
    expect(answer.stopped?.message).toContain('storage.local is full');
  });

  it('fails as before when nothing was queued', async () => {
    const service = fakeService({ writable: true });
    const { boards: filler, outbox } = harness(service.api);
    const here = await filler.create('Tents', null, true);
    await outbox.enqueue({
      op: 'save',
      boardId: here.board_id,
      boardName: 'Tents',
      adId: 'a1',
      tags: [],
      ad: ad('a1'),
    });
    await outbox.drain();
    const boards = createBoards({
      api: service.api,
      apiFor: () => service.api,
      service: async () => SERVICE,
      clock,
      enqueueSave: async () => {
        throw new Error('QuotaExceededError: storage.local is full');
      },
    });
    await expect(boards.copyToService(here.board_id)).rejects.toThrow('storage.local is full');
  });
});

describe('boards kept in this browser', () => {
  it('are never held by a change of key: they belong to no workspace', async () => {
    const service = fakeService({ writable: true });
    const boards = createBoards({ api: service.api, apiFor: () => service.api, service: async () => SERVICE, clock });
    const here = await boards.create('Mine', null, true);
    const outbox = new SaveOutbox({
      send: (entry) => boards.send(entry),
      schedule: () => undefined,
      now: clock,
      autoDrain: false,
      workspace: async () => 'workspace-a',
    });
    const entry = await outbox.enqueue({ op: 'save', boardId: here.board_id, boardName: 'Mine', adId: 'a1', tags: [] });
    expect(entry.workspace).toBeUndefined();
  });

  it('page newest or oldest saved first by a keyset cursor, merge tags on a second save and keep the first save time', async () => {
    const service = fakeService({ writable: true });
    const { boards, outbox } = harness(service.api);
    const here = await boards.create('Deep', null, true);
    for (let index = 0; index < 5; index += 1) {
      clock.advance(1000);
      await outbox.enqueue({
        op: 'save',
        boardId: here.board_id,
        boardName: 'Deep',
        adId: `a${index}`,
        tags: [],
        ad: ad(`a${index}`),
      });
      await outbox.drain();
    }
    clock.advance(1000);
    await outbox.enqueue({
      op: 'save',
      boardId: here.board_id,
      boardName: 'Deep',
      adId: 'a0',
      tags: ['again'],
      ad: ad('a0'),
    });
    await outbox.drain();

    const newest = await localAdsPage(here.board_id, { page_size: 2 });
    expect(newest.items.map((item) => item.id)).toEqual(['a4', 'a3']);
    const next = await localAdsPage(here.board_id, { page_size: 2, cursor: newest.cursor ?? '' });
    expect(next.items.map((item) => item.id)).toEqual(['a2', 'a1']);
    const last = await localAdsPage(here.board_id, { page_size: 2, cursor: next.cursor ?? '' });
    expect(last.items.map((item) => item.id)).toEqual(['a0']);
    expect(last.cursor).toBeNull();
    expect(last.items[0]).toMatchObject({ saved_details: { tags: ['again'] } });
    const oldest = await localAdsPage(here.board_id, { sort_by: 'saved_oldest', page_size: 3 });
    expect(oldest.items.map((item) => item.id)).toEqual(['a0', 'a1', 'a2']);
    // Read as the service's board page: every view of a board reads it the same way.
    const read = await boards.ads(here.board_id, { sort_by: 'saved_newest' });
    expect(read.items[0]).toMatchObject({ id: 'a4', title: 'Ad a4', brand_name: 'Acme' });
  });

  it("count in an ad's saved state wherever the ad is shown, after the outbox forgot the save", async () => {
    const service = fakeService({ writable: true });
    const { boards, outbox } = harness(service.api);
    const here = await boards.create('Held', null, true);
    await outbox.enqueue({ op: 'save', boardId: here.board_id, boardName: 'Held', adId: 'a1', tags: [], ad: ad('a1') });
    await outbox.drain();
    const holdings = await localHoldings();
    expect(holdings.get('a1')).toEqual([here.board_id]);
    const shown = libraryAdSchema.parse(ad('a1'));
    expect([...adSaveState(shown, [], holdings).boards]).toEqual([here.board_id]);
    expect([...adSaveState(shown, []).boards]).toEqual([]);
  });

  it('survive a worker restart, and Delete all removes them', async () => {
    const service = fakeService({ writable: true });
    const { boards, outbox } = harness(service.api);
    const here = await boards.create('Keep', null, true);
    await outbox.enqueue({ op: 'save', boardId: here.board_id, boardName: 'Keep', adId: 'a1', tags: [], ad: ad('a1') });
    await outbox.drain();

    // A new worker: nothing in memory, the database opened again.
    await closeVault();
    expect(await localBoardTree()).toMatchObject([{ board_id: here.board_id, name: 'Keep', ad_num: 1 }]);

    await eraseAllData({
      clearAlarms: async () => undefined,
      grantedOrigins: async () => [],
      removeOrigins: async () => undefined,
      clearVault: deleteVault,
      pageButton: {
        hasOrigins: async () => false,
        registered: async () => false,
        register: async () => undefined,
        unregister: async () => undefined,
      },
    });
    expect(await localBoardsSize()).toEqual({ boards: 0, ads: 0 });
  });
});

describe("a board's name as the service takes it", () => {
  it.each([
    ['a name within the limit, trimmed', '  Winners  ', 'Winners'],
    [
      'a long name, cut after its last whole word',
      'Competitor teardown — outdoor brands running winter campaigns in the Nordics, 2026',
      'Competitor teardown — outdoor brands running winter campaigns in the Nordics…',
    ],
    ['a long name of one word, cut at the limit', 'x'.repeat(120), `${'x'.repeat(79)}…`],
    ['never half an emoji', `${'y'.repeat(78)}😀 and more`, `${'y'.repeat(78)}…`],
  ])('%s', (_case, name, expected) => {
    const taken = serviceBoardName(name);
    expect(taken).toBe(expected);
    expect(taken.length).toBeLessThanOrEqual(MAX_BOARD_NAME);
  });
});
