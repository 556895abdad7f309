// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import BrandsTab from '@/components/brands/brands-tab';
import { useBrandsStore } from '@/components/brands/brands-store';
import { ImportDialog } from '@/components/watchlist/import-dialog';
import { createQueryClient } from '@/components/ui/mount';
import { waitForPage } from '../../support/react-root';

/**
 * "Show more" in the lists that page with a button, when the next page fails. The first page is
 * on screen; the user asks for more, and the background answers with an error (the service did
 * not answer in time, a rate limit, the worker gone). Search, a board and a brand's ads say so
 * (AdResults' isFetchNextPageError); these two say nothing:
 *
 * 1. Brands, the catalogue: CatalogueSearch shows its error only while no brand is listed
 *    (`results.isError && brands.length === 0`). The button goes back to "Show more brands" and
 *    the list stays as it was, as if the click had not been made.
 * 2. New, "Watch brands you follow…": ImportForm has the same rule (`followed.isError &&
 *    rows.length === 0`): the brands past the first 50 never come, and nothing says why.
 */
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const cleanups: (() => void | Promise<void>)[] = [];

async function render(element: ReactNode) {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  cleanups.push(() => act(async () => root.unmount()));
  await act(async () => root.render(<QueryClientProvider client={createQueryClient()}>{element}</QueryClientProvider>));
}

interface Message {
  type: string;
  payload: Record<string, unknown>;
}

const NOT_ANSWERING = {
  ok: false,
  error: {
    code: 'timeout',
    httpStatus: null,
    message: 'The service did not answer in time.',
    retryable: true,
  },
};

/** The background: `answer` gives each request's data, or a whole reply (an error) when it returns one. */
function background(answer: (message: Message) => unknown) {
  const asked: Message[] = [];
  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: Message) => {
    asked.push(message);
    if (message.type === 'request.cancel') return { ok: true, data: {} };
    const data = answer(message);
    return data === NOT_ANSWERING ? data : { ok: true, data };
  }) as typeof browser.runtime.sendMessage);
  return asked;
}

function type(field: HTMLInputElement, text: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setValue?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const button = (label: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find((item) => item.textContent === label);

const text = () => document.body.textContent ?? '';

const brands = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: `${prefix}-${index + 1}`,
    name: `${prefix} ${index + 1}`,
    locked: false,
    domain: null,
    category: null,
    logo_url: null,
    ad_count: 40,
  }));

beforeEach(() => {
  fakeBrowser.reset();
  localStorage.clear();
  document.body.innerHTML = '<div id="root"></div>';
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await vi.dynamicImportSettled();
  act(() =>
    useBrandsStore.setState({
      catalogueQuery: '',
      followedQuery: '',
      followedOffset: 0,
      brandId: null,
      openAdId: null,
    }),
  );
  document.body.innerHTML = '';
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the brand catalogue’s Show more, when the next page fails', () => {
  it('says the next page could not be loaded', async () => {
    const asked = background((message) => {
      if (message.type === 'brands.search')
        return message.payload.cursor ? NOT_ANSWERING : { items: brands('Acme', 20), cursor: 'page-2' };
      if (message.type === 'brands.followed') return { items: [], has_more: false, total: 0, quota: null };
      return {};
    });
    await render(<BrandsTab />);
    const search = document.querySelector<HTMLInputElement>('input[type="search"]');
    if (!search) throw new Error('no catalogue search');
    await act(async () => type(search, 'Acme'));
    await waitForPage(() => expect(button('Show more brands')).toBeDefined());

    await act(async () => button('Show more brands')?.click());
    await waitForPage(() => expect(asked.some((message) => message.payload.cursor === 'page-2')).toBe(true));
    await waitForPage(() => expect(button('Show more brands')?.disabled).toBe(false));
    await act(tick);
    expect(text()).toContain('The service did not answer in time.');
  });
});

describe('the import dialog’s Show more, when the next page fails', () => {
  it('says the next page could not be loaded', async () => {
    const asked = background((message) => {
      if (message.type === 'brands.followed')
        return message.payload.offset === 0
          ? { items: brands('Followed', 50), has_more: true, total: 120, quota: null }
          : NOT_ANSWERING;
      return {};
    });
    await render(<ImportDialog open onClose={() => undefined} watched={new Set()} />);
    await waitForPage(() => expect(button('Show more brands')).toBeDefined());

    await act(async () => button('Show more brands')?.click());
    await waitForPage(() => expect(asked.some((message) => message.payload.offset === 50)).toBe(true));
    await waitForPage(() => expect(button('Show more brands')?.disabled).toBe(false));
    await act(tick);
    expect(text()).toContain('The service did not answer in time.');
  });
});
