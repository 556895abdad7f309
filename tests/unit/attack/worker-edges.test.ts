/*
 * The worker's boards and service facts at their edges. Each test holds the one request
 * in question with a promise it releases itself (as stale-worker.test.ts does); nothing waits on
 * a clock, and the clock is a manual one.
 *
 * 1. The key switched to another service while a save is on its way: the next save waiting in
 *    the same pass was made under the first workspace, but `createBoards().send`
 *    (lib/background/boards.ts) reads the facts of the service connected *now*. When that other
 *    service is known to be read-only, the first workspace's save is kept in this browser on a
 *    board standing in for the other service's, marked done, and never reaches its own service,
 *    which takes writes. It should be held for its workspace, as every other queued change is.
 * 2. Delete all while a save learns that the service's boards are read-only (the save answered
 *    "no such endpoint", the board list is on its way): once the list answers, `send` writes
 *    the service's facts to storage.local and makes a board in this browser holding the ad,
 *    after Delete all said everything was deleted. The outbox's gate gives up on the send, but
 *    nothing stops the send's own writes (`learnRefused`, `keepHere`).
 * 3. Two "Copy to service" requests for the same board at once (two panels, or a page reopened
 *    while the first copy waits on the service): `copyToService` reads the board's `copiedTo` and
 *    the service's tree before either has made the board, so both make one: two boards of the
 *    same name on the service, each ad saved to both.
 * 4. Two lessons about the same service learned at the same moment (a search's bound and
 *    another request's refused filter, or a board write refused): `updateFacts`
 *    (lib/storage/service-facts.ts) reads the whole map, changes it and writes it back with no
 *    serialising, so the later write drops the other lesson.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createApi, createDefaultApi, workspaceApis } from '@/lib/background/api';
import { currentWorkspace, readStoredConnection, writeConnection } from '@/lib/background/api/credentials';
import { storedServiceFacts } from '@/lib/background/api/learned-limits';
import type { RequestOptions, Transport } from '@/lib/background/api/transport';
import { createBoards } from '@/lib/background/boards';
import { browserEraseDeps, eraseAllData } from '@/lib/background/erase';
import { followConnection } from '@/lib/background/jobs/connection-watch';
import { JobGate } from '@/lib/background/jobs/job-gate';
import { startSaveOutbox } from '@/lib/background/jobs/outbox-runner';
import { SaveOutbox } from '@/lib/background/jobs/save-outbox';
import type { ApiPath } from '@/lib/contract/path';
import { factsOf, updateFacts } from '@/lib/storage/service-facts';
import { deleteVault } from '@/lib/vault/db';
import { localBoardTree, saveLocal } from '@/lib/vault/local-boards';
import { manualClock } from '../../support/clock';
import { everything, NOTHING } from '../../support/job-world';

const SERVICE_A = 'https://a.example.com';
const SERVICE_B = 'https://b.example.com';
const KEY_A = 'a'.repeat(24);
const KEY_B = 'b'.repeat(24);
const UNKNOWN_ROUTE = 'no matching open API';

beforeEach(async () => {
  fakeBrowser.reset();
  await deleteVault();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Lets storage events, timers of 0 ms and settled promises run. */
async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

