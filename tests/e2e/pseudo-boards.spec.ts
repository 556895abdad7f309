import type { Page } from '@playwright/test';
import type { RunningServer } from '../../server/app';
import { expectPseudoEverywhere } from '../support/pseudo';
import { expect, test } from './fixtures';

/**
 * Boards, Brands, New and Workspace in the pseudo-language (accented, 40 % longer, bracketed), at
 * 320 and 400 px: a text of these places that skipped the catalogue, or one cut off or running out
 * of the panel, fails. Only these places' own parts are read: the ad cards, the Watch and Compare
 * buttons and the figures' rows belong to other places, and the reference server's names,
 * domains, categories and descriptions are service data, shown as they come.
 */
const WIDTHS = [320, 400];

async function chooseLanguage(openPage: (name: 'options') => Promise<Page>, language: string): Promise<void> {
  const options = await openPage('options');
  await options.locator('#language-choice').selectOption(language);
  await expect(options.locator('html')).toHaveAttribute('lang', language === 'auto' ? 'en' : language);
  await options.close();
}

/** The panel in the pseudo-language, connected as a user of the English pages is (the page object reads English). */
async function pseudoPanel(
  openPage: (name: 'options' | 'sidepanel') => Promise<Page>,
  connect: () => Promise<void>,
): Promise<Page> {
  await chooseLanguage(openPage, 'auto');
  await connect();
  await chooseLanguage(openPage, 'en-XA');
  const panel = await openPage('sidepanel');
  await expect(panel.getByRole('tablist')).toHaveAccessibleName(/^\[.*\]$/);
  return panel;
}

/** Opens a place by its tab's id (the tabs' names are in the pseudo-language). */
async function openTab(panel: Page, id: string): Promise<void> {
  await panel.locator(`#tab-${id}`).click();
  await expect(panel.locator(`#panel-${id}`)).toBeVisible();
}

/** The service's own words the places show: board names and paths, brands' names, domains, categories, descriptions. */
function serviceData(server: RunningServer): string[] {
  const workspace = server.state.data.workspaces[0];
  const boards = workspace?.boards ?? [];
  const byId = new Map(boards.map((board) => [board.board_id, board]));
  const path = (board: (typeof boards)[number]): string => {
    const parent = board.parentId ? byId.get(board.parentId) : undefined;
    return parent ? `${path(parent)} › ${board.name}` : board.name;
  };
  const brands = server.state.data.catalogue.brands.flatMap((brand) => [
    brand.name,
    brand.description,
    `${brand.domain} · ${brand.category}`,
  ]);
  const owned = server.state.data.workspaces.flatMap((space) => space.ownedBrands.map((brand) => brand.name));
  return [...new Set([...boards.flatMap((board) => [board.name, path(board)]), ...brands, ...owned])];
}

async function everyWidth(page: Page, allowed: readonly (string | RegExp)[], within: readonly string[]) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expectPseudoEverywhere(page, allowed, within);
  }
}

interface PlaceFixtures {
  openPage: (name: 'options' | 'sidepanel') => Promise<Page>;
  connect: () => Promise<void>;
  server: RunningServer;
}

/**
 * The panel in the pseudo-language on one place (its tab's id), once `ready` (a selector inside
 * it) shows; `check` runs the pass at every width on the parts named, the service's own words and
 * `more` shown as they are.
 */
async function openPlace({ openPage, connect, server }: PlaceFixtures, id: string, ready: string) {
  const data = serviceData(server);
  const panel = await pseudoPanel(openPage, connect);
  await openTab(panel, id);
  const tab = `#panel-${id}`;
  await expect(panel.locator(`${tab} ${ready}`).first()).toBeVisible();
  const check = (within: readonly string[], more: readonly string[] = []) =>
    everyWidth(panel, [...data, ...more], within);
  return { panel, tab, check };
}

