import { DEMO_API_KEY } from '../../lib/contract/demo';
import { LEARNED_FORMATS_KEY, PANEL_PICTURE_KEY, QUERY_CACHE_KEY } from '../../components/ui/page-caches';
import { OptionsPage } from '../support/pages/options-page';
import { expect, expectAccessible, test } from './fixtures';

/** The API key goes only where the user sent it: the promises of docs/reliability.md "The key", in Chromium. */

test('a new address needs the key again, or a confirmation naming where it goes; nothing is sent before', async ({
  openPage,
  server,
  connect,
}) => {
  await connect();
  const page = await openPage('options');
  const options = new OptionsPage(page);
  const elsewhere = server.baseUrl.replace('127.0.0.1', 'localhost');
  const before = server.state.requestLog.length;
  await options.baseUrl.fill(elsewhere);
  await options.save.click();
  const question = page.getByRole('alert').filter({ hasText: `Send your stored key to ${elsewhere}?` });
  await expect(question).toBeVisible();
  await expect(question).toContainText(`was entered for ${server.baseUrl}`);
  expect(server.state.requestLog.length).toBe(before);
  await expectAccessible(page);
  await question.getByRole('button', { name: `Send it to ${elsewhere}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Connected.' })).toBeVisible();
  await expect(page.getByText(`is stored for ${elsewhere}`)).toBeVisible();
});

test('plain http is refused for another computer, before anything is asked or sent', async ({ openPage }) => {
  const page = await openPage('options');
  const options = new OptionsPage(page);
  await options.baseUrl.fill('http://api.example.com');
  await options.apiKey.fill(DEMO_API_KEY);
  await options.save.click();
  await expect(options.baseUrl).toHaveAccessibleDescription(/Use https:\/\/ for api\.example\.com/);
  await expect(options.baseUrl).toHaveAttribute('aria-invalid', 'true');
});

test('a redirect is not followed: "Save and test" names where it pointed, and saves nothing', async ({
  openPage,
  server,
}) => {
  const target = `${server.baseUrl.replace('127.0.0.1', 'localhost')}/open/v1/owned-brands`;
  // Twice: the request with the key, then Adscope's key-less look at where it leads.
  server.state.faults.add({ kind: 'redirect', path: '/owned-brands', location: target, times: 2 });
  const start = server.state.requestLog.length;
  const page = await openPage('options');
  const options = new OptionsPage(page);
  await options.baseUrl.fill(server.baseUrl);
  await options.apiKey.fill(DEMO_API_KEY);
  await options.save.click();
  await expect(options.baseUrl).toHaveAccessibleDescription(
    new RegExp(`redirects to ${target.replace(/[.]/g, '\\.')}`),
  );
  // Nothing carrying the key reached the address it pointed at: every request there came without a key.
  const keyed = server.state.requestLog
    .slice(start)
    .filter((entry) => entry.status !== 307 && entry.workspace !== null);
  expect(keyed).toEqual([]);
  await page.reload();
  await expect(page.getByText('A key ending in')).toHaveCount(0);
});

test('a script injected into a web page cannot read the extension storage that holds the key or the watchlist', async ({
  context,
  server,
  connect,
}) => {
  await connect();
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/demo/pages/none`);
  const worker = context.serviceWorkers()[0];
  if (!worker) throw new Error('no service worker');
  const outcome = await worker.evaluate(async (url) => {
    type Chrome = {
      tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
      scripting: { executeScript(o: object): Promise<{ result?: unknown }[]> };
    };
    const chromeApi = (globalThis as unknown as { chrome: Chrome }).chrome;
    const [tab] = (await chromeApi.tabs.query({})).filter((candidate) => candidate.url === url);
    const [result] = await chromeApi.scripting.executeScript({
      target: { tabId: tab?.id },
      world: 'ISOLATED',
      func: async () => {
        type Area = { get(k: null): Promise<object> };
        const { storage } = (globalThis as unknown as { chrome: { storage: { local: Area; sync: Area } } }).chrome;
        const read = async (area: Area) => {
          try {
            return `read ${Object.keys(await area.get(null)).join(',')}`;
          } catch (error) {
            return `refused: ${error instanceof Error ? error.message : String(error)}`;
          }
        };
        return [await read(storage.local), await read(storage.sync)];
      },
    });
    return result?.result;
  }, page.url());
  expect(outcome).toEqual([expect.stringMatching(/^refused/), expect.stringMatching(/^refused/)]);
});

test('forgetting the key drops what the pages kept of that workspace', async ({ openPage, connect }) => {
  await connect();
  const page = await openPage('options');
  // The panel's picture, the query cache, and the display formats learned from that service's ads.
  const kept = [PANEL_PICTURE_KEY, QUERY_CACHE_KEY, LEARNED_FORMATS_KEY] as const;
  await page.evaluate((keys) => {
    for (const key of keys) localStorage.setItem(key, '{"v":2}');
  }, kept);
  await page.getByRole('button', { name: 'Forget the stored key' }).click();
  await expect(page.getByText('A key ending in')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate((keys) => keys.map((key) => localStorage.getItem(key)), kept))
    .toEqual([null, null, null]);
});

test('"Delete all Adscope data" asks first, then erases the key, the watchlist and the pages\' caches', async ({
  context,
  openPage,
  connect,
}) => {
  await connect();
  const worker = context.serviceWorkers()[0];
  if (!worker) throw new Error('no service worker');
  type Area = { get(k: null): Promise<object>; set(items: object): Promise<void> };
  type Chrome = { storage: { local: Area; sync: Area } };
  await worker.evaluate(async () => {
    const { storage } = (globalThis as unknown as { chrome: Chrome }).chrome;
    await storage.sync.set({ 'watch.b1': { id: 'b1', name: 'Acme Trail', addedAt: 1 } });
  });
  const page = await openPage('options');
  await page.evaluate((key) => localStorage.setItem(key, '{"v":2}'), QUERY_CACHE_KEY);
  const start = page.getByRole('button', { name: 'Delete all Adscope data' });
  await start.click();
  const question = page.getByRole('alert').filter({ hasText: 'Delete everything Adscope keeps in this browser?' });
  await expect(question).toContainText('the watchlist, on your other synced browsers too');
  // The safe choice has the focus; keeping changes nothing.
  await expect(question.getByRole('button', { name: 'Keep my data' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  await expect(question).toHaveCount(0);
  await expect(start).toBeFocused();
  await expect(page.getByText('A key ending in')).toBeVisible();

  await start.click();
  await question.getByRole('button', { name: 'Delete everything' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Everything Adscope kept in this browser is deleted.' }),
  ).toBeVisible();
  await expect(page.getByText('A key ending in')).toHaveCount(0);
  await expect(page.getByLabel('Base URL')).toHaveValue('');
  const left = await worker.evaluate(async () => {
    const { storage } = (globalThis as unknown as { chrome: Chrome }).chrome;
    return { local: Object.keys(await storage.local.get(null)), sync: Object.keys(await storage.sync.get(null)) };
  });
  // The background may write its empty queues again at once; nothing of the user's is left.
  expect(left.sync).toEqual([]);
  expect(left.local.filter((key) => !/^(saveOutbox|generationJobs|watchNextAt)\$?$/.test(key))).toEqual([]);
  expect(await page.evaluate((key) => localStorage.getItem(key), QUERY_CACHE_KEY)).toBeNull();
  await expectAccessible(page);
});
