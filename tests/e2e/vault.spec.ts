import { readFileSync } from 'node:fs';
import { unzipSync, strFromU8 } from 'fflate';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { SidePanelPage } from '../support/pages/side-panel-page';

test.beforeEach(async ({ connect, server }) => {
  server.state.faults.clear();
  await connect();
});
test.afterEach(({ server }) => server.state.expiredMedia.clear());

/** The creatives the vault holds, read from the extension's own IndexedDB in one of its pages. */
function keptUrls(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('adscope-vault');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('files')) return resolve([]);
          const keys = db.transaction('files').objectStore('files').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
        };
        open.onerror = () => resolve([]);
      }),
  );
}

test('a saved ad keeps its creative: when the link is gone, the board, the ad, the report and the zip still have it', async ({
  openPage,
  server,
  context,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  // The smallest top-level board with ads saved elsewhere: its zip fetches few creatives.
  const [board] = (server.state.data.workspaces[0]?.boards ?? [])
    .filter((candidate) => !candidate.parentId && candidate.saves.length >= 3)
    .sort((a, b) => a.saves.length - b.saves.length);
  if (!board) throw new Error('no top-level board');
  await panel.search('waterproof tent');
  // A card whose ad has an image of its own.
  const ids = await panel.cards.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-ad-id') ?? ''));
  const index = ids.findIndex((id) => (server.state.adById(id)?.imageCount ?? 0) > 0);
  const adId = ids[index] ?? '';
  const title = (await panel.cardTitle(index).textContent()) ?? '';
  const creative = `${server.baseUrl}/media/ads/${adId}/image-1.svg`;

  await panel.cards
    .nth(index)
    .getByRole('button', { name: /^Save / })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Save to a board' });
  await dialog.getByRole('searchbox', { name: 'Find a board' }).fill(board.name);
  await dialog.getByRole('radio', { name: new RegExp(`^${board.name}( \\d+)?$`) }).check();
  await dialog.getByRole('button', { name: `Save to ${board.name}` }).click();
  await expect(page.getByText(`Saved to ${board.name}.`)).toBeVisible();
  // Once the save is confirmed, the background keeps the creative.
  await expect.poll(() => keptUrls(page), { timeout: 15_000 }).toContain(creative);

  // The link expires; nothing of it is left in the browser's cache either.
  const expired = await fetch(`${server.baseUrl}/__admin/media/expire`, {
    method: 'POST',
    body: JSON.stringify({ path: new URL(creative).pathname }),
  });
  expect(expired.status).toBe(200);
  expect((await fetch(creative)).status).toBe(404);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.reload();

  await panel.tab('Boards').click();
  await page.getByRole('searchbox', { name: 'Filter boards' }).fill(board.name);
  await page.getByRole('treeitem', { name: new RegExp(`^${board.name}`) }).click();
  const card = panel.boardAds.locator(`[data-ad-id="${adId}"]`);
  await expect(card).toContainText(title);
  const keptImage = card.getByRole('img', { name: 'kept copy: the original link no longer loads' });
  await expect(keptImage).toBeVisible();
  await expect.poll(() => keptImage.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  // The mark is drawn on the card's frame.
  expect(await keptImage.evaluate((image) => getComputedStyle(image.parentElement as Element, '::after').content)).toBe(
    '"Kept copy"',
  );
  await expectAccessible(page);

  // The ad opened: its creative from the vault too.
  await card.getByRole('heading').getByRole('button').click();
  const media = page.getByRole('list', { name: 'Creatives' });
  const keptInDetail = media.getByRole('img', { name: /, kept copy: the original link no longer loads$/ }).first();
  await expect(keptInDetail).toBeVisible();
  await expect
    .poll(() => keptInDetail.evaluate((image) => (image as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await page.keyboard.press('Escape');

  // The zip: the board's JSON and the kept creative, named for a person.
  const [zipped] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download board' }).click(),
  ]);
  expect(zipped.suggestedFilename()).toMatch(/\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await zipped.path()) ?? '')));
  const json = JSON.parse(strFromU8(files['board.json'] ?? new Uint8Array())) as {
    ads: { id: string; creative_files: { url: string; file: string | null; from: string }[] }[];
  };
  const saved = json.ads.find((ad) => ad.id === adId);
  const kept = saved?.creative_files.find((file) => file.url === creative);
  expect(kept).toMatchObject({ from: 'vault' });
  // An SVG goes in as text, so opening it runs no script.
  expect(kept?.file).toMatch(/^creatives\/\d{3,}-[a-z0-9-]+-1\.svg\.txt$/);
  expect(strFromU8(files[kept?.file ?? ''] ?? new Uint8Array())).toContain('<svg');

  // The offline report embeds the kept copy.
  await page.getByRole('button', { name: 'Export report' }).click();
  const report = page.getByRole('dialog', { name: 'Export report' });
  await report.getByRole('radio', { name: /Only the ads I/ }).check();
  await report
    .getByRole('checkbox', { name: new RegExp(title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .first()
    .check();
  await report.getByRole('button', { name: 'Embed creatives' }).click();
  await expect(report.getByRole('status')).toContainText('Report ready: 1 ad', { timeout: 30_000 });
  await expect(report.getByRole('status')).not.toContainText('placeholder');
  const [html] = await Promise.all([
    page.waitForEvent('download'),
    report.getByRole('button', { name: 'Save report' }).click(),
  ]);
  expect(readFileSync((await html.path()) ?? '', 'utf8')).toContain('data:image/svg+xml;base64,');

  await page.keyboard.press('Escape');

  // Check links: the gone one is the kept one.
  await page.getByRole('button', { name: 'Check links' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Links of \d+ creatives?: / })).toContainText(
    '1 link is gone but kept here',
    { timeout: 30_000 },
  );

  // Keep the rest of the board (saved elsewhere): its size asked first, then kept, by keyboard.
  await page.getByRole('button', { name: "Keep this board's creatives" }).click();
  const ask = page.getByRole('status').filter({ hasText: /^Keep \d+ creatives? of \d+ ads? not kept yet: about / });
  await expect(ask).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Keep them' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /^Kept \d+ creatives? of \d+ ads?\./ })).toBeVisible({
    timeout: 60_000,
  });
  // Every ad of the board has a creative (an image or a video poster): each is kept.
  const ads = board.saves.length;

  // Options: the vault's size in all and for this board; freeing it leaves nothing.
  const options = await openPage('options');
  const byBoard = options.getByRole('list', { name: 'Kept creatives by board' });
  await expect(byBoard.getByRole('listitem').filter({ hasText: board.name })).toContainText(`${ads} ads`);
  await expectAccessible(options);
  await options.getByRole('button', { name: `Free ${board.name}` }).click();
  await expect(options.getByText('Nothing kept yet.')).toBeVisible();
  expect(await keptUrls(page)).toEqual([]);

  // The browser itself reports each load of the dead link; Adscope logged nothing of its own.
  const dead = 'sidepanel: Failed to load resource: the server responded with a status of 404 (Not Found)';
  expect(consoleErrors.filter((error) => !error.endsWith(dead.slice('sidepanel: '.length)))).toEqual([]);
  consoleErrors.length = 0;
});