const envelope = (code: number, message: string, data: unknown = null) =>
  new Response(JSON.stringify({ code, message, data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
const ok = (data: unknown) => envelope(0, 'ok', data);

interface Seen {
  method: string;
  url: URL;
}

/**
 * A fetch over the services of this file: `answer` says what each request gets; a request that
 * `hold` names waits until the test releases it, and is then answered as it would have been.
 */
function heldNet(answer: (request: Seen) => Response) {
  const seen: Seen[] = [];
  const held: { request: Seen; release: () => void }[] = [];
  let hold: (request: Seen) => boolean = () => false;
  const fetch: typeof globalThis.fetch = (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const entry = { method: request.method, url: new URL(request.url) };
    seen.push(entry);
    if (!hold(entry)) return Promise.resolve(answer(entry));
    return new Promise<Response>((resolve) => held.push({ request: entry, release: () => resolve(answer(entry)) }));
  };
  return {
    fetch,
    seen,
    held,
    hold(which: (request: Seen) => boolean) {
      hold = which;
    },
    releaseAll() {
      hold = () => false;
      for (const { release } of held.splice(0)) release();
    },
  };
}

/** A service's board endpoints: its list shows `boards`; its writes exist unless `readOnly`. */
function boardService(readOnly: (origin: string) => boolean, boards = ['b1', 'b2']) {
  return ({ method, url }: Seen): Response => {
    if (method === 'GET' && url.pathname === '/open/v1/boards') {
      return ok({ items: boards.map((id) => ({ board_id: id, name: `Board ${id}`, ad_num: 0, children: [] })) });
    }
    if (method === 'POST' && /^\/open\/v1\/boards\/[^/]+\/ads$/.test(url.pathname)) {
      if (readOnly(url.origin)) return envelope(40401, UNKNOWN_ROUTE);
      return ok({ board_id: url.pathname.split('/')[4], ad_id: 'x', ad_num: 1 });
    }
    return envelope(40401, 'not found');
  };
}

const snapshot = (id: string) => ({
  id,
  title: `Ad ${id}`,
  brand_name: 'Acme',
  images: [{ url: `https://cdn.example/${id}.png` }],
});

/** The gate a new worker makes: open once a stored connection is read. */
const workerGate = () => new JobGate(async () => (await readStoredConnection()) !== null);

/** The worker's boards (lib/background/start-jobs.ts), over `fetch`, under the jobs' gate. */
function workerBoards(fetch: typeof globalThis.fetch, clock: ReturnType<typeof manualClock>, gate: JobGate) {
  let ids = 0;
  return createBoards({
    api: createDefaultApi({ clock, fetch, retryLimit: 0 }),
    apiFor: workspaceApis({ clock, fetch, retryLimit: 0 }),
    service: async () => (await readStoredConnection())?.baseUrl ?? null,
    clock,
    gate,
    newId: () => `id-${(ids += 1)}`,
  });
}

describe('a save sent after the key switched to another service (lib/background/boards.ts send)', () => {
  it('is held for the workspace it was made in, never kept here as the read-only service’s while its own takes writes', async () => {
    const clock = manualClock();
    await writeConnection(SERVICE_A, KEY_A);
    // Adscope learned earlier that B's boards are read-only through its API; A takes writes.
    await updateFacts(SERVICE_B, () => ({
      boardWrites: 'refused',
      boardWritesAt: clock(),
      boardWritesMessage: UNKNOWN_ROUTE,
    }));
    const net = heldNet(boardService((origin) => origin === SERVICE_B));
    const gate = workerGate();
    const boards = workerBoards(net.fetch, clock, gate);
    // Two saves waiting under A (say, made while the service was unreachable); one drain sends both.
    let ids = 0;
    const outbox = new SaveOutbox({
      send: (entry) => boards.send(entry),
      schedule: () => undefined,
      now: clock,
      random: () => 1,
      newId: () => `e${(ids += 1)}`,
      autoDrain: false,
      workspace: currentWorkspace,
      gate,
    });
    // As the worker: a changed connection makes the outbox look again at whose saves it may send.
    followConnection(gate, {
      watch: { resume: async () => undefined, followService: async () => undefined },
      vault: { run: async () => undefined },
      outbox,
      generations: { drain: async () => undefined },
    });
    await outbox.enqueue({ op: 'save', boardId: 'b1', boardName: 'Winners', adId: 'a1', tags: [], ad: snapshot('a1') });
    await outbox.enqueue({ op: 'save', boardId: 'b2', boardName: 'Hooks', adId: 'a2', tags: [], ad: snapshot('a2') });

    net.hold(({ method, url }) => method === 'POST' && url.pathname === '/open/v1/boards/b1/ads');
    const draining = outbox.drain();
    await vi.waitFor(() => expect(net.held).toHaveLength(1));
    // While A answers the first save, the user switches the key to service B.
    await writeConnection(SERVICE_B, KEY_B);
    await settle();
    net.releaseAll();
    await draining;
    await outbox.drain();
    await settle();

    const entries = await outbox.list();
    expect(entries.find((entry) => entry.adId === 'a1')).toMatchObject({ status: 'done', boardId: 'b1' });
    // The save to A's board "Hooks" was made under A: it waits for A, as the outbox promises.
    expect(entries.find((entry) => entry.adId === 'a2')).toMatchObject({
      status: 'pending',
      held: true,
      boardId: 'b2',
    });
    expect(await localBoardTree()).toEqual([]);
    // And B, which never saw a request for it, is not where A's save went.
    expect(net.seen.filter((request) => request.url.origin === SERVICE_B)).toEqual([]);
  });
});

describe('Delete all while a save learns the service is read-only (lib/background/boards.ts send → keepHere)', () => {
  it('writes nothing once Delete all has ended: no service facts, no board in this browser', async () => {
    const clock = manualClock();
    await writeConnection(SERVICE_A, KEY_A);
    // The save is answered "no such endpoint"; the board list that decides whether that is the
    // service or the board waits on the network.
    const net = heldNet(boardService(() => true));
    net.hold(({ method, url }) => method === 'GET' && url.pathname === '/open/v1/boards');
    const gate = workerGate();
    const boards = workerBoards(net.fetch, clock, gate);
    const outbox = startSaveOutbox((entry) => boards.send(entry), clock, gate);
    await outbox.enqueue({ op: 'save', boardId: 'b1', boardName: 'Winners', adId: 'a1', tags: [], ad: snapshot('a1') });
    await vi.waitFor(() => expect(net.held).toHaveLength(1));

    // Delete all Adscope data, with every job stopped first, as the worker's own erase does.
    await eraseAllData({
      ...browserEraseDeps,
      grantedOrigins: async () => [],
      removeOrigins: async () => undefined,
      pageButton: {
        hasOrigins: async () => false,
        registered: async () => false,
        register: async () => undefined,
        unregister: async () => undefined,
      },
      jobs: { gate, running: [outbox] },
    });
    expect(await everything()).toEqual(NOTHING);

    // The board list answers after the erase.
    net.releaseAll();
    await settle(30);
    // Still nothing: neither what the service was learned to be, nor a board holding the ad.
    expect({ facts: await factsOf(SERVICE_A), stored: await everything(), boards: await localBoardTree() }).toEqual({
      facts: {},
      stored: NOTHING,
      boards: [],
    });
  });
});

/** A service whose board list and board creation the test sees; creating a board waits until released. */
function creatingService() {
  const made: string[] = [];
  const creates: (() => void)[] = [];
  let holding = true;
  const respond = async <T>(method: string, path: ApiPath, request: RequestOptions<T>): Promise<T> => {
    if (method === 'GET' && path === '/open/v1/boards') {
      return request.schema.parse({
        items: made.map((id) => ({ board_id: id, name: 'Ideas', ad_num: 0, children: [] })),
      });
    }
    if (method === 'POST' && path === '/open/v1/boards') {
      if (holding) await new Promise<void>((resolve) => creates.push(resolve));
      const id = `made-${made.length + 1}`;
      made.push(id);
      return request.schema.parse({ board_id: id, name: 'Ideas' });
    }
    throw new Error(`unexpected ${method} ${path}`);
  };
  const transport: Transport = {
    get: (path, request) => respond('GET', path, request),
    post: (path, request) => respond('POST', path, request),
    delete: (path, request) => respond('DELETE', path, request),
  };
  return {
    api: createApi(transport),
    made,
    creates,
    release() {
      holding = false;
      for (const resolve of creates.splice(0)) resolve();
    },
  };
}

describe('"Copy to service" asked twice at once (lib/background/boards.ts copyToService)', () => {
  it('makes one board on the service and queues each ad once', async () => {
    const clock = manualClock();
    const service = creatingService();
    const queued: { boardId: string; adId: string }[] = [];
    let ids = 0;
    const boards = createBoards({
      api: service.api,
      apiFor: () => service.api,
      service: async () => SERVICE_A,
      clock,
      newId: () => `id-${(ids += 1)}`,
      enqueueSave: async (save) => queued.push({ boardId: save.boardId, adId: save.adId }),
    });
    const here = await boards.create('Ideas', null, true);
    for (const id of ['a1', 'a2']) await saveLocal(here.board_id, snapshot(id), [], clock());

    // Two pages press "Copy to service" while the service takes its time to make the board.
    const first = boards.copyToService(here.board_id);
    const second = boards.copyToService(here.board_id);
    await vi.waitFor(() => expect(service.creates.length).toBeGreaterThan(0));
    await settle(20);
    service.release();
    const [one, two] = await Promise.all([first, second]);

    expect(service.made).toHaveLength(1);
    expect(two.boardId).toBe(one.boardId);
    expect(new Set(queued.map((save) => save.boardId))).toEqual(new Set([one.boardId]));
  });
});

describe('two lessons about one service at once (lib/storage/service-facts.ts updateFacts)', () => {
  it('keeps both: a bound learned from one request and a filter refused by another', async () => {
    // The panel's search learns page_size ≤ 50 while a brand's ads learn that `platform` is refused.
    await Promise.all([
      storedServiceFacts.learnMax(SERVICE_A, 'page_size', 50),
      storedServiceFacts.learnRefused(SERVICE_A, ['platform'], 'platform is not supported'),
    ]);
    expect(await factsOf(SERVICE_A)).toMatchObject({ maxima: { page_size: 50 }, refusedParams: ['platform'] });
  });

  it('keeps a board write refused while a bound is learned', async () => {
    await Promise.all([
      updateFacts(SERVICE_A, (facts) => ({ ...facts, boardWrites: 'refused', boardWritesMessage: UNKNOWN_ROUTE })),
      storedServiceFacts.learnMax(SERVICE_A, 'page_size', 50),
    ]);
    expect(await factsOf(SERVICE_A)).toMatchObject({ boardWrites: 'refused', maxima: { page_size: 50 } });
  });
});
