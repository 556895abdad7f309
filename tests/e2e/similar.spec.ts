import type { BrowserContext, Page } from '@playwright/test';
import {
  findSimilarOn as findSimilar,
  pendingHandover,
  registeredScripts,
  serviceWorker,
} from '../../scripts/e2e-hooks';
import { demoImagePath, demoPageBrands } from '../../server/demo-pages';
import { possessive } from '../../components/ui/format';
import { expect, expectAccessible, test } from './fixtures';
import { PopupPage } from '../support/pages/popup-page';
import { SidePanelPage } from '../support/pages/side-panel-page';

test.beforeEach(async ({ connect }) => {
  await connect();
});

/** Opens a demo competitor page, failing the test on its console errors (ours run in it too). */
async function openDemoPage(context: BrowserContext, url: string, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`demo page: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`demo page: ${error.message}`));
  await page.goto(url);
  return page;
}

async function selectText(page: Page, selector: string): Promise<void> {
  await page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    });
}

/** Turns the opt-in page button on in options, as a user does, and waits for its registration. */
async function turnOnPageButton(context: BrowserContext, openPage: (name: 'options') => Promise<Page>): Promise<Page> {
  const options = await openPage('options');
  await options.getByRole('switch', { name: 'Show the find-similar button on every page' }).check();
  await expect.poll(() => registeredScripts(context)).toEqual(['adscope-page-button']);
  return options;
}

/** Double-clicks the heading's first word, as a user selects a word. */
async function selectFirstWord(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).dblclick({ position: { x: 12, y: 12 } });
  expect((await page.evaluate(() => window.getSelection()?.toString() ?? '')).trim().length).toBeGreaterThan(1);
}

/** Every node of the page, through open shadow roots. */
function countNodes(page: Page): Promise<number> {
  return page.evaluate(() => document.getElementsByTagName('*').length);
}

test('on each demo page, find-similar shows the right brand and similar ads in the panel', async ({
  context,
  openPage,
  server,
  consoleErrors,
}) => {
  const [first, second, third] = demoPageBrands(server.state);
  const cases = [
    { kind: 'json-ld', title: 'Waterproof trail backpack', brand: first?.name },
    // A page's og:title names it better than its <title>.
    { kind: 'og', title: 'Die Regenjacke für jede Wanderung', brand: second?.name },
    { kind: 'title', title: `Down sleeping bag for three seasons | ${third?.name}`, brand: third?.name },
    { kind: 'none', title: 'Camping gear deals', brand: undefined },
  ];
  const panelPage = await openPage('sidepanel');
  const panel = new SidePanelPage(panelPage);
  for (const { kind, title, brand } of cases) {
    const url = `${server.baseUrl}/demo/pages/${kind}`;
    const page = await openDemoPage(context, url, consoleErrors);
    await findSimilar(context, url, { source: 'page', button: false });
    await expect(panel.tab('Similar')).toHaveAttribute('aria-selected', 'true');
    await expect(panelPage.getByRole('heading', { level: 2, name: `Similar to ${title}` })).toBeVisible();
    const others = panelPage.getByRole('list', { name: 'Similar ads from other brands' });
    await expect(others.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
    if (brand) {
      await expect(panelPage.getByText(`Brand: ${brand}, because`)).toBeVisible();
      const own = panelPage.getByRole('list', { name: `${possessive(brand)} ads` });
      await expect(own.getByRole('listitem').first()).toBeVisible();
      for (const name of await own.locator('.ad-card-brand').allTextContents()) expect(name).toBe(brand);
      for (const name of await others.locator('.ad-card-brand').allTextContents()) expect(name).not.toBe(brand);
    } else {
      await expect(panelPage.getByRole('list', { name: /'s ads$/ })).toHaveCount(0);
    }
    await page.close();
  }
  await expectAccessible(panelPage);
});

test("from each demo competitor page, the similar ads of other brands are its category's rivals first", async ({
  context,
  openPage,
  server,
  consoleErrors,
}) => {
  const [first, second, third] = demoPageBrands(server.state);
  if (!first || !second || !third) throw new Error('The demo needs three brands.');
  // Each page with the brand it is about: the product page is the store's (its maker is a rival too).
  const pages = [
    { kind: 'json-ld', title: 'Waterproof trail backpack', brand: first },
    { kind: 'og', title: 'Die Regenjacke für jede Wanderung', brand: second },
    { kind: 'title', title: `Down sleeping bag for three seasons | ${third.name}`, brand: third },
    { kind: 'product', title: 'Trail running shoes', brand: second },
  ];
  const categoryOf = (name: string) =>
    server.state.data.catalogue.brands.find((brand) => brand.name === name)?.category;
  const panelPage = await openPage('sidepanel');
  for (const { kind, title, brand } of pages) {
    const url = `${server.baseUrl}/demo/pages/${kind}`;
    const page = await openDemoPage(context, url, consoleErrors);
    await findSimilar(context, url, { source: 'page', button: false });
    // Until this page's answer is drawn, the last page's cards are shown: its heading names the page.
    // Under a loaded machine (two workers on two cores) a page's answer has taken over 15 s.
    await expect(panelPage.getByRole('heading', { level: 2, name: `Similar to ${title}` })).toBeVisible({
      timeout: 30_000,
    });
    const others = panelPage.getByRole('list', { name: 'Similar ads from other brands' });
    await expect(others.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
    const names = await others.locator('.ad-card-brand').allTextContents();
    expect(names.length, kind).toBeGreaterThanOrEqual(3);
    // The first cards are rivals of the page's brand: other brands of its category.
    for (const name of names.slice(0, 3)) {
      expect(name, kind).not.toBe(brand.name);
      expect(categoryOf(name), `${kind}: ${name}`).toBe(brand.category);
    }
    await page.close();
  }
});

test("a store's product page shows the store and the maker, switches which leads, and the ads that lead to it", async ({
  context,
  openPage,
  server,
  consoleErrors,
}) => {
  const [maker, store] = demoPageBrands(server.state);
  if (!maker || !store) throw new Error('The demo needs three brands.');
  const panelPage = await openPage('sidepanel');
  const url = `${server.baseUrl}/demo/pages/product`;
  const page = await openDemoPage(context, url, consoleErrors);
  await findSimilar(context, url, { source: 'page', button: false });
  await expect(panelPage.getByRole('heading', { level: 2, name: 'Similar to Trail running shoes' })).toBeVisible();
  const why = panelPage.getByRole('group', { name: 'Why these results' });
  await expect(why).toContainText(`Site: ${store.name} · Maker: ${maker.name}.`);
  await why.getByText(`Site: ${store.name}`).click();
  await expect(why).toContainText(`${store.name}: named by the page's structured data`);
  await expect(why).toContainText(`${maker.name}: named by the page's product brand`);

  // Each brand with its own ads; the store leads, and the maker can lead instead.
  const storeAds = `${possessive(store.name)} ads`;
  const makerAds = `${possessive(maker.name)} ads`;
  const order = () =>
    panelPage
      .getByRole('list')
      .evaluateAll(
        (lists, names) =>
          lists.map((list) => list.getAttribute('aria-label')).filter((name) => names.includes(name ?? '')),
        [storeAds, makerAds],
      );
  await expect.poll(order).toEqual([storeAds, makerAds]);
  for (const name of await panelPage.getByRole('list', { name: makerAds }).locator('.ad-card-brand').allTextContents())
    expect(name).toBe(maker.name);
  const makerFirst = panelPage.getByRole('radio', { name: `The maker: ${maker.name}` });
  await makerFirst.focus();
  await panelPage.keyboard.press('Space');
  await expect(makerFirst).toBeChecked();
  await expect.poll(order).toEqual([makerAds, storeAds]);

  // The store's ads whose landing page is this one, tracking parameters ignored: exactly the ones the server points here.
  const here = panelPage.getByRole('list', { name: 'Ads that lead to this page' });
  await expect(here.getByRole('listitem').first()).toBeVisible();
  const ids = await here
    .locator('[data-ad-id]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-ad-id')));
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) {
    const record = server.state.adById(id ?? '');
    expect(record?.unified_brand_id).toBe(store.id);
    expect(server.state.landingPathOf(record as NonNullable<typeof record>)).toMatch(/^\/demo\/pages\/product\?/);
  }
  await expect(panelPage.getByRole('list', { name: 'What these ads have in common' })).toContainText(
    `${ids.length} ${ids.length === 1 ? 'ad' : 'ads'}`,
  );
  await expect(panelPage.getByRole('list', { name: `Elsewhere on ${possessive(store.name)} site` })).toBeVisible();
  await expectAccessible(panelPage);
  await page.close();
});

