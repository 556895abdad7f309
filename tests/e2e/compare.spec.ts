import { countOf } from '../../lib/count';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { LibraryAdRecord } from '../../server/demo-data/catalogue';
import { formatsFor } from '../../components/ui/format';
import { expect, expectAccessible, test } from './fixtures';
import { SidePanelPage } from '../support/pages/side-panel-page';

test.beforeEach(async ({ connect, server }) => {
  server.state.faults.clear();
  await connect();
});

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** What the server holds for a brand: its ads, those still running, its newest launch and launches per week. */
function serverFigures(ads: LibraryAdRecord[], todayMs: number) {
  const weeks = Array.from({ length: 13 }, (_, index) => {
    const end = todayMs - 7 * (12 - index) * DAY_MS;
    return { start: isoDay(end - 6 * DAY_MS), end: isoDay(end) };
  });
  return {
    count: ads.length,
    running: ads.filter((ad) => ad.end_date === null).length,
    newest:
      ads
        .map((ad) => ad.start_date ?? '')
        .sort()
        .at(-1) ?? '',
    perWeek: weeks.map(
      (week) => ads.filter((ad) => ad.start_date && ad.start_date >= week.start && ad.start_date <= week.end).length,
    ),
  };
}

async function pickThree(page: Page, names: string[]) {
  const panel = new SidePanelPage(page);
  await panel.tab('Brands').click();
  const followed = page.getByRole('list', { name: 'Followed brands' });
  for (const name of names) {
    await followed.getByRole('button', { name: `Compare ${name}`, exact: true }).click();
    await expect(followed.getByRole('button', { name: `Compare ${name}`, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }
  const tray = page.getByRole('region', { name: 'Brands to compare' });
  await expect(tray.getByRole('status')).toHaveText('3 brands picked (up to 4).');
  await tray.getByRole('button', { name: 'Compare 3 brands' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Compare 3 brands' })).toBeFocused();
}

test('compare three demo brands at 400 and 1200 px, light and dark: the figures and the chart are what the server holds', async ({
  openPage,
  server,
}) => {
  const ids = server.state.data.workspaces[0]?.followed.brandIds.slice(0, 3) ?? [];
  const brands = ids.map((id) => {
    const brand = server.state.findBrand(id);
    if (!brand) throw new Error(`no brand ${id}`);
    return { name: brand.name, ads: server.state.data.catalogue.ads.filter((ad) => ad.unified_brand_id === id) };
  });
  const page = await openPage('sidepanel');
  await page.setViewportSize({ width: 400, height: 900 });
  await pickThree(
    page,
    brands.map((brand) => brand.name),
  );
  const table = page.getByRole('table', { name: 'The brands side by side' });
  await expect(table).toBeVisible({ timeout: 15_000 });
  // The chart's last week ends on the day the panel counted to.
  const chartHeader = await table.getByRole('rowheader', { name: /^Launches per week, 13 weeks to / }).textContent();
  const todayMs = Date.parse(`${chartHeader?.replace(/^.* to /, '')} UTC`);
  expect(Number.isNaN(todayMs)).toBe(false);
  // The browser runs in en-US (scripts/launch-chromium.ts): its digits and days, from the app's own formats.
  const formats = formatsFor('en-US');

  for (const width of [400, 1200]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      for (const brand of brands) {
        const expected = serverFigures(brand.ads, todayMs);
        const cells = (label: string) =>
          table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
        await expect(cells('Ads in the library')).toContainText(formats.number(expected.count));
        await expect(cells('Running now')).toContainText(formats.number(expected.running));
        await expect(cells('Newest launch')).toContainText(formats.day(expected.newest) ?? '');
        await expect(cells('Idea in most live versions').getByRole('cell')).toHaveText(
          brands.map(() => /^(‘.+’: .+ versions? .*|none in more than one version among the ads read)$/),
        );
        const chart = table.getByRole('img', { name: new RegExp(`^${brand.name}: `) });
        await expect(chart).toHaveAccessibleName(
          `${brand.name}: ${countOf(
            expected.perWeek.reduce((a, b) => a + b, 0),
            'ad',
            'ads',
            'en-US',
          )} launched in 13 weeks; per week, oldest first: ${expected.perWeek.join(', ')}`,
        );
      }
      // One column per figure when narrow, side by side when wide.
      const firstRow = table.getByRole('row').nth(1);
      const [label, value] = await Promise.all([
        firstRow.getByRole('rowheader').boundingBox(),
        firstRow.getByRole('cell').first().boundingBox(),
      ]);
      if (width === 400) expect(value?.y).toBeGreaterThan((label?.y ?? 0) + (label?.height ?? 0) - 1);
      else expect(value?.x).toBeGreaterThan((label?.x ?? 0) + (label?.width ?? 0) - 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAccessible(page);
    }
  }
  await expect(page.getByText(/tracked coverage/)).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Longest-running ads' }).getByRole('listitem')).toHaveCount(3);

  // CSV by keyboard.
  await page.getByRole('button', { name: 'Export CSV' }).focus();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  const lines = readFileSync((await csv.path()) ?? '', 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    ['figure', ...brands.map((brand) => brand.name)].map((cell) => (cell.includes(',') ? `"${cell}"` : cell)).join(','),
  );
  expect(lines).toHaveLength(1 + 8 + 13);
  expect(lines[1]).toBe(
    `Ads in the library,${brands.map((brand) => `"${formats.number(brand.ads.length)}"`.replace(/^"([^,]*)"$/, '$1')).join(',')}`,
  );

  // Back with Escape, the picks kept.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Brands to compare' })).toBeVisible();
});

test('a fifth brand is refused with what to do, and the comparison goes into the HTML report', async ({
  openPage,
  server,
}) => {
  const ids = server.state.data.workspaces[0]?.followed.brandIds.slice(0, 5) ?? [];
  const names = ids.map((id) => server.state.findBrand(id)?.name ?? '');
  const page = await openPage('sidepanel');
  await new SidePanelPage(page).tab('Brands').click();
  const followed = page.getByRole('list', { name: 'Followed brands' });
  for (const name of names) await followed.getByRole('button', { name: `Compare ${name}`, exact: true }).click();
  const tray = page.getByRole('region', { name: 'Brands to compare' });
  await expect(tray.getByRole('status')).toHaveText(
    `Compare takes 4 brands at most: remove one before adding ${names[4]}.`,
  );
  await expect(tray.getByRole('listitem')).toHaveCount(4);
  await tray.getByRole('button', { name: `Remove ${names[3]} from the comparison` }).click();
  await tray.getByRole('button', { name: 'Compare 3 brands' }).click();
  await expect(page.getByRole('table', { name: 'The brands side by side' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Export report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export report' });
  await dialog.getByRole('button', { name: 'Embed creatives' }).click();
  await expect(dialog.getByRole('status')).toContainText('Report ready: 3 ads', { timeout: 30_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Save report' }).click(),
  ]);
  const html = readFileSync((await download.path()) ?? '', 'utf8');
  for (const name of names.slice(0, 3)) expect(html).toContain(`<th scope="col">${name}</th>`);
  expect(html.match(/<svg\s+class="chart"\s+role="img"/g)).toHaveLength(3);
  expect(html).not.toContain('<script');
});
