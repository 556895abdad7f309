// @vitest-environment happy-dom
import { act, cloneElement, type ReactElement, useSyncExternalStore } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCompareStore } from '@/components/ads/compare-toggle';
import { BrandDetailView } from '@/components/brands/brand-detail';
import BrandsTab from '@/components/brands/brands-tab';
import { useBrandsStore } from '@/components/brands/brands-store';
import type { CompareBrand } from '@/components/report/figures';
import { ApiCode } from '@/lib/contract/envelope';
import type { LibraryAd, LibraryPage } from '@/lib/contract/ad-library';
import { shiftUtcDay } from '@/lib/contract/window';
import { onLanguageChange, showLanguage, shownLanguage } from '@/lib/i18n';
import { followLanguage } from '@/lib/locale';
import { ApiError } from '@/lib/messaging/api-error';
import { compiledLanguage } from '../../../scripts/i18n/catalogues';
import { testAd } from '../../support/ads';
import { answerAsBackground, type Message } from '../../support/background-answers';
import { manualClock, TEST_DAY, TEST_NOW } from '../../support/clock';
import { held, pageWorld, tick } from '../../support/page-world';
import { waitForPage } from '../../support/react-root';

/**
 * The Brands tab's comparison while the world changes under it: a brand removed from the service
 * while it is compared, one brand failing while another has not answered yet, brands whose ads
 * carry no launch date, a brand with thousands of ads, a brand the service names with nothing, the
 * language changed while the comparison is on screen. The background is a
 * `browser.runtime.sendMessage` answering from the test (tests/support/background-answers.ts); the
 * time is a manual clock behind `Date.now` (what TanStack Query and `systemClock` read), so
 * nothing depends on the machine's date, zone or time of day: the chart ends on TEST_DAY.
 */

const resetStores = () => {
  useBrandsStore.setState({ catalogueQuery: '', followedQuery: '', followedOffset: 0, brandId: null, openAdId: null });
  useCompareStore.setState({ brands: [], open: false, refused: null });
};
const { render, cleanups } = pageWorld(resetStores);

let clock = manualClock();
beforeEach(() => {
  clock = manualClock(TEST_NOW);
  vi.spyOn(Date, 'now').mockImplementation(() => clock());
});

/** What the service holds of one catalogue brand, as the comparison reads it. */
interface BrandWorld {
  /** The brand's detail (4.13: shape not shown), or a reply of the background as it is (a refusal, a held answer). */
  detail: Record<string, unknown> | Promise<unknown>;
  /** Its ads newest first, page by page (the page after `cursor`). */
  newest: (cursor: string | undefined) => LibraryPage;
  /** Its most active ads. */
  active: LibraryPage;
}

/** The background answering the comparison's requests from `brands` (by brand id). */
function background(brands: Record<string, BrandWorld>, followed: unknown[] = []) {
  return answerAsBackground((message: Message) => {
    const { type, payload } = message;
    if (type === 'brands.detail') {
      const world = brands[String(payload.brandId)];
      return world ? world.detail : refusal(ApiCode.notFound, 'Brand not found.');
    }
    if (type === 'library.search') {
      const world = brands[String(payload.unified_brand_id)];
      if (!world) return { items: [], cursor: null };
      if (payload.sort_by === 'most_active') return world.active;
      return world.newest(typeof payload.cursor === 'string' ? payload.cursor : undefined);
    }
    if (type === 'brands.followed') return { items: followed, has_more: false, total: followed.length, quota: null };
    return { items: [], cursor: null };
  });
}

/** An error reply of the background, as the router sends an ApiError. */
function refusal(code: ApiError['code'], message: string, retryable = false): Promise<unknown> {
  return Promise.resolve({ ok: false, error: new ApiError({ code, message, retryable }).toJSON() });
}

