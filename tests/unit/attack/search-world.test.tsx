// @vitest-environment happy-dom
import { answerAsBackground } from '../../support/background-answers';
import { layOutGrid } from '../../support/grid-layout';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import SearchTab from '@/components/search/search-tab';
import { useSearchStore } from '@/components/search/search-store';
import type { LibraryAd, LibraryPage } from '@/lib/contract/ad-library';
import { testAd } from '../../support/ads';
import { waitForPage } from '../../support/react-root';
import { held, pageWorld, tick, typeInto } from '../../support/page-world';

/**
 * The Search view while the world changes under it: a new search on its way, the next page of
 * a list that moved since its first page, the list replaced while the user's place (scroll,
 * keyboard) is in the last one. Each test is a user's scenario; the comment above it names the
 * symptom and the cause in the code. Answers are held with promises the test settles itself.
 */

const { render, cleanups } = pageWorld(() => useSearchStore.getState().reset());

const background = answerAsBackground;

/** happy-dom lays nothing out: a 400 × 3,000 px grid (one column of cards), as a browser would. */
const layOut = () => layOutGrid({ width: 400, height: 3000, rowHeight: 120 });

const ads = (prefix: string, count: number, from = 0): LibraryAd[] =>
  Array.from({ length: count }, (_, index) =>
    testAd({ id: `${prefix}${from + index}`, title: `${prefix} ad ${from + index}` }),
  );

const NOTHING: LibraryPage = { items: [], cursor: null };

const text = () => document.body.textContent ?? '';
const searchBox = () => {
  const box = document.querySelector<HTMLInputElement>('input[type="search"]');
  if (!box) throw new Error('no search box');
  return box;
};
const sortSelect = () => {
  const select = document.querySelector<HTMLSelectElement>('form[role="search"] select');
  if (!select) throw new Error('no sort');
  return select;
};
const scroller = () => {
  const element = document.querySelector<HTMLElement>('.ad-grid-scroll');
  if (!element) throw new Error('no grid');
  return element;
};
/** The ids of the cards in the document, in the grid's order. */
const shownIds = () => [...document.querySelectorAll('[data-ad-id]')].map((node) => node.getAttribute('data-ad-id'));
const shownIndexes = () =>
  [...document.querySelectorAll('[data-ad-index]')].map((node) => Number(node.getAttribute('data-ad-index')));

/** The user picks another order in the search bar. */
function chooseSort(value: string) {
  const select = sortSelect();
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/*
 * 1. The user searched "zzzz" and the library had nothing: "No ads match" with "Clear the
 *    search". They type "tents". While the search for "tents" is on its way (a slow service: it
 *    can take seconds), the view goes on saying "No ads match / Try fewer words, or remove a
 *    filter." and offers "Clear the search", as if "tents" had been answered with nothing; the
 *    status line says "Searching…" beside it. A user who believes it clears a search that was
 *    about to find ads.
 *    Cause: useLibrarySearch (components/ads/queries.ts) keeps the last answer as placeholder
 *    data (keepPreviousData), so `isPending` is false; AdResults (components/ads/ad-results.tsx)
 *    shows `empty` whenever the flattened `ads` is empty, without looking at
 *    `query.isPlaceholderData`. (SearchTab's own brand notice was taught that rule, AdResults was
 *    not.)
 *    Fix direction: in AdResults, while `query.isPlaceholderData` and no ad is listed, show the
 *    loading skeleton (or nothing), never `empty`.
 */
describe('a search typed while the last one had found nothing', () => {
  it('does not say that no ad matches before the new words have been answered', async () => {
    const tents = held<unknown>();
    cleanups.push(() => tents.settle({ ok: true, data: NOTHING }));
    const asked = background((message) => {
      if (message.type === 'library.search') return message.payload.query === 'tents' ? tents.promise : NOTHING;
      return {};
    });
    act(() => useSearchStore.getState().set({ query: 'zzzz' }));
    await render(<SearchTab />);
    await waitForPage(() => expect(text()).toContain('No ads match'));

    await act(async () => typeInto(searchBox(), 'tents'));
    // The search for "tents" has gone out (after the typing settled) and has not answered.
    await waitForPage(() => expect(asked.some((message) => message.payload.query === 'tents')).toBe(true));
    await act(tick);
    expect(text()).toContain('Searching…');
    expect(text()).not.toContain('No ads match');
    expect(text()).not.toContain('Clear the search');
  });
});

/*
 * 2. The user scrolls the newest ads. Between the first page and the next, the library took in a
 *    new ad, so the service's next page (by offset behind its cursor) starts with the last ad of
 *    the first page again. The grid lists that ad twice, one after the other, and each card says
 *    it is one of 10 when there are 9 ads (aria-setsize); where both fall in one row of cards,
 *    React warns of two children with one key there, and may keep the wrong card's state.
 *    Cause: AdResults (components/ads/ad-results.tsx) makes `ads` with
 *    `query.data.pages.flatMap((page) => page.items)` and never drops an ad a later page repeats
 *    (Brands' lists were given components/ui/unique.ts `uniqueById` for the same world; Search,
 *    Saved and a board's ads were not).
 *    Fix direction: `uniqueById(query.data?.pages.flatMap(...) ?? [])` in AdResults' memo.
 */
describe('the next page of a search, when the library took in an ad since the first', () => {
  it('lists each ad once and counts it once', async () => {
    layOut();
    const first = ads('m', 5);
    // The new ad pushed the list down by one: the next page begins with the first page's last ad.
    const next = [first[4] as LibraryAd, ...ads('m', 4, 5)];
    background((message) => {
      if (message.type === 'library.search')
        return message.payload.cursor === 'page-2' ? { items: next, cursor: null } : { items: first, cursor: 'page-2' };
      return {};
    });
    act(() => useSearchStore.getState().set({ sort: 'newest' }));
    await render(<SearchTab />);
    // The first page's rows are all on screen: the grid asks for the next page by itself.
    await waitForPage(() => expect(shownIds()).toContain('m5'));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));

    expect(shownIds().filter((id) => id === 'm4')).toHaveLength(1);
    const sizes = [...document.querySelectorAll('[role="listitem"]')].map((card) => card.getAttribute('aria-setsize'));
    expect(new Set(sizes)).toEqual(new Set(['9']));
  });
});

