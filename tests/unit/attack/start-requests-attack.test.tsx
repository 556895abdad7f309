// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { QueryClient } from '@tanstack/react-query';
import { LIBRARY_PAGE_SIZE } from '@/lib/contract/ad-library';
import { waitForPage } from '../../support/react-root';
import { freshStartPage, searchView } from '../../support/start-page';

/** The search the panel was left on, and what its search view asks for it. */
const params = { query: 'tent', sort_by: 'best_match' as const };
const payload = { ...params, page_size: LIBRARY_PAGE_SIZE };
const pageOf = (id: string) => ({ items: [{ id, display_format: 'video' }], cursor: null });

/**
 * A fresh page: the panel's modules as boot.tsx mounts them (mountPage with the search persisted
 * and the start answers seeded), around a view that shows the ids of the search's ads.
 */
async function freshPanel() {
  vi.resetModules();
  const start = await import('@/lib/messaging/start-requests');
  const { mountPage } = await import('@/components/ui/mount');
  const { seedStartAnswers } = await import('@/components/ads/start-search');
  const { useLibrarySearch } = await import('@/components/ads/queries');
  const { adKeys } = await import('@/components/ads/query-keys');
  const { QUERY_CACHE_KEY } = await import('@/components/ui/page-caches');
  const Ads = searchView(useLibrarySearch, params);
  let client: QueryClient | undefined;
  const mount = () =>
    mountPage(<Ads />, {
      persist: (key) => key[0] === adKeys.search({})[0],
      // The boot waits 50 ms; here the answer comes back well within a longer wait, so a slow
      // machine cannot turn the race into a late answer.
      seed: (queryClient) => {
        client = queryClient;
        return seedStartAnswers(queryClient, 1_000);
      },
    });
  const shown = () => document.getElementById('ads')?.textContent ?? '';
  return { start, mount, shown, adKeys, QUERY_CACHE_KEY, client: () => client };
}

/** The background's answers to the app's own requests: the workspace now connected. */
function backgroundAnswersFor(workspace: { id: string }) {
  return vi
    .spyOn(browser.runtime, 'sendMessage')
    .mockImplementation((async (message: { type: string }) =>
      message.type === 'library.search'
        ? { ok: true, data: pageOf(`ad-of-${workspace.id}`) }
        : { ok: true, data: {} }) as typeof browser.runtime.sendMessage);
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

freshStartPage();

describe('a start answer of the last workspace, while the panel boots', () => {
  // Workspace B's key is saved in Options just as the panel opens: the answer sent at start with
  // A's key, back after the change, is not seeded (startAnswersBack takes only what is still
  // remembered), so B's panel never shows A's ads as its results.
  it('never seeds an answer that comes back after the key was replaced', async () => {
    const panel = await freshPanel();
    const workspace = { id: 'a' };
    backgroundAnswersFor(workspace);
    localStorage.setItem(panel.start.START_REQUESTS_KEY, JSON.stringify([{ type: 'library.search', payload }]));
    // main.tsx: the remembered search goes as the panel starts; the background reads A's key for it.
    let answerOfA: (reply: unknown) => void = () => undefined;
    panel.start.sendStartRequests(
      localStorage,
      undefined,
      () =>
        new Promise((resolve) => {
          answerOfA = resolve;
        }),
    );
    const mounted = panel.mount();
    // While the first render waits for that answer, the user saves workspace B's key.
    workspace.id = 'b';
    await fakeBrowser.storage.local.set({ connection: { apiKey: 'key-of-b' } });
    await tick();
    answerOfA({ ok: true, data: pageOf('ad-of-a') });
    await mounted;
    await waitForPage(() => expect(panel.shown()).not.toBe(''));
    expect(panel.shown()).toBe('ad-of-b');
  });

  // Nor is it kept for the next opening: what the persisted cache writes at leave holds no
  // page of A.
  it('never keeps such an answer for the next opening', async () => {
    const panel = await freshPanel();
    const workspace = { id: 'a' };
    backgroundAnswersFor(workspace);
    localStorage.setItem(panel.start.START_REQUESTS_KEY, JSON.stringify([{ type: 'library.search', payload }]));
    let answerOfA: (reply: unknown) => void = () => undefined;
    panel.start.sendStartRequests(
      localStorage,
      undefined,
      () =>
        new Promise((resolve) => {
          answerOfA = resolve;
        }),
    );
    const mounted = panel.mount();
    workspace.id = 'b';
    await fakeBrowser.storage.local.set({ connection: { apiKey: 'key-of-b' } });
    await tick();
    answerOfA({ ok: true, data: pageOf('ad-of-a') });
    await mounted;
    await waitForPage(() => expect(panel.shown()).not.toBe(''));
    // The panel closes: what it keeps is painted first the next time it opens.
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(panel.QUERY_CACHE_KEY) ?? '').not.toContain('ad-of-a');
  });

  // Delete all pressed in Options just as the panel opens: the last workspace's answer, back
  // after it, is not shown.
  it('never seeds an answer that comes back after Delete all', async () => {
    const panel = await freshPanel();
    const workspace = { id: 'a' };
    backgroundAnswersFor(workspace);
    localStorage.setItem(panel.start.START_REQUESTS_KEY, JSON.stringify([{ type: 'library.search', payload }]));
    let answerOfA: (reply: unknown) => void = () => undefined;
    panel.start.sendStartRequests(
      localStorage,
      undefined,
      () =>
        new Promise((resolve) => {
          answerOfA = resolve;
        }),
    );
    const mounted = panel.mount();
    // Options' Delete all: the extension's storage cleared, then the pages' localStorage.
    workspace.id = 'none';
    await fakeBrowser.storage.local.clear();
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null, newValue: null }));
    await tick();
    answerOfA({ ok: true, data: pageOf('ad-of-a') });
    await mounted;
    await waitForPage(() => expect(panel.shown()).not.toBe(''));
    expect(panel.shown()).not.toContain('ad-of-a');
  });

  // The key replaced while the panel's app is still loading (main.tsx has sent the start
  // requests and awaits its boot, whose watch on storage has not begun): the start requests
  // watch the connection themselves, so A's answer is neither seeded nor taken.
  it('never shows an answer sent before a key change the app was not yet listening for', async () => {
    const panel = await freshPanel();
    const workspace = { id: 'a' };
    backgroundAnswersFor(workspace);
    localStorage.setItem(panel.start.START_REQUESTS_KEY, JSON.stringify([{ type: 'library.search', payload }]));
    let answerOfA: (reply: unknown) => void = () => undefined;
    panel.start.sendStartRequests(
      localStorage,
      undefined,
      () =>
        new Promise((resolve) => {
          answerOfA = resolve;
        }),
    );
    // Options saves B's key while the panel's modules load.
    workspace.id = 'b';
    await fakeBrowser.storage.local.set({ connection: { apiKey: 'key-of-b' } });
    await tick();
    const mounted = panel.mount();
    answerOfA({ ok: true, data: pageOf('ad-of-a') });
    await mounted;
    await waitForPage(() => expect(panel.shown()).not.toBe(''));
    expect(panel.shown()).toBe('ad-of-b');
  });
});
