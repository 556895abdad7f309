import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type Api, createDefaultApi } from '../../../lib/background/api';
import { WatchRunner } from '../../../lib/background/watch/watch-runner';
import { createWatchControls } from '../../../lib/background/watch/watch-service';
import { ApiError } from '../../../lib/messaging/api-error';
import { DEMO_API_KEY } from '../../../lib/contract/demo';
import { GenerationTracker } from '../../../lib/background/jobs/generation-tracker';
import { SaveOutbox } from '../../../lib/background/jobs/save-outbox';
import { createHandlers } from '../../../lib/background/handlers';
import type { Handlers, RequestContext } from '../../../lib/background/router';
import { pendingSimilarItem } from '../../../lib/storage/pending-similar';
import { connectionItem } from '../../../lib/background/api/credentials';
import type { OriginAccess } from '../../../lib/background/settings';
import { settingsItem } from '../../../lib/storage/settings';
import type { RunningServer } from '../../../server/app';
import { fixedClock } from '../../support/clock';
import { connectTo } from '../../support/connection';
import { withServer } from '../../support/server';

/** A generation tracker that schedules nothing (these tests do not run jobs). */
const idleTracker = (api: ReturnType<typeof createDefaultApi>) =>
  new GenerationTracker({ api: api.generations, schedule: () => undefined });

let server: RunningServer;
beforeAll(async () => {
  server = await withServer();
});
afterAll(() => server.close());

const context: RequestContext = { sender: 'extension-page', tabId: undefined, windowId: undefined };
let granted: OriginAccess;
let handlers: Handlers;

beforeEach(() => {
  fakeBrowser.reset();
  server.state.faults.clear();
  granted = 'own';
  const api = createDefaultApi({ retryLimit: 0, clock: fixedClock() });
  const outbox = new SaveOutbox({
    send: async (entry) => {
      await api.boards.save(entry.boardId, entry.adId, entry.tags);
    },
    schedule: () => undefined,
    autoDrain: false,
  });
  handlers = createHandlers({
    api,
    outbox,
    generations: idleTracker(api),
    watch: watchControls(api),
    hasOriginAccess: async () => granted,
  });
});

/** The watchlist's controls over the API, with no alarm or badge behind them. */
function watchControls(api: Api) {
  const clock = fixedClock();
  const runner = new WatchRunner({
    search: (brandId, cursor) =>
      api.library.search({ unified_brand_id: brandId, order: 'newest', page_size: 100, ...(cursor ? { cursor } : {}) }),
    clock,
    wakeAt: () => undefined,
  });
  return createWatchControls({ runner, clock, schedule: async () => null, refreshBadge: async () => undefined });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return ApiError.from(error);
  }
  throw new Error('expected a rejection');
}

const storedKey = async () => (await connectionItem.get())?.apiKey ?? undefined;