const day = (daysBack: number) => shiftUtcDay(TEST_DAY, -daysBack);
const ad = (id: string, fields: Partial<LibraryAd> = {}): LibraryAd =>
  testAd({ id, title: `Ad ${id}`, start_date: day(3), ...fields });

/** A brand of a few ads, all read on one page, with their counts and mixes given. */
function smallBrand(id: string, name: string): BrandWorld {
  const ads = [
    ad(`${id}-1`, { start_date: day(2) }),
    ad(`${id}-2`, { start_date: day(20) }),
    ad(`${id}-3`, { start_date: day(200), end_date: day(100), is_active: false }),
  ];
  return {
    detail: { id, name, ad_count: 3, active_ad_count: 2, formats: { image: 3 }, languages: { en: 3 } },
    newest: () => ({ items: ads, cursor: null }),
    active: { items: ads, cursor: null },
  };
}

/** Compares `brands` in the Brands tab, as the tray's Compare button leaves it. */
async function compare(brands: CompareBrand[]) {
  act(() => useCompareStore.setState({ brands, open: true, refused: null }));
  return render(
    <InShownLanguage>
      <BrandsTab />
    </InShownLanguage>,
  );
}

/** The page drawn again from the top when the shown language changes, as mountRoot's LanguageRoot does. */
function InShownLanguage({ children }: { children: ReactElement }) {
  useSyncExternalStore(onLanguageChange, shownLanguage);
  return cloneElement(children);
}

const ACME: CompareBrand = { id: 'b-acme', name: 'Acme' };
const ZEPHYR: CompareBrand = { id: 'b-zephyr', name: 'Zephyr' };
const GONE: CompareBrand = { id: 'b-gone', name: 'Gone Outdoors' };

/** An element's accessible name as a screen reader reads it: its label, else its text. */
const nameOf = (element: Element) => element.getAttribute('aria-label') ?? element.textContent ?? '';
const buttons = (name: string) => [...document.querySelectorAll('button')].filter((item) => nameOf(item) === name);
const columnHeaders = () => [...document.querySelectorAll('[role="columnheader"]')].map((cell) => nameOf(cell));
const alerts = () => [...document.querySelectorAll('[role="alert"]')];
/** The table's cell of the figure `label` for the brand in column `brand`. */
function cell(label: string, brand: string): string | null {
  const column = columnHeaders().indexOf(brand);
  const row = [...document.querySelectorAll('[role="row"]')].find(
    (item) => item.querySelector('[role="rowheader"]')?.textContent === label,
  );
  if (column < 1 || !row) return null;
  return row.querySelectorAll('[role="rowheader"], [role="cell"]')[column]?.textContent ?? null;
}
/** The launch chart of `brand`: an image named by its counts. */
const chartOf = (brand: string) =>
  [...document.querySelectorAll('svg[role="img"]')].find((chart) => nameOf(chart).startsWith(`${brand}:`));

/*
 * 1. Acme, Zephyr and Gone Outdoors are compared; Gone Outdoors was removed from the catalogue
 *    since it was picked (or belongs to nothing the key can read: 40401). Acme and Zephyr answer
 *    in full, but the view shows nothing of them: only "Could not load Gone Outdoors", with no
 *    Retry (a 40401 is not retryable), no table, Export CSV and Export report disabled, and no
 *    way to drop the brand from inside the comparison. The figures read for the two others are
 *    held back for as long as the removed brand is picked.
 *    Cause: CompareView (components/brands/compare-view.tsx) draws the table only when
 *    `ready` (`loaded.length === brands.length`), so one failed brand hides every other.
 */
