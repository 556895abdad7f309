import { act, createElement } from 'react';
import type { Root } from 'react-dom/client';
import { vi } from 'vitest';
import { browser } from 'wxt/browser';
import { useBoardVault } from '../../components/boards/use-board-vault';
import type { LibraryAd } from '../../lib/contract/ad-library';
import { keptAdKey, vaultDb } from '../../lib/vault/db';
import { testAd } from './ads';

/**
 * A board's "Check links" world in memory: the background (the board's pages, the settings)
 * behind `browser.runtime.sendMessage`, media hosts behind the page's `fetch`, and the vault's
 * kept copies in fake IndexedDB. A test changes the world between calls through `beforeCall`
 * (the background) and `beforeFetch` (a media host): kill the worker, delete everything, change
 * the key or the service, close the panel.
 */

/** How a creative's host answers: 200; 404; 405 to HEAD and 206 to a ranged GET; 503; never (until aborted). */
export type HostKind = 'live' | 'gone' | 'no-head' | 'busy' | 'hang';

export const BOARD = { id: 'b1', name: 'Picks' };
export const SERVICE = 'https://api.example';
export const OTHER_SERVICE = 'https://api.other.example';

/** Chrome's words when the worker holding a request is stopped before it answers. */
export const KILLED =
  'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received';

export function linkAd(id: string, urls: readonly string[]): LibraryAd {
  return testAd({ id, images: urls.map((url) => ({ url })) });
}

/** The background's answer once everything was deleted: no connection. */
export const NOT_CONNECTED = { code: 'not_configured', message: 'Connect Adscope to a service in Options first.' };

export interface BackgroundCall {
  type: string;
  payload: Record<string, unknown>;
  /** The key the background held when it answered. */
  key: string;
  /** The service it asked. */
  service: string;
}

export interface FetchCall {
  url: string;
  init: RequestInit | undefined;
  /** What the host answered: a status, or a failure as the browser's (no access to the site). */
  answer?: number | 'network';
}

export interface LinkWorld {
  /** The board's pages on the service it belongs to. */
  pages: LibraryAd[][];
  hosts: Record<string, HostKind>;
  /** The connection set now; empty once everything was deleted. */
  service: string;
  key: string;
  /**
   * What the service set now answers for the board: its own pages, "no such board", or (another
   * service that has a board of that id) one empty last page.
   */
  otherBoard: 'unknown' | 'empty';
  /** Origins (`https://host`) whose access was given back: a fetch there fails as the browser's would. */
  revoked: Set<string>;
  calls: BackgroundCall[];
  fetches: FetchCall[];
  /** Runs before the background answers; a throw is the call's failure. */
  beforeCall: (message: { type: string; payload: Record<string, unknown> }, index: number) => void | Promise<void>;
  /** Runs before a host answers; a throw is the fetch's failure. */
  beforeFetch: (url: string, init: RequestInit | undefined, index: number) => void | Promise<void>;
}

const ok = (data: unknown) => ({ ok: true, data });

/** Installs the world: `browser.runtime.sendMessage` and `globalThis.fetch` answer from it. */
export function linkWorld(pages: LibraryAd[][], hosts: Record<string, HostKind>): LinkWorld {
  const world: LinkWorld = {
    pages,
    hosts,
    service: SERVICE,
    key: 'key-1',
    otherBoard: 'unknown',
    revoked: new Set(),
    calls: [],
    fetches: [],
    beforeCall: () => undefined,
    beforeFetch: () => undefined,
  };
  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: {
    type: string;
    payload: Record<string, unknown>;
  }) => {
    const index = world.calls.length;
    world.calls.push({ type: message.type, payload: message.payload, key: world.key, service: world.service });
    await world.beforeCall(message, index);
    const call = world.calls[index];
    if (call) Object.assign(call, { key: world.key, service: world.service });
    if (message.type === 'request.cancel') return ok({ cancelled: true });
    if (message.type === 'settings.get')
      return ok({
        baseUrl: world.service,
        origin: world.service ? new URL(world.service).origin : null,
        theme: 'system',
        hasApiKey: world.service !== '',
        apiKeyLast4: world.service ? world.key.slice(-4) : null,
      });
    if (message.type === 'boards.ads') {
      if (world.service === '') return { ok: false, error: { ...NOT_CONNECTED, httpStatus: null, retryable: false } };
      if (world.service !== SERVICE) {
        if (world.otherBoard === 'empty') return ok({ items: [], cursor: null });
        return { ok: false, error: { code: 40401, httpStatus: 404, message: 'Board not found.', retryable: false } };
      }
      const at = Number(message.payload.cursor ?? 0);
      return ok({ items: world.pages[at] ?? [], cursor: at + 1 < world.pages.length ? String(at + 1) : null });
    }
    return { ok: false, error: { code: 'internal', httpStatus: null, message: 'not in this test', retryable: false } };
  }) as unknown as typeof browser.runtime.sendMessage);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const index = world.fetches.length;
    world.fetches.push({ url, init });
    await world.beforeFetch(url, init, index);
    init?.signal?.throwIfAborted();
    const call = world.fetches[index];
    if (world.revoked.has(new URL(url).origin)) {
      if (call) call.answer = 'network';
      throw new TypeError('Failed to fetch');
    }
    const kind = world.hosts[url] ?? 'gone';
    if (kind === 'hang')
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
      });
    const status =
      kind === 'live' ? 200 : kind === 'busy' ? 503 : kind === 'gone' ? 404 : init?.method === 'HEAD' ? 405 : 206;
    if (call) call.answer = status;
    return new Response(status === 200 || status === 206 ? 'x' : null, { status });
  });
  return world;
}

/** Puts kept copies of an ad's creatives in the vault, as the keeper leaves them. */
export async function keepInVault(boardId: string, adId: string, urls: readonly string[]): Promise<void> {
  const db = await vaultDb();
  for (const url of urls)
    await db.put('files', { url, mime: 'image/png', bytes: 1, data: new ArrayBuffer(1), keptAt: 0 });
  await db.put('ads', {
    key: keptAdKey(boardId, adId),
    boardId,
    boardName: 'Picks',
    adId,
    urls: [...urls],
    skipped: [],
    keptAt: 0,
  });
}

/** Renders useBoardVault for BOARD in `root`; `current` is what it returned at its last render. */
export function mountBoardVault(root: Root): { readonly current: ReturnType<typeof useBoardVault> } {
  let latest: ReturnType<typeof useBoardVault> | null = null;
  function Probe() {
    latest = useBoardVault(BOARD, 'saved_newest');
    return null;
  }
  act(() => root.render(createElement(Probe)));
  return {
    get current() {
      if (!latest) throw new Error('mountBoardVault: not rendered');
      return latest;
    },
  };
}

/** Lets promises, IndexedDB (setImmediate) and React's updates run `times` rounds. */
export async function settle(times = 20): Promise<void> {
  for (let i = 0; i < times; i += 1)
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
}
