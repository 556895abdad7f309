import type { Page } from '@playwright/test';
import { possessive } from '../../components/ui/format';
import { expect, expectAccessible, test } from './fixtures';
import { SNAPSHOT_PAINTED_MARK } from '../../components/sidepanel/picture';
import { PANEL_PICTURE_KEY, QUERY_CACHE_KEY } from '../../components/ui/page-caches';
import type { MalformedKind } from '../../server/faults';
import type { RequestLogEntry } from '../../server/state';
import { SidePanelPage } from '../support/pages/side-panel-page';

/** The panel's query cache holds a search for `words` (written a moment after its answer). */
const expectQueriesKept = (page: Page, words: string) =>
  expect
    .poll(() =>
      page.evaluate(({ key, text }) => (localStorage.getItem(key) ?? '').includes(text), {
        key: QUERY_CACHE_KEY,
        text: words,
      }),
    )
    .toBe(true);

test.beforeEach(async ({ connect, server }) => {
  server.state.faults.clear();
  await connect();
});

test('search with filters, scroll to page three, open a detail and come back', async ({ openPage, server }) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.search('free');
  // Filters are chips that open their fields; the chip then says the value.
  await (await panel.openFilter('Language')).getByRole('checkbox', { name: 'English' }).check();
  await panel.closeFilter('Language');
  await (await panel.openFilter('Format')).getByRole('combobox', { name: 'Format' }).selectOption('image');
  await expectAccessible(page);
  await panel.closeFilter('Format');
  await expect(page.getByRole('group', { name: /^Filters, 2 active/ })).toContainText('Language: English');
  await panel.sort.selectOption('newest');
  await expect(panel.activeFilters.getByRole('listitem')).toHaveCount(2);
  // Until the filtered, newest-first answer is drawn, the cards shown are the last search's: wait for
  // it, or its request is counted as a page below and the ad read may not be the ad opened.
  const searched = (entry: RequestLogEntry) => entry.path === '/ad-library/search' && entry.status === 200;
  await expect
    .poll(() =>
      server.state.requestLog.some((entry) => {
        const query = new URLSearchParams(entry.query ?? '');
        return (
          searched(entry) &&
          query.getAll('language').join() === 'en' &&
          query.get('display_format') === 'image' &&
          query.get('order') === 'newest'
        );
      }),
    )
    .toBe(true);
  await expect(page.locator('.results-status')).toHaveText('Results for “free”', { timeout: 15_000 });
  await expect(panel.cards.first()).toBeVisible();

  const searches = () => server.state.requestLog.filter(searched).length;
  const before = searches();
  const scroller = page.locator('.ad-grid-scroll');
  for (let i = 0; i < 40 && searches() < before + 2; i += 1) {
    await scroller.evaluate((element) => element.scrollBy(0, element.scrollHeight));
    await page.waitForTimeout(150);
  }
  expect(searches()).toBeGreaterThanOrEqual(before + 2);
  // Virtualized: far fewer cards in the DOM than loaded.
  expect(await panel.cards.count()).toBeLessThan(60);

  await scroller.evaluate((element) => element.scrollTo(0, 0));
  // The virtualizer renders the top rows a frame later.
  await expect(panel.cardTitle(0)).toHaveAttribute('data-ad-index', '0');
  const title = await panel.cardTitle(0).textContent();
  await panel.cardTitle(0).click();
  await expect(page.getByRole('heading', { level: 2, name: title ?? '' })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: 'Format' })).toBeVisible();
  const link = page.getByRole('link', { name: /Open landing page/ });
  await expect(link).toHaveAttribute('href', new RegExp(`^${server.baseUrl}/demo/landing/`));
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(panel.results).toBeVisible();
  await expect(panel.results.locator('[data-ad-index="0"]')).toBeFocused();
});

test('keyboard: "/" focuses search, arrows move between cards, Enter opens, Escape goes back', async ({ openPage }) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.search('tent');
  await panel.cardTitle(0).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[data-ad-index="1"]')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const focusedIndex = await page.evaluate(() => document.activeElement?.getAttribute('data-ad-index'));
  expect(Number(focusedIndex)).toBeGreaterThan(1);
  await page.keyboard.press('Enter');
  await expect(panel.backToResults).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator(`[data-ad-index="${focusedIndex}"]`)).toBeFocused();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(panel.searchBox).toBeFocused();
});