test('Boards: the tree, a board’s view and its keeping question, and the save dialog are in the pseudo-language', async ({
  openPage,
  connect,
  server,
  consoleErrors,
}) => {
  const { panel, tab, check } = await openPlace({ openPage, connect, server }, 'boards', '[role=tree] [role=treeitem]');
  const tree = panel.locator('[role=tree]').first();
  await check([tab]);

  // Nothing matches the filter: the empty line.
  await panel.locator(`${tab} input[type=search]`).fill('zzzz-no-board');
  await expect(panel.locator(`${tab} .empty-state`).first()).toBeVisible();
  await check([tab]);
  await panel.locator(`${tab} input[type=search]`).fill('');

  // A board with ads: its view (the ad cards are another place's).
  const withAds = server.state.data.workspaces[0]?.boards.find((board) => board.saves.length > 0 && !board.parentId);
  if (!withAds) throw new Error('the demo workspace has no top-level board with ads');
  await tree.locator('[role=treeitem]', { hasText: withAds.name }).first().click();
  const view = panel.locator('.board-view');
  await expect(view.locator('.ad-card-actions').first()).toBeVisible();
  const own = ['.board-view > .toolbar', '.board-view > .view-header', '.board-view > p', '.board-vault'];
  await check(own);

  // Keep this board's creatives: the question (or that all are kept), with its buttons.
  await view.locator('.toolbar button').nth(5).click();
  await expect(panel.locator('.board-vault button').first()).toBeVisible({ timeout: 20_000 });
  await check(own);
  await panel.locator('.board-vault button').last().click();

  // The save dialog, opened from a card's Save button, and its New board fold opened.
  await view.locator('.ad-card-actions button').first().click();
  const dialog = panel.locator('dialog.dialog[open]');
  await expect(dialog.locator('input[type=radio]').first()).toBeVisible();
  const headline = ((await dialog.locator('.save-form-ad').textContent()) ?? '').trim();
  await dialog.locator('details.new-board summary').click();
  await check(['dialog.dialog[open]'], [headline]);
  // A filter no board matches.
  await dialog.locator('input[type=search]').fill('zzzz-no-board');
  await expect(dialog.locator('input[type=radio]')).toHaveCount(0);
  await check(['dialog.dialog[open]'], [headline]);
  expect(consoleErrors).toEqual([]);
});

test('Brands: the catalogue, the followed brands and a brand’s detail are in the pseudo-language', async ({
  openPage,
  connect,
  server,
  consoleErrors,
}) => {
  const { panel, tab, check } = await openPlace({ openPage, connect, server }, 'brands', '.brand-row');
  const own = [
    `${tab} h2`,
    `${tab} .field`,
    `${tab} .brand-row-text`,
    `${tab} .brand-row .badge`,
    `${tab} .quota-line`,
    `${tab} .notice`,
    `${tab} .empty-state`,
    `${tab} p.muted[role=status]`,
    `${tab} .pager`,
  ];
  await check(own);

  // A catalogue search with results, then one with none.
  const brand = server.state.data.catalogue.brands[0];
  if (!brand) throw new Error('no catalogue brand');
  const search = panel.locator(`${tab} input[type=search]`).first();
  await search.fill(brand.name.slice(0, 3));
  await expect(panel.locator(`${tab} section`).first().locator('.brand-row').first()).toBeVisible();
  await check(own);
  await search.fill('zzzz-no-brand');
  await expect(panel.locator(`${tab} .empty-state`).first()).toBeVisible();
  await check(own);

  // A brand's detail (its dates and mixes are in the words of other places).
  await search.fill(brand.name);
  await panel.locator(`${tab} section`).first().locator('.brand-name', { hasText: brand.name }).first().click();
  await expect(panel.locator('.brand-header h2')).toHaveText(brand.name);
  await expect(panel.locator('.brand-detail .ad-card-actions').first()).toBeVisible();
  await check([
    '.brand-detail > .toolbar > button:first-child',
    '.brand-detail > .toolbar > .btn-primary',
    '.brand-header',
    'dl.facts dt',
    'dl.facts dd:first-of-type',
    '.brand-ads-heading',
  ]);
  expect(consoleErrors).toEqual([]);
});

test('New and Workspace: the empty New, the import dialog, the watched brands, and the owned brands are in the pseudo-language', async ({
  openPage,
  connect,
  server,
  consoleErrors,
}) => {
  const { panel, tab, check } = await openPlace({ openPage, connect, server }, 'new', '.empty-state h3');
  await check([tab]);

  // The import dialog, two brands picked.
  await panel.locator(`${tab} .empty-state button`).click();
  const dialog = panel.locator('dialog.dialog[open]');
  const choices = dialog.locator('input[type=checkbox]');
  await expect(choices.first()).toBeVisible();
  await choices.nth(0).check();
  await choices.nth(1).check();
  await check(['dialog.dialog[open]']);
  await dialog.locator('button[type=submit]').click();
  await expect(dialog).toHaveCount(0);

  // The watched brands, unfolded (their Compare buttons are another place's).
  await panel.locator(`${tab} .watchlist-details summary`).click();
  await expect(panel.locator(`${tab} .watch-row`)).toHaveCount(2);
  const own = [
    `${tab} .view-header`,
    `${tab} .results-status`,
    `${tab} .coverage-note`,
    `${tab} .empty-state`,
    `${tab} .watchlist-details summary`,
    `${tab} .watch-row .brand-row-text`,
    `${tab} .watch-row > button:first-of-type`,
    `${tab} .watchlist-details > button`,
    `${tab} .watch-settings`,
  ];
  await check(own);

  // A check of them: what it said, and nothing new (or the news found).
  await panel.locator(`${tab} .view-header button`).first().click();
  await expect(panel.locator(`${tab} .results-status`)).toHaveText(/^\[.*\]/, { timeout: 20_000 });
  await check(own);

  await openTab(panel, 'workspace');
  await expect(panel.locator('#panel-workspace .brand-row').first()).toBeVisible();
  await check(['#panel-workspace']);
  expect(consoleErrors).toEqual([]);
});