test('an image feeds its alt text to the search', async ({ context, openPage, server, consoleErrors }) => {
  const url = `${server.baseUrl}/demo/pages/title`;
  await openDemoPage(context, url, consoleErrors);
  const panelPage = await openPage('sidepanel');
  const [, , third] = demoPageBrands(server.state);
  if (!third) throw new Error('the demo data has no third brand');
  await findSimilar(context, url, {
    source: 'image',
    srcUrl: `${server.baseUrl}${demoImagePath(third)}`,
    button: false,
  });
  const keywords = panelPage.getByRole('list', { name: 'Keywords' });
  await expect(keywords.getByText('rolled', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(keywords.getByText('sack', { exact: true })).toBeVisible();
});

test('a selection, a link and the keyboard command feed their words to the search', async ({
  context,
  openPage,
  server,
  consoleErrors,
}) => {
  const url = `${server.baseUrl}/demo/pages/none`;
  const page = await openDemoPage(context, url, consoleErrors);
  const panelPage = await openPage('sidepanel');
  const keywords = panelPage.getByRole('list', { name: 'Keywords' });

  await selectText(page, 'p');
  await findSimilar(context, url, { source: 'selection', button: false });
  await expect(keywords.getByText('stars', { exact: true })).toBeVisible({ timeout: 15_000 });

  await findSimilar(context, url, { source: 'link', linkUrl: `${server.baseUrl}/demo/pages/json-ld`, button: false });
  await expect(keywords.getByText('backpack', { exact: true })).toBeVisible({ timeout: 15_000 });

  await page.evaluate(() => window.getSelection()?.removeAllRanges());
  await findSimilar(context, url, { source: 'command', button: false });
  // No selection: the heading's words.
  await expect(keywords.getByText('tent', { exact: true })).toBeVisible({ timeout: 15_000 });
});

test('a page the browser keeps closed says so in the panel', async ({ context, openPage }) => {
  const panelPage = await openPage('sidepanel');
  const url = panelPage.url();
  await findSimilar(context, url, { source: 'page', button: false });
  await expect(panelPage.getByRole('alert')).toContainText('Adscope cannot read this page');
  await expectAccessible(panelPage);
});

test("a page's own postMessage and scripted clicks trigger nothing", async ({
  context,
  openPage,
  server,
  consoleErrors,
}) => {
  const url = `${server.baseUrl}/demo/pages/json-ld`;
  const page = await openDemoPage(context, url, consoleErrors);
  await openPage('sidepanel');
  // The script has run in this page once, so a forgery would have a listener to reach if there were one.
  await findSimilar(context, url, { source: 'page', button: false });
  const before = await pendingHandover(context);
  expect(before?.state).toBe('ready');
  await page.evaluate(() => {
    const forged = { source: 'page', signals: { title: 'FORGED', url: location.href } };
    for (const message of [
      { type: 'similar.show', payload: forged },
      { type: 'sidePanel.open', payload: {} },
      { type: 'similar.find', payload: { kind: 'page', signals: forged.signals } },
      forged,
    ]) {
      window.postMessage(message, '*');
      document.dispatchEvent(new CustomEvent('similar.show', { detail: message }));
    }
  });
  await page.waitForTimeout(500);
  expect(await pendingHandover(context)).toEqual(before);
});

test('with the page button off, nothing is added to or run in a page', async ({ context, server, consoleErrors }) => {
  const url = `${server.baseUrl}/demo/pages/json-ld`;
  const page = await openDemoPage(context, url, consoleErrors);
  const cdp = await context.newCDPSession(page);
  const worlds: string[] = [];
  cdp.on('Runtime.executionContextCreated', ({ context: created }) => {
    if (created.origin.startsWith('chrome-extension://')) {
      worlds.push(created.name);
    }
  });
  await cdp.send('Runtime.enable');
  await page.reload();
  const before = await countNodes(page);
  await selectFirstWord(page);
  await page.waitForTimeout(300);
  expect(await countNodes(page)).toBe(before);
  expect(await page.locator('adscope-find-similar').count()).toBe(0);
  expect(worlds).toEqual([]);
  expect(await registeredScripts(context)).toEqual([]);
});

/** The page button's host element: all a page (and a test) can see of it, since its shadow root is closed. */
const pageButton = (page: Page) => page.locator('adscope-find-similar');

/** Clicks the page button as the user does: a real mouse click at its place on screen. */
async function clickPageButton(page: Page): Promise<void> {
  const box = await pageButton(page).boundingBox();
  if (!box) throw new Error('the page button is not on screen');
  await page.mouse.click(box.x + 16, box.y + 14);
}

/** The buttons of the page's accessibility tree, as the browser computes it through closed shadow roots. */
async function accessibleButtons(page: Page): Promise<{ name: string; focusable: boolean }[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  return nodes
    .filter((node) => node.role?.value === 'button' && !node.ignored)
    .map((node) => ({
      name: String(node.name?.value ?? ''),
      focusable: (node.properties ?? []).some((property) => property.name === 'focusable' && property.value.value),
    }));
}

/** Tabs through the page, as a keyboard user does, until the page button has the focus. */
async function focusPageButton(page: Page): Promise<void> {
  for (let press = 0; press < 40; press += 1) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.localName)) === 'adscope-find-similar') return;
  }
  throw new Error('Tab never reached the page button');
}