describe('a comparison with a brand removed from the service since it was picked', () => {
  it('shows the brands that answered beside the failure of the one that is gone', async () => {
    const asked = background({
      [ACME.id]: smallBrand(ACME.id, 'Acme'),
      [ZEPHYR.id]: smallBrand(ZEPHYR.id, 'Zephyr'),
      [GONE.id]: {
        detail: refusal(ApiCode.notFound, 'Brand not found.'),
        newest: () => ({ items: [], cursor: null }),
        active: { items: [], cursor: null },
      },
    });
    await compare([ACME, ZEPHYR, GONE]);
    await waitForPage(() => expect(alerts().some((item) => item.textContent?.includes('Gone Outdoors'))).toBe(true));
    // Both brands that exist have been read to their last request.
    await waitForPage(() =>
      expect(
        asked.filter((message) => message.payload.sort_by === 'most_active').map((m) => m.payload.unified_brand_id),
      ).toEqual(expect.arrayContaining([ACME.id, ZEPHYR.id])),
    );
    await act(tick);

    expect(columnHeaders()).toEqual(expect.arrayContaining(['Acme', 'Zephyr']));
    expect(cell('Ads in the library', 'Acme')).toBe('3');
  });
});

/*
 * 2. Acme is still being read (a brand of many ads, its pages one after another through the
 *    background) when Gone Outdoors fails. The loading status goes away the moment the failure
 *    comes: the user reads "Could not load Gone Outdoors" alone, with nothing saying Acme is
 *    still on its way, and a screen reader hears no busy state any more.
 *    Cause: CompareView shows the SkeletonList only while `failed.length === 0`.
 */
describe('a comparison where one brand fails while another has not answered yet', () => {
  it('still says the comparison is loading while a brand has not answered', async () => {
    const acme = held<unknown>();
    cleanups.push(() => acme.settle({ ok: true, data: { id: ACME.id, name: 'Acme' } }));
    const asked = background({
      [ACME.id]: { ...smallBrand(ACME.id, 'Acme'), detail: acme.promise },
      [GONE.id]: {
        detail: refusal(ApiCode.notFound, 'Brand not found.'),
        newest: () => ({ items: [], cursor: null }),
        active: { items: [], cursor: null },
      },
    });
    await compare([ACME, GONE]);
    await waitForPage(() => expect(alerts()).toHaveLength(1));
    expect(asked.some((message) => message.type === 'brands.detail' && message.payload.brandId === ACME.id)).toBe(true);
    await act(tick);

    const busy = [...document.querySelectorAll('[role="status"][aria-busy="true"]')];
    expect(busy.some((status) => status.textContent?.startsWith('Loading'))).toBe(true);
  });
});

/*
 * 3. Zephyr's ads come without a launch date (the contract: start_date "may be null"), all of
 *    them, on one page. "Launches in the last 13 weeks" says 0 for Zephyr, as a complete count
 *    (no "or more"), and its chart is named "Zephyr: 0 ads launched in 13 weeks": a figure the
 *    service never gave, said as a measured zero beside Acme's real count.
 *    Cause: countCadence (components/report/figures.ts) skips undated ads and still calls the
 *    cadence complete when the pages reached their end (`reachedEnd`), so compareRows
 *    (components/report/figure-rows.ts) writes the plain total, 0.
 */
describe('a brand whose ads carry no launch date', () => {
  it('says its launches are not given, not that it launched 0 ads', async () => {
    const undated = [ad('z-1', { start_date: null }), ad('z-2', { start_date: null }), ad('z-3', { start_date: null })];
    background({
      [ACME.id]: smallBrand(ACME.id, 'Acme'),
      [ZEPHYR.id]: {
        detail: { id: ZEPHYR.id, name: 'Zephyr', ad_count: 3, active_ad_count: 3 },
        newest: () => ({ items: undated, cursor: null }),
        active: { items: undated, cursor: null },
      },
    });
    await compare([ACME, ZEPHYR]);
    await waitForPage(() => expect(columnHeaders()).toContain('Zephyr'));

    expect(cell('Launches in the last 13 weeks', 'Acme')).toBe('2');
    expect(cell('Launches in the last 13 weeks', 'Zephyr')).toContain('not given');
    expect(nameOf(chartOf('Zephyr') ?? document.body)).not.toContain('0 ads launched');
  });
});

