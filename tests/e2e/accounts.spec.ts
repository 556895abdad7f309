import type { Page } from '@playwright/test';
import { shiftUtcDay } from '../../lib/contract/window';
import type { RunningServer } from '../../server/app';
import { formatsFor } from '../../components/ui/format';
import { expect, expectAccessible, test } from './fixtures';
import { SidePanelPage } from '../support/pages/side-panel-page';

test.beforeEach(async ({ connect }) => {
  await connect();
});

function metaAccount(server: RunningServer) {
  const account = server.state.adAccounts.find((candidate) => candidate.name === 'Acme Outdoor · Meta');
  if (!account) throw new Error('no demo Meta account');
  return account;
}

/** Numbers of a table column as shown ("no data" left out). */
async function columnValues(page: Page, index: number): Promise<number[]> {
  const cells = await page.locator(`.ranked-table tbody tr td:nth-of-type(${index})`).allTextContents();
  return cells.filter((text) => text !== 'no data').map((text) => Number(text.replace(/[^0-9.-]/g, '')));
}

test('an account report: custom 30 days, an added metric ranked both ways, an ad, a cached transcript and a paid one after a lost answer', async ({
  openPage,
  server,
}) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.tab('Accounts').click();
  await page.getByLabel('Ad account', { exact: true }).selectOption({ label: 'Acme Outdoor · Meta' });
  await expect(page.getByRole('list', { name: 'Totals' }).getByRole('listitem')).toHaveCount(5);

  // A custom range of 30 days ending yesterday; the picker refuses a future end. "Today" is
  // the picker's own (its latest allowed day), not the test runner's.
  await panel.openReportControls();
  await page.getByRole('radio', { name: 'Custom' }).check();
  const today = (await page.getByLabel('To', { exact: true }).getAttribute('max')) ?? '';
  expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const yesterday = shiftUtcDay(today, -1);
  await page.getByLabel('To', { exact: true }).fill(shiftUtcDay(today, 1));
  await expect(page.getByRole('alert')).toContainText('cannot be in the future');
  await page.getByLabel('To', { exact: true }).fill(yesterday);
  await page.getByLabel('From', { exact: true }).fill(shiftUtcDay(yesterday, -29));
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Add a custom conversion and rank by it.
  await page.getByText(/^Metrics \(0 of 20 added\)/).click();
  await page.getByLabel('Find a metric', { exact: true }).fill('newsletter');
  await page.getByRole('checkbox', { name: /Newsletter sign-up/ }).check();
  const totals = page.getByRole('list', { name: 'Totals' });
  await expect(totals).toContainText('Newsletter sign-up');
  await page.getByLabel('Rank by', { exact: true }).selectOption({ label: 'Newsletter sign-up' });
  await page.getByLabel('Rows', { exact: true }).fill('50');
  const header = page.getByRole('columnheader', { name: /Newsletter sign-up/ });
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const column = (await page.getByRole('columnheader').allTextContents()).findIndex((text) =>
    text.startsWith('Newsletter sign-up'),
  );
  // The ranking by the new metric, with 50 rows, once no older answer is still on screen.
  const updating = page.getByRole('status').filter({ hasText: 'Updating…' });
  await expect
    .poll(async () => {
      const values = await columnValues(page, column);
      const sorted = values.every((value, i) => i === 0 || (values[i - 1] ?? 0) >= value);
      return values.length > 5 && sorted && (await updating.count()) === 0;
    })
    .toBe(true);
  const descending = await columnValues(page, column);
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(async () => columnValues(page, column)).toEqual([...descending].sort((a, b) => a - b));
  // The window ends yesterday, which is still settling.
  await expect(page.getByText(/^Figures from .+ on are still settling/)).toBeVisible();
  await expectAccessible(page);

  // An ad with a video whose transcript is cached.
  const account = metaAccount(server);
  const window = { start: shiftUtcDay(yesterday, -29), stop: yesterday };
  const delivered = (ad: (typeof account.ads)[number]) =>
    [...ad.rows.keys()].some((day) => day >= window.start && day <= window.stop);
  const withCached = account.ads.find(
    (ad) => delivered(ad) && ad.videos.length === 1 && account.transcripts.has(ad.videos[0]?.videoId ?? ''),
  );
  const withoutCached = account.ads.find(
    (ad) => delivered(ad) && ad.videos.length === 1 && !account.transcripts.has(ad.videos[0]?.videoId ?? ''),
  );
  if (!withCached || !withoutCached) throw new Error('the seed needs a cached and an uncached video');
  const charges = () =>
    (server.state.generations.credits(server.state.data.workspaces)[0]?.ledger ?? []).filter(
      (entry) => entry.kind === 'transcript',
    ).length;
  const chargedBefore = charges();

  await page.getByRole('button', { name: withCached.name }).click();
  await expect(page.getByRole('heading', { level: 3, name: withCached.name })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Transcript' })).toBeVisible();
  await page.getByLabel('Search the transcript', { exact: true }).fill('rain');
  await expect(page.getByRole('status').filter({ hasText: /^Lines with “rain”: \d+ of \d+\.$/ })).toBeVisible();
  await expect(page.locator('mark').first()).toHaveText(/rain/i);
  expect(charges()).toBe(chargedBefore);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Back to ranked ads' }).click();
  await page.getByRole('button', { name: withoutCached.name }).click();
  await page.getByRole('button', { name: /^Transcribe \(\d+ credits\)/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Transcribe this video?' });
  await expect(confirm).toContainText('costs 2 credits');
  await expectAccessible(page);
  // A proxy fails in front of the service: the outcome is unknown, so a free check comes before another paid try.
  server.state.faults.add({ kind: 'gateway', method: 'POST', path: '/transcript', times: 1 });
  await confirm.getByRole('button', { name: 'Transcribe for 2 credits' }).click();
  const unanswered = page.getByRole('status').filter({ hasText: 'The transcription did not answer' });
  await expect(unanswered).toBeVisible();
  await unanswered.getByRole('button', { name: 'Check for the transcript' }).click();
  await expect(unanswered).toContainText('Not there yet (checked once)');
  await expectAccessible(page);
  await page.getByRole('button', { name: /^Transcribe again \(\d+ credits\)/ }).click();
  await expect(confirm).toContainText('The last transcription may still be running');
  await confirm.getByRole('button', { name: 'Transcribe for 2 credits' }).click();
  await expect(page.getByRole('list', { name: 'Transcript' })).toBeVisible();
  expect(charges()).toBe(chargedBefore + 1);

  // A winner leads to the library.
  await page.getByRole('button', { name: 'Find ads like this winner' }).click();
  await expect(panel.tab('Search')).toHaveAttribute('aria-selected', 'true');
  await expect(panel.searchBox).not.toHaveValue('');
});

test('the smaller platform ranks only by what it supports, and says so', async ({ openPage }) => {
  const page = await openPage('sidepanel');
  await new SidePanelPage(page).tab('Accounts').click();
  await page.getByLabel('Ad account', { exact: true }).selectOption({ label: 'Acme Outdoor · Google Ads' });
  const option = page.getByLabel('Rank by', { exact: true }).getByRole('option', { name: /Return on ad spend/ });
  await expect(option).toHaveText(/not rankable on this platform/);
  await expect(option).toBeDisabled();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('.ranked-table')).toBeVisible();
  await expectAccessible(page);
});

test('recent days are marked as settling, and null reads "no data"', async ({ openPage }) => {
  const page = await openPage('sidepanel');
  await new SidePanelPage(page).tab('Accounts').click();
  await page.getByLabel('Ad account', { exact: true }).selectOption({ label: 'Acme Outdoor · Meta' });
  await new SidePanelPage(page).openReportControls();
  await page.getByRole('radio', { name: 'Yesterday' }).check();
  await expect(page.getByText(/^Figures from .+ on are still settling/)).toBeVisible();
  await page.getByLabel('Rows', { exact: true }).fill('50');
  await page.getByLabel('Rank by', { exact: true }).selectOption({ label: 'Cost per conversion' });
  await expect(page.locator('.ranked-table td.no-data').first()).toHaveText('no data');
});

test('the largest ads’ share of the account’s total is drawn from the totals and the ranked rows, and only for figures that add up', async ({
  openPage,
}) => {
  const page = await openPage('sidepanel');
  await new SidePanelPage(page).tab('Accounts').click();
  await page.getByLabel('Ad account', { exact: true }).selectOption({ label: 'Acme Outdoor · Meta' });
  const chart = page.getByRole('figure', { name: /Share of Amount spent/ });
  await expect(chart).toBeVisible();
  const amount = (text: string) => Number(text.replace(/[^0-9.]/g, ''));
  const total = amount(
    (await page
      .getByRole('list', { name: 'Totals' })
      .getByRole('listitem')
      .filter({ hasText: 'Amount spent' })
      .locator('strong')
      .textContent()) ?? '',
  );
  const column = (await page.getByRole('columnheader').allTextContents()).findIndex((text) =>
    text.startsWith('Amount spent'),
  );
  const spends = await columnValues(page, column);
  const legend = chart.getByRole('list', { name: 'Share of Amount spent' }).getByRole('listitem');
  await expect(legend).toHaveCount(6);
  for (const [index, spend] of spends.slice(0, 5).entries()) {
    await expect(legend.nth(index)).toContainText(formatsFor('en-US').percent((spend / total) * 100, 0));
  }
  const heading = (await page.getByRole('heading', { name: /^Top 10 of \d+ ads$/ }).textContent()) ?? '';
  const allAds = Number(/of (\d+) ads/.exec(heading)?.[1]);
  await expect(legend.last()).toContainText(`The other ${allAds - 5} ads`);

  // A rate does not add up across ads: no share is drawn for it.
  await page.getByLabel('Rank by', { exact: true }).selectOption({ label: 'Click-through rate' });
  await expect(page.getByRole('columnheader', { name: /Click-through rate/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(page.getByRole('figure')).toHaveCount(0);
  await page.getByLabel('Rank by', { exact: true }).selectOption({ label: 'Impressions' });
  await expect(page.getByRole('figure', { name: /Share of Impressions/ })).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);
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
