// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import SimilarTab from '@/components/similar/similar-tab';
import { useSimilarStore } from '@/components/similar/similar-store';
import { usePageHandover } from '@/components/similar/use-page-handover';
import { type PageSignals, pageSignals } from '@/lib/messaging/page-trigger';
import type { SimilarQuery, SimilarResult } from '@/lib/messaging/similar';
import { type PendingSimilar, pendingSimilarItem } from '@/lib/storage/pending-similar';
import { TEST_NOW } from '../../support/clock';
import { pageWorld } from '../../support/page-world';
import { waitForPage } from '../../support/react-root';
import { handedOver, trailTents } from '../../support/similar-pages';

/**
 * The side panel's Similar view when what it is of changes while a search or a reading is under
 * way. Each test holds the worker's answer (a promise the test settles) or the page's reading,
 * changes what the view is of, and reads what the view says and sends meanwhile.
 *
 * 1. A new page while the last page's answer is on screen. The panel shows page A's similar ads;
 *    the user asks for page B (another tab). useSimilar keeps A's answer (keepPreviousData) while
 *    B's search runs, and SimilarTab gives the keyword row `request.keywords ?? data.keywords`:
 *    B has no keywords of its own yet, so A's chips are offered as B's. Removing one of them
 *    writes A's other keywords into B's request (setKeywords): B is searched with the words of
 *    the page the user left.
 * 2. The same: "Why these results" is drawn from A's answer but with the name choices read from
 *    B's request (`choices` comes from the request, `result` from the kept answer), so under A's
 *    heading and A's brands it says that "the page’s logo names the site “Roastworks”" and offers
 *    "Use “Roastworks” instead" — a name of page B, never seen on page A.
 * 3. A keyword edit while the last answer found no similar ads. The chips show the new keywords
 *    at once, and the section below them goes on saying "No similar ads found: remove a keyword
 *    or add another." from the kept answer, before the search with the new keywords has
 *    answered: the rule QueryView and the Search view keep ("an empty answer kept while the
 *    next loads says nothing of the next") is not kept here.
 * 4. The panel closed and opened again while a page is read. The hand-over's id was seen by the
 *    panel before it closed (the store keeps `seenId` across reopenings), the reopened panel has
 *    no `handover`, and `receive` (similar-store.ts) takes an entry it has seen only when it is
 *    ready: the reopened panel never says "Reading the page", and when the reading fails it never
 *    says "Could not read the page": it shows Find similar's introduction as if nothing was asked.
 */
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

/** A promise the test settles itself. */
function held<T>() {
  let settle: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle: (value: T) => settle(value) };
}

const { cleanups, render } = pageWorld(() => useSimilarStore.setState({ request: null, handover: null, seenId: null }));

/** The side panel's Similar view with the hand-over hook the panel runs. */
function Panel() {
  usePageHandover(true);
  return <SimilarTab />;
}

const tents = trailTents;
const beans = pageSignals({
  url: 'https://beans.example/single-origin',
  hostname: 'beans.example',
  title: 'Single-origin coffee beans | Beanery',
  h1: 'Single-origin coffee beans',
  lang: 'en',
  text: 'Freshly roasted coffee beans for espresso and filter',
  metas: [['og:site_name', 'Beanery']],
  logos: ['Roastworks'],
});

/** A page handed over by a trigger, ready, as the worker writes it. */
const ready = (signals: PageSignals, tabId: number): PendingSimilar => handedOver(signals, tabId);

/** The worker's answer: no brand, no similar ads, the keywords it was asked with. */
function answer(query: SimilarQuery): SimilarResult {
  const keywords = query.keywords ?? (query.kind === 'page' ? query.page.keywords : []);
  return {
    title: query.kind === 'page' ? query.page.title : query.title,
    url: query.kind === 'page' ? query.page.url : null,
    site: null,
    maker: null,
    lead: 'site',
    unmatched: [],
    keywords,
    usedKeywords: keywords,
    language: 'en',
    languageSource: query.kind === 'page' ? query.page.languageSource : 'ad',
    similarAds: [],
    landing: null,
  };
}

interface Search {
  query: SimilarQuery;
  keywords: string[];
}

/** The worker: answers at once the searches `now` accepts, holds the others until the test ends. */
function worker(now: (query: SimilarQuery) => boolean) {
  const searches: Search[] = [];
  const later = held<unknown>();
  cleanups.push(() => later.settle({ ok: false, error: { code: 'cancelled', message: 'test over' } }));
  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: {
    type: string;
    payload: SimilarQuery;
  }) => {
    if (message.type !== 'similar.find') return { ok: true, data: {} };
    const query = message.payload;
    const keywords = query.keywords ?? (query.kind === 'page' ? query.page.keywords : []);
    searches.push({ query, keywords });
    return now(query) ? { ok: true, data: answer(query) } : later.promise;
  }) as typeof browser.runtime.sendMessage);
  return searches;
}