/*
 * 4. Acme launches about fifteen ads a day: its 500 newest ads (the 5 pages of 100 the
 *    comparison reads) reach back 34 days of the chart's 91. The row says "500 or more (older
 *    weeks not all read)", but the chart beside it draws the eight oldest weeks as empty, names
 *    itself "Acme: 500 ads launched in 13 weeks; per week, oldest first: 0, 0, 0, 0, 0, 0, 0, 0,
 *    …", and each of those bars is titled "… : 0 ads": weeks that were never read, said to hold no
 *    launch. The CSV's week rows say 0 the same way.
 *    Cause: CadenceChart and cadenceSummary (components/brands/compare-view.tsx,
 *    components/report/figures.ts) draw and name `cadence.weeks` as counted, never looking at
 *    `cadence.complete`, and countCadence gives an unread week the count 0.
 */
describe('a brand with thousands of ads, more than the comparison reads', () => {
  it('does not say that the weeks it did not read had no launch', async () => {
    const many = Array.from({ length: 500 }, (_, index) =>
      ad(`a-${index}`, { start_date: day(Math.floor(index / 15)) }),
    );
    background({
      [ACME.id]: {
        detail: { id: ACME.id, name: 'Acme', ad_count: 4800, active_ad_count: 900 },
        newest: (cursor) => {
          const page = cursor ? Number(cursor.slice(1)) : 0;
          return { items: many.slice(page * 100, page * 100 + 100), cursor: `p${page + 1}` };
        },
        active: { items: many.slice(0, 50), cursor: 'more' },
      },
      [ZEPHYR.id]: smallBrand(ZEPHYR.id, 'Zephyr'),
    });
    await compare([ACME, ZEPHYR]);
    await waitForPage(() => expect(columnHeaders()).toContain('Acme'));
    expect(cell('Launches in the last 13 weeks', 'Acme')).toBe('500 or more (older weeks not all read)');

    const chart = chartOf('Acme');
    expect(chart).toBeDefined();
    expect(nameOf(chart ?? document.body)).not.toContain('500 ads launched');
    const oldestWeek = chart?.querySelector('rect title')?.textContent ?? '';
    expect(oldestWeek).not.toMatch(/: 0 ads$/);
  });
});

/*
 * 5. The workspace follows Acme and a brand the service names with nothing (name null: "may be
 *    null"). The user picks both with their Compare buttons and compares them; the nameless
 *    brand's column is headed "this brand" (a lower-case phrase where its row says "Unnamed
 *    brand"). Then they choose German in Options, and the open panel draws itself again in
 *    German: "2 Marken vergleichen", "Kennzahl", … and, still, "this brand", in English, as the
 *    column header and in its chart's name: the words the row's Compare button put in the store
 *    as the brand's name when it was picked, which loadBrandFigures copied into the figures
 *    (`detail.name ?? brand.name`). The tray and the Could not load notice keep them too.
 *    Cause: BrandRowItem (components/brands/brand-row.tsx) hands CompareButton
 *    `brand.name ?? t('brands.thisBrand')`, a sentence in the language of that moment, which
 *    useCompareStore keeps and loadBrandFigures (components/brands/compare-load.ts) bakes in.
 */
