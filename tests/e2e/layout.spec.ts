import { boardOf } from '../support/boards';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { SidePanelPage } from '../support/pages/side-panel-page';

test.beforeEach(async ({ connect }) => {
  await connect();
});

const PLACES = ['Search', 'Boards', 'Accounts', 'Generate', 'New', 'Brands', 'Saved', 'Similar', 'Workspace'] as const;

/** How far the page scrolls sideways (0 when nothing is wider than the panel). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Tabs whose box leaves the panel or whose label is cut. */
function clippedTabs(page: Page, width: number) {
  return page.getByRole('tab').evaluateAll((tabs, panelWidth) => {
    return tabs.flatMap((tab) => {
      const box = tab.getBoundingClientRect();
      const label = tab.querySelector('.tab-label') as HTMLElement | null;
      const cut = label !== null && label.scrollWidth > label.clientWidth + 1;
      return box.left < 0 || box.right > panelWidth || cut ? [tab.textContent ?? '?'] : [];
    });
  }, width);
}

// Firefox's default sidebar (about 240 px usable), Chrome's side panel (320 to 400 px), a full window.
for (const width of [240, 320, 400, 1200]) {
  test(`at ${width} px, light and dark: every place in view, nothing wider than the panel`, async ({ openPage }) => {
    test.setTimeout(90_000);
    const page = await openPage('sidepanel');
    await page.setViewportSize({ width, height: 800 });
    const panel = new SidePanelPage(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.getByRole('tab')).toHaveCount(PLACES.length);
      expect(await clippedTabs(page, width)).toEqual([]);
      for (const place of PLACES) {
        await panel.tab(place).click();
        await expect(panel.tab(place)).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByRole('tabpanel')).not.toBeEmpty();
        // The place drawn, not its loading placeholders (each is aria-busy), before its width is read.
        await expect(page.getByRole('tabpanel').locator('[aria-busy="true"]')).toHaveCount(0);
        expect({ place, overflow: await sideways(page) }).toEqual({ place, overflow: 0 });
      }
      await panel.tab('Search').click();
      await panel.search('tent');
      await expect(panel.cards.first()).toBeVisible();
      expect(await sideways(page)).toBe(0);
      await expectAccessible(page);
    }
  });
}

test('dense cards: at 400 px two columns, each under 300 px tall, actions as named icon buttons in one row', async ({
  openPage,
}) => {
  const page = await openPage('sidepanel');
  await page.setViewportSize({ width: 400, height: 800 });
  const panel = new SidePanelPage(page);
  await panel.search('tent');
  const [first, second] = [panel.cards.nth(0), panel.cards.nth(1)];
  await expect(second).toBeVisible();
  const [a, b] = [await first.boundingBox(), await second.boundingBox()];
  expect(a && b && Math.abs(a.y - b.y) < 2).toBe(true);
  expect(a?.height ?? 999).toBeLessThan(300);
  const actions = first.getByRole('button', {
    name: /^(Save .* to a board|More like this: |Generate from this ad: |Watch )/,
  });
  await expect(actions).toHaveCount(4);
  const tops = await actions.evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
  await expect(actions.first()).toHaveAttribute('title', /Save to a board/);
  // Icons are drawn by CSS, before the control's content: the card's at 16 px, the places' at 18 px.
  const drawn = (locator: typeof actions) =>
    locator.evaluateAll((elements) =>
      elements.map((element) => {
        const before = getComputedStyle(element, '::before');
        return `${before.width} ${before.maskImage.startsWith('url("data:image/svg+xml') ? 'svg' : before.maskImage}`;
      }),
    );
  expect(await drawn(actions)).toEqual(['16px svg', '16px svg', '16px svg', '16px svg']);
  expect(await drawn(page.getByRole('tab'))).toEqual(PLACES.map(() => '18px svg'));
});

