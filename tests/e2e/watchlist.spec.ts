import type { Page } from '@playwright/test';
import { fireWatchAlarm, serviceWorker, toolbarBadge } from '../../scripts/e2e-hooks';
import type { RunningServer } from '../../server/app';
import { expect, expectAccessible, test } from './fixtures';
import { SidePanelPage } from '../support/pages/side-panel-page';

test.beforeEach(async ({ connect }) => {
  await connect();
});
// News changes the catalogue: the next test starts from the seed again.
test.afterEach(({ server }) => server.state.reset());

/** Two catalogue brands with ads, whose names no other brand's name contains. */
function twoBrands(server: RunningServer) {
  const names = server.state.data.catalogue.brands.map((brand) => brand.name);
  // How many versions each idea of the catalogue runs in: the brands picked scale none in more than two.
  const versions = new Map<string, number>();
  for (const ad of server.state.data.catalogue.ads) versions.set(ad.idea, (versions.get(ad.idea) ?? 0) + 1);
  const brands = server.state.data.catalogue.brands.filter((brand) => {
    const ads = server.state.library.adsOfBrand(brand.id);
    return (
      ads.length >= 5 &&
      ads.length <= 60 &&
      ads.every((index) => (versions.get(server.state.data.catalogue.ads[index]?.idea ?? '') ?? 0) <= 2) &&
      names.filter((name) => name.startsWith(brand.name)).length === 1
    );
  });
  const [first, second] = brands;
  if (!first || !second) throw new Error('the demo catalogue has no two such brands');
  return [first, second] as const;
}

async function watchFromBrands(page: Page, name: string): Promise<void> {
  const search = page.getByRole('searchbox', { name: 'Search brands' });
  await search.fill(name);
  const row = page.getByRole('list', { name: 'Matching brands' }).getByRole('listitem').filter({ hasText: name });
  const watch = row.first().getByRole('button', { name: `Watch ${name}` });
  await watch.click();
  await expect(watch).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: `Watching ${name}` })).toBeVisible();
}

