// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import BrandsTab from '@/components/brands/brands-tab';
import { useBrandsStore } from '@/components/brands/brands-store';
import { ImportDialog } from '@/components/watchlist/import-dialog';
import { waitForPage } from '../../support/react-root';
import { pageWorld, tick, typeInto } from '../../support/page-world';

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

const { render } = pageWorld(() =>
  useBrandsStore.setState({ catalogueQuery: '', followedQuery: '', followedOffset: 0, brandId: null, openAdId: null }),
);

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
    await act(async () => typeInto(search, 'Acme'));
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
