import { readFileSync } from 'node:fs';
import type { BoardRecord } from '../../server/demo-data';
import { expect, expectAccessible, test, stopServiceWorker } from './fixtures';
import { SidePanelPage } from '../support/pages/side-panel-page';
import { OptionsPage } from '../support/pages/options-page';
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '../../lib/contract/demo';

test.beforeEach(async ({ connect, server }) => {
  server.state.faults.clear();
  await connect();
});

function nestedBoard(boards: BoardRecord[]): { board: BoardRecord; parent: BoardRecord; grandparent: BoardRecord } {
  for (const board of boards) {
    const parent = boards.find((b) => b.board_id === board.parentId);
    const grandparent = parent && boards.find((b) => b.board_id === parent.parentId);
    if (parent && grandparent) return { board, parent, grandparent };
  }
  throw new Error('no nested board');
}

test('the board tree works by keyboard, filters, and remembers what is expanded', async ({ openPage, server }) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  const boards = server.state.data.workspaces[0]?.boards ?? [];
  const { board, parent, grandparent } = nestedBoard(boards);
  await panel.tab('Boards').click();
  const tree = page.getByRole('tree', { name: 'Boards' });
  const top = tree.getByRole('treeitem', { name: new RegExp(`^${grandparent.name}`) });
  await top.focus();
  await expect(top).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowRight');
  await expect(top).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowRight');
  const middle = tree.getByRole('treeitem', { name: new RegExp(`^${parent.name}`) });
  await expect(middle).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const leaf = tree.getByRole('treeitem', { name: new RegExp(`^${board.name}`) });
  await expect(leaf).toHaveAttribute('aria-level', '3');
  await expectAccessible(page);

  await page.reload();
  await expect(
    page.getByRole('tree', { name: 'Boards' }).getByRole('treeitem', { name: new RegExp(`^${board.name}`) }),
  ).toBeVisible();

  await page.getByRole('searchbox', { name: 'Filter boards' }).fill(board.name);
  await expect(tree.getByRole('treeitem')).toHaveCount(3);
  await tree.getByRole('treeitem', { name: new RegExp(`^${board.name}`) }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(board.name) })).toBeVisible();
  await expect(panel.boardAds.getByRole('listitem').first()).toContainText('Saved');
});

