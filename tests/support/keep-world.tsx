import 'fake-indexeddb/auto';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { vi } from 'vitest';
import { browser, type Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useBoardVault } from '../../components/boards/use-board-vault';
import { type Api, createDefaultApi } from '../../lib/background/api';
import { connectionItem, readStoredConnection, writeConnection } from '../../lib/background/api/credentials';
import { eraseAllData } from '../../lib/background/erase';
import { createHandlers } from '../../lib/background/handlers';
import { GenerationTracker } from '../../lib/background/jobs/generation-tracker';
import { SaveOutbox } from '../../lib/background/jobs/save-outbox';
import { HELD_GRANTS_KEY, watchReportGrants } from '../../lib/background/report-grants';
import { createRouter } from '../../lib/background/router';
import { type VaultPolicy, VaultKeeper } from '../../lib/background/vault/keeper';
import { WatchRunner } from '../../lib/background/watch/watch-runner';
import { createWatchControls } from '../../lib/background/watch/watch-service';
import type { LibraryAd } from '../../lib/contract/ad-library';
import { closeVault, deleteVault, keptAdKey, VAULT_DB } from '../../lib/vault/db';
import { testAd } from './ads';
import { manualClock } from './clock';
import { factsInMemory, json, ok } from './fake-fetch';
import { WorkerGate } from './job-world';

/**
 * "Keep this board's creatives" end to end in one process: the board view's hook, rendered; the
 * background's router, handlers and vault keeper; a service answering the board's pages; media
 * hosts whose creatives answer when the test says; the browser's site access; and the port the
 * page names the access it holds on. A worker can be killed (its calls never return from then on,
 * and the page's messages and port to it close) and a new one starts, as the browser starts one.
 */

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

type Port = Browser.runtime.Port;
type Listener<T extends unknown[]> = (...args: T) => void;

export const EXTENSION_ORIGIN = `chrome-extension://${fakeBrowser.runtime.id}`;
const SENDER = { id: fakeBrowser.runtime.id, url: `${EXTENSION_ORIGIN}/sidepanel.html` };
/** What Chrome says to a message whose worker stopped before it answered. */
export const PORT_CLOSED = 'The message port closed before a response was received.';

export const SERVICE = 'https://api.example.com';
export const KEY = 'k'.repeat(24);
export const BOARD = { id: 'b1', name: 'Tents' };

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const never = <T,>() => new Promise<T>(() => undefined);

/** An image ad of the board with these creatives. */
export const boardAd = (id: string, urls: readonly string[]): LibraryAd =>
  testAd({ id, title: null, images: urls.map((url) => ({ url })) });

/** Two ends of a runtime port in memory: what one posts the other hears; either may close it. */
function portPair(name: string) {
  const make = () => ({ message: [] as Listener<[unknown]>[], disconnect: [] as Listener<[]>[] });
  const pageSide = make();
  const backgroundSide = make();
  let open = true;
  const close = (other: ReturnType<typeof make>) => {
    if (!open) return;
    open = false;
    for (const listener of [...other.disconnect]) listener();
  };
  const end = (self: ReturnType<typeof make>, other: ReturnType<typeof make>, sender?: object) =>
    ({
      name,
      ...(sender ? { sender } : {}),
      postMessage: (value: unknown) => {
        if (open) for (const listener of other.message) listener(value);
      },
      disconnect: () => close(other),
      onMessage: { addListener: (listener: Listener<[unknown]>) => self.message.push(listener) },
      onDisconnect: {
        addListener: (listener: Listener<[]>) => self.disconnect.push(listener),
        removeListener: (listener: Listener<[]>) => {
          const at = self.disconnect.indexOf(listener);
          if (at >= 0) self.disconnect.splice(at, 1);
        },
      },
    }) as unknown as Port;
  return {
    page: end(pageSide, backgroundSide),
    background: end(backgroundSide, pageSide, SENDER),
    closeFromBackground: () => close(pageSide),
  };
}

/** One board page as the service was asked for it. */
export interface SeenPage {
  baseUrl: string;
  key: string;
  boardId: string;
  cursor: string;
}