test('a fast scroll fetches no creative for the cards it passes, and the cards where it stops show theirs', async ({
  openPage,
  server,
}) => {
  const workspace = server.state.data.workspaces[0];
  workspace?.boards.push(boardOf('board-long', 'Long board', server.state.data.catalogue.ads.slice(0, 300)));
  // The page's timers run on a clock the test moves: a busy machine that stalls the page between
  // two steps of the scroll would otherwise let the passed cards' wait run out.
  const page = await openPage('sidepanel');
  await page.clock.install();
  await page.reload();
  await page.setViewportSize({ width: 400, height: 800 });
  const panel = new SidePanelPage(page);
  await panel.tab('Boards').click();
  await page.getByRole('treeitem', { name: /^Long board/ }).click();
  await expect(panel.boardAds.getByRole('listitem').first()).toBeVisible();
  await expect(panel.boardAds.getByRole('listitem').first().locator('img')).toHaveJSProperty('complete', true);
  const fetched = new Set<string>();
  page.on('request', (request) => {
    if (request.url().includes('/media/ads/')) fetched.add(request.url());
  });
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  const scroller = page.locator('.ad-grid-scroll:not([hidden])');
  const cards = scroller.locator('[data-ad-index]');
  // Two viewports every 30 ms, as a flung wheel does, noting every card that was mounted on the way.
  const passed = new Set<string>();
  for (let step = 0; step < 12; step += 1) {
    const top = await scroller.evaluate((element) => {
      element.scrollTop += element.clientHeight * 2;
      return element.scrollTop;
    });
    // The rows of the new place are drawn (the list draws them in a task of its own). The list may
    // move its position by a row's difference from its estimate when it first measures a row
    // above the fold, so the place is the one asked within a viewport. What is seen is said, so
    // that a miss shows what the list drew.
    await expect
      .poll(
        () =>
          scroller.evaluate((list, at) => {
            const frame = list.getBoundingClientRect();
            const shown = [...list.querySelectorAll<HTMLElement>('[data-ad-index]')].filter((button) => {
              const box = button.getBoundingClientRect();
              return box.bottom > frame.top && box.top < frame.bottom;
            });
            const near = Math.abs(list.scrollTop - at) < list.clientHeight;
            return near && shown.length > 0
              ? 'drawn'
              : `at ${list.scrollTop} of ${list.scrollHeight} (asked ${at}), cards in view: ${shown.length}, drawn: ${list.querySelectorAll('[data-ad-index]').length}`;
          }, top),
        { timeout: 20_000 },
      )
      .toBe('drawn');
    for (const index of await cards.evaluateAll((buttons) => buttons.map((button) => button.dataset.adIndex ?? '')))
      passed.add(index);
    await page.clock.runFor(30);
  }
  expect(passed.size).toBeGreaterThan(20);
  await page.clock.resume();
  // Where it stops, every card on screen shows its creative.
  const visible = panel.boardAds.getByRole('listitem').filter({ has: page.locator('img') });
  await expect
    .poll(() =>
      panel.boardAds.getByRole('listitem').evaluateAll((items) => {
        const inView = items.filter((card) => {
          const box = card.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        });
        return inView.length > 0 && inView.every((card) => card.querySelector('img')?.complete === true);
      }),
    )
    .toBe(true);
  expect(await visible.count()).toBeGreaterThan(0);
  expect(fetched.size).toBeLessThan(passed.size / 2);
});

test('the places work by keyboard: arrows across, and up and down between the rows', async ({ openPage }) => {
  const page = await openPage('sidepanel');
  await page.setViewportSize({ width: 320, height: 800 });
  const panel = new SidePanelPage(page);
  await panel.tab('Search').click();
  await panel.tab('Search').focus();
  await page.keyboard.press('ArrowRight');
  await expect(panel.tab('Boards')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  // Three to a row at this width: down from Boards is the place below it.
  await expect(panel.tab('New')).toBeFocused();
  await expect(panel.tab('New')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(panel.tab('Boards')).toBeFocused();
  await page.keyboard.press('End');
  await expect(panel.tab('Workspace')).toBeFocused();
  // The panel remembers where you were.
  await page.reload();
  await expect(panel.tab('Workspace')).toHaveAttribute('aria-selected', 'true');
});

test('a brand fills the view: its facts on top and its ads in the one scroller, nothing scrolling around it', async ({
  openPage,
  server,
}) => {
  const page = await openPage('sidepanel');
  await page.setViewportSize({ width: 400, height: 800 });
  const panel = new SidePanelPage(page);
  const brand = server.state.data.catalogue.brands.find((b) => server.state.library.adsOfBrand(b.id).length > 5);
  await panel.openBrand(brand?.name ?? '');
  await expect(panel.brandAds.getByRole('listitem').first()).toBeVisible();
  const layout = await page.evaluate(() => {
    const panelElement = document.querySelector('.tabpanel') as HTMLElement;
    const grid = (document.querySelector('.ad-grid-scroll') as HTMLElement).getBoundingClientRect();
    return { around: panelElement.scrollHeight - panelElement.clientHeight, gridHeight: grid.height };
  });
  expect(layout.around).toBeLessThanOrEqual(0);
  expect(layout.gridHeight).toBeGreaterThan(250);
});

test('a toast never covers a control: after a save, Generate images is still the one clicked', async ({ openPage }) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.search('tent');
  await panel.cards
    .first()
    .getByRole('button', { name: /^Save / })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Save to a board' });
  await dialog.getByRole('radio').first().check();
  await dialog.getByRole('button', { name: /^Save to / }).click();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  await panel.tab('Generate').click();
  const button = page.getByRole('button', { name: 'Generate images' });
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  if (!box) throw new Error('no button');
  const hit = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(hit).toBe('Generate images');
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
});
