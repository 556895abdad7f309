import { readFileSync } from 'node:fs';
import { DEMO_API_KEY } from '../../lib/contract/demo';
import { atriaKeyOf } from '../../server/atria-shapes';
import { expect, expectAccessible, test } from './fixtures';
import { OptionsPage } from '../support/pages/options-page';
import { SidePanelPage } from '../support/pages/side-panel-page';

/**
 * The main journey against the real service's shapes (project atria-shapes: `--shapes atria`,
 * server/atria-shapes.ts): its gateway answers errors outside the envelope, its boards are
 * read-only through its API, its brand and ad ids are not UUIDs, its search takes at most 50 a
 * page, and it takes platform and status filters.
 */
test.beforeEach(({ server }) => {
  server.state.faults.clear();
  server.state.clock.setTimeScale(0);
});
test.afterEach(({ server }) => server.state.clock.setTimeScale(1));

test('a refused key in the service words, then search with its filters, a brand watched, a save kept in this browser, exported and reported', async ({
  openPage,
  server,
}) => {
  // A wrong key: the key field says so in the service's words, with its request id; the address is not blamed.
  const options = await openPage('options');
  const form = new OptionsPage(options);
  await form.baseUrl.fill(server.baseUrl);
  await form.apiKey.fill(`atria-sk_${'0'.repeat(32)}`);
  await form.save.click();
  await expect(form.apiKey).toHaveAccessibleDescription(/The service did not accept this key: invalid_api_key/);
  await expect(form.apiKey).toHaveAttribute('aria-invalid', 'true');
  await expect(form.baseUrl).not.toHaveAttribute('aria-invalid', 'true');
  await options.getByText('Details').first().click();
  await expect(options.getByText(/Request id: [0-9a-f]{32}/).first()).toBeVisible();
  await expect(options.getByRole('button', { name: 'Copy request id' }).first()).toBeVisible();
  await expectAccessible(options);
  // The right key.
  await form.connect(server.baseUrl, atriaKeyOf(DEMO_API_KEY));
  await options.close();

  // Search with the service's own filters: platform and active ads only, at most 50 a page.
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.search('jacket');
  await expect(panel.cards.first()).toBeVisible();
  const platform = (await panel.openFilter('Platform')).getByRole('combobox', { name: 'Platform' });
  await platform.selectOption('instagram');
  await panel.closeFilter('Platform');
  await page.getByRole('checkbox', { name: 'Active ads only' }).check();
  await expect(panel.activeFilters.getByRole('listitem')).toHaveCount(2);
  await expect(panel.cards.first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  const searches = () => server.state.requestLog.filter((entry) => entry.path === '/ad-library/search');
  const both = (query = '') => /platform=instagram/.test(query) && /status=active/.test(query);
  await expect
    .poll(() => searches().filter((entry) => both(entry.query) && entry.status === 200).length)
    .toBeGreaterThan(0);
  expect(searches().every((entry) => Number(new URLSearchParams(entry.query).get('page_size') ?? 0) <= 50)).toBe(true);
  await expectAccessible(page);

  // A brand by its opaque id (m and digits): its page and its ads, then watched.
  const brand = server.state.data.catalogue.brands.find((b) => server.state.library.adsOfBrand(b.id).length > 5);
  if (!brand) throw new Error('the seed needs a brand with ads');
  await panel.openBrand(brand.name);
  await expect(page.getByRole('heading', { name: brand.name }).first()).toBeVisible();
  await expect(panel.brandAds.getByRole('listitem').first()).toBeVisible();
  const brandPaths = server.state.requestLog.filter((entry) => entry.path.startsWith('/brand-library/m'));
  expect(brandPaths.length).toBeGreaterThan(0);
  const watch = page.getByRole('button', { name: `Watch ${brand.name}` }).first();
  await watch.click();
  await expect(watch).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Save an ad to one of the service's boards: the service cannot take it, so it is kept in this browser, and said.
  const board = server.state.data.workspaces[0]?.boards.find((candidate) => candidate.parentId === null);
  if (!board) throw new Error('the seed needs a top-level board');
  await panel.brandAds
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: /^Save / })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Save to a board' });
  await dialog.getByRole('searchbox', { name: 'Find a board' }).fill(board.name);
  await dialog
    .getByRole('radio', { name: new RegExp(board.name) })
    .first()
    .check();
  await dialog.getByRole('button', { name: `Save to ${board.name}` }).click();
  await expect(
    page.getByText(new RegExp(`Saved in this browser to ${board.name}: this service's boards are read-only`)),
  ).toBeVisible();

  // The next save says where it goes before it is made, and S quick-saves there.
  await panel.brandAds
    .getByRole('listitem')
    .nth(1)
    .getByRole('button', { name: /^Save / })
    .click();
  await expect(dialog.getByText(/Saves are kept on boards in this browser/)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('radio', { name: new RegExp(`In this browser › ${board.name}`) }).check();
  // Named with where it is kept: the service's board of the same name is another.
  await dialog.getByRole('button', { name: `Save to In this browser › ${board.name}` }).click();
  await expect(page.getByText(`Saved to In this browser › ${board.name}.`)).toBeVisible();

  // The board in this browser: its two ads, exported as CSV and as a report.
  await panel.tab('Boards').click();
  const local = page.getByRole('tree', { name: 'Boards in this browser' });
  await local.getByRole('treeitem', { name: new RegExp(`^${board.name}`) }).click();
  await expect(page.getByText(/Kept in this browser/)).toBeVisible();
  await expect(panel.boardAds.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Copy to the service' })).toHaveCount(0);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const rows = readFileSync((await csv.path()) ?? '', 'utf8')
    .trim()
    .split('\n');
  expect(rows).toHaveLength(3);
  await page.getByRole('button', { name: 'Export report' }).click();
  const report = page.getByRole('dialog', { name: 'Export report' });
  await expect(report.getByText('2 ads with')).toBeVisible();
  await report.getByRole('button', { name: 'Embed creatives' }).click();
  await expect(report.getByRole('status')).toContainText('Report ready: 2 ads', { timeout: 30_000 });
  const [html] = await Promise.all([
    page.waitForEvent('download'),
    report.getByRole('button', { name: 'Save report' }).click(),
  ]);
  expect(readFileSync((await html.path()) ?? '', 'utf8')).toContain(board.name);
  await page.keyboard.press('Escape');
  await expectAccessible(page);
  // Nothing was written to the service's boards.
  expect(
    server.state.requestLog.filter((entry) => entry.method !== 'GET' && entry.path.startsWith('/boards')).length,
  ).toBe(1);
});