test('the opt-in page button: shown on selection, by keyboard and mouse, closed to the page, gone when off', async ({
  context,
  openPage,
  server,
  consoleErrors,
}) => {
  const options = await turnOnPageButton(context, openPage);
  const toggle = options.getByRole('switch', { name: 'Show the find-similar button on every page' });
  await expect(toggle).toBeChecked();
  await expectAccessible(options);

  const panelPage = await openPage('sidepanel');
  const url = `${server.baseUrl}/demo/pages/title`;
  const page = await openDemoPage(context, url, consoleErrors);
  const before = await countNodes(page);
  await expect(pageButton(page)).toHaveCount(0);

  await selectFirstWord(page);
  await expect(pageButton(page)).toBeVisible();
  // Named and focusable for assistive technology, in light and dark.
  expect(await accessibleButtons(page)).toContainEqual({ name: 'Find similar ads', focusable: true });
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);

  // The page sees a closed box: no shadow root to reach into, and a click it dispatches is not the user's.
  const handedOver = await pendingHandover(context);
  expect(await page.evaluate(() => document.querySelector('adscope-find-similar')?.shadowRoot ?? null)).toBeNull();
  await page.evaluate(() => document.querySelector('adscope-find-similar')?.dispatchEvent(new MouseEvent('click')));
  await page.waitForTimeout(300);
  expect(await pendingHandover(context)).toEqual(handedOver);

  // Escape hides it; selecting again brings it back.
  await focusPageButton(page);
  await page.keyboard.press('Escape');
  await expect(pageButton(page)).toHaveCount(0);
  await selectFirstWord(page);
  await expect(pageButton(page)).toBeVisible();

  // The user's own press, by keyboard.
  await focusPageButton(page);
  await page.keyboard.press('Enter');
  await expect(
    panelPage.getByRole('heading', { level: 2, name: /^Similar to Down sleeping bag for three seasons/ }),
  ).toBeVisible({ timeout: 15_000 });
  expect((await pendingHandover(context))?.source).toBe('button');

  await options.bringToFront();
  await toggle.uncheck();
  await expect(toggle).not.toBeChecked();
  await expect.poll(() => registeredScripts(context)).toEqual([]);
  await page.reload();
  await selectFirstWord(page);
  await page.waitForTimeout(300);
  expect(await pageButton(page).count()).toBe(0);
  expect(await countNodes(page)).toBe(before);
});