test('save an ad from search to a nested board, see it first there, then undo', async ({ openPage, server }) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  const boards = server.state.data.workspaces[0]?.boards ?? [];
  const { board } = nestedBoard(boards);
  await panel.search('waterproof tent');
  // An ad the board does not hold yet: one saved there before keeps its first save's place.
  const held = new Set(board.saves.map((save) => save.adId));
  let index = 0;
  while (held.has((await panel.cards.nth(index).getAttribute('data-ad-id')) ?? '')) index += 1;
  const card = panel.cards.nth(index);
  const adId = (await card.getAttribute('data-ad-id')) ?? '';
  expect(adId).not.toBe('');
  const title = (await panel.cardTitle(index).textContent()) ?? '';
  await card.getByRole('button', { name: /^Save / }).click();
  const dialog = page.getByRole('dialog', { name: 'Save to a board' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('searchbox', { name: 'Find a board' }).fill(board.name);
  await dialog.getByRole('radio', { name: new RegExp(board.name) }).check();
  await dialog.getByRole('textbox', { name: 'Tags' }).fill('hook, q4');
  await dialog.getByRole('button', { name: `Save to ${board.name}` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Saved to ${board.name}.`)).toBeVisible();
  await expect(card).toContainText('Saved in');

  await panel.tab('Boards').click();
  await page.getByRole('searchbox', { name: 'Filter boards' }).fill(board.name);
  await page.getByRole('treeitem', { name: new RegExp(`^${board.name}`) }).click();
  const first = panel.boardAds.getByRole('listitem').first();
  await expect(first).toContainText(title);
  await expect(first).toContainText('hook');

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(`Save to ${board.name} undone.`)).toBeVisible();
  // Versions of one idea share a title: the ad is told by its id.
  await expect.poll(() => board.saves.some((save) => save.adId === adId)).toBe(false);
  await expect(panel.boardAds.locator(`[data-ad-id="${adId}"]`)).toHaveCount(0);
});

test('a save that meets 50001 is kept, survives a stopped service worker, and lands once', async ({
  openPage,
  server,
  context,
}) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  const board = server.state.data.workspaces[0]?.boards.find((b) => b.parentId === null && b.saves.length < 100);
  if (!board) throw new Error('no small board');
  server.state.faults.add({ kind: 'upstream', method: 'POST', path: '/ads' });
  await panel.search('hiking boots');
  const card = panel.cards.first();
  // Versions of one idea share a title: the card names its ad.
  const ad = server.state.adById((await card.getAttribute('data-ad-id')) ?? '');
  if (!ad) throw new Error('the card names no ad of the catalogue');
  await card.getByRole('button', { name: /^Save / }).click();
  const dialog = page.getByRole('dialog', { name: 'Save to a board' });
  await dialog.getByRole('radio', { name: new RegExp(`^${board.name} \\d`) }).check();
  await dialog.getByRole('button', { name: `Save to ${board.name}` }).click();
  await expect(page.getByText(/keep trying/)).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText('Saving…');

  await stopServiceWorker(context, page);
  server.state.faults.clear();
  server.state.requestLog.length = 0;

  // Reopening the panel wakes the worker, which resumes the outbox from storage.
  await page.reload();
  await expect.poll(() => board.saves.filter((save) => save.adId === ad.id).length, { timeout: 20_000 }).toBe(1);
  const posts = server.state.requestLog.filter((entry) => entry.method === 'POST' && entry.status === 200);
  expect(posts).toHaveLength(1);
});

test("a save waiting in backoff is held while another workspace's key is set, and lands with its own key after", async ({
  openPage,
  server,
}) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  const acme = server.state.data.workspaces.find((workspace) => workspace.apiKey === DEMO_API_KEY);
  const board = acme?.boards.find((b) => b.parentId === null && b.saves.length < 100);
  if (!board) throw new Error('no small board');
  server.state.faults.add({ kind: 'upstream', method: 'POST', path: '/ads' });
  await panel.search('rain jacket');
  const before = new Set(board.saves.map((save) => save.adId));
  const added = () => board.saves.filter((save) => !before.has(save.adId));
  await panel.cards
    .first()
    .getByRole('button', { name: /^Save / })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Save to a board' });
  await dialog.getByRole('radio', { name: new RegExp(`^${board.name} \\d`) }).check();
  await dialog.getByRole('button', { name: `Save to ${board.name}` }).click();
  await expect(page.getByText(/keep trying/)).toBeVisible({ timeout: 20_000 });

  // The user switches to the other workspace's key. An attempt already on its way goes on with
  // the key it was sent with (the first workspace's); after it, the save is held.
  const options = await openPage('options');
  await new OptionsPage(options).connect(server.baseUrl, DEMO_SECOND_API_KEY);
  const held = page.getByRole('region', { name: '1 board change is held' });
  await expect(held).toBeVisible();
  await expect(held).toContainText(`Save to ${board.name}`);
  await expect(page.getByRole('status').filter({ hasText: /^Held: saving to/ })).toBeVisible();
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);
  // The outage ends; nothing of the save goes out with the other key, however long it waits.
  await page.waitForTimeout(5000);
  server.state.faults.clear();
  await page.waitForTimeout(3000);
  await expect(held).toBeVisible();
  const northwind = server.state.requestLog.filter(
    (entry) => entry.workspace === 'Northwind Coffee' && entry.path.startsWith('/boards'),
  );
  expect(northwind.filter((entry) => entry.method !== 'GET')).toEqual([]);
  expect(added()).toEqual([]);

  // Its own key again: sent, once.
  await new OptionsPage(options).connect(server.baseUrl, DEMO_API_KEY);
  await expect.poll(() => added().length, { timeout: 20_000 }).toBe(1);
  await expect(held).toBeHidden();
});

test('a save refused with 40401 is shown as failed with the reason, not retried', async ({ openPage, server }) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  const workspace = server.state.data.workspaces[0];
  const doomed: BoardRecord = { board_id: 'board-doomed', name: 'Doomed board', parentId: null, saves: [] };
  workspace?.boards.push(doomed);
  await panel.search('coffee');
  await panel.cards
    .first()
    .getByRole('button', { name: /^Save / })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Save to a board' });
  await dialog.getByRole('radio', { name: /^Doomed board/ }).check();
  workspace?.boards.splice(workspace.boards.indexOf(doomed), 1);
  await dialog.getByRole('button', { name: 'Save to Doomed board' }).click();
  await expect(page.getByText(/Could not save to Doomed board: No board board-doomed/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(panel.cards.first()).toContainText('Save failed');
});

test('S saves the focused card to the last board used', async ({ openPage, server }) => {
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  const board = server.state.data.workspaces[0]?.boards.find((b) => b.name === 'Holiday 2026');
  await panel.search('sneakers');
  await panel.cards
    .first()
    .getByRole('button', { name: /^Save / })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Save to a board' });
  await dialog.getByRole('radio', { name: /^Holiday 2026/ }).check();
  await dialog.getByRole('button', { name: 'Save to Holiday 2026' }).click();
  await expect(page.getByText('Saved to Holiday 2026.')).toBeVisible();
  await panel.cardTitle(1).focus();
  await page.keyboard.press('s');
  await expect.poll(() => board?.saves.length).toBe(2);
});

test('a board exports as CSV and JSON with every saved ad', async ({ openPage, server }) => {
  const page = await openPage('sidepanel');
  const board = server.state.data.workspaces[0]?.boards.find((b) => b.name === 'Video hooks');
  await new SidePanelPage(page).tab('Boards').click();
  await page.getByRole('searchbox', { name: 'Filter boards' }).fill('Video hooks');
  await page.getByRole('treeitem', { name: /^Video hooks/ }).click();
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csvText = readFileSync((await csv.path()) ?? '', 'utf8');
  // UTF-8 with its byte-order mark, so a spreadsheet keeps every accent.
  expect(csvText.startsWith('\uFEFF')).toBe(true);
  const lines = csvText.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'id,title,body,brand_name,cta_type,link_url,display_format,start_date,end_date,language,image_urls,video_preview_urls,saved_at,tags,boards',
  );
  expect(lines).toHaveLength((board?.saves.length ?? 0) + 1);
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  const parsed = JSON.parse(readFileSync((await json.path()) ?? '', 'utf8')) as {
    count: number;
    ads: { saved_details: { saved_at: string } }[];
  };
  expect(parsed.count).toBe(board?.saves.length);
  expect(parsed.ads.every((ad) => ad.saved_details.saved_at)).toBe(true);
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