/** The service: each workspace's boards (by base URL and key), answered a few ads a page. */
function fakeService() {
  const boards = new Map<string, Map<string, LibraryAd[]>>();
  const seen: SeenPage[] = [];
  const workspace = (baseUrl: string, key: string) => `${baseUrl}|${key}`;
  const service = {
    seen,
    pageSize: 2,
    /** Awaited before a page is answered (the request is under way). */
    beforeAnswer: (_page: SeenPage, _index: number): Promise<void> | void => undefined,
    board(baseUrl: string, key: string, boardId: string, ads: LibraryAd[]) {
      const known = boards.get(workspace(baseUrl, key)) ?? new Map<string, LibraryAd[]>();
      known.set(boardId, ads);
      boards.set(workspace(baseUrl, key), known);
    },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      const key = request.headers.get('X-API-Key') ?? '';
      const match = /^\/open\/v1\/boards\/([^/]+)\/ads$/.exec(url.pathname);
      if (!match?.[1]) return json(404, { code: 40401, message: `No endpoint GET ${url.pathname}.` });
      const page: SeenPage = {
        baseUrl: url.origin,
        key,
        boardId: decodeURIComponent(match[1]),
        cursor: url.searchParams.get('cursor') ?? '',
      };
      seen.push(page);
      await service.beforeAnswer(page, seen.length - 1);
      const ads = boards.get(workspace(page.baseUrl, key))?.get(page.boardId);
      if (!ads) return json(404, { code: 40401, message: `No board ${page.boardId} in this workspace.` });
      const from = Number(page.cursor || '0');
      const next = from + service.pageSize;
      return ok({ items: ads.slice(from, next), cursor: next < ads.length ? String(next) : '' });
    }) as typeof globalThis.fetch,
  };
  return service;
}

export type MediaKind = 'ok' | 'hang' | 'busy';

/** Media hosts: a creative answers at once, hangs until the test answers it (or its time limit), or is busy (HTTP 503). */
function mediaHosts() {
  const kinds = new Map<string, MediaKind>();
  const hanging: { url: string; answer: () => void }[] = [];
  const requested: string[] = [];
  const image = () => new Response(PNG.slice(), { headers: { 'content-type': 'image/png' } });
  const hosts = {
    kinds,
    requested,
    /** Called as each creative is asked for. */
    onRequest: (_url: string): void => undefined,
    get hanging() {
      return hanging.length;
    },
    /** Answers every creative that hangs now. */
    answerHanging() {
      for (const pending of hanging.splice(0)) pending.answer();
    },
    fetchFor(alive: () => boolean): typeof globalThis.fetch {
      return async (input, init) => {
        // A killed worker's calls never return.
        if (!alive()) return never();
        const url = String(input);
        requested.push(url);
        hosts.onRequest(url);
        const kind = kinds.get(url);
        if (kind === 'ok') return image();
        if (kind === 'busy') return new Response('busy', { status: 503 });
        if (kind === 'hang')
          return new Promise<Response>((resolve, reject) => {
            const entry = { url, answer: () => resolve(image()) };
            hanging.push(entry);
            init?.signal?.addEventListener(
              'abort',
              () => {
                const at = hanging.indexOf(entry);
                if (at >= 0) hanging.splice(at, 1);
                reject(init.signal?.reason);
              },
              { once: true },
            );
          });
        return new Response('gone', { status: 404 });
      };
    },
  };
  return hosts;
}

/** The board view's hook in a component of its own, as the board view uses it. */
function Probe({ board, seen }: { board: { id: string; name: string }; seen: (vault: BoardVault) => void }) {
  const vault = useBoardVault(board, 'saved_newest');
  seen(vault);
  return (
    <div>
      <p>{vault.progress}</p>
      <p>{vault.question}</p>
    </div>
  );
}
type BoardVault = ReturnType<typeof useBoardVault>;

export interface KeepWorldOptions {
  /** The keeper's limits; a creative's time limit is 20 s unless set. */
  policy?: Partial<VaultPolicy>;
  /** Whether the browser's permission prompt is allowed. @default true */
  allow?: boolean;
}