/*
 * 3. The user scrolls far down the results for "lantern" (a hundred ads, to the seventieth),
 *    then picks another order, "Newest". The new results come and are shown from where the last
 *    list was scrolled to: the user sees ads seventy and on of the new order, not its first ads (the
 *    newest ones they asked for), with nothing saying the top is elsewhere.
 *    Cause: AdResults (components/ads/ad-results.tsx) keeps one AdGrid mounted across searches
 *    (the placeholder data of keepPreviousData keeps the grid on screen while the new search
 *    loads), and useAdGrid (components/ads/use-ad-grid.ts) never puts its scroller back to the
 *    top when its `ads` become another list: only a hidden grid's position is restored.
 *    Fix direction: key the AdGrid by the search (e.g. `key={JSON.stringify(query key)}` passed
 *    from SearchTab, or the first page's identity), or reset the scroller and the virtualizer
 *    (scrollToOffset(0)) when the first page changes.
 */
describe('a search scrolled far down, then sorted another way', () => {
  it('shows the new order from its first ads', async () => {
    layOut();
    background((message) => {
      if (message.type === 'library.search')
        return message.payload.order === 'newest'
          ? { items: ads('n', 100), cursor: null }
          : { items: ads('b', 100), cursor: null };
      return {};
    });
    act(() => useSearchStore.getState().set({ query: 'lantern' }));
    await render(<SearchTab />);
    await waitForPage(() => expect(shownIds()).toContain('b0'));
    await act(async () => {
      scroller().scrollTop = 30_000;
      scroller().dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(Math.min(...shownIndexes())).toBeGreaterThan(40);

    await act(async () => chooseSort('newest'));
    await waitForPage(() => expect(shownIds().some((id) => id?.startsWith('n'))).toBe(true));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));

    expect(shownIds()).toContain('n0');
    expect(scroller().scrollTop).toBe(0);
  });
});

/*
 * 4. The user went through the results for "lantern" with the keyboard (or clicked a card) to
 *    the eighth ad, then changed the words to "tent"; three ads come. The grid's one tab stop (its
 *    roving tabindex) is now the third, last ad: Tab from the search box skips the first two, and
 *    a screen reader user lands on "3 of 3" and has to go back to find the first result. With a
 *    longer new list whose card at the old place is not drawn (virtualized), no card is tabbable
 *    at all and Tab skips the results.
 *    Cause: useAdGrid (components/ads/use-ad-grid.ts) keeps `active` (useState) across lists,
 *    and AdGrid (components/ads/ad-grid.tsx) makes `Math.min(active, ads.length - 1)` the tabbable
 *    card of whatever list it is given.
 *    Fix direction: reset `active` to 0 when the list becomes another (a new first page / search
 *    key), e.g. by keying the grid by the search, as for 3.
 */
describe('the keyboard’s place in the results, when the words change', () => {
  it('makes the first ad of the new results the tab stop', async () => {
    layOut();
    background((message) => {
      if (message.type === 'library.search')
        return message.payload.query === 'tent'
          ? { items: ads('t', 3), cursor: null }
          : { items: ads('l', 10), cursor: null };
      return {};
    });
    act(() => useSearchStore.getState().set({ query: 'lantern' }));
    await render(<SearchTab />);
    await waitForPage(() => expect(shownIds()).toContain('l7'));
    const eighth = document.querySelector<HTMLElement>('[data-ad-index="7"]');
    await act(async () => eighth?.focus());
    expect(document.activeElement).toBe(eighth);

    await act(async () => {
      searchBox().focus();
      typeInto(searchBox(), 'tent');
    });
    await waitForPage(() => expect(shownIds()).toEqual(['t0', 't1', 't2']));

    const stops = [...document.querySelectorAll<HTMLElement>('.ad-card-open')].filter((card) => card.tabIndex === 0);
    expect(stops.map((card) => card.getAttribute('data-ad-index'))).toEqual(['0']);
  });
});
