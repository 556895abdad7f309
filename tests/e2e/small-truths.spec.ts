import { expect, expectAccessible, test } from './fixtures';
import { SidePanelPage } from '../support/pages/side-panel-page';

/**
 * Project minimal-shapes: a service that gives less of what the contract leaves "not shown" (no
 * language, a brand detail with its id and name only, a metric catalogue without a default
 * marker, an ad detail without its window, the quota's numbers one object down, a sort direction
 * it does not read). Every surface says what it does not know, and nothing it shows is untrue.
 */
test.beforeEach(async ({ connect, server }) => {
  server.state.faults.clear();
  await connect();
});

test('facts not given read "Not given"; the quota is read where it sits', async ({ openPage, server }) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.search('jacket');
  await panel.cardTitle(0).click();
  const facts = page.locator('.facts');
  await expect(facts.locator('dt', { hasText: /^Language$/ }).locator('+ dd')).toHaveText('Not given');
  await expect(facts).not.toContainText('Unknown');
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await panel.tab('Brands').click();
  await expect(page.getByText('Your plan tracks 1,150 brands; you follow 1,200.')).toBeVisible();
  await expect(page.getByText('plan: growth')).toBeVisible();
  await expect(page.getByText(/locked brands|followed_brands/)).toHaveCount(0);

  const brand = server.state.data.catalogue.brands.find((b) => server.state.library.adsOfBrand(b.id).length > 5);
  await panel.openBrand(brand?.name ?? '');
  const brandFacts = page.locator('.brand-detail .facts');
  await expect(brandFacts.locator('dt', { hasText: 'Ads in the library' }).locator('+ dd')).toHaveText('Not given');
  await expectAccessible(page);
});

test('metrics on screen are not offered as added; a window not given is the one asked; a ranking as it came', async ({
  openPage,
}) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.tab('Accounts').click();
  await page.getByLabel('Ad account', { exact: true }).selectOption({ label: 'Acme Outdoor · Meta' });
  const totals = page.getByRole('list', { name: 'Totals' });
  await expect(totals.getByRole('listitem').first()).toBeVisible();
  const shown = await totals.getByRole('listitem').count();

  // The picker names the totals as shown, and counts only what the user adds.
  await page.getByText('Period and metrics').click();
  const picker = page.locator('.metrics-picker');
  // Closed inside the open fold, its own arrow is not the fold's open one.
  const arrow = () => picker.locator('summary').evaluate((summary) => getComputedStyle(summary, '::before').content);
  expect(await arrow()).not.toBe('"▾"');
  await picker.locator('summary').click();
  await expect(picker.getByText(/^Shown already: /)).toBeVisible();
  await expect(picker.locator('summary')).toHaveText('Metrics (0 of 20 added)');
  await picker.getByRole('checkbox').first().check();
  await expect(picker.locator('summary')).toHaveText('Metrics (1 of 20 added)');
  await expect(totals.getByRole('listitem')).toHaveCount(shown + 1);
  await picker.getByRole('checkbox').first().uncheck();
  await expectAccessible(page);

  // The service ranks highest first whatever is asked: heading, caption and column say so.
  const table = page.getByRole('table');
  const spend = page.getByRole('columnheader', { name: /Amount spent/ });
  await spend.getByRole('button').click();
  await expect(page.getByRole('status').filter({ hasText: 'did not return these ads lowest first' })).toBeVisible();
  await expect(spend).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('heading', { level: 3, name: /^Top \d+ of [\d,]+ ads$/ })).toBeVisible();
  await expect(table).toHaveAccessibleName(/highest first$/);

  // An ad's detail without its window: the heading names the window asked for.
  await table.getByRole('rowheader').first().getByRole('button').click();
  await expect(page.getByRole('heading', { level: 4, name: /^Metrics, last 7 days, as asked/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 4, name: /, to|to $/ })).toHaveCount(0);
  await expectAccessible(page);
});
