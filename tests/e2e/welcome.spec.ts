import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_API_KEY } from '../../lib/contract/demo';
import { launchWithExtension } from '../../scripts/launch-chromium';
import { OptionsPage } from '../support/pages/options-page';
import { expect, expectAccessible, test } from './fixtures';

/**
 * A stranger's first hour, in the build the stores get: the welcome opens by itself in a fresh
 * profile, connects through its form, offers nothing of the demo, and an update opens nothing.
 *
 * The production build asks for the service's address at run time, and headless Chromium
 * cannot click its permission prompt; so, as the e2e build does, this copy of it is granted
 * the loopback address at install (one line added to its manifest), and "Save and test" finds
 * the access already there. Nothing else of the build changes.
 */
function productionCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'adscope-production-'));
  cpSync(path.resolve('.output/chrome-mv3'), dir, { recursive: true });
  editManifest(dir, (manifest) => ({ ...manifest, host_permissions: ['http://127.0.0.1/*'] }));
  return dir;
}

function editManifest(dir: string, change: (manifest: Record<string, unknown>) => Record<string, unknown>): void {
  const file = path.join(dir, 'manifest.json');
  writeFileSync(file, JSON.stringify(change(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)));
}

const isWelcome = (page: Page) => page.url().endsWith('/welcome.html');

test('a fresh install greets, connects through the welcome, offers no demo; an update opens nothing', async ({
  server,
}) => {
  const extensionDir = productionCopy();
  const { context, extensionId, close } = await launchWithExtension({ extensionDir });
  const errors: string[] = [];
  try {
    // The welcome opens by itself, in a tab of its own.
    await expect.poll(() => context.pages().filter(isWelcome).length, { timeout: 15_000 }).toBe(1);
    const welcome = context.pages().find(isWelcome) as Page;
    welcome.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    welcome.on('pageerror', (error) => errors.push(error.message));
    await expect(welcome.getByRole('heading', { level: 1, name: 'Welcome to Adscope' })).toBeVisible();
    await expect(welcome.getByText(/what Adscope|Ad research in your browser/).first()).toBeVisible();
    await expect(welcome.getByText(/Your API key is in your workspace's settings/)).toBeVisible();
    // Never a key, and nothing of the demo: no demo server button, empty fields.
    await expect(welcome.getByRole('button', { name: 'Use the local demo server' })).toHaveCount(0);
    const form = new OptionsPage(welcome);
    await expect(form.apiKey).toHaveValue('');
    await expect(form.baseUrl).toHaveValue('');
    // The shortcut as the browser has it, and the way to change it.
    const open = welcome.getByRole('region', { name: '2. Open Adscope' });
    await expect(open.locator('kbd')).toHaveText('Alt+Shift+D');
    await expect(open.getByRole('button', { name: 'Change shortcuts' })).toBeVisible();
    await expect(welcome.getByRole('heading', { name: '3. What to try first' })).toHaveCount(0);
    await expectAccessible(welcome);

    // Connecting by keyboard, as a user would.
    await form.baseUrl.focus();
    await welcome.keyboard.type(server.baseUrl);
    await welcome.keyboard.press('Tab');
    await welcome.keyboard.type(DEMO_API_KEY);
    await welcome.keyboard.press('Enter');
    await expect(welcome.getByRole('status').filter({ hasText: 'Connected.' })).toBeVisible();

    // What to try first, once connected.
    const tries = welcome.getByRole('region', { name: '3. What to try first' });
    await expect(tries.getByRole('listitem')).toHaveCount(3);
    await expect(tries).toContainText('Find similar ads on a competitor');
    await expect(tries.locator('kbd').first()).toHaveText('Alt+Shift+S');
    await expect(tries).toContainText('Search the ad library');
    await expect(tries).toContainText('Save an ad to a board');
    await expect(welcome.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      /\/blob\/main\/PRIVACY\.md$/,
    );
    await expect(open.getByRole('button', { name: 'Open Adscope' })).toBeEnabled();
    await expectAccessible(welcome);
    await welcome.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(welcome);
    expect(errors).toEqual([]);

    // An update, as the browser makes one: a newer version on disk, reloaded from the browser's
    // extensions page (chrome.runtime.reload of a command-line extension unloads it instead).
    editManifest(extensionDir, (manifest) => ({ ...manifest, version: '0.1.1' }));
    const extensions = await context.newPage();
    await extensions.goto('chrome://extensions');
    await extensions.locator('#devMode').click();
    const nextWorker = context.waitForEvent('serviceworker');
    await extensions.locator('#dev-reload-button').click();
    await nextWorker;
    // What the new version stored as it was installed, read from a page of it: its worker may
    // already be stopped or replaced by the time it is asked.
    const reader = await context.newPage();
    await reader.goto(`chrome-extension://${extensionId}/manifest.json`);
    await expect
      .poll(() =>
        reader.evaluate(async () => {
          type Chrome = { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } };
          const chromeApi = (globalThis as unknown as { chrome: Chrome }).chrome;
          return (await chromeApi.storage.local.get('whatsNew')).whatsNew ?? null;
        }),
      )
      .toEqual({ version: '0.1.1', previous: '0.1.0' });
    await reader.close();
    await extensions.close();
    // No tab opened for it: the panel says it in one line.
    expect(context.pages().filter(isWelcome)).toEqual([]);
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    const line = panel.getByRole('status').filter({ hasText: 'Adscope was updated to version 0.1.1.' });
    await expect(line).toBeVisible();
    await expect(line.getByRole('link', { name: "What's new" })).toHaveAttribute('href', /CHANGELOG\.md$/);
    await expectAccessible(panel);
    await line.getByRole('button', { name: 'Dismiss' }).click();
    await expect(line).toHaveCount(0);
    await panel.reload();
    await expect(panel.getByRole('tab', { name: 'Search' })).toBeVisible();
    await expect(panel.getByText('Adscope was updated')).toHaveCount(0);
  } finally {
    await close();
    rmSync(extensionDir, { recursive: true, force: true });
  }
});
