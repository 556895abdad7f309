import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';
import { browser, type Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as download from '../../components/ui/download';
import { connectionItem, writeConnection } from '../../lib/background/api/credentials';
import { browserEraseDeps, eraseAllData } from '../../lib/background/erase';
import { JobGate } from '../../lib/background/jobs/job-gate';
import { watchReportGrants } from '../../lib/background/report-grants';
import type { LibraryAd } from '../../lib/contract/ad-library';
import { closeVault, VAULT_DB, vaultDb } from '../../lib/vault/db';
import { portPair } from './ports';

/**
 * The world a page's long job (the report, Download board) runs in, over the fake browser: a
 * background that answers the page's requests as the connection stored at that moment says
 * (so a request made after the key or the address changed goes to the new service), whose
 * worker can be killed; the site access the page holds, named on a port to the background's
 * real record of it; the browser's permissions; media hosts; Delete all as the background runs
 * it; and every write to extension storage and IndexedDB, counted.
 */

export const EXTENSION = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
/** What Chrome rejects a request with when the worker that was to answer it stopped. */
export const DEAD_WORKER =
  'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received';
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** A service: its address and the boards its workspace has. */
export interface FakeService {
  baseUrl: string;
  boards: Record<string, readonly LibraryAd[]>;
}

type Reply = { ok: true; data: unknown } | { ok: false; error: Record<string, unknown> };
type Kind = 'background' | 'media';
interface Pending {
  kind: Kind;
  what: string;
  /** The page's id for a request it may cancel. */
  id?: string;
  answer: () => void;
  fail: (error: unknown) => void;
}

/**
 * A media URL's answer, by its path: `/ok-` an image, `/gone-` HTTP 404, `/hang-` none until
 * the request is aborted; anything else HTTP 403.
 */
function mediaAnswer(url: string): Response | null {
  const path = new URL(url).pathname;
  if (path.startsWith('/ok-')) return new Response(PNG.slice(), { headers: { 'content-type': 'image/png' } });
  if (path.startsWith('/gone-')) return new Response('gone', { status: 404 });
  if (path.startsWith('/hang-')) return null;
  return new Response('no', { status: 403 });
}

export interface PageWorldOptions {
  /** Ads per page of a board (the background's page size, small to make many pages). */
  pageSize?: number;
  /** Requests wait until the test answers them (`answer`); otherwise each answers at once. */
  held?: boolean;
  /** Extension storage is full: every `set` throws. */
  full?: boolean;
}

export function pageWorld(initial: readonly FakeService[], options: PageWorldOptions = {}) {
  const services = [...initial];
  const pageSize = options.pageSize ?? 2;
  let held = options.held ?? false;
  let full = options.full ?? false;
  const pending: Pending[] = [];
  /** Every request the background got: its type, and the service and key (its last four) it went with. */
  const requests: { type: string; service: string | null; key: string | null }[] = [];
  /** The request ids the page cancelled. */
  const cancels: string[] = [];
  /** Site access the browser grants now, and what was asked and given back. */
  const granted = new Set<string>();
  const asked: string[][] = [];
  const removed: string[][] = [];
  /** Every media URL requested, and the requests still open. */
  const fetched: string[] = [];
  const openMedia = new Set<string>();
  const ports: ReturnType<typeof portPair>[] = [];
  const saved: { name: string; type: string; content: Blob }[] = [];
  const writes: string[] = [];
  const idbWrites: string[] = [];
  let prompt: 'allow' | 'deny' = 'allow';
  let workers = 1;

  const give = (origins: string[]) => {
    removed.push(origins);
    for (const origin of origins) granted.delete(origin);
  };

  /** A worker's record of the site access pages hold, behind its gate (Delete all closes it). */
  function startWorker() {
    const connects: ((port: Browser.runtime.Port) => void)[] = [];
    const gate = new JobGate(async () => (await connectionItem.get()) !== null);
    const grants = watchReportGrants({
      onConnect: { addListener: (listener) => connects.push(listener) },
      removeOrigins: async (origins) => give(origins),
      extensionOrigin: `${EXTENSION}/`,
      gate,
    });
    return { gate, grants, connect: (port: Browser.runtime.Port) => connects.forEach((listener) => listener(port)) };
  }
  let worker = startWorker();

  async function answerOf(type: string, payload: Record<string, unknown>): Promise<Reply> {
    const connection = await connectionItem.get();
    requests.push({ type, service: connection?.baseUrl ?? null, key: connection?.apiKey?.slice(-4) ?? null });
    if (type === 'settings.get')
      return {
        ok: true,
        data: {
          baseUrl: connection?.baseUrl ?? '',
          origin: connection?.origin ?? null,
          theme: 'system',
          hasApiKey: Boolean(connection?.apiKey),
          apiKeyLast4: connection?.apiKey?.slice(-4) ?? null,
        },
      };
    if (type === 'boards.tree') return { ok: true, data: { items: [] } };
    if (type !== 'boards.ads')
      return {
        ok: false,
        error: { code: 'internal', httpStatus: null, message: `not in this test: ${type}`, retryable: false },
      };
    if (!connection?.apiKey)
      return {
        ok: false,
        error: { code: 'not_configured', httpStatus: null, message: 'No API key is set yet.', retryable: false },
      };
    const boardId = String(payload.boardId);
    const ads = services.find((service) => service.baseUrl === connection.baseUrl)?.boards[boardId];
    if (!ads)
      return {
        ok: false,
        error: { code: 40401, httpStatus: 404, message: `No board ${boardId} in this workspace.`, retryable: false },
      };
    const start = Number(payload.cursor ?? 0);
    const end = start + pageSize;
    return { ok: true, data: { items: ads.slice(start, end), cursor: end < ads.length ? String(end) : null } };
  }

  function wait<T>(kind: Kind, what: string, value: () => Promise<T> | T, stop?: AbortSignal, id?: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: Pending = {
        kind,
        what,
        ...(id ? { id } : {}),
        answer: () => void Promise.resolve().then(value).then(resolve, reject),
        fail: reject,
      };
      pending.push(entry);
      stop?.addEventListener(
        'abort',
        () => {
          const index = pending.indexOf(entry);
          if (index >= 0) pending.splice(index, 1);
          reject(stop.reason);
        },
        { once: true },
      );
    });
  }

  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: {
    type: string;
    payload: Record<string, unknown>;
    requestId?: string;
  }) => {
    if (message.type === 'request.cancel') {
      // The background gives up its side of the request; its answer goes nowhere.
      const id = String(message.payload.requestId);
      cancels.push(id);
      const entry = pending.find((item) => item.id === id);
      if (entry) {
        pending.splice(pending.indexOf(entry), 1);
        entry.fail(new Error('cancelled'));
      }
      return { ok: true, data: null };
    }
    // The background reads the connection as the request arrives, and answers when it answers.
    const reply = answerOf(message.type, message.payload);
    return held ? wait('background', message.type, () => reply, undefined, message.requestId) : reply;
  }) as unknown as typeof browser.runtime.sendMessage);

  vi.spyOn(browser.runtime, 'connect').mockImplementation(((info?: { name?: string }) => {
    const pair = portPair(info?.name ?? '', `${EXTENSION}/sidepanel.html`);
    ports.push(pair);
    worker.connect(pair.background);
    return pair.page;
  }) as unknown as typeof browser.runtime.connect);

  type Origins = { origins?: string[] };
  vi.spyOn(browser.permissions, 'request').mockImplementation((async ({ origins = [] }: Origins) => {
    asked.push(origins);
    if (prompt === 'deny') return false;
    for (const origin of origins) granted.add(origin);
    return true;
  }) as unknown as typeof browser.permissions.request);
  vi.spyOn(browser.permissions, 'contains').mockImplementation((async ({ origins = [] }: Origins) =>
    origins.every((origin) => granted.has(origin))) as unknown as typeof browser.permissions.contains);
  vi.spyOn(browser.permissions, 'remove').mockImplementation((async ({ origins = [] }: Origins) => {
    give(origins);
    return true;
  }) as unknown as typeof browser.permissions.remove);

  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    fetched.push(url);
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) return Promise.reject(signal.reason);
    openMedia.add(url);
    const answer = mediaAnswer(url);
    const settled = <T>(promise: Promise<T>) => promise.finally(() => void openMedia.delete(url));
    if (answer !== null && !held) return settled(Promise.resolve(answer));
    // Answered when the test says; a host that hangs then fails as a network error does.
    return settled(wait('media', url, () => answer ?? Promise.reject(new TypeError('Failed to fetch')), signal));
  });

  vi.spyOn(download, 'downloadFile').mockImplementation((name, type, content) => {
    saved.push({ name, type, content: content instanceof Blob ? content : new Blob([content], { type }) });
  });

  for (const area of ['local', 'session', 'sync'] as const) {
    const storage = fakeBrowser.storage[area];
    const set = storage.set.bind(storage);
    const remove = storage.remove.bind(storage);
    vi.spyOn(storage, 'set').mockImplementation(async (items) => {
      writes.push(`${area}.set:${Object.keys(items).join(',')}`);
      if (full) throw new Error('QUOTA_BYTES quota exceeded');
      return set(items);
    });
    vi.spyOn(storage, 'remove').mockImplementation(async (keys) => {
      writes.push(`${area}.remove:${String(keys)}`);
      return remove(keys);
    });
  }
  const transaction = IDBDatabase.prototype.transaction;
  vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (
    this: IDBDatabase,
    stores: string | Iterable<string>,
    mode?: IDBTransactionMode,
    more?: IDBTransactionOptions,
  ) {
    if (mode && mode !== 'readonly')
      idbWrites.push(`${this.name}:${typeof stores === 'string' ? stores : [...stores].join(',')}`);
    return transaction.call(this, stores, mode, more);
  });

  const world = {
    services,
    requests,
    cancels,
    granted,
    asked,
    removed,
    fetched,
    openMedia,
    saved,
    writes,
    idbWrites,
    pending,
    set held(on: boolean) {
      held = on;
    },
    set full(on: boolean) {
      full = on;
    },
    set prompt(answer: 'allow' | 'deny') {
      prompt = answer;
    },
    get workers() {
      return workers;
    },
    /** Ports the page holds open to the background now. */
    get openPorts() {
      return ports.filter((pair) => pair.open).length;
    },
    /** Answers the pending request at `index` (modulo how many wait); the kind answered, or null. */
    answer(index = 0, kind?: Kind): Kind | null {
      const live = kind ? pending.filter((entry) => entry.kind === kind) : pending;
      const chosen = live[index % Math.max(1, live.length)];
      if (!chosen) return null;
      pending.splice(pending.indexOf(chosen), 1);
      chosen.answer();
      return chosen.kind;
    },
    /**
     * From now on every request answers at once (a host that hangs still waits to be answered),
     * and every one waiting is answered, with those they lead to, until none comes for a while.
     */
    async drain(kind?: Kind, quietRounds = 10): Promise<void> {
      held = false;
      for (let quiet = 0; quiet < quietRounds;) {
        quiet = world.answer(0, kind) === null ? quiet + 1 : 0;
        await settle();
      }
    },
    /**
     * The worker stops: the requests it was answering fail as Chrome fails them, its port to the
     * page closes (the page opens one to the next worker), and a new worker answers from now on.
     */
    kill() {
      for (const entry of pending.filter((item) => item.kind === 'background')) {
        pending.splice(pending.indexOf(entry), 1);
        entry.fail(new Error(DEAD_WORKER));
      }
      workers += 1;
      const before = ports.filter((pair) => pair.open);
      worker = startWorker();
      for (const pair of before) pair.closeFromBackground();
    },
    /** Delete all, as the background runs it: its jobs stopped, every storage area, the vault and the granted sites gone. */
    erase(): Promise<void> {
      return eraseAllData({
        ...browserEraseDeps,
        grantedOrigins: async () => [...granted],
        removeOrigins: async (origins) => give(origins),
        pageButton: {
          hasOrigins: async () => false,
          registered: async () => false,
          register: async () => undefined,
          unregister: async () => undefined,
        },
        jobs: { gate: worker.gate, running: [worker.grants] },
      });
    },
  };
  return world;
}
export type PageWorld = ReturnType<typeof pageWorld>;

/** A fresh browser and vault for one test: no storage, no database. */
export async function freshBrowser(): Promise<void> {
  fakeBrowser.reset();
  await closeVault();
  globalThis.indexedDB = new IDBFactory();
}

/** Stores a connection to `baseUrl` as "Save and test" would. */
export function connectTo(baseUrl: string, key = 'k'.repeat(24)): Promise<void> {
  return writeConnection(baseUrl, key);
}

/** The vault holds a copy of each of `urls` (the background's keeper made it, before the job). */
export async function keepCopies(urls: readonly string[], at: number): Promise<void> {
  const db = await vaultDb();
  for (const url of urls)
    await db.put('files', { url, mime: 'image/png', bytes: PNG.length, data: PNG.slice().buffer, keptAt: at });
}

/** Whether the vault's database exists (opening it to look would create it). */
export async function vaultExists(): Promise<boolean> {
  return (await indexedDB.databases()).some((db) => db.name === VAULT_DB);
}

/** What every storage area holds. */
export async function storageNow() {
  return {
    local: await fakeBrowser.storage.local.get(null),
    session: await fakeBrowser.storage.session.get(null),
    sync: await fakeBrowser.storage.sync.get(null),
  };
}

/** Lets settled promises and zero-delay timers run. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}