test('brand search to brand detail, its ads, and back to Search with the brand filter', async ({
  openPage,
  server,
}) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.tab('Brands').click();
  const brand = server.state.data.catalogue.brands.find((b) => server.state.library.adsOfBrand(b.id).length > 5);
  await page.getByRole('searchbox', { name: 'Search brands' }).fill(brand?.name ?? '');
  const matches = page.getByRole('list', { name: 'Matching brands' });
  await matches.getByRole('button', { name: brand?.name ?? '', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: brand?.name ?? '' })).toBeVisible();
  await expect(panel.brandAds.getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: "See this brand's ads" }).click();
  await expect(panel.tab('Search')).toHaveAttribute('aria-selected', 'true');
  await expect(panel.activeFilters).toContainText(`Brand: ${brand?.name}`);
  await expect(panel.cards.first()).toContainText(brand?.name ?? '');
});

test('the brand filter is chosen from a brand search', async ({ openPage }) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.openFilter('Brand');
  const picker = page.getByRole('combobox', { name: 'Brand' });
  await picker.focus();
  // Empty, it suggests the brands the workspace follows (GET /brand-library/followed).
  await expect(page.getByRole('listbox', { name: 'Matching brands' }).getByRole('option').first()).toBeVisible();
  await expect(page.getByText('Brands you follow')).toBeVisible();
  await expectAccessible(page);
  await picker.fill('zephyr');
  const option = page.getByRole('option', { name: /Zephyr/ }).first();
  await expect(option).toBeVisible();
  const name = (await option.locator('span').first().textContent()) ?? '';
  // The first match is highlighted as you type; arrows move, Enter picks.
  await picker.press('ArrowDown');
  await picker.press('ArrowUp');
  await picker.press('Enter');
  await expect(panel.activeFilters).toContainText(`Brand: ${name}`);
  await expect(panel.cards.first()).toContainText(name);
});

test('followed brands page by offset, with total, quota in words, the 1000 note and locked brands', async ({
  openPage,
  server,
}) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.tab('Brands').click();
  await expect(page.getByText('1,200 followed brands · page 1 of 40')).toBeVisible();
  await expect(page.getByText('Your plan tracks 1,150 brands; you follow 1,200.')).toBeVisible();
  await expect(page.getByText('only the first 1,000 can be listed')).toBeVisible();
  const firstName = await panel.followed.getByRole('button').first().textContent();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('page 2 of 40')).toBeVisible();
  await expect(panel.followed.getByRole('button').first()).not.toHaveText(firstName ?? '');
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByText('page 1 of 40')).toBeVisible();

  const lockedId = server.state.data.workspaces[0]?.followed.brandIds.at(-1) ?? '';
  const lockedName = server.state.brand(lockedId)?.name ?? '';
  await page.getByRole('searchbox', { name: 'Filter followed brands' }).fill(lockedName);
  const row = panel.followed.getByRole('listitem').filter({ hasText: lockedName }).first();
  await expect(row.getByText('Locked')).toBeVisible();
  await expectAccessible(page);
});

test('saved ads are listed', async ({ openPage }) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.tab('Saved').click();
  await expect(panel.savedAds.getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page);
});

test('an API error is shown with what to do, and recovers on retry', async ({ openPage, server }) => {
  server.state.faults.add({ kind: 'upstream', path: '/ad-library/search' });
  const page = await openPage('sidepanel');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Could not load search results', { timeout: 20_000 });
  await expect(alert).toContainText('The upstream service is unavailable');
  await expect(alert).toContainText('Try again in a minute');
  server.state.faults.clear();
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(new SidePanelPage(page).cards.first()).toBeVisible();
});

test('every malformed answer ends in a clear error on a working panel, never a blank one', async ({
  openPage,
  server,
}) => {
  const cases: [MalformedKind, RegExp][] = [
    ['html', /proxy in front of it failed \(HTTP 502\)/],
    ['empty', /empty body/],
    ['truncated', /not JSON/],
    ['code-string', /numeric envelope code/],
    ['missing-data', /unexpected shape/],
    ['huge', /too large/],
    ['status-backwards', /HTTP 500 but reported success/],
  ];
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  for (const [body, message] of cases) {
    server.state.faults.clear();
    await panel.search(`boots ${body}`);
    await expect(page.getByRole('alert')).toHaveCount(0);
    server.state.faults.add({ kind: 'malformed', body, path: '/ad-library/search' });
    await panel.searchBox.fill(`malformed ${body}`);
    const alert = page.getByRole('alert');
    await expect(alert, body).toContainText('Could not load search results', { timeout: 20_000 });
    await expect(alert, body).toContainText(message);
    // The rest of the panel still works: the search box and the tabs are there.
    await expect(panel.searchBox).toBeEditable();
    await expect(page.getByRole('tab', { name: 'Saved' })).toBeVisible();
  }
  server.state.faults.clear();
  await panel.search('waterproof boots');
  await expect(panel.cards.first()).toBeVisible();
  // No unhandled rejection or console error: the consoleErrors fixture checks at the end.
});

