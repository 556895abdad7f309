import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Browser, chromium, type Page } from '@playwright/test';
import { chromiumExecutable } from '../../scripts/requirements';
import type { LibraryAdRecord } from '../../server/demo-data/catalogue';
import { expect, expectAccessible, test } from './fixtures';
import { SidePanelPage } from '../support/pages/side-panel-page';
import { boardOf } from '../support/boards';

const HOSTILE_TITLE = '<script>document.title="pwned"</script><img src=x onerror="document.title=1">';
const HOSTILE_BODY = '"><iframe src="javascript:alert(1)"></iframe><a href="javascript:alert(2)">click</a>';
const BOARD = 'Client picks';
const ADS = 50;

test.beforeEach(async ({ connect, server }) => {
  server.state.faults.clear();
  await connect();
});

/** A 50-ad board whose last ad carries hostile text; undone after the test. */
function seedBoard(server: {
  state: { data: { workspaces: { boards: unknown[] }[]; catalogue: { ads: LibraryAdRecord[] } } };
}) {
  const workspace = server.state.data.workspaces[0];
  if (!workspace) throw new Error('no demo workspace');
  const ads = server.state.data.catalogue.ads.filter((ad) => ad.imageCount > 0 || ad.hasVideo).slice(1000, 1000 + ADS);
  const hostile = ads[ADS - 1] as LibraryAdRecord;
  const original = { title: hostile.title, body: hostile.body };
  hostile.title = HOSTILE_TITLE;
  hostile.body = HOSTILE_BODY;
  const board = boardOf('report-board', BOARD, ads, (index) => (index === 0 ? ['hero'] : []));
  workspace.boards.push(board);
  return {
    ads,
    restore() {
      Object.assign(hostile, original);
      workspace.boards.splice(workspace.boards.indexOf(board), 1);
    },
  };
}

async function openBoard(page: Page, name: string) {
  const panel = new SidePanelPage(page);
  await panel.tab('Boards').click();
  await page.getByRole('searchbox', { name: 'Filter boards' }).fill(name);
  await page.getByRole('treeitem', { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole('list', { name: 'Board ads' }).getByRole('listitem').first()).toBeVisible();
}

/** Opens the saved file as a recipient would: no network, JavaScript off, under a strict CSP. */
async function openOffline(browser: Browser, html: string) {
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  const hash = createHash('sha256').update(style).digest('base64');
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const requests: string[] = [];
  const url = 'http://report.invalid/report.html';
  await context.route('**/*', (route) =>
    route.request().url() === url
      ? route.fulfill({
          contentType: 'text/html; charset=utf-8',
          headers: {
            'Content-Security-Policy': `default-src 'none'; img-src data:; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'`,
          },
          body: html,
        })
      : route.abort(),
  );
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => problems.push(message.text()));
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(url);
  return { context, page, requests, problems };
}

