// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openTabAtStart } from '@/components/navigation/panel-tabs';
import { clearPageCaches } from '@/components/ui/page-caches';

const search = { query: 'tent', page_size: 24 };

/** A fresh module graph: what was sent at start lives in the module, as in a page. */
async function fresh() {
  vi.resetModules();
  return {
    start: await import('@/lib/messaging/start-requests'),
    client: await import('@/lib/messaging/client'),
    caches: await import('@/components/ui/page-caches'),
    watch: await import('@/components/ui/storage-watch'),
    mount: await import('@/components/ui/mount'),
  };
}

beforeEach(() => {
  fakeBrowser.reset();
  localStorage.clear();
});
// A start answer seeded into the cache learns its formats through a lazy import nobody awaits: it
// settles before the next test, and before the file's environment is torn down.
afterEach(async () => {
  await vi.dynamicImportSettled();
  vi.restoreAllMocks();
});

describe('requests sent as the panel starts', () => {
  it('remembers the latest request of each starting kind, and nothing else', async () => {
    const { start } = await fresh();
    start.rememberStartRequest({ type: 'library.search', payload: { query: 'old' } });
    start.rememberStartRequest({ type: 'settings.get', payload: {} });
    start.rememberStartRequest({ type: 'library.search', payload: search });
    start.rememberStartRequest({ type: 'boards.add', payload: { boardId: 'b' } });
    expect(JSON.parse(localStorage.getItem(start.START_REQUESTS_KEY) ?? '')).toEqual([
      { type: 'settings.get', payload: {} },
      { type: 'library.search', payload: search },
    ]);
  });

  it('writes nothing when the request is remembered as it is already', async () => {
    const { start } = await fresh();
    start.rememberStartRequest({ type: 'settings.get', payload: {} });
    start.rememberStartRequest({ type: 'library.search', payload: search });
    const write = vi.spyOn(localStorage, 'setItem');
    start.rememberStartRequest({ type: 'settings.get', payload: {} });
    start.rememberStartRequest({ type: 'library.search', payload: { ...search } });
    expect(write).not.toHaveBeenCalled();
    start.rememberStartRequest({ type: 'library.search', payload: { ...search, query: 'tents' } });
    expect(write).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(start.START_REQUESTS_KEY) ?? '')).toEqual([
      { type: 'settings.get', payload: {} },
      { type: 'library.search', payload: { ...search, query: 'tents' } },
    ]);
  });

  it('sends what was remembered, and the app takes that answer once for the very same request', async () => {
    const { start } = await fresh();
    start.rememberStartRequest({ type: 'library.search', payload: search });
    const send = vi.fn(async () => ({ ok: true, data: { items: [] } }));
    start.sendStartRequests(localStorage, undefined, send, 1_000);
    expect(send).toHaveBeenCalledWith({ type: 'library.search', payload: search });
    expect(start.takeStartAnswer({ type: 'library.search', payload: { ...search, query: 'tents' } }, 1_100)).toBe(
      undefined,
    );
    const answer = start.takeStartAnswer({ type: 'library.search', payload: { ...search } }, 1_100);
    await expect(answer).resolves.toEqual({ ok: true, data: { items: [] } });
    expect(start.takeStartAnswer({ type: 'library.search', payload: search }, 1_200)).toBe(undefined);
  });

  it('leaves an answer older than its freshness unused', async () => {
    const { start } = await fresh();
    start.rememberStartRequest({ type: 'settings.get', payload: {} });
    start.sendStartRequests(localStorage, undefined, async () => ({ ok: true, data: {} }), 0);
    expect(start.takeStartAnswer({ type: 'settings.get', payload: {} }, start.START_ANSWER_FRESH_MS + 1)).toBe(
      undefined,
    );
  });

  it('sends only the kinds asked for (the search only when the panel opens on it)', async () => {
    const { start } = await fresh();
    start.rememberStartRequest({ type: 'settings.get', payload: {} });
    start.rememberStartRequest({ type: 'library.search', payload: search });
    const send = vi.fn(async () => ({ ok: true, data: {} }));
    start.sendStartRequests(localStorage, ['settings.get'], send, 0);
    expect(send.mock.calls).toEqual([[{ type: 'settings.get', payload: {} }]]);
  });

  it('sends nothing from a damaged or foreign entry, and an unused failure is nobody’s', async () => {
    const { start } = await fresh();
    const send = vi.fn(async () => {
      throw new Error('no worker');
    });
    for (const stored of [
      '{not json',
      '{"type":"settings.get"}',
      '[{"type":"data.eraseAll","payload":{}}]',
      '[null, 3]',
    ]) {
      localStorage.setItem(start.START_REQUESTS_KEY, stored);
      start.sendStartRequests(localStorage, undefined, send, 0);
    }
    expect(send).not.toHaveBeenCalled();
    localStorage.setItem(start.START_REQUESTS_KEY, '[{"type":"settings.get","payload":{}}]');
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    start.sendStartRequests(localStorage, undefined, send, 0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(send).toHaveBeenCalledOnce();
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('a full storage only means the next start waits as before', async () => {
    const { start } = await fresh();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => start.rememberStartRequest({ type: 'settings.get', payload: {} })).not.toThrow();
  });

  it('callBackground takes the answer sent at start instead of asking again, and remembers what it asked', async () => {
    const { start, client } = await fresh();
    const sendMessage = vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async () => ({
      ok: true,
      data: { baseUrl: 'early' },
    })) as typeof browser.runtime.sendMessage);
    localStorage.setItem(start.START_REQUESTS_KEY, JSON.stringify([{ type: 'settings.get', payload: {} }]));
    start.sendStartRequests();
    expect(sendMessage).toHaveBeenCalledOnce();
    await expect(client.callBackground('settings.get', {}, { atStart: true })).resolves.toEqual({ baseUrl: 'early' });
    expect(sendMessage).toHaveBeenCalledOnce();
    // Taken once: the next asks the background.
    sendMessage.mockImplementation((async () => ({
      ok: true,
      data: { baseUrl: 'later' },
    })) as typeof browser.runtime.sendMessage);
    await expect(client.callBackground('settings.get', {}, { atStart: true })).resolves.toEqual({ baseUrl: 'later' });
    expect(sendMessage).toHaveBeenCalledTimes(2);
  });

  it('a request aborted while its start answer is on its way says so', async () => {
    const { start, client } = await fresh();
    let answer: (value: unknown) => void = () => undefined;
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation(
      (() =>
        new Promise<unknown>((resolve) => {
          answer = resolve;
        })) as typeof browser.runtime.sendMessage,
    );
    localStorage.setItem(start.START_REQUESTS_KEY, JSON.stringify([{ type: 'library.search', payload: search }]));
    start.sendStartRequests();
    const controller = new AbortController();
    const asked = client.callBackground('library.search', search, {
      signal: controller.signal,
      atStart: true,
    });
    controller.abort();
    await expect(asked).rejects.toMatchObject({ code: 'aborted' });
    answer({ ok: true, data: { items: [] } });
  });

  it('is forgotten with the pages’ caches (a key forgotten or replaced, Delete all)', async () => {
    const { start } = await fresh();
    start.rememberStartRequest({ type: 'library.search', payload: search });
    clearPageCaches();
    expect(localStorage.getItem(start.START_REQUESTS_KEY)).toBe(null);
  });
});