test('a page cannot show the button, nor take it away, with events it fires itself', async ({
  context,
  openPage,
  server,
  consoleErrors,
  extensionId,
}) => {
  await (await turnOnPageButton(context, openPage)).close();
  const panelPage = await openPage('sidepanel');
  const page = await openDemoPage(context, `${server.baseUrl}/demo/pages/title`, consoleErrors);
  await page.bringToFront();

  // A selection made by script and a mouseup the page dispatches show nothing.
  await selectText(page, 'h1');
  await page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true })));
  await page.waitForTimeout(300);
  await expect(pageButton(page)).toHaveCount(0);

  // The event WXT's script context listens to, forged by the page with our public id, changes nothing.
  await page.evaluate((id) => {
    document.dispatchEvent(
      new CustomEvent(`${id}:find-similar:wxt:content-script-started`, {
        detail: { contentScriptName: 'find-similar', messageId: 'forged' },
      }),
    );
  }, extensionId);
  await selectFirstWord(page);
  await expect(pageButton(page)).toBeVisible();
  await clickPageButton(page);
  await expect(
    panelPage.getByRole('heading', { level: 2, name: /^Similar to Down sleeping bag for three seasons/ }),
  ).toBeVisible({ timeout: 15_000 });
});

test('the page button leaves with the extension, with no errors left behind', async ({
  context,
  openPage,
  server,
  consoleErrors,
}) => {
  await (await turnOnPageButton(context, openPage)).close();
  const page = await openDemoPage(context, `${server.baseUrl}/demo/pages/json-ld`, consoleErrors);
  await selectFirstWord(page);
  await expect(pageButton(page)).toBeVisible();

  // An update or a reload orphans the script in open pages.
  const worker = await serviceWorker(context);
  // The worker goes away with the reload, so its evaluation may not answer.
  await worker
    .evaluate(() => (globalThis as unknown as { chrome: { runtime: { reload(): void } } }).chrome.runtime.reload())
    .catch(() => undefined);
  await expect
    .poll(async () => {
      await page.locator('p').first().click();
      await selectFirstWord(page);
      return pageButton(page).count();
    })
    .toBe(0);
});

test("the toolbar popup's find-similar reads the tab it was opened on", async ({ openPage }) => {
  const panelPage = await openPage('sidepanel');
  // Opened as a tab, the popup's active tab is its own extension page, which no extension may read.
  const popup = await openPage('popup');
  await expectAccessible(popup);
  await new PopupPage(popup).findSimilar.click();
  await expect(panelPage.getByRole('alert')).toContainText('Adscope cannot read this page');
});