test('watch two brands; one launches three ads; the alarm finds them, the badge counts them, mark seen clears it', async ({
  openPage,
  server,
  context,
}) => {
  const [launching, quiet] = twoBrands(server);
  const page = await openPage('sidepanel');
  const panel = new SidePanelPage(page);
  await panel.tab('Brands').click();
  await watchFromBrands(page, launching.name);
  await watchFromBrands(page, quiet.name);

  // Watching a brand learns what it has at once: both are checked, nothing is new.
  await page.getByRole('tab', { name: /^New/ }).click();
  await page.getByText('Watchlist: 2 of 100').click();
  const watched = page.getByRole('list', { name: 'Watched brands' });
  await expect(watched.getByRole('listitem')).toHaveCount(2);
  for (const brand of [launching, quiet])
    await expect(watched.getByRole('listitem').filter({ hasText: brand.name })).toContainText(
      /Checked .*ads? compared/,
    );
  await expect(page.getByText('Nothing new since you last looked.')).toBeVisible();
  const notify = page.getByRole('checkbox', { name: /Notify me when a check finds new ads/ });
  await notify.click();
  await expect(notify).toBeChecked();

  const launched = await fetch(`${server.baseUrl}/__admin/news`, {
    method: 'POST',
    body: JSON.stringify({ brands: [launching.id], count: 3 }),
  });
  const ids = ((await launched.json()) as { ads: { id: string }[] }).ads.map((ad) => ad.id);
  expect(ids).toHaveLength(3);

  expect(await fireWatchAlarm(context)).toBe('complete');
  await expect.poll(async () => (await toolbarBadge(context)).text).toBe('3');
  expect((await toolbarBadge(context)).title).toBe('Adscope: 3 new ads from watched brands');
  const worker = await serviceWorker(context);
  // The notification is made once the run has ended (after the badge, which follows the news).
  const notifications = () =>
    worker.evaluate(async () =>
      Object.keys(
        await (
          globalThis as unknown as { chrome: { notifications: { getAll(): Promise<object> } } }
        ).chrome.notifications.getAll(),
      ),
    );
  await expect.poll(async () => (await notifications()).length).toBe(1);

  // The New place: the three under the brand that launched them, none under the quiet one.
  await expect(page.getByRole('tab', { name: 'New 3 new ads' })).toBeVisible();
  const group = page.getByRole('region', { name: launching.name });
  const cards = group.getByRole('list', { name: `New ads from ${launching.name}` }).getByRole('listitem');
  await expect(cards).toHaveCount(3);
  await expect(page.getByRole('region', { name: quiet.name })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /Last check .*: finished, 2 brands\./ })).toBeVisible();
  // Each is a normal card: save, more like this, generate, and watch.
  await expect(cards.first().getByRole('button', { name: /^Save .* to a board$/ })).toBeVisible();
  await expect(cards.first().getByRole('button', { name: `Watch ${launching.name}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectAccessible(page);

  // By keyboard: focus "Mark seen" and press Enter.
  const markSeen = group.getByRole('button', { name: `Mark seen: ${launching.name}` });
  await markSeen.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Nothing new since you last looked.')).toBeVisible();
  await expect.poll(async () => (await toolbarBadge(context)).text).toBe('');
  await expect(page.getByRole('tab', { name: 'New', exact: true })).toBeVisible();

  // The same ads are never new twice.
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Last check .*: finished/ })).toBeVisible();
  await expect(page.getByText('Nothing new since you last looked.')).toBeVisible();
  expect((await toolbarBadge(context)).text).toBe('');
});

test('import picks from the followed brands, within the limit; unwatch forgets', async ({ openPage }) => {
  const page = await openPage('sidepanel');
  await page.getByRole('tab', { name: /^New/ }).click();
  await expect(page.getByRole('heading', { name: 'Watch a brand to see what it launches' })).toBeVisible();
  await page.getByRole('button', { name: 'Watch brands you follow…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Watch brands you follow' });
  const choices = dialog.getByRole('group', { name: /Followed brands/ }).getByRole('checkbox');
  await expect(choices.first()).toBeVisible();
  // Nothing is picked for the user.
  await expect(dialog.getByRole('button', { name: 'Watch 0 brands' })).toBeDisabled();
  await choices.nth(0).check();
  await choices.nth(1).press('Space');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Watch 2 brands' }).click();
  await expect(dialog).toBeHidden();
  await page.getByText('Watchlist: 2 of 100').click();
  const watched = page.getByRole('list', { name: 'Watched brands' });
  await expect(watched.getByRole('listitem')).toHaveCount(2);
  await watched
    .getByRole('button', { name: /^Unwatch / })
    .first()
    .click();
  await expect(watched.getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page);
});

test('versions of one idea: three versions and one other ad are one row and one card in New; mark seen clears both', async ({
  openPage,
  server,
  context,
}) => {
  const [brand] = twoBrands(server);
  const page = await openPage('sidepanel');
  await new SidePanelPage(page).tab('Brands').click();
  await watchFromBrands(page, brand.name);
  await page.getByRole('tab', { name: /^New/ }).click();
  await expect(page.getByText('Nothing new since you last looked.')).toBeVisible();

  const [index] = server.state.library.adsOfBrand(brand.id);
  const base = server.state.data.catalogue.ads[index ?? -1];
  if (!base) throw new Error('the brand has no ad');
  const launch = (body: object) =>
    fetch(`${server.baseUrl}/__admin/news`, { method: 'POST', body: JSON.stringify(body) }).then((response) => {
      expect(response.status).toBe(200);
    });
  await launch({ versionsOf: base.id, count: 3 });
  await launch({ brands: [brand.id], count: 1 });

  expect(await fireWatchAlarm(context)).toBe('complete');
  const group = page.getByRole('region', { name: brand.name });
  await expect(group).toContainText('4 new ads');
  const ideas = group.getByRole('list', { name: `Ideas ${brand.name} launched in versions` }).getByRole('listitem');
  await expect(ideas).toHaveCount(1);
  const row = ideas.first().getByRole('button', { name: /^▸? ?3 new versions of ‘/ });
  await expect(row).toHaveAttribute('aria-expanded', 'false');
  await expect(group.getByRole('list', { name: `New ads from ${brand.name}` }).getByRole('listitem')).toHaveCount(1);

  // The row opens, by keyboard, to its three versions.
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(row).toHaveAttribute('aria-expanded', 'true');
  await expect(group.getByRole('list', { name: /^Versions of ‘/ }).getByRole('listitem')).toHaveCount(3);
  await expectAccessible(page);

  await group.getByRole('button', { name: `Mark seen: ${brand.name}` }).click();
  await expect(page.getByText('Nothing new since you last looked.')).toBeVisible();
  await expect(page.getByRole('region', { name: brand.name })).toHaveCount(0);
  await expect.poll(async () => (await toolbarBadge(context)).text).toBe('');

  // The brand's page names the idea it is scaling: its live versions, the newest, how long it has run.
  await new SidePanelPage(page).openBrand(brand.name);
  await page.getByText('Ideas in several versions').click();
  const ideasHere = page.getByRole('list', { name: 'Ideas in several versions' }).getByRole('listitem');
  // The idea may have had versions of its own before the three launched here.
  await expect(ideasHere.first()).toContainText(/^‘.+’: \d+ of \d+ versions live, newest .+, running \d+ days?$/);
  const [, live, all] = /: (\d+) of (\d+) versions/.exec((await ideasHere.first().textContent()) ?? '') ?? [];
  expect(Number(live)).toBeGreaterThanOrEqual(3);
  expect(Number(all)).toBeGreaterThanOrEqual(Number(live));
  await expectAccessible(page);
});

test('Delete all during a running watch check stops it: nothing is written after, no alarm comes back, and connecting starts afresh', async ({
  openPage,
  server,
  context,
  connect,
}) => {
  test.setTimeout(60_000);
  const [launching, quiet] = twoBrands(server);
  const page = await openPage('sidepanel');
  await new SidePanelPage(page).tab('Brands').click();
  await watchFromBrands(page, launching.name);
  await watchFromBrands(page, quiet.name);
  await page.getByRole('tab', { name: /^New/ }).click();
  await expect(page.getByText('Nothing new since you last looked.')).toBeVisible();

  // Each brand's search now takes 4 s to answer, and the brand has launched ads meanwhile.
  await fetch(`${server.baseUrl}/__admin/news`, {
    method: 'POST',
    body: JSON.stringify({ brands: [launching.id], count: 2 }),
  });
  server.state.faults.add({ kind: 'latency', path: '/ad-library/search', latencyMs: 4000 });
  const searches = () => server.state.requestLog.filter((entry) => entry.path.includes('/ad-library/search')).length;
  const searched = searches();
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByRole('button', { name: 'Checking…' })).toBeVisible();

  const options = await openPage('options');
  await options.getByRole('button', { name: 'Delete all Adscope data' }).click();
  await options
    .getByRole('alert')
    .filter({ hasText: 'Delete everything Adscope keeps in this browser?' })
    .getByRole('button', { name: 'Delete everything' })
    .click();
  await expect(
    options.getByRole('status').filter({ hasText: 'Everything Adscope kept in this browser is deleted.' }),
  ).toBeVisible();

  const worker = await serviceWorker(context);
  type Area = { get(keys: null): Promise<Record<string, unknown>> };
  type Chrome = {
    storage: { local: Area; sync: Area };
    alarms: { getAll(): Promise<{ name: string }[]> };
    action: { getBadgeText(details: object): Promise<string> };
  };
  const left = () =>
    worker.evaluate(async () => {
      const { storage, alarms, action } = (globalThis as unknown as { chrome: Chrome }).chrome;
      return {
        local: Object.keys(await storage.local.get(null)).sort(),
        sync: Object.keys(await storage.sync.get(null)),
        alarms: (await alarms.getAll()).map((alarm) => alarm.name),
        badge: await action.getBadgeText({}),
      };
    });
  const erased = await left();
  expect(erased.sync).toEqual([]);
  expect(erased.alarms).toEqual([]);
  expect(erased.local.filter((key) => /watch|seen|news/i.test(key))).toEqual([]);

  // The request that was on its way answers after the erase: nothing of it is written, no alarm is set.
  await expect.poll(searches, { timeout: 10_000 }).toBeGreaterThan(searched);
  await page.waitForTimeout(5000);
  expect(await left()).toEqual(erased);
  expect(erased.badge).toBe('');

  // Connecting again starts with an empty watchlist: the deleted brands and their news do not come back.
  await connect();
  const again = await openPage('sidepanel');
  await again.getByRole('tab', { name: /^New/ }).click();
  await expect(again.getByRole('heading', { name: 'Watch a brand to see what it launches' })).toBeVisible();
  expect((await left()).sync).toEqual([]);
  expect((await toolbarBadge(context)).text).toBe('');
});
