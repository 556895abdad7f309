import type { Page } from '@playwright/test';
import { shiftUtcDay } from '../../lib/contract/window';
import { accentText } from '../../scripts/i18n/pseudo';
import type { RunningServer } from '../../server/app';
import type { LibraryAdRecord } from '../../server/demo-data/catalogue';
import { boardOf } from '../support/boards';
import { ALWAYS_AS_IS, expectPseudoEverywhere, readPseudoFindings } from '../support/pseudo';
import { expect, test } from './fixtures';

/**
 * Your ad accounts, the report dialog and Generate in the pseudo-language (accented, 40 % longer,
 * bracketed): a text that skipped the catalogue, or one cut off or running out of the page,
 * fails. What the reference server says (accounts, metrics, ads, brands) is its own and exempt.
 */
const WIDTHS = [320, 400];
/** An address, alone or after the dot that joins it to a call to action. */
const ADDRESSES = /^(· )?https?:\/\/\S+$/;
/** A file's size, as the browser's number format writes its unit. */
const FILE_SIZE = /^[\d.,\s\u00a0]+ ?(kB|MB)$/;

async function chooseLanguage(openPage: (name: 'options') => Promise<Page>, language: string): Promise<void> {
  const options = await openPage('options');
  await options.locator('#language-choice').selectOption(language);
  await expect(options.locator('html')).toHaveAttribute('lang', language === 'auto' ? 'en' : language);
  await options.close();
}