const pageOf = (search: Search) => (search.query.kind === 'page' ? search.query.page.url : null);
const heading = () => document.querySelector('h2')?.textContent ?? '';
const chips = () => [...document.querySelectorAll('.keyword-row .chip span')].map((chip) => chip.textContent);
async function removeChip(keyword: string) {
  const chip = [...document.querySelectorAll('.keyword-row .chip')].find(
    (item) => item.querySelector('span')?.textContent === keyword,
  );
  const remove = chip?.querySelector<HTMLButtonElement>('.chip-remove');
  if (!remove) throw new Error(`no chip ${keyword}`);
  await act(async () => remove.click());
}

/** Page A shown with its answer, then page B handed over; B's search is held. */
async function tentsThenBeans() {
  const searches = worker((query) => query.kind === 'page' && query.page.url === tents.url);
  await pendingSimilarItem.set(ready(tents, 7));
  await render(<Panel />);
  await waitForPage(() => expect(chips()).toEqual(['ultralight', 'trail']));
  expect(heading()).toContain('Ultralight trail tents');

  await act(async () => pendingSimilarItem.set(ready(beans, 8)));
  await waitForPage(() => expect(searches.some((search) => pageOf(search) === beans.url)).toBe(true));
  return searches;
}

describe('another page asked for while the last page’s answer is on screen', () => {
  it('never searches the new page with the keywords of the page left', async () => {
    const searches = await tentsThenBeans();
    // Whatever keyword the view offers while the new page's search runs, the user removes one.
    if (chips().includes('ultralight')) await removeChip('ultralight');
    await act(async () => undefined);

    const words = (useSimilarStore.getState().request?.keywords ?? []).concat(
      ...searches.filter((search) => pageOf(search) === beans.url).map((search) => search.keywords),
    );
    expect(words).not.toContain('trail');
  });

  it('does not explain the last page’s answer with the new page’s names', async () => {
    await tentsThenBeans();
    const why = document.querySelector('.why')?.textContent ?? '';
    // "Roastworks" is only on the new page, whose search has not answered.
    expect(why).not.toContain('Roastworks');
  });
});

describe('a keyword edited while the last answer found no similar ads', () => {
  it('does not say no similar ads were found before the new keywords are searched', async () => {
    const searches = worker((query) => query.kind === 'ad' && query.keywords?.length === 3);
    useSimilarStore.setState({
      handover: null,
      request: {
        kind: 'ad',
        adId: 'ad-1',
        title: 'Trail tent for two',
        text: 'Light, quick to pitch, warm at night.',
        brandId: null,
        brandName: null,
        language: 'en',
        keywords: ['tent', 'camping', 'stove'],
      },
    });
    await render(<SimilarTab />);
    await waitForPage(() => expect(document.body.textContent).toContain('No similar ads found'));

    await removeChip('stove');
    await waitForPage(() => expect(searches).toHaveLength(2));
    expect(chips()).toEqual(['tent', 'camping']);
    // The search for "tent camping" has not answered: nothing is known of its similar ads yet.
    expect(document.body.textContent).not.toContain('No similar ads found');
  });
});

describe('the panel closed and opened again while a page is read', () => {
  it('says the page is being read, and then that it could not be read', async () => {
    worker(() => true);
    const reading: PendingSimilar = {
      id: 'handover-reading',
      at: TEST_NOW,
      source: 'command',
      tabId: 7,
      state: 'reading',
      title: tents.title,
      request: null,
      error: null,
    };
    await pendingSimilarItem.set(reading);
    const close = await render(<Panel />);
    await waitForPage(() => expect(document.body.textContent).toContain('Reading the page'));

    // The user closes the panel: a reopened one starts from what the store keeps in localStorage.
    await close();
    const kept = localStorage.getItem('adscope.similar');
    useSimilarStore.setState(useSimilarStore.getInitialState(), true);
    if (kept !== null) localStorage.setItem('adscope.similar', kept);
    await useSimilarStore.persist.rehydrate();
    expect(useSimilarStore.getState().seenId).toBe('handover-reading');
    await render(<Panel />);
    await waitForPage(() => expect(document.body.textContent).toContain('Reading the page'));

    await act(async () =>
      pendingSimilarItem.set({ ...reading, state: 'failed', error: 'Adscope could not read this page.' }),
    );
    await waitForPage(() => expect(document.body.textContent).toContain('Could not read the page'));
  });
});
