// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { useCompareStore } from '@/components/ads/compare-toggle';
import { adKeys } from '@/components/ads/query-keys';
import { BrandDetailView } from '@/components/brands/brand-detail';
import BrandsTab from '@/components/brands/brands-tab';
import { useBrandsStore } from '@/components/brands/brands-store';
import { createQueryClient } from '@/components/ui/mount';
import { watchSettings } from '@/components/ui/storage-watch';
import type { LibraryAd, LibraryPage } from '@/lib/contract/ad-library';
import { requests } from '@/lib/messaging/protocol';
import { testAd } from '../../support/ads';
import { manualClock, TEST_NOW } from '../../support/clock';
import { waitForPage } from '../../support/react-root';
import { pageWorld, tick, typeInto } from '../../support/page-world';

/**
 * The side panel's Brands tab when the world changes under it: the key replaced by another
 * workspace's, brands unfollowed elsewhere while the user is on a later page, a list read in pages
 * whose next page repeats what the last one held, the followed list past the service's window, and
 * words pasted far past the service's limit. The background is a `browser.runtime.sendMessage`
 * answering from the test; the time is a manual clock behind `Date.now` (what TanStack Query and
 * `systemClock` read), so nothing depends on the machine's date, zone or time of day.
 *
 * 1. The key replaced while the user is on page 3 of Acme's followed brands: the store keeps the
 *    offset (useBrandsStore forgets nothing of the last workspace), Northwind's 12 brands are asked
 *    from offset 50, and the view says "You do not follow any brand yet." with no pager.
 * 2. Brands unfollowed elsewhere while the user is on page 3: the page read again past the new end
 *    is empty, and QueryView says "You do not follow any brand yet." though 45 are followed, with
 *    no Previous page to go back.
 * 3. 1,500 followed brands, the service serving the first 1,000: on "page 40 of 40" Next page is
 *    offered (it follows `has_more` alone), and leads to a refusal with no page and no way back.
 * 4. A brand's ads, whose next page repeats an ad of the first: Ideas in several versions counts
 *    the one ad as an idea run in two versions ("2 of 2 versions live") and the ads read as one more.
 * 5. The catalogue's Show more, whose next page repeats a brand: the brand is listed twice.
 * 6. A brand name pasted into the catalogue search (a name of 10,000 characters): the search is
 *    sent as it is, the worker's protocol refuses a query over 100 characters, and the user reads
 *    a failure about a field they never saw instead of a search.
 */

const resetStores = () => {
  useBrandsStore.setState({ catalogueQuery: '', followedQuery: '', followedOffset: 0, brandId: null, openAdId: null });
  useCompareStore.setState({ brands: [], open: false, refused: null });
};
const { render, cleanups } = pageWorld(resetStores);

interface Message {
  type: string;
  payload: Record<string, unknown>;
}

/** A refusal as the background's router writes it. */
interface Refusal {
  refused: { code: string; field?: string; message: string };
}
const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && 'refused' in value;

/** The background as the views see it: each request answered by `answer`; a Refusal is an error reply. */
function background(answer: (message: Message) => unknown) {
  const asked: Message[] = [];
  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: Message) => {
    asked.push(message);
    if (message.type === 'request.cancel') return { ok: true, data: {} };
    const data = await answer(message);
    if (isRefusal(data)) return { ok: false, error: { httpStatus: null, retryable: false, ...data.refused } };
    return { ok: true, data };
  }) as typeof browser.runtime.sendMessage);
  return asked;
}

const row = (prefix: string, index: number) => ({
  id: `${prefix.toLowerCase()}-${index}`,
  name: `${prefix} ${index}`,
  locked: false,
  domain: null,
  category: null,
  logo_url: null,
  ad_count: 40,
});

/** The followed-brand page at `offset` of a workspace following `total` brands named `prefix n`. */
function followedPage(prefix: string, total: number, offset: number, limit = 25) {
  const end = Math.min(total, offset + limit);
  const items = Array.from({ length: Math.max(0, end - offset) }, (_, at) => row(prefix, offset + at + 1));
  return { items, has_more: end < total, total, quota: null };
}

