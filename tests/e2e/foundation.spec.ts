import { DEMO_API_KEY } from '../../lib/contract/demo';
import { expect, expectAccessible, test } from './fixtures';
import { OptionsPage } from '../support/pages/options-page';
import { PopupPage } from '../support/pages/popup-page';
import { SidePanelPage } from '../support/pages/side-panel-page';

test('the extension loads with its service worker and the e2e manifest', async ({ context, extensionId }) => {
  expect(extensionId).toMatch(/^[a-p]{32}$/);
  const worker = context.serviceWorkers()[0];
  type Manifest = { name: string; host_permissions?: string[]; permissions?: string[] };
  const manifest = await worker?.evaluate(() =>
    (globalThis as unknown as { chrome: { runtime: { getManifest(): Manifest } } }).chrome.runtime.getManifest(),
  );
  expect(manifest?.name).toBe('Adscope');
  expect(manifest?.host_permissions).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
  expect(manifest?.permissions).not.toContain('<all_urls>');
});

for (const name of ['options', 'popup', 'sidepanel'] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`${name} renders without console errors and passes axe in ${colorScheme} mode`, async ({ openPage }) => {
      const page = await openPage(name);
      await page.emulateMedia({ colorScheme });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page);
    });
  }
}

test('the accessibility check fails on a serious violation, in a page it checked before and after a reload', async ({
  openPage,
}) => {
  const page = await openPage('options');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  // An image with no text alternative: axe's image-alt, a critical violation.
  const addUnnamedImage = () =>
    page.evaluate(() => {
      const image = document.createElement('img');
      image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
      document.body.append(image);
    });
  await addUnnamedImage();
  await expect(expectAccessible(page)).rejects.toThrow(/image-alt/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await addUnnamedImage();
  await expect(expectAccessible(page)).rejects.toThrow(/image-alt/);
});

test('options saves a key after testing the connection, and shows only its last four characters', async ({
  openPage,
  server,
}) => {
  const page = await openPage('options');
  const options = new OptionsPage(page);
  await page.getByRole('button', { name: 'Use the local demo server' }).click();
  await expect(options.apiKey).toHaveValue(DEMO_API_KEY);
  await options.connect(server.baseUrl, DEMO_API_KEY);
  await expect(page.getByText('the workspace has 3 owned brands')).toBeVisible();
  await page.reload();
  await expect(options.apiKey).toHaveValue('');
  await expect(options.apiKey).toHaveAttribute('placeholder', `•••• ${DEMO_API_KEY.slice(-4)}`);
  await expect(page.getByText(`A key ending in ${DEMO_API_KEY.slice(-4)} is stored`)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(DEMO_API_KEY);
  await expectAccessible(page);
});

test('options says exactly what is wrong and saves nothing', async ({ openPage, server }) => {
  const page = await openPage('options');
  const options = new OptionsPage(page);

  await options.baseUrl.fill('not a url');
  await options.apiKey.fill(DEMO_API_KEY);
  await options.save.click();
  await expect(options.baseUrl).toHaveAccessibleDescription(/Enter a full URL that starts with https:\/\//);
  await expect(options.baseUrl).toHaveAttribute('aria-invalid', 'true');

  await options.baseUrl.fill(server.baseUrl);
  await options.apiKey.fill('wrong-key-123456');
  await options.save.click();
  await expect(options.apiKey).toHaveAccessibleDescription(
    /did not accept this API key\. Check that you pasted the whole key/,
  );
  await expect(options.apiKey).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toContainText('Nothing was saved');

  await options.baseUrl.fill('http://127.0.0.1:9');
  await options.apiKey.fill(DEMO_API_KEY);
  await options.save.click();
  await expect(options.baseUrl).toHaveAccessibleDescription(/Could not reach http:\/\/127\.0\.0\.1:9/);

  await page.reload();
  await expect(options.baseUrl).toHaveValue('');
  await expect(page.getByText('A key ending in')).toHaveCount(0);
});

test('options can be completed with the keyboard alone', async ({ openPage, server }) => {
  const page = await openPage('options');
  await page.getByLabel('Base URL').focus();
  await page.keyboard.type(server.baseUrl);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_API_KEY);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Connected.' })).toBeVisible();
});

test('the side panel asks for setup, then lists the workspace brands with locked ones marked', async ({
  openPage,
  connect,
}) => {
  const first = await openPage('sidepanel');
  const panel = new SidePanelPage(first);
  await expect(panel.setupPrompt).toBeVisible();
  await connect();
  // The open panel notices the new settings by itself.
  await panel.tab('Workspace').click();
  await expect(panel.brandsHeading).toBeVisible();
  await expect(first.getByRole('listitem').filter({ hasText: 'Acme Alpine' }).getByText('Locked')).toBeVisible();
  await expect(first.getByRole('listitem')).toHaveCount(3);
  await expectAccessible(first);
});

test('the side panel shows an API failure with what to do, and recovers on retry', async ({
  openPage,
  connect,
  server,
}) => {
  await connect();
  server.state.faults.add({ kind: 'upstream', path: '/owned-brands' });
  const page = await openPage('sidepanel');
  await new SidePanelPage(page).tab('Workspace').click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Could not load your brands', { timeout: 20_000 });
  await expect(alert).toContainText('Try again in a minute');
  server.state.faults.clear();
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(new SidePanelPage(page).brandsHeading).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(3);
});

test('the popup offers the side panel and the jobs list', async ({ openPage }) => {
  const page = await openPage('popup');
  const popup = new PopupPage(page);
  await expect(popup.openSidePanel).toBeVisible();
  await expect(popup.jobsHeading).toBeVisible();
});

test('the context menu entries and keyboard commands that open the panel and find similar ads are registered', async ({
  context,
}) => {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  type Chrome = {
    chrome: {
      contextMenus: { update(id: string, props: object): Promise<void> };
      commands: { getAll(): Promise<{ name?: string; shortcut?: string }[]> };
    };
  };
  // update() rejects for an id that was never created; the entries are made when the extension installs.
  const menu = (id: string, title: string) =>
    worker.evaluate(
      async ({ id, title }) => {
        try {
          await (globalThis as unknown as Chrome).chrome.contextMenus.update(id, { title });
          return 'registered';
        } catch (error) {
          return String(error);
        }
      },
      { id, title },
    );
  await expect.poll(() => menu('adscope-open-panel', 'Open Adscope'), { timeout: 5000 }).toBe('registered');
  await expect.poll(() => menu('adscope-find-similar', 'Find similar ads'), { timeout: 5000 }).toBe('registered');
  const commands = await worker.evaluate(() => (globalThis as unknown as Chrome).chrome.commands.getAll());
  expect(commands.map((command) => command.name)).toEqual(expect.arrayContaining(['open-side-panel', 'find-similar']));
});

test('"Save and test" says it waits while the permission prompt is open', async ({ openPage, server }) => {
  const page = await openPage('options');
  // Hold the browser's prompt open for a moment, as a person reading it would.
  await page.evaluate(() => {
    type Permissions = { request: (request: unknown) => Promise<boolean> };
    const permissions = (globalThis as unknown as { chrome: { permissions: Permissions } }).chrome.permissions;
    const original = permissions.request.bind(permissions);
    Object.defineProperty(permissions, 'request', {
      configurable: true,
      value: (request: unknown) => new Promise((resolve) => setTimeout(() => resolve(original(request)), 1500)),
    });
  });
  await page.getByLabel('Base URL').fill(server.baseUrl);
  await page.getByLabel('API key').fill(server.state.data.workspaces[0]?.apiKey ?? '');
  await page.getByRole('button', { name: 'Save and test' }).click();
  await expect(page.getByRole('button', { name: 'Waiting for your permission…' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save and test' })).toBeEnabled({ timeout: 15_000 });
});