describe('settings.save', () => {
  it('tests the connection, then stores the base URL and key; the view shows only the last four', async () => {
    const result = await handlers['settings.save']({ baseUrl: `${server.baseUrl}/`, apiKey: DEMO_API_KEY }, context);
    expect(result.connection.ownedBrands).toBeGreaterThan(0);
    expect(result.settings).toEqual({
      baseUrl: server.baseUrl,
      origin: server.baseUrl,
      theme: 'system',
      language: 'auto',
      hasApiKey: true,
      apiKeyLast4: DEMO_API_KEY.slice(-4),
    });
    expect(JSON.stringify(result)).not.toContain(DEMO_API_KEY);
    expect(await storedKey()).toBe(DEMO_API_KEY);
  });

  it.each([
    ['a wrong key', () => ({ baseUrl: server.baseUrl, apiKey: 'wrong-key-000000' }), 40001, 'apiKey'],
    ['an unreachable server', () => ({ baseUrl: 'http://127.0.0.1:9', apiKey: DEMO_API_KEY }), 'network', 'baseUrl'],
    ['a non-URL', () => ({ baseUrl: 'not a url', apiKey: DEMO_API_KEY }), 'invalid_input', 'baseUrl'],
    ['an ftp URL', () => ({ baseUrl: 'ftp://example.com', apiKey: DEMO_API_KEY }), 'invalid_input', 'baseUrl'],
    [
      'a URL with credentials',
      () => ({ baseUrl: 'https://a:b@example.com', apiKey: DEMO_API_KEY }),
      'invalid_input',
      'baseUrl',
    ],
    ['a key with spaces', () => ({ baseUrl: server.baseUrl, apiKey: 'has spaces in it' }), 'invalid_input', 'apiKey'],
    ['no key at all', () => ({ baseUrl: server.baseUrl }), 'invalid_input', 'apiKey'],
    [
      'a server that is not the API',
      () => ({ baseUrl: `${server.baseUrl}/media`, apiKey: DEMO_API_KEY }),
      'invalid_response',
      'baseUrl',
    ],
  ] as const)('refuses %s, naming the field, and changes nothing', async (_, input, code, field) => {
    const error = await rejection(handlers['settings.save'](input(), context));
    expect(error.code).toBe(code);
    expect(error.field).toBe(field);
    expect(error.message).not.toContain(DEMO_API_KEY);
    expect(await connectionItem.get()).toBeNull();
  });

  it('never puts a key in an error, a reply or the console, whatever fails', async () => {
    const secret = 'sk-live-SECRET-7f3a9c2e11';
    const logged: unknown[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(...args));
    }
    const refused = await rejection(handlers['settings.save']({ baseUrl: server.baseUrl, apiKey: secret }, context));
    expect(refused.code).toBe(40001);
    const unreachable = await rejection(
      handlers['settings.save']({ baseUrl: 'http://127.0.0.1:9', apiKey: secret }, context),
    );
    expect(unreachable.code).toBe('network');
    // A stored key the server no longer accepts: every request fails, and none says the key.
    await handlers['settings.save']({ baseUrl: server.baseUrl, apiKey: DEMO_API_KEY }, context);
    await connectTo(server.baseUrl, secret);
    const search = await rejection(handlers['library.search']({ query: 'boots' }, context));
    expect(search.code).toBe(40001);
    const view = await handlers['settings.get']({}, context);
    const everything = JSON.stringify([
      refused.toJSON(),
      unreachable.toJSON(),
      search.toJSON(),
      view,
      logged.map(String),
    ]);
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(secret.slice(0, 12));
  });

  it('refuses when host permission for the origin is missing', async () => {
    granted = 'none';
    const error = await rejection(
      handlers['settings.save']({ baseUrl: server.baseUrl, apiKey: DEMO_API_KEY }, context),
    );
    expect(error.code).toBe('permission_denied');
    expect(await storedKey()).toBeUndefined();
  });

  it('keeps the stored key when the field is left empty', async () => {
    await handlers['settings.save']({ baseUrl: server.baseUrl, apiKey: DEMO_API_KEY }, context);
    const again = await handlers['settings.save']({ baseUrl: server.baseUrl }, context);
    expect(again.settings.hasApiKey).toBe(true);
    expect(await storedKey()).toBe(DEMO_API_KEY);
  });

  it('forgets the key on request, keeping the address for the form', async () => {
    await handlers['settings.save']({ baseUrl: server.baseUrl, apiKey: DEMO_API_KEY }, context);
    const view = await handlers['settings.forgetKey']({}, context);
    expect(view).toMatchObject({ hasApiKey: false, baseUrl: server.baseUrl });
    expect(await storedKey()).toBeUndefined();
    expect((await rejection(handlers['ownedBrands.list']({}, context))).code).toBe('not_configured');
  });

  it('binds the stored key to its origin: another origin needs the key again, or a confirmation', async () => {
    await handlers['settings.save']({ baseUrl: server.baseUrl, apiKey: DEMO_API_KEY }, context);
    // The same server under another origin stands for "another host".
    const elsewhere = server.baseUrl.replace('127.0.0.1', 'localhost');
    const before = server.state.requestLog.length;
    const refused = await rejection(handlers['settings.save']({ baseUrl: elsewhere }, context));
    expect(refused).toMatchObject({ code: 'origin_changed', field: 'apiKey' });
    expect(refused.message).toContain(server.baseUrl);
    expect(refused.message).toContain(elsewhere);
    expect(server.state.requestLog.length).toBe(before);
    expect(await connectionItem.get()).toEqual({
      baseUrl: server.baseUrl,
      origin: server.baseUrl,
      apiKey: DEMO_API_KEY,
    });
    // A confirmation for another origin than the one asked about changes nothing either.
    const wrongConfirmation = await rejection(
      handlers['settings.save']({ baseUrl: elsewhere, confirmedOrigin: 'https://evil.example' }, context),
    );
    expect(wrongConfirmation.code).toBe('origin_changed');
    const moved = await handlers['settings.save']({ baseUrl: elsewhere, confirmedOrigin: elsewhere }, context);
    expect(moved.settings).toMatchObject({ baseUrl: elsewhere, origin: elsewhere, hasApiKey: true });
    // A new key for a new origin needs no confirmation.
    const fresh = await handlers['settings.save']({ baseUrl: server.baseUrl, apiKey: DEMO_API_KEY }, context);
    expect(fresh.settings.origin).toBe(server.baseUrl);
  });

  it("does not take the page button's access to every site as the user's yes to the API's address", async () => {
    granted = 'covered';
    const before = server.state.requestLog.length;
    const refused = await rejection(
      handlers['settings.save']({ baseUrl: server.baseUrl, apiKey: DEMO_API_KEY }, context),
    );
    expect(refused).toMatchObject({ code: 'origin_unconfirmed', field: 'baseUrl' });
    expect(server.state.requestLog.length).toBe(before);
    expect(await connectionItem.get()).toBeNull();
    const confirmed = await handlers['settings.save'](
      { baseUrl: server.baseUrl, apiKey: DEMO_API_KEY, confirmedOrigin: server.baseUrl },
      context,
    );
    expect(confirmed.settings.hasApiKey).toBe(true);
  });

  it('writes the address and the key in one write, so no reader sees one without the other', async () => {
    const writes: string[][] = [];
    fakeBrowser.storage.local.onChanged.addListener((changes) => writes.push(Object.keys(changes)));
    await handlers['settings.save']({ baseUrl: server.baseUrl, apiKey: DEMO_API_KEY }, context);
    await handlers['settings.save'](
      { baseUrl: server.baseUrl.replace('127.0.0.1', 'localhost'), apiKey: DEMO_API_KEY },
      context,
    );
    expect(writes.filter((keys) => keys.includes('connection'))).toEqual([['connection'], ['connection']]);
  });

  it.each([
    ['http://example.com', false],
    ['http://10.0.0.5:8080', false],
    ['http://127.0.0.2:9', true],
    ['http://localhost:9', true],
    ['http://[::1]:9', true],
    ['https://example.com', true],
  ])('allows plain http only to this computer: %s is allowed: %s', async (baseUrl, allowed) => {
    const error = await rejection(handlers['settings.save']({ baseUrl, apiKey: DEMO_API_KEY }, context));
    // Allowed addresses get as far as the network (nothing listens there); the others are refused first.
    expect(error.code).toBe(allowed ? 'network' : 'invalid_input');
    if (!allowed) expect(error.message).toMatch(/https:\/\/.*unencrypted/);
  });

  it('moves a key and an address stored apart by an earlier version into one item', async () => {
    await fakeBrowser.storage.local.set({ apiKey: DEMO_API_KEY, settings: { baseUrl: server.baseUrl, theme: 'dark' } });
    expect((await handlers['ownedBrands.list']({}, context)).items.length).toBeGreaterThan(0);
    expect(await connectionItem.get()).toEqual({
      baseUrl: server.baseUrl,
      origin: server.baseUrl,
      apiKey: DEMO_API_KEY,
    });
    expect((await fakeBrowser.storage.local.get('apiKey')).apiKey).toBeUndefined();
    expect((await handlers['settings.get']({}, context)).theme).toBe('dark');
  });

  it('refuses to send a key an earlier version stored for plain http to another machine', async () => {
    await fakeBrowser.storage.local.set({
      apiKey: DEMO_API_KEY,
      settings: { baseUrl: 'http://example.com', theme: 'system' },
    });
    const error = await rejection(handlers['ownedBrands.list']({}, context));
    expect(error).toMatchObject({ code: 'not_configured', field: 'baseUrl' });
  });
});

