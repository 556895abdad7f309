// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ImportDialog } from '@/components/watchlist/import-dialog';
import { reactRoot, waitForPage } from '../../support/react-root';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const followed = {
  items: [
    { id: 'brand-1', name: 'Brand 1' },
    { id: 'brand-2', name: 'Brand 2' },
  ],
  total: 2,
  has_more: false,
};

const mounted = reactRoot();

/** The watchlist's button and its dialog, as the New tab holds them. */
function Watchlist() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Import
      </button>
      <ImportDialog open={open} watched={new Set()} onClose={() => setOpen(false)} />
    </>
  );
}

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
const button = (name: RegExp) =>
  [...mounted.host.querySelectorAll('button')].find((element) => name.test(element.textContent ?? ''));
const box = (name: string) =>
  [...mounted.host.querySelectorAll('label')]
    .find((label) => label.textContent?.includes(name))
    ?.querySelector('input') ?? null;

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => vi.restoreAllMocks());

describe('the watchlist import, cancelled while its add is on its way', () => {
  it('the first add answering late closes neither the dialog opened again nor its ticks', async () => {
    const answers: (() => void)[] = [];
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: { type: string }) => {
      if (message.type === 'brands.followed') return { ok: true, data: followed };
      if (message.type === 'watch.add') {
        await new Promise<void>((resolve) => answers.push(resolve));
        return { ok: true, data: { added: 1 } };
      }
      return { ok: true, data: {} };
    }) as typeof browser.runtime.sendMessage);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () =>
      mounted.root.render(
        <QueryClientProvider client={client}>
          <Watchlist />
        </QueryClientProvider>,
      ),
    );

    await act(async () => button(/^Import$/)?.click());
    await waitForPage(() => expect(box('Brand 1')).not.toBeNull());
    await act(async () => box('Brand 1')?.click());
    await act(async () => mounted.host.querySelector('form')?.requestSubmit());
    await waitForPage(() => expect(answers).toHaveLength(1));
    // The user gives up waiting, opens the dialog again and ticks another brand.
    await act(async () => button(/^Cancel$/)?.click());
    expect(mounted.host.querySelector('form')).toBeNull();
    await act(async () => button(/^Import$/)?.click());
    await waitForPage(() => expect(box('Brand 2')).not.toBeNull());
    await act(async () => box('Brand 2')?.click());

    // The first add answers now: the dialog the user is working in stays open, Brand 2 still ticked.
    answers[0]?.();
    await settle();
    await settle();
    expect(mounted.host.querySelector('form')).not.toBeNull();
    expect(box('Brand 2')?.checked).toBe(true);
  });
});
