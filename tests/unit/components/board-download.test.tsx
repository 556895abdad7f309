// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BoardView } from '@/components/boards/board-view';
import * as download from '@/components/ui/download';
import { testAd } from '../../support/ads';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const AD = testAd({
  id: 'ad-1',
  title: 'Trail shoes',
  brand_name: 'Acme Trail',
  images: [{ url: 'https://cdn.example/slow.png' }],
});

let root: Root;
let kept: unknown[] = [];
let host: HTMLElement;

/** The background, answering the board's pages, its tree and the settings. */
function background() {
  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: { type: string }) => {
    if (message.type === 'boards.ads') return { ok: true, data: { items: [AD], cursor: null } };
    if (message.type === 'boards.tree') return { ok: true, data: { items: [] } };
    if (message.type === 'vault.keep') {
      kept.push(message);
      return { ok: true, data: { added: 0 } };
    }
    if (message.type === 'settings.get')
      return {
        ok: true,
        data: { baseUrl: 'https://api.example', origin: null, theme: 'system', hasApiKey: true, apiKeyLast4: null },
      };
    return { ok: false, error: { code: 'internal', message: 'not in this test', retryable: false } };
  }) as unknown as typeof browser.runtime.sendMessage);
}

async function until(check: () => void): Promise<void> {
  await vi.waitFor(async () => {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    check();
  });
}

const button = (name: string) =>
  [...host.querySelectorAll('button')].find((element) => element.textContent === name) ?? null;

beforeEach(() => {
  fakeBrowser.reset();
  kept = [];
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.restoreAllMocks();
});

describe('Download board', () => {
  it('says its limits first, and Cancel download stops a download held by a creative that never answers', async () => {
    background();
    const saved = vi.spyOn(download, 'downloadFile').mockImplementation(() => undefined);
    let aborted = false;
    let asked = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise<Response>((_, reject) => {
          asked = true;
          init?.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(init.signal?.reason);
          });
        }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => {
      root.render(
        <QueryClientProvider client={client}>
          <BoardView board={{ id: 'b1', name: 'Picks', count: 1 }} onBack={() => undefined} />
        </QueryClientProvider>,
      );
    });
    await until(() => expect(button('Download board')?.disabled).toBe(false));
    await act(async () => button('Download board')?.click());
    await until(() => expect(button('Cancel download')).not.toBeNull());
    await until(() =>
      expect(host.textContent).toContain(
        'This board has 1 creative; the download holds it (1 GB at most). Creatives: 0 of 1…',
      ),
    );
    await until(() => expect(asked).toBe(true));
    await act(async () => button('Cancel download')?.click());
    await until(() => expect(host.textContent).toContain('Download cancelled; nothing was saved.'));
    expect(aborted).toBe(true);
    expect(button('Cancel download')).toBeNull();
    expect(saved).not.toHaveBeenCalled();
  });
});

describe('Keep this board', () => {
  it('says a refused permission prompt as refused, and sends nothing from those sites', async () => {
    background();
    vi.spyOn(browser.permissions, 'contains').mockImplementation(async () => false);
    vi.spyOn(browser.permissions, 'request').mockImplementation(async () => false);
    vi.spyOn(browser.permissions, 'remove').mockImplementation(async () => true);
    vi.spyOn(browser.runtime, 'connect').mockImplementation(
      () =>
        ({
          postMessage: () => undefined,
          disconnect: () => undefined,
          onDisconnect: { addListener: () => undefined, removeListener: () => undefined },
        }) as unknown as ReturnType<typeof browser.runtime.connect>,
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => {
      root.render(
        <QueryClientProvider client={client}>
          <BoardView board={{ id: 'b1', name: 'Picks', count: 1 }} onBack={() => undefined} />
        </QueryClientProvider>,
      );
    });
    await until(() => expect(button("Keep this board's creatives")?.disabled).toBe(false));
    await act(async () => button("Keep this board's creatives")?.click());
    await until(() => expect(button('Keep them')).not.toBeNull());
    expect(host.textContent).toContain('Your browser will ask for access to 1 site they are on');
    await act(async () => button('Keep them')?.click());
    await until(() =>
      expect(host.textContent).toContain('You did not allow access to 1 site; nothing was fetched from them.'),
    );
    expect(kept).toEqual([]);
  });
});