test('Check links asks the network: a link that expired says gone, though the browser still shows it from its cache', async ({
  openPage,
  server,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  // A board saved elsewhere, so the vault has no copy of its creatives.
  const [board] = (server.state.data.workspaces[0]?.boards ?? [])
    .filter((candidate) => !candidate.parentId && candidate.saves.length >= 3)
    .sort((a, b) => a.saves.length - b.saves.length);
  if (!board) throw new Error('no top-level board');
  await panel.tab('Boards').click();
  await page.getByRole('searchbox', { name: 'Filter boards' }).fill(board.name);
  await page.getByRole('treeitem', { name: new RegExp(`^${board.name}`) }).click();
  const cards = panel.boardAds.locator('[data-ad-id]');
  await expect(cards.first()).toBeVisible();
  const ids = await cards.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-ad-id') ?? ''));
  const adId = ids.find((id) => (server.state.adById(id)?.imageCount ?? 0) > 0);
  if (!adId) throw new Error('no ad of the board has an image');
  const creative = `${server.baseUrl}/media/ads/${adId}/image-1.svg`;
  // The card showed the creative: the browser's cache holds it (the media host says max-age one hour).
  const card = panel.boardAds.locator(`[data-ad-id="${adId}"]`);
  const image = card.locator(`img[src="${creative}"]`).first();
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  const expired = await fetch(`${server.baseUrl}/__admin/media/expire`, {
    method: 'POST',
    body: JSON.stringify({ path: new URL(creative).pathname }),
  });
  expect(expired.status).toBe(200);
  expect((await fetch(creative)).status).toBe(404);
  // The cache is warm: the browser still draws the gone link.
  const fromCache = await page.evaluate(
    (url) =>
      new Promise<number>((resolve) => {
        const probe = new Image();
        probe.onload = () => resolve(probe.naturalWidth);
        probe.onerror = () => resolve(0);
        probe.src = url;
      }),
    creative,
  );
  expect(fromCache).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Check links' }).click();
  const outcome = page.getByRole('status').filter({ hasText: /^Links of \d+ creatives?: / });
  await expect(outcome).toContainText('1 link is gone and not kept', { timeout: 30_000 });
  await expect(outcome).not.toContainText('could not be checked');
  await expectAccessible(page);
  // The browser itself reports the dead link's 404; Adscope logged nothing of its own.
  expect(consoleErrors.filter((error) => !/Failed to load resource: .* 404 \(Not Found\)$/.test(error))).toEqual([]);
  consoleErrors.length = 0;
});