/** A name in English or in the pseudo-language: the places around this slice may be either. */
function either(english: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\[?(${escape(english)}|${escape(accentText(english))})`);
}

/** The reference server's words about its ad accounts: their names, metrics and ads. */
function accountWords(server: RunningServer): string[] {
  return server.state.adAccounts.flatMap((account) => [
    account.name,
    ...account.catalogue.map((metric) => metric.name),
    ...account.ads.flatMap((ad) => [ad.name, ad.title, ad.body, ad.platformAdId]),
  ]);
}

async function checkEverywhere(page: Page, allowed: readonly (string | RegExp)[], within: readonly string[]) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectPseudoEverywhere(page, allowed, within);
  }
}

/**
 * The ranked table scrolls sideways inside its own box, and the share chart's legend cuts the
 * service's long ad names with an ellipsis (each keeps its whole name as its title): neither is
 * a text of ours cut off. Everything else is read as everywhere.
 */
const SCROLLED_OR_NAMED =
  /^(table\.ranked-table|thead|tbody|tr|th|td|button\.th-sort|button\.btn-link\.row-open|span\.metric-bar) runs out of the page|^span\.share-name: /;

async function checkAccounts(page: Page, allowed: readonly (string | RegExp)[]) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const findings = await readPseudoFindings(page, [...ALWAYS_AS_IS, ...allowed], ['section.accounts']);
    expect(
      { ...findings, clipped: findings.clipped.filter((entry) => !SCROLLED_OR_NAMED.test(entry)) },
      `at ${width} px`,
    ).toEqual({ notPseudo: [], clipped: [] });
  }
}

test.beforeEach(async ({ connect, openPage }) => {
  // Connected as a user of the English pages does (the page object reads English), then pseudo.
  await connect();
  await chooseLanguage(openPage, 'en-XA');
});

test('Accounts: a custom period with the metrics picker open, the ranked ads and an ad’s detail', async ({
  openPage,
  server,
}) => {
  const allowed = [...accountWords(server), ADDRESSES];
  const page = await openPage('sidepanel');
  await page.getByRole('tab', { name: either('Accounts') }).click();
  const section = page.locator('section.accounts');
  await expect(section.locator('h2')).toHaveText(/^\[.*\]$/);
  await section.locator('select').first().selectOption({ label: 'Acme Outdoor · Meta' });
  await expect(section.locator('.ranked-table')).toBeVisible({ timeout: 15_000 });
  await expect(section.locator('.summary-card').first()).toBeVisible();
  await checkAccounts(page, allowed);

  // The period and metrics, opened: a custom window and the metrics to add.
  await section.locator('details.fold > summary').click();
  await section.locator('input[type=radio][value=custom]').check();
  await expect(section.locator('.period-custom .field-hint')).toBeVisible();
  await section.locator('details.metrics-picker > summary').click();
  await expect(section.locator('.metric-choice').first()).toBeVisible();
  await expect(section.locator('.ranked-table')).toBeVisible({ timeout: 15_000 });
  await expect(section.locator('.results-status')).toHaveCount(0, { timeout: 15_000 });
  await checkAccounts(page, allowed);

  // A window with a problem: the dates in the wrong order.
  const dates = section.locator('.period-custom input[type=date]');
  const stop = await dates.nth(1).inputValue();
  await dates.first().fill(stop);
  await dates.nth(1).fill(shiftUtcDay(stop, -1));
  await expect(section.getByRole('alert')).toHaveText(/^\[.*\]$/);
  await checkAccounts(page, allowed);

  // Back to the last 30 days, and an ad's detail (one without videos: no transcript to read).
  await section.locator('input[type=radio][value=last_30d]').check();
  await expect(section.locator('.ranked-table')).toBeVisible({ timeout: 15_000 });
  const rows = section.locator('.ranked-table .row-open');
  const imageAd = rows.filter({ hasText: '· Image ' });
  await ((await imageAd.count()) > 0 ? imageAd.first() : rows.first()).click();
  await expect(section.locator('.account-ad .metric-list')).toBeVisible({ timeout: 15_000 });
  await checkAccounts(page, allowed);
});

test('the report dialog: asking which ads, picking them, and the report ready', async ({ openPage, server }) => {
  const workspace = server.state.data.workspaces[0];
  if (!workspace) throw new Error('no demo workspace');
  const ads = server.state.data.catalogue.ads.filter((ad) => ad.imageCount > 0).slice(2000, 2008);
  const board = boardOf('pseudo-report', 'Pseudo picks', ads);
  workspace.boards.push(board);
  try {
    const words = ads.flatMap((ad: LibraryAdRecord) => [ad.title, ad.brand_name]).filter(Boolean) as string[];
    const allowed = [...words, ADDRESSES, FILE_SIZE];
    const page = await openPage('sidepanel');
    await page.getByRole('tab', { name: either('Boards') }).click();
    await page.getByRole('searchbox', { name: either('Filter boards') }).fill('Pseudo picks');
    await page.getByRole('treeitem', { name: /^Pseudo picks/ }).click();
    await page.getByRole('button', { name: either('Export report') }).click();
    const dialog = page.locator('dialog.report-dialog');
    await expect(dialog.locator('.report-scope')).toBeVisible({ timeout: 15_000 });
    await checkEverywhere(page, allowed, ['dialog.report-dialog']);

    // Only the ads picked: the picker, then none picked.
    await dialog.locator('.report-scope input[type=radio]').nth(1).check();
    await expect(dialog.locator('.report-picks .choice').first()).toBeVisible();
    await checkEverywhere(page, allowed, ['dialog.report-dialog']);

    // All of them, built without their creatives.
    await dialog.locator('.report-scope input[type=radio]').first().check();
    await dialog.locator('.action-row').last().locator('.btn').nth(1).click();
    await expect(dialog.locator('strong')).toBeVisible({ timeout: 15_000 });
    await checkEverywhere(page, allowed, ['dialog.report-dialog']);
  } finally {
    workspace.boards.splice(workspace.boards.indexOf(board), 1);
  }
});

test('Generate: the brief form, and a problem named under its field', async ({ openPage, server }) => {
  const brands = server.state.data.workspaces.flatMap((workspace) => workspace.ownedBrands.map((brand) => brand.name));
  const page = await openPage('sidepanel');
  await page.getByRole('tab', { name: either('Generate') }).click();
  const section = page.locator('section.generate');
  await expect(section.locator('.generate-form')).toBeVisible({ timeout: 15_000 });
  await checkEverywhere(page, brands, ['section.generate']);
  await section.locator('select').first().selectOption({ index: 1 });
  await section.locator('textarea').first().fill('');
  await section.locator('button[type=submit]').click();
  await expect(section.locator('.field-error')).toHaveText(/^\[.*\]$/);
  await checkEverywhere(page, brands, ['section.generate']);
});