describe('calls that need a connection', () => {
  it('say what is missing before anything is configured', async () => {
    expect((await rejection(handlers['ownedBrands.list']({}, context))).code).toBe('not_configured');
    expect((await rejection(handlers['connection.test']({}, context))).code).toBe('not_configured');
  });

  it('reach the API once configured', async () => {
    await handlers['settings.save']({ baseUrl: server.baseUrl, apiKey: DEMO_API_KEY }, context);
    const brands = await handlers['ownedBrands.list']({}, context);
    expect(brands.items.length).toBeGreaterThan(0);
    const report = await handlers['connection.test']({}, context);
    expect(report.baseUrl).toBe(server.baseUrl);
  });
});

describe('stored settings', () => {
  it('read as the defaults when tampered with', async () => {
    await fakeBrowser.storage.local.set({ settings: { theme: 'neon' } });
    expect(await settingsItem.get()).toEqual({ theme: 'system', language: 'auto' });
  });
});

describe('find-similar hand-over and the page button', () => {
  const signals = {
    url: 'https://shop.example/',
    hostname: 'shop.example',
    title: 'Shop',
    metas: [],
    jsonLd: [],
    logos: [],
    h1: '',
    lang: 'en',
    text: '',
    selection: 'tents',
  };
  const content: RequestContext = { sender: 'content-script', tabId: 4, windowId: 1, url: 'https://shop.example/' };

  it("similar.show takes the page's address from the browser, not from the page's message", async () => {
    const forged = { ...signals, url: 'https://bank.example/login', hostname: 'bank.example' };
    await handlers['similar.show'](
      { source: 'page', signals: forged },
      { ...content, url: 'https://shop.example/boots' },
    );
    const stored = await pendingSimilarItem.get();
    expect(stored?.request).toMatchObject({
      kind: 'page',
      signals: { url: 'https://shop.example/boots', hostname: 'shop.example', title: signals.title },
    });
  });

  it('similar.show hands the page to the panel through session storage and returns no API data', async () => {
    const reply = await handlers['similar.show']({ source: 'selection', signals }, content);
    expect(reply).toEqual({ opened: true });
    const stored = await pendingSimilarItem.get();
    expect(stored).toMatchObject({ state: 'ready', tabId: 4, request: { kind: 'page', signals } });
    expect(await fakeBrowser.storage.local.get(null)).not.toHaveProperty('similarPending');
  });

  it('pageButton.set refuses to turn on without site access, naming the field, and stays off', async () => {
    const deps = {
      hasOrigins: async () => false,
      registered: async () => false,
      register: async () => undefined,
      unregister: async () => undefined,
    };
    const api = createDefaultApi({ retryLimit: 0, clock: fixedClock() });
    const outbox = new SaveOutbox({ send: async () => undefined, schedule: () => undefined, autoDrain: false });
    const withButton = createHandlers({
      api,
      outbox,
      generations: idleTracker(api),
      watch: watchControls(api),
      pageButton: deps,
    });
    const error = await rejection(withButton['pageButton.set']({ enabled: true }, context));
    expect(error.code).toBe('permission_denied');
    expect(error.field).toBe('pageButton');
    expect(await withButton['pageButton.get']({}, context)).toEqual({ enabled: false, granted: false });
  });

  it('similar.inTab reads the given tab', async () => {
    const read: number[] = [];
    const api = createDefaultApi({ retryLimit: 0, clock: fixedClock() });
    const outbox = new SaveOutbox({ send: async () => undefined, schedule: () => undefined, autoDrain: false });
    const withTab = createHandlers({
      api,
      outbox,
      generations: idleTracker(api),
      watch: watchControls(api),
      readTab: async (tabId) => void read.push(tabId),
    });
    expect(await withTab['similar.inTab']({ tabId: 12 }, context)).toEqual({ ok: true });
    expect(read).toEqual([12]);
  });
});