describe('a brand without a name, compared, then the language changed', () => {
  it('names its column in the language now shown', async () => {
    const nameless = 'b-nameless';
    const row = (id: string, name: string | null) => ({ id, name, locked: false, ad_count: 3 });
    // The workspace follows Acme, and a brand the service names with nothing.
    background(
      {
        [ACME.id]: smallBrand(ACME.id, 'Acme'),
        [nameless]: { ...smallBrand(nameless, 'x'), detail: { id: nameless, name: null, ad_count: 3 } },
      },
      [row(ACME.id, 'Acme'), row(nameless, null)],
    );
    cleanups.push(() => {
      showLanguage('en');
      followLanguage(undefined);
    });
    await render(
      <InShownLanguage>
        <BrandsTab />
      </InShownLanguage>,
    );
    await waitForPage(() => expect(buttons('Compare Acme')).toHaveLength(1));
    await act(async () => buttons('Compare Acme')[0]?.click());
    await act(async () => buttons('Compare this brand')[0]?.click());
    await waitForPage(() => expect(buttons('Compare 2 brands')).toHaveLength(1));
    await act(async () => buttons('Compare 2 brands')[0]?.click());
    await waitForPage(() => expect(columnHeaders()).toHaveLength(3));

    // The user chooses German in Options: the open panel draws itself again in place.
    await act(async () => {
      showLanguage('de', compiledLanguage('de'));
      followLanguage('de');
      await tick();
    });

    expect(document.body.textContent).toContain('2 Marken vergleichen');
    expect(columnHeaders()).not.toContain('this brand');
  });
});

/*
 * 6. Two compared brands fail with a failure worth retrying (the service unavailable, 50001):
 *    the view shows two notices, each with a button named "Retry". A screen-reader user moving
 *    by buttons (or by Tab) hears "Retry, button" twice and cannot tell which brand each one
 *    loads again; the brand is named only in a heading of the notice they skipped.
 *    Cause: CompareView gives each failed brand an ErrorNotice (components/ui/error-notice.tsx),
 *    whose RetryButton says `common.retry` alone, with no name of what it retries.
 */
describe('a comparison where two brands fail and may be tried again', () => {
  it('names the brand each Retry loads again', async () => {
    const unavailable = (name: string): BrandWorld => ({
      ...smallBrand(name, name),
      detail: refusal(ApiCode.upstream, 'The upstream service is unavailable.', true),
    });
    background({ [ACME.id]: unavailable(ACME.id), [ZEPHYR.id]: unavailable(ZEPHYR.id) });
    await compare([ACME, ZEPHYR]);
    await waitForPage(() => expect(alerts()).toHaveLength(2));

    const retries = [...document.querySelectorAll('[role="alert"] button')].map((button) => nameOf(button));
    expect(retries).toHaveLength(2);
    expect(new Set(retries).size).toBe(2);
    expect(retries.some((name) => name.includes('Acme'))).toBe(true);
    expect(buttons('Retry')).toHaveLength(0);
  });
});

/*
 * 7. The user opens Acme from a brand list (or from the comparison's brand): the list, and the
 *    button they pressed, are replaced by the brand's view. Its heading takes the focus only if
 *    the detail is already in the cache; on a first open the detail is still loading when the
 *    view mounts, the heading is not there yet, and when the detail comes nothing takes the
 *    focus: it is left on the document's body, and a keyboard or screen-reader user starts again
 *    from the top of the panel.
 *    Cause: BrandDetailView (components/brands/brand-detail.tsx) focuses the heading in an effect
 *    keyed by `brandId` alone; the heading is drawn by QueryView only once the detail answered.
 */
describe('a brand opened for the first time, its detail still on its way', () => {
  it('moves the focus to the brand’s heading once the detail has come', async () => {
    const detail = held<unknown>();
    cleanups.push(() => detail.settle({ ok: true, data: { id: ACME.id, name: 'Acme' } }));
    answerAsBackground((message) => {
      if (message.type === 'brands.detail') return detail.promise;
      return { items: [], cursor: null };
    });
    await render(<BrandDetailView brandId={ACME.id} onBack={() => undefined} onSeeInSearch={() => undefined} />);
    await act(async () => {
      detail.settle({ ok: true, data: { id: ACME.id, name: 'Acme', ad_count: 3, active_ad_count: 1 } });
      await tick();
    });
    await waitForPage(() => expect(document.querySelector('h2')?.textContent).toBe('Acme'));

    expect(document.activeElement).toBe(document.querySelector('h2'));
  });
});