test('ad text with HTML in it renders as text, in the card and the detail', async ({ openPage, server }) => {
  const first = server.state.data.catalogue.ads.find((candidate) => candidate.title?.includes('boots'));
  const words = first?.title ?? '';
  if (!words) throw new Error('no boots ad in the demo data');
  // Every ad with this title gets hostile text, so whichever ranks first shows it.
  const hostile = server.state.data.catalogue.ads.filter((candidate) => candidate.title === words);
  const originals = hostile.map((ad) => ({ ad, title: ad.title, body: ad.body }));
  for (const ad of hostile) {
    ad.title = `<img src=x onerror="window.pwned=1">${words} <b>bold</b>`;
    ad.body = '<script>window.pwned=2</script><a href="javascript:window.pwned=3">click</a>';
  }
  try {
    const page = await openPage('sidepanel');
    const panel = new SidePanelPage(page);
    await panel.search(words);
    const card = panel.cards.filter({ hasText: '<b>bold</b>' }).first();
    await expect(card).toContainText(`<img src=x onerror="window.pwned=1">${words} <b>bold</b>`);
    await expect(card.locator('b, script, img[src="x"]')).toHaveCount(0);
    await card.getByRole('heading').getByRole('button').click();
    await expect(page.getByText('<script>window.pwned=2</script>', { exact: false })).toBeVisible();
    await expect(page.locator('a[href^="javascript:"], script:not([src]), b')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  } finally {
    for (const { ad, title, body } of originals) Object.assign(ad, { title, body });
  }
});

test('a rate limit shows a retry countdown', async ({ openPage, server }) => {
  server.state.faults.add({ kind: 'rate-limit', path: '/ad-library/search', retryAfter: '45' });
  const page = await openPage('sidepanel');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Too many requests');
  await expect(alert.getByRole('button', { name: /Retry in 4\d s/ })).toBeDisabled();
});

test('reopening the panel restores the last search instantly from cache', async ({ openPage, server }) => {
  const first = await openPage('sidepanel');
  const panel = new SidePanelPage(first);
  await panel.search('waterproof boots');
  await expect(panel.cards.first()).toBeVisible();
  await expectQueriesKept(first, 'waterproof boots');
  await first.close();
  server.state.faults.add({ kind: 'latency', latencyMs: 8000 });
  const again = await openPage('sidepanel');
  const reopened = new SidePanelPage(again);
  await expect(reopened.searchBox).toHaveValue('waterproof boots');
  await expect(reopened.cards.first()).toBeVisible({ timeout: 2000 });
  // The last picture was painted before the app loaded, and the app has replaced it.
  expect(await again.evaluate((mark) => performance.getEntriesByName(mark).length, SNAPSHOT_PAINTED_MARK)).toBe(1);
  await expect(again.locator('[data-snapshot]')).toHaveCount(0);
  server.state.faults.clear();
});

test.describe(() => {
  // It adds an init script to the whole browser: a browser of its own.
  test.use({ freshBrowser: true });

  test("a reopened panel paints its last picture with the view's own stylesheet", async ({ context, openPage }) => {
    const first = await openPage('sidepanel');
    await first.getByRole('tab', { name: 'Accounts' }).click();
    await expect(first.getByRole('list', { name: 'Totals' }).getByRole('listitem').first()).toBeVisible();
    // Every view is preloaded in idle moments, its stylesheet with it: the picture names only those it uses.
    await expect(first.locator('link[rel="stylesheet"][href*="generate-tab-"]')).toHaveCount(1);
    await first.close();
    const reader = await openPage('options');
    const styles = await reader.evaluate(
      (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { styles?: string[] }).styles ?? [],
      PANEL_PICTURE_KEY,
    );
    await reader.close();
    expect(styles.some((href) => href.includes('accounts-tab-'))).toBe(true);
    expect(styles.filter((href) => /(generate|new|boards|search)-tab-/.test(href))).toEqual([]);
    // The Totals cards are laid out by the Accounts view's stylesheet, which comes with its chunk:
    // read how the picture showed them at the moment it was painted, before the app replaced it.
    await context.addInitScript((markName) => {
      const mark = performance.mark.bind(performance);
      performance.mark = (name, options) => {
        if (name === markName) {
          const totals = document.querySelector('[data-snapshot] [aria-label="Totals"]');
          document.documentElement.dataset.paintedTotals = totals ? getComputedStyle(totals).display : 'missing';
        }
        return mark(name, options);
      };
    }, SNAPSHOT_PAINTED_MARK);
    const again = await openPage('sidepanel');
    await expect(again.getByRole('list', { name: 'Totals' }).getByRole('listitem').first()).toBeVisible();
    expect(await again.evaluate(() => document.documentElement.dataset.paintedTotals)).toBe('grid');
    await expect(again.locator('[data-snapshot]')).toHaveCount(0);
    // The picture painted with its stylesheets' text; the copy leaves once their files are in.
    await expect(again.locator('style[data-picture-styles]')).toHaveCount(0);
    await expect(again.locator('link[rel="stylesheet"][href*="accounts-tab-"]')).toHaveCount(1);
  });
});

test('a tampered picture of the panel runs nothing and is replaced by the app', async ({
  context,
  extensionId,
  openPage,
}) => {
  // Written from another page of the extension's origin: a closing panel would save its own picture.
  const first = await context.newPage();
  await first.goto(`chrome-extension://${extensionId}/manifest.json`);
  await first.evaluate((key) => {
    localStorage.setItem(
      key,
      JSON.stringify({
        v: 4,
        styles: [],
        css: [],
        savedAt: Date.now(),
        theme: null,
        nodes: [
          ['img', { src: 'data:,', onerror: 'window.pwned = 1' }, []],
          ['script', {}, ['window.pwned = 2']],
          ['a', { href: 'javascript:window.pwned = 3' }, ['x']],
          ['p', {}, ['Tampered']],
        ],
      }),
    );
  }, PANEL_PICTURE_KEY);
  await first.close();
  const again = await openPage('sidepanel');
  await expect(new SidePanelPage(again).searchBox).toBeVisible();
  await expect(again.getByText('Tampered')).toHaveCount(0);
  expect(await again.evaluate((mark) => performance.getEntriesByName(mark).length, SNAPSHOT_PAINTED_MARK)).toBe(1);
  expect(await again.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  // The consoleErrors fixture fails the test on any CSP refusal, which a surviving handler would cause.
});

test.describe(() => {
  // It adds an init script to the whole browser: a browser of its own.
  test.use({ freshBrowser: true });

  test('a panel opened with nothing kept asks once for its last search before the app loads; one with its picture asks nothing first', async ({
    context,
    extensionId,
    openPage,
    server,
  }) => {
    const first = await openPage('sidepanel');
    await new SidePanelPage(first).search('lantern');
    await expect(new SidePanelPage(first).cards.first()).toBeVisible();
    await expectQueriesKept(first, 'lantern');
    await first.close();
    // What each page sends to the worker, and whether the app had rendered by then (the picture is not the app).
    await context.addInitScript(() => {
      const sent: string[][] = [];
      Object.assign(window, { adscopeSent: sent });
      const runtime = (
        globalThis as unknown as { chrome: { runtime: { sendMessage: (...args: unknown[]) => unknown } } }
      ).chrome.runtime;
      const send = runtime.sendMessage.bind(runtime);
      runtime.sendMessage = (...args: unknown[]) => {
        const rendered = !!document.querySelector('#root > :not([data-snapshot])');
        sent.push([(args[0] as { type?: string }).type ?? '', rendered ? 'app' : 'before the app']);
        return send(...args);
      };
    });
    const sentBeforeApp = (page: Page) =>
      page.evaluate(() =>
        (window as unknown as { adscopeSent: string[][] }).adscopeSent
          .filter(([, when]) => when === 'before the app')
          .map(([type]) => type),
      );
    const lanternSearches = () =>
      server.state.requestLog.filter(
        (entry) => entry.path === '/ad-library/search' && /lantern/.test(entry.query ?? ''),
      ).length;

    // Nothing kept (the picture and the query cache cleared from another page): the entry sends the last search.
    const clear = await context.newPage();
    await clear.goto(`chrome-extension://${extensionId}/manifest.json`);
    await clear.evaluate(
      (keys) => {
        for (const key of keys) localStorage.removeItem(key);
      },
      [PANEL_PICTURE_KEY, QUERY_CACHE_KEY],
    );
    await clear.close();
    const before = lanternSearches();
    const cold = await openPage('sidepanel');
    await expect(new SidePanelPage(cold).cards.first()).toBeVisible();
    await cold.waitForTimeout(500);
    expect((await sentBeforeApp(cold)).sort()).toEqual(['library.search', 'settings.get']);
    // The app took that answer: the service was asked once (the message lists every search of the words).
    const asked = server.state.requestLog
      .filter((entry) => entry.path === '/ad-library/search' && /lantern/.test(entry.query ?? ''))
      .map((entry) => entry.query);
    expect(lanternSearches() - before, `searches of "lantern", ${before} before this panel: ${asked.join(', ')}`).toBe(
      1,
    );
    await expectQueriesKept(cold, 'lantern');
    await cold.close();

    // Its picture kept: the entry sends nothing before the app, which reads its cache.
    const again = await openPage('sidepanel');
    await expect(new SidePanelPage(again).cards.first()).toBeVisible();
    expect(await again.evaluate((mark) => performance.getEntriesByName(mark).length, SNAPSHOT_PAINTED_MARK)).toBe(1);
    expect(await sentBeforeApp(again)).toEqual([]);
  });
});

test('the search tab works at 320 px and in dark mode', async ({ openPage }) => {
  const page = await openPage('sidepanel');
  await page.setViewportSize({ width: 320, height: 700 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const panel = new SidePanelPage(page);
  await panel.search('shoes');
  await expect(panel.cards.first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

test('"More like this" shows the brand\'s ads and similar ads from other brands, with the reasons', async ({
  openPage,
}) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.search('tent');
  const brand = (await panel.cards.first().locator('.ad-card-brand').textContent()) ?? '';
  await panel.cards
    .first()
    .getByRole('button', { name: /^More like this/ })
    .click();
  await expect(panel.tab('Similar')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 2, name: /^Similar to / })).toBeVisible();
  await expect(page.getByText(`Brand: ${brand}, because the ad you picked is from this brand.`)).toBeVisible();
  const own = page.getByRole('list', { name: `${possessive(brand)} ads` });
  await expect(own.getByRole('listitem').first()).toBeVisible();
  for (const name of await own.locator('.ad-card-brand').allTextContents()) expect(name).toBe(brand);
  const others = page.getByRole('list', { name: 'Similar ads from other brands' });
  await expect(others.getByRole('listitem').first()).toBeVisible();
  for (const name of await others.locator('.ad-card-brand').allTextContents()) expect(name).not.toBe(brand);
  await expectAccessible(page);

  const keywords = page.getByRole('list', { name: 'Keywords' });
  const before = await keywords.getByRole('listitem').count();
  await keywords.getByRole('button').first().click();
  await expect(keywords.getByRole('listitem')).toHaveCount(before - 1);
});

test('"/" from any view goes to Search and focuses the box', async ({ openPage }) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.tab('Boards').click();
  await expect(page.getByRole('searchbox', { name: 'Filter boards' })).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(panel.tab('Search')).toHaveAttribute('aria-selected', 'true');
  await expect(panel.searchBox).toBeFocused();
});

test("See this brand's ads starts a new search of that brand, without the last words", async ({ openPage, server }) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.search('waterproof tent');
  const brand = (await panel.cards.first().locator('.ad-card-brand').textContent()) ?? '';
  await panel.cardTitle(0).click();
  await page.getByRole('button', { name: "See this brand's ads" }).click();
  await expect(panel.searchBox).toHaveValue('');
  await expect(panel.activeFilters).toContainText(brand);
  // The brand's answer drawn (the last search's cards stay while it loads), so its notice would show by now.
  await expect(page.locator('.results-status')).toHaveText('Newest ads in the library', { timeout: 15_000 });
  await expect(panel.cards.first()).toBeVisible();
  await expect(page.getByText(/No ads from/)).toHaveCount(0);
  // The words were cleared with the brand set, in one step: no search of the brand asked with them.
  const brandSearches = server.state.requestLog
    .filter((entry) => entry.path === '/ad-library/search')
    .map((entry) => new URLSearchParams(entry.query ?? ''))
    .filter((query) => query.has('unified_brand_id'));
  expect(brandSearches.length).toBeGreaterThan(0);
  expect(brandSearches.filter((query) => query.has('query')).map(String)).toEqual([]);
});

test('a search of only symbols says why nothing is searched, and sends nothing', async ({ openPage, server }) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.search('tent');
  const searches = () => server.state.requestLog.filter((entry) => entry.path === '/ad-library/search').length;
  const before = searches();
  await panel.searchBox.fill('🔥🔥');
  await expect(page.getByRole('status').filter({ hasText: 'no letters or digits' })).toBeVisible();
  await expect(panel.results).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(searches()).toBe(before);
});