test('export a 50-ad board as one offline HTML file: every ad with its creative, hostile text inert', async ({
  openPage,
  server,
}) => {
  const seeded = seedBoard(server);
  let browser: Browser | null = null;
  try {
    const page = await openPage('sidepanel');
    await openBoard(page, BOARD);
    await page.getByRole('button', { name: 'Export report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export report' });
    await expect(dialog.getByText(`${ADS} ads with`)).toBeVisible();
    // From here on the service is asked nothing more. Counted once the dialog has read the board:
    // that read may still be on its way just after the click.
    const mediaBefore = server.state.requestLog.length;
    // The site is asked for without its port (Firefox's patterns cannot carry one; Chrome's match any port).
    const site = new URL(server.baseUrl);
    await expect(dialog.getByRole('listitem')).toHaveText([`${site.protocol}//${site.hostname}`]);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Embed creatives' }).click();
    await expect(dialog.getByRole('status')).toContainText(`Report ready: ${ADS} ads`, { timeout: 30_000 });
    await expect(dialog.getByText(/File size: \d/)).toBeVisible();
    expect(server.state.requestLog.length).toBe(mediaBefore);
    await expectAccessible(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Save report' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^adscope-client-picks-\d{4}-\d{2}-\d{2}\.html$/);
    await expect(dialog.getByRole('status')).toHaveText(/^Saved as adscope-client-picks-/);
    const html = readFileSync((await download.path()) ?? '', 'utf8');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    browser = await chromium.launch({ executablePath: chromiumExecutable(), args: ['--no-sandbox'] });
    const opened = await openOffline(browser, html);
    const report = opened.page;
    await expect(report.getByRole('heading', { level: 1, name: BOARD })).toBeVisible();
    await expect(report.locator('header p')).toContainText(`${ADS} ads`);
    const items = report.getByRole('list', { name: 'Ads' }).getByRole('listitem');
    await expect(items).toHaveCount(ADS);
    // Every ad has its creative, embedded and decoded; the board's order, newest saved first.
    for (const [index, ad] of [...seeded.ads].reverse().entries()) {
      const item = items.nth(index);
      const expected = (ad.imageCount > 0 ? Math.min(ad.imageCount, 10) : 0) + (ad.hasVideo ? 1 : 0);
      await expect(item.getByRole('img')).toHaveCount(Math.min(expected, 10));
    }
    const decoded = await report
      .locator('img')
      .evaluateAll((images) =>
        images.map(
          (image) =>
            (image as HTMLImageElement).naturalWidth > 0 && image.getAttribute('src')?.startsWith('data:image/'),
        ),
      );
    expect(decoded.length).toBeGreaterThanOrEqual(ADS);
    expect(decoded.every(Boolean)).toBe(true);
    // The hostile ad's text is shown as text; nothing of it became markup.
    await expect(report.getByRole('heading', { level: 2, name: HOSTILE_TITLE })).toBeVisible();
    await expect(report.getByText(HOSTILE_BODY)).toBeVisible();
    expect(await report.locator('script, iframe, object, embed, form').count()).toBe(0);
    expect(await report.locator('a[href^="javascript"], [onerror], [onload], [onclick]').count()).toBe(0);
    expect(await report.title()).toBe(`${BOARD} · Adscope report`);
    // Offline: the file asked for nothing but itself; the strict CSP refused nothing.
    expect(opened.requests).toEqual(['http://report.invalid/report.html']);
    expect(opened.problems).toEqual([]);
    // Reads on a phone: nothing wider than its 390 px screen.
    expect(await report.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Prints one ad per block: each block is kept whole across pages.
    await report.emulateMedia({ media: 'print' });
    expect(await items.first().evaluate((item) => getComputedStyle(item).breakInside)).toBe('avoid');
    await opened.context.close();
  } finally {
    await browser?.close();
    seeded.restore();
  }
});

test('cancelling a report saves nothing; a report of picked ads holds those alone; without creatives it says where each one is', async ({
  openPage,
  server,
}) => {
  const seeded = seedBoard(server);
  try {
    const page = await openPage('sidepanel');
    await openBoard(page, BOARD);
    await page.getByRole('button', { name: 'Export report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export report' });
    await expect(dialog.getByRole('button', { name: 'Embed creatives' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Export report' })).toBeFocused();

    // A selection: only the ads picked, by keyboard.
    await page.getByRole('button', { name: 'Export report' }).click();
    await dialog.getByRole('radio', { name: 'Only the ads I pick' }).check();
    await expect(dialog.getByRole('status')).toHaveText('No ad picked: pick at least one, or choose all.');
    await expect(dialog.getByRole('button', { name: 'Without creatives' })).toBeDisabled();
    const picks = dialog.getByRole('group', { name: 'Ads to put in the report' }).getByRole('checkbox');
    await expect(picks).toHaveCount(ADS);
    await picks.nth(1).focus();
    await page.keyboard.press('Space');
    await picks.nth(2).check();
    await expect(dialog.getByRole('status')).toHaveText(/^2 ads with \d+ creatives? on 1 site\.$/);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Without creatives' }).click();
    await expect(dialog.getByRole('status')).toContainText('Report ready: 2 ads, 0 creatives embedded');
    const [picked] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Save report' }).click(),
    ]);
    expect(readFileSync((await picked.path()) ?? '', 'utf8').match(/<li class="ad">/g)).toHaveLength(2);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Export report' }).click();
    await dialog.getByRole('button', { name: 'Without creatives' }).click();
    await expect(dialog.getByRole('status')).toContainText('0 creatives embedded');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Save report' }).click(),
    ]);
    const html = readFileSync((await download.path()) ?? '', 'utf8');
    expect(html).not.toContain('data:image/');
    expect(html.match(/class="missing"/g)?.length).toBeGreaterThanOrEqual(ADS);
    expect(html).toContain(`href="${server.baseUrl}/media/ads/`);
  } finally {
    seeded.restore();
  }
});