const text = () => document.body.textContent ?? '';
const button = (label: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find((item) => item.textContent === label);
const field = (label: string) => {
  const found = [...document.querySelectorAll('label')].find((item) => item.textContent === label);
  const input = found ? document.getElementById(found.htmlFor) : null;
  if (!(input instanceof HTMLInputElement)) throw new Error(`no field ${label}`);
  return input;
};
/** The names of the brands listed under the followed list, as the user reads them. */
const followedNames = () =>
  [...document.querySelectorAll('ul[aria-label="Followed brands"] .brand-name')].map((item) => item.textContent);

let clock = manualClock();
beforeEach(() => {
  clock = manualClock(TEST_NOW);
  vi.spyOn(Date, 'now').mockImplementation(() => clock());
});

describe('the followed brands, when the key is replaced by another workspace’s', () => {
  // The user reads page 3 of Acme's 60 followed brands, then pastes Northwind's key in Options.
  // The query cache is dropped (watchSettings), but useBrandsStore keeps followedOffset 50 (it
  // does not listen to onWorkspaceForgotten): Northwind's list is asked from offset 50, its 12
  // brands are all before that, and the panel says "You do not follow any brand yet." with no
  // pager, under a workspace that follows 12.
  it('shows the new workspace’s followed brands, not that it follows none', async () => {
    let workspace: 'acme' | 'northwind' = 'acme';
    background(({ type, payload }) => {
      if (type !== 'brands.followed') return { items: [], cursor: null };
      const offset = Number(payload.offset);
      return workspace === 'acme' ? followedPage('Acme', 60, offset) : followedPage('Northwind', 12, offset);
    });
    const client = createQueryClient();
    cleanups.push(watchSettings(client));
    act(() => useBrandsStore.setState({ followedOffset: 50 }));
    await render(<BrandsTab />, client);
    await waitForPage(() => expect(text()).toContain('page 3 of 3'));
    expect(followedNames()).toContain('Acme 51');

    await act(async () => {
      workspace = 'northwind';
      await browser.storage.local.set({ connection: { baseUrl: 'https://api.northwind.example', key: 'nw-key' } });
      await tick();
    });
    await waitForPage(() => expect(followedNames().length > 0 || text().includes('You do not follow')).toBe(true));
    await act(tick);

    expect(text()).not.toContain('You do not follow any brand yet.');
    expect(followedNames()).toContain('Northwind 1');
  });
});

describe('the followed brands, when brands are unfollowed elsewhere while the user is on a later page', () => {
  // Page 3 of 60 followed brands is on screen. The user goes to another tab, and in the web app
  // unfollows 15. Back in Brands a minute later the page is read again (stale after 30 s): offset
  // 50 is now past the end, the service answers no item of 45, and the view says "You do not
  // follow any brand yet." with neither the count nor a Previous page: the user is stuck on a
  // sentence that is false, with no way back but typing in the filter.
  it('does not say that no brand is followed, and leaves a way back to the brands there are', async () => {
    let total = 60;
    background(({ type, payload }) =>
      type === 'brands.followed' ? followedPage('Acme', total, Number(payload.offset)) : { items: [], cursor: null },
    );
    const client = createQueryClient();
    act(() => useBrandsStore.setState({ followedOffset: 50 }));
    const leave = await render(<BrandsTab />, client);
    await waitForPage(() => expect(text()).toContain('page 3 of 3'));
    await leave();

    total = 45;
    clock.advance(60_000);
    await render(<BrandsTab />, client);
    await waitForPage(() => expect(text()).not.toContain('Acme 51'));
    await act(tick);

    expect(text()).not.toContain('You do not follow any brand yet.');
    expect(button('Previous page')?.disabled).toBe(false);
  });
});

describe('the followed brands, on the last page the service serves of more than it serves', () => {
  // 1,500 followed brands; the service serves the first 1,000 (spec: "Brand search window: first
  // 1000 matches"). On "page 40 of 40" the service still says has_more, and Next page is enabled:
  // it asks offset 1,000, which the worker refuses ("Only the first 1000 followed brands are
  // served…"); the view then shows that refusal alone, no brand and no pager to go back.
  it('offers no Next page past the brands it can list', async () => {
    background(({ type, payload }) => {
      if (type !== 'brands.followed') return { items: [], cursor: null };
      const offset = Number(payload.offset);
      if (offset >= 1000)
        return {
          refused: {
            code: 'invalid_input',
            field: 'offset',
            message: 'Only the first 1000 followed brands are served: offset must be below 1000. Narrow the search.',
          },
        };
      return followedPage('Acme', 1500, offset);
    });
    act(() => useBrandsStore.setState({ followedOffset: 975 }));
    await render(<BrandsTab />);
    await waitForPage(() => expect(text()).toContain('page 40 of 40'));

    expect(button('Next page')?.disabled).toBe(true);
  });
});

describe('a brand’s ads, when the next page repeats an ad of the first', () => {
  // The user opened Acme and scrolled: two pages of its newest ads are loaded, and the second
  // repeats "Spring tent" (a launch between the two reads moved it down a page). BrandDetailView
  // hands every page's ads to ScalingIdeas as they come (loadedAds, not deduplicated as
  // compare-load does): the one ad is grouped with itself, and the fold says Acme runs an idea in
  // "2 of 2 versions live", among "5 newest ads read" when 4 were.
  it('counts no idea in several versions made of one ad read twice', async () => {
    const ad = (id: string, title: string): LibraryAd =>
      testAd({ id, title, brand_name: 'Acme', images: [{ url: `https://cdn.example/${id}.jpg` }] });
    const first: LibraryPage = {
      items: [ad('ad-1', 'Rain jacket'), ad('ad-2', 'Hiking boots'), ad('ad-3', 'Spring tent')],
      cursor: 'page-2',
    };
    const second: LibraryPage = { items: [ad('ad-3', 'Spring tent'), ad('ad-4', 'Camp stove')], cursor: null };
    background(({ type }) => {
      if (type === 'brands.detail') return { id: 'acme', name: 'Acme', ad_count: 4, active_ad_count: 4 };
      if (type === 'brands.ads') return { items: [], cursor: null };
      return {};
    });
    const client = createQueryClient();
    client.setQueryData(adKeys.brandAds('acme'), { pages: [first, second], pageParams: ['', 'page-2'] });
    await render(<BrandDetailView brandId="acme" onBack={() => undefined} onSeeInSearch={() => undefined} />, client);
    await waitForPage(() => expect(document.querySelector('.scaling-ideas')).not.toBeNull());

    const ideas = document.querySelector('.scaling-ideas')?.textContent ?? '';
    expect(ideas).not.toContain('2 of 2 versions');
    expect(document.querySelector('.scaling-ideas summary .muted')?.textContent).toBe('none');
  });
});

describe('the brand catalogue’s Show more, when the next page repeats a brand', () => {
  // A search for "Acme" lists 20 brands; Show more brings a page whose first brand is "Acme 20"
  // again (the catalogue's order moved between the two reads). CatalogueSearch flattens the pages
  // as they are: "Acme 20" is listed twice, with two Watch and two Compare buttons for one brand.
  it('lists each brand once', async () => {
    background(({ type, payload }) => {
      if (type === 'brands.search')
        return payload.cursor
          ? { items: [row('Acme', 20), row('Acme', 21), row('Acme', 22)], cursor: null }
          : { items: Array.from({ length: 20 }, (_, at) => row('Acme', at + 1)), cursor: 'page-2' };
      if (type === 'brands.followed') return followedPage('Acme', 0, 0);
      return {};
    });
    await render(<BrandsTab />);
    await act(async () => typeInto(field('Search brands'), 'Acme'));
    await waitForPage(() => expect(button('Show more brands')).toBeDefined());
    await act(async () => button('Show more brands')?.click());
    await waitForPage(() => expect(text()).toContain('Acme 22'));

    const listed = [...document.querySelectorAll('ul[aria-label="Matching brands"] .brand-name')].map(
      (item) => item.textContent,
    );
    expect(listed.filter((name) => name === 'Acme 20')).toHaveLength(1);
    expect(listed).toHaveLength(22);
  });
});

describe('the brand catalogue, searched with a name pasted at length', () => {
  // The user pastes a brand's full name as a page shows it (here 10,000 characters). The search
  // box takes it and CatalogueSearch sends it as it is; the worker's protocol allows a query of
  // 100 characters, so every such search is refused before the service is asked, and the user
  // reads "Could not search brands" about a limit the box never showed.
  it('sends a search the worker’s protocol accepts', async () => {
    const asked = background(({ type }) => {
      if (type === 'brands.search') return { items: [row('Acme', 1)], cursor: null };
      if (type === 'brands.followed') return followedPage('Acme', 0, 0);
      return {};
    });
    const pasted = `Acme Outdoor ${'and Trail Company '.repeat(600)}`.slice(0, 10_000);
    await render(<BrandsTab />);
    await act(async () => typeInto(field('Search brands'), pasted));
    await waitForPage(() => expect(asked.some((message) => message.type === 'brands.search')).toBe(true));

    const searches = asked.filter((message) => message.type === 'brands.search');
    for (const search of searches) expect(requests['brands.search'].input.safeParse(search.payload).success).toBe(true);
  });
});
