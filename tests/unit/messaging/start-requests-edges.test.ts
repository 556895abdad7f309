// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';

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
afterEach(() => vi.restoreAllMocks());

describe('requests sent as the panel starts', () => {
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
