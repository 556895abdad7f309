import { expect, expectAccessible, test } from './fixtures';
import { SidePanelPage } from '../support/pages/side-panel-page';

test.beforeEach(async ({ connect }) => {
  await connect();
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

test("See this brand's ads starts a new search of that brand, without the last words", async ({ openPage }) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.search('waterproof tent');
  const brand = (await panel.cards.first().locator('.ad-card-brand').textContent()) ?? '';
  await panel.cardTitle(0).click();
  await page.getByRole('button', { name: "See this brand's ads" }).click();
  await expect(panel.searchBox).toHaveValue('');
  await expect(panel.activeFilters).toContainText(brand);
  await expect(panel.cards.first()).toBeVisible();
  await expect(page.getByText(/No ads from/)).toHaveCount(0);
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

test('Generate from this ad starts a brief of its own; the earlier one can come back', async ({ openPage }) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.tab('Generate').click();
  await page.getByLabel('Brief').fill('Coffee beans on a kitchen table, warm light.');
  await panel.tab('Search').click();
  await panel.search('tent');
  await panel.cards
    .first()
    .getByRole('button', { name: /^Generate from this ad/ })
    .click();
  await expect(page.getByLabel('Brief')).toHaveValue(/^An ad for our brand in the spirit of this one: /);
  await page.getByRole('button', { name: 'Restore your earlier brief' }).click();
  await expect(page.getByLabel('Brief')).toHaveValue('Coffee beans on a kitchen table, warm light.');
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

test('an invalid custom range hides the figures of another window, and its export', async ({ openPage }) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.tab('Accounts').click();
  await page.getByLabel('Ad account', { exact: true }).selectOption({ label: 'Acme Outdoor · Meta' });
  await expect(page.getByRole('list', { name: 'Totals' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  await panel.openReportControls();
  await page.getByRole('radio', { name: 'Custom' }).check();
  const today = (await page.getByLabel('To', { exact: true }).getAttribute('max')) ?? '';
  await page.getByLabel('To', { exact: true }).fill(today);
  await page.getByLabel('From', { exact: true }).fill('2001-01-01');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Totals' })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await expect(page.getByText('No figures until the dates are fixed')).toBeVisible();
  await expectAccessible(page);
});

test('an empty board offers no export', async ({ openPage, server }) => {
  // Other tests of this worker may have saved to it: the seed's empty board, as seeded.
  server.state.reset();
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.tab('Boards').click();
  await page.getByRole('searchbox', { name: 'Filter boards' }).fill('Holiday 2026');
  await page.getByRole('treeitem', { name: /^Holiday 2026/ }).click();
  await expect(page.getByRole('heading', { name: 'This board is empty' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveAccessibleDescription(/Nothing to export/);
});

test('"Save and test" says it waits while the permission prompt is open', async ({ openPage, server }) => {
  const page = await openPage('options');
  // Hold the browser's prompt open for a moment, as a person reading it would.
  await page.evaluate(() => {
    type Permissions = { request: (request: unknown) => Promise<boolean> };
    const permissions = (globalThis as unknown as { chrome: { permissions: Permissions } }).chrome.permissions;
    const original = permissions.request.bind(permissions);
    Object.defineProperty(permissions, 'request', {
      configurable: true,
      value: (request: unknown) => new Promise((resolve) => setTimeout(() => resolve(original(request)), 1500)),
    });
  });
  await page.getByLabel('Base URL').fill(server.baseUrl);
  await page.getByLabel('API key').fill(server.state.data.workspaces[0]?.apiKey ?? '');
  await page.getByRole('button', { name: 'Save and test' }).click();
  await expect(page.getByRole('button', { name: 'Waiting for your permission…' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save and test' })).toBeEnabled({ timeout: 15_000 });
});