describe('the tab the panel opens on, read before the app loads', () => {
  const page = (value: string | null) => ({ getItem: () => value });
  it('is the tab the navigation store kept', () => {
    expect(openTabAtStart(page(JSON.stringify({ state: { tab: 'boards' }, version: 1 })))).toBe('boards');
  });
  it('is the search for anything else', () => {
    for (const value of [null, '', '{', '"boards"', JSON.stringify({ state: { tab: 'settings' } }), '{"state":null}']) {
      expect(openTabAtStart(page(value))).toBe('search');
    }
  });
});

describe('answers back before the first render', () => {
  it('are taken for the cache once; an error or a late answer stays for the app to take as it asks', async () => {
    const { start } = await fresh();
    localStorage.setItem(
      start.START_REQUESTS_KEY,
      JSON.stringify([
        { type: 'settings.get', payload: {} },
        { type: 'library.search', payload: search },
      ]),
    );
    let answerSearch: (value: unknown) => void = () => undefined;
    start.sendStartRequests(
      localStorage,
      undefined,
      (message) =>
        message.type === 'settings.get'
          ? Promise.resolve({ ok: false, error: { code: 'internal' } })
          : new Promise((resolve) => {
              answerSearch = resolve;
            }),
      0,
    );
    expect(await start.startAnswersBack('library.search', 5, 1)).toEqual([]);
    expect(await start.startAnswersBack('settings.get', 5, 1)).toEqual([]);
    await expect(start.takeStartAnswer({ type: 'settings.get', payload: {} }, 2)).resolves.toMatchObject({ ok: false });
    const back = start.startAnswersBack('library.search', 1_000, 3);
    answerSearch({ ok: true, data: { items: [] } });
    expect(await back).toEqual([{ payload: search, data: { items: [] } }]);
    expect(start.takeStartAnswer({ type: 'library.search', payload: search }, 4)).toBe(undefined);
  });

  it('the search view finds its first page under its own key, and the settings theirs', async () => {
    vi.resetModules();
    const start = await import('@/lib/messaging/start-requests');
    const { seedStartAnswers } = await import('@/components/ads/start-search');
    const { adKeys } = await import('@/components/ads/query-keys');
    const { settingsQueryKey } = await import('@/components/ui/use-settings');
    const { QueryClient } = await import('@tanstack/react-query');
    const params = { query: 'tent', format: 'video' };
    localStorage.setItem(
      start.START_REQUESTS_KEY,
      JSON.stringify([
        { type: 'settings.get', payload: {} },
        { type: 'library.search', payload: { ...params, page_size: 24 } },
      ]),
    );
    const page = { items: [], cursor: null, total: 0 };
    start.sendStartRequests(localStorage, undefined, async (message) =>
      message.type === 'settings.get' ? { ok: true, data: { theme: 'dark' } } : { ok: true, data: page },
    );
    const client = new QueryClient();
    await seedStartAnswers(client, 100);
    expect(client.getQueryData(adKeys.search(params))).toEqual({ pages: [page], pageParams: [''] });
    expect(client.getQueryData(settingsQueryKey)).toEqual({ theme: 'dark' });
  });
});