export function keepWorld(options: KeepWorldOptions = {}) {
  const clock = manualClock();
  const service = fakeService();
  const media = mediaHosts();
  const granted = new Set<string>();
  /** The browser's storage: nearly full or not; its estimate held while `stalled` (the keeper busy meanwhile). */
  const room: { full: boolean; stalled: Promise<void> | null } = { full: false, stalled: null };
  let serial = 0;

  vi.spyOn(browser.permissions, 'contains').mockImplementation(async (permissions) =>
    (permissions.origins ?? []).every((origin) => granted.has(origin)),
  );
  /** A permission prompt the test answers, while it is held. */
  let prompt: Promise<void> | null = null;
  vi.spyOn(browser.permissions, 'request').mockImplementation(async (permissions) => {
    await prompt;
    if (options.allow === false) return false;
    for (const origin of permissions.origins ?? []) granted.add(origin);
    return true;
  });
  vi.spyOn(browser.permissions, 'remove').mockImplementation(async (permissions) => {
    for (const origin of permissions.origins ?? []) granted.delete(origin);
    return true;
  });

  function startWorker() {
    const id = (serial += 1);
    let dead = false;
    const alive = () => !dead;
    const gate = new WorkerGate(async () => (await connectionItem.get()) !== null);
    const keeper = new VaultKeeper({
      fetch: media.fetchFor(alive),
      clock,
      estimate: async () => {
        if (!alive()) return never();
        await room.stalled;
        return room.full ? { usage: 990, quota: 1000 } : { usage: 1, quota: 10 ** 12 };
      },
      service: async () => (await readStoredConnection())?.baseUrl ?? null,
      wakeAt: () => undefined,
      gate,
      ...(options.policy ? { policy: options.policy } : {}),
    });
    const connects: Listener<[Port]>[] = [];
    const ports: (() => void)[] = [];
    const grants = watchReportGrants({
      onConnect: { addListener: (listener) => connects.push(listener) },
      removeOrigins: async (origins) => {
        for (const origin of origins) granted.delete(origin);
      },
      extensionOrigin: `${EXTENSION_ORIGIN}/`,
      gate,
    });
    const api: Api = createDefaultApi({ fetch: service.fetch, retryLimit: 0, facts: factsInMemory().access, clock });
    const runner = new WatchRunner({ search: async () => ({ items: [], cursor: '' }), clock, wakeAt: () => undefined });
    const erase = () =>
      eraseAllData({
        clearAlarms: async () => undefined,
        grantedOrigins: async () => [...granted],
        removeOrigins: async (origins) => {
          for (const origin of origins) granted.delete(origin);
        },
        pageButton: {
          hasOrigins: async () => false,
          registered: async () => false,
          register: async () => undefined,
          unregister: async () => undefined,
        },
        clearVault: deleteVault,
        jobs: { gate, running: [keeper, grants] },
      });
    const route = createRouter(
      createHandlers({
        api,
        outbox: new SaveOutbox({ send: async () => ({}), schedule: () => undefined, autoDrain: false }),
        generations: new GenerationTracker({ api: api.generations, schedule: () => undefined }),
        watch: createWatchControls({ runner, clock, schedule: async () => null, refreshBadge: async () => undefined }),
        vault: keeper,
        clock,
        erase,
      }),
      { extensionId: fakeBrowser.runtime.id, extensionOrigin: EXTENSION_ORIGIN },
    );
    const unwatch = connectionItem.watch((connection) => {
      if (dead || connection === null || gate.open) return;
      gate.reopen();
      void keeper.run();
    });
    /** Messages under way: a killed worker never answers them, and the browser says so. */
    const inflight = new Set<(error: Error) => void>();
    // A new worker goes on where the last one stopped.
    void keeper.run();
    return {
      id,
      gate,
      keeper,
      erase,
      connect(port: Port, close: () => void) {
        ports.push(close);
        for (const listener of connects) listener(port);
      },
      send(message: unknown): Promise<unknown> {
        return new Promise((resolve, reject) => {
          inflight.add(reject);
          void route(message, SENDER).then((reply) => {
            inflight.delete(reject);
            if (!dead) resolve(reply);
          });
        });
      },
      kill() {
        dead = true;
        gate.kill();
        unwatch();
        for (const reject of inflight) reject(new Error(PORT_CLOSED));
        inflight.clear();
        for (const close of ports.splice(0)) close();
      },
    };
  }
  let worker = startWorker();

  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation(((message: unknown) =>
    worker.send(message)) as unknown as typeof browser.runtime.sendMessage);
  let disposed = false;
  vi.spyOn(browser.runtime, 'connect').mockImplementation(((info?: { name?: string }) => {
    const pair = portPair(info?.name ?? '');
    if (!disposed) worker.connect(pair.background, pair.closeFromBackground);
    return pair.page;
  }) as unknown as typeof browser.runtime.connect);

  let root: Root | null = null;
  let host: HTMLElement | null = null;
  let vault: BoardVault | null = null;

  const settle = async (rounds = 20) => {
    await act(async () => {
      for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    });
  };
  const current = () => {
    if (!vault) throw new Error('the board view is not open');
    return vault;
  };

  return {
    clock,
    service,
    media,
    granted,
    room,
    get worker() {
      return worker;
    },
    settle,
    /** Runs `work` inside React's act: what it sets off in the view is rendered before it resolves. */
    async during<T>(work: () => Promise<T>): Promise<T> {
      let result: T | undefined;
      await act(async () => {
        result = await work();
      });
      return result as T;
    },
    /** The types of the messages the page sent the background, in order. */
    sent: () =>
      vi
        .mocked(browser.runtime.sendMessage)
        .mock.calls.map(([message]) => (message as { type?: unknown }).type)
        .filter((type) => type !== undefined),
    /** The ads the page asked the background to keep last ('vault.keep'), or null before any. */
    lastAsked(): string[] | null {
      const asks = vi
        .mocked(browser.runtime.sendMessage)
        .mock.calls.map(([message]) => message as { type?: unknown; payload?: { ads?: { adId: string }[] } })
        .filter((message) => message.type === 'vault.keep');
      return asks.at(-1)?.payload?.ads?.map((ad) => ad.adId) ?? null;
    },
    /** The line under the board's buttons, and the question before keeping. */
    line: () => vault?.progress ?? null,
    question: () => vault?.question ?? null,
    step: () => vault?.step.step ?? null,
    mounted: () => root !== null,
    async mount(board = BOARD) {
      host = document.createElement('div');
      document.body.append(host);
      const mounting = createRoot(host);
      root = mounting;
      await act(async () => mounting.render(<Probe board={board} seen={(seen) => (vault = seen)} />));
    },
    /** The board's view left (the panel shows another view); the page lives on. */
    async unmount() {
      const mounted = root;
      root = null;
      if (mounted) await act(async () => mounted.unmount());
      host?.remove();
      host = null;
      vault = null;
    },
    /** "Keep this board's creatives": the board read and what to keep asked. */
    async prepare() {
      await act(async () => void current().prepare());
      await settle();
    },
    /** "Keep them". */
    async keep() {
      await act(async () => void current().keep());
      await settle();
    },
    async cancel() {
      await act(async () => current().cancel());
      await settle();
    },
    /** Holds the browser's storage estimate until the returned function lets it go: the keeper is busy meanwhile. */
    stallEstimate(): () => void {
      let letGo: () => void = () => undefined;
      room.stalled = new Promise<void>((resolve) => (letGo = resolve));
      return () => {
        room.stalled = null;
        letGo();
      };
    },
    /** Holds the browser's permission prompt open until the returned function answers it. */
    holdPrompt(): () => void {
      let answer: () => void = () => undefined;
      prompt = new Promise<void>((resolve) => (answer = resolve));
      return () => {
        prompt = null;
        answer();
      };
    },
    /** The worker stops mid-whatever; the browser starts a new one, which goes on from IndexedDB. */
    kill() {
      const old = worker;
      worker = startWorker();
      old.kill();
    },
    async erase() {
      await act(async () => worker.erase());
    },
    async connect(baseUrl = SERVICE, key = KEY) {
      await writeConnection(baseUrl, key);
    },
    /** Site access the browser gives Adscope now, and what the background records as held. */
    async held() {
      const record = (await fakeBrowser.storage.local.get(HELD_GRANTS_KEY))[HELD_GRANTS_KEY];
      return { granted: [...granted].sort(), record: record ?? null };
    },
    /** Creatives the vault holds for these ads of the board (each in its files store); null when it has no database. */
    async keptOf(adIds: readonly string[], boardId = BOARD.id): Promise<number | null> {
      if (!(await vaultExists())) return null;
      const { vaultDb } = await import('../../lib/vault/db');
      const db = await vaultDb();
      let count = 0;
      for (const adId of adIds) {
        const row = await db.get('ads', keptAdKey(boardId, adId));
        for (const url of row?.urls ?? []) if ((await db.getKey('files', url)) !== undefined) count += 1;
      }
      return count;
    },
    /** How many of these ads' jobs wait for the keeper's try since they were asked (fresh); null when it has no database. */
    async untriedOf(adIds: readonly string[], boardId = BOARD.id): Promise<number | null> {
      if (!(await vaultExists())) return null;
      const { vaultDb } = await import('../../lib/vault/db');
      const db = await vaultDb();
      let count = 0;
      for (const adId of adIds) if ((await db.get('jobs', keptAdKey(boardId, adId)))?.fresh === true) count += 1;
      return count;
    },
    vaultExists,
    async dispose() {
      const mounted = root;
      root = null;
      if (mounted) await act(async () => mounted.unmount());
      host?.remove();
      disposed = true;
      worker.kill();
      await closeVault();
      await deleteVault();
    },
  };
}
export type KeepWorld = ReturnType<typeof keepWorld>;

/** Whether the vault's database exists (opening it to look would create it). */
export async function vaultExists(): Promise<boolean> {
  return (await indexedDB.databases()).some((db) => db.name === VAULT_DB);
}