describe('requests sent as the panel starts, while the world changes under them', () => {
  it('never shows an answer of the last workspace once the API key is replaced', async () => {
    const { start, client, watch, mount } = await fresh();
    let workspace = 'old';
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async () => ({
      ok: true,
      data: { items: [{ id: `${workspace}-ad` }], cursor: null },
    })) as typeof browser.runtime.sendMessage);
    // The panel starts on its remembered search; its first request is another one (an arrival, a filter).
    localStorage.setItem(start.START_REQUESTS_KEY, JSON.stringify([{ type: 'library.search', payload: search }]));
    start.sendStartRequests();
    // The user pastes a new key in the options page: the panel drops everything of the last workspace.
    const stop = watch.watchSettings(mount.createQueryClient());
    workspace = 'new';
    await fakeBrowser.storage.local.set({ connection: { apiKey: 'another' } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop();
    // A few seconds later the user goes back to that search.
    await expect(client.callBackground('library.search', search, { atStart: true })).resolves.toEqual({
      items: [{ id: 'new-ad' }],
      cursor: null,
    });
  });

  it('never shows an answer of the last workspace after Delete all (the pages’ caches cleared)', async () => {
    const { start, client, caches } = await fresh();
    let workspace = 'old';
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async () => ({
      ok: true,
      data: { items: [{ id: `${workspace}-ad` }] },
    })) as typeof browser.runtime.sendMessage);
    localStorage.setItem(start.START_REQUESTS_KEY, JSON.stringify([{ type: 'library.search', payload: search }]));
    start.sendStartRequests();
    caches.clearPageCaches();
    workspace = 'new';
    await expect(client.callBackground('library.search', search, { atStart: true })).resolves.toEqual({
      items: [{ id: 'new-ad' }],
    });
  });

  it('sends at most one request of each kind at start, however many a damaged entry holds', async () => {
    const { start } = await fresh();
    const hostile = Array.from({ length: 5_000 }, (_, index) => ({
      type: index % 2 ? 'settings.get' : 'library.search',
      payload: { query: `q${index}`, page_size: 24 },
    }));
    localStorage.setItem(start.START_REQUESTS_KEY, JSON.stringify(hostile));
    const send = vi.fn(async () => ({ ok: true, data: {} }));
    start.sendStartRequests(localStorage, undefined, send, 0);
    expect(send.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it('a start request whose worker went away is asked again rather than shown as an error', async () => {
    const { start, client } = await fresh();
    const sendMessage = vi
      .spyOn(browser.runtime, 'sendMessage')
      .mockImplementationOnce((async () => {
        throw new Error('The message port closed before a response was received.');
      }) as typeof browser.runtime.sendMessage)
      .mockImplementation((async () => ({
        ok: true,
        data: { baseUrl: 'https://api' },
      })) as typeof browser.runtime.sendMessage);
    localStorage.setItem(start.START_REQUESTS_KEY, JSON.stringify([{ type: 'settings.get', payload: {} }]));
    start.sendStartRequests();
    await expect(client.callBackground('settings.get', {}, { atStart: true })).resolves.toEqual({
      baseUrl: 'https://api',
    });
    expect(sendMessage).toHaveBeenCalledTimes(2);
  });

  // a stored payload with prototype keys seeds nothing into Object.prototype.
  it('a stored search with __proto__ keys pollutes nothing when it is seeded', async () => {
    vi.resetModules();
    const start = await import('@/lib/messaging/start-requests');
    const { seedStartAnswers } = await import('@/components/ads/start-search');
    const { QueryClient } = await import('@tanstack/react-query');
    localStorage.setItem(
      start.START_REQUESTS_KEY,
      '[{"type":"library.search","payload":{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"query":"x"}}]',
    );
    start.sendStartRequests(localStorage, undefined, async () => ({ ok: true, data: { items: [], cursor: null } }), 0);
    await seedStartAnswers(new QueryClient(), 20);
    expect(({} as Record<string, unknown>).polluted).toBe(undefined);
  });

  // a request the app asks for differently (another page size) is never given the start answer.
  it('an answer to a search of another page size is not taken', async () => {
    const { start } = await fresh();
    localStorage.setItem(start.START_REQUESTS_KEY, JSON.stringify([{ type: 'library.search', payload: search }]));
    start.sendStartRequests(localStorage, undefined, async () => ({ ok: true, data: { items: [] } }), 0);
    expect(start.takeStartAnswer({ type: 'library.search', payload: { ...search, page_size: 30 } }, 1)).toBe(undefined);
  });
});
