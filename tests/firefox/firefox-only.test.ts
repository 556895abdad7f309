import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../lib/contract/demo';
import { type RunningServer, startAdscopeServer } from '../../server/app';
import {
  byLabel,
  byRole,
  eventually,
  expectAccessible,
  expectText,
  FIREFOX_BUILD,
  type FirefoxSession,
  inExtension,
  launchFirefox,
  saveToBoard,
} from './driver';

/**
 * What differs from Chrome, in Firefox ESR: the sidebar at its default width, the sidebar's
 * command, the event page that Firefox unloads when idle, and storage without access levels.
 * Firefox unloads the idle event page after 2 s here (30 s by default), so the queues must
 * survive it as they would a stopped service worker.
 */
let firefox: FirefoxSession;
let server: RunningServer;

beforeAll(async () => {
  server = await startAdscopeServer({ port: 0, rateLimit: 0 });
  server.state.clock.setTimeScale(0);
  firefox = await launchFirefox({ idleTimeoutMs: 2_000 });
  const options = await firefox.open('options');
  await byRole(options, 'textbox', 'Base URL').fill(server.baseUrl);
  await (await byLabel(options, 'API key')).type(DEMO_API_KEY);
  await byRole(options, 'button', 'Save and test').click();
  await expectText(options, 'Connected.');
  await options.close();
});

afterAll(async () => {
  await firefox?.close();
  await server?.close();
});

/** The extension's live pages, by path: the event page is among them only while it is loaded. */
const views = (page: Page) =>
  inExtension<string[]>(page, 'return browser.extension.getViews().map((view) => view.location.pathname);');
const BACKGROUND = '/_generated_background_page.html';

describe('Firefox', () => {
  it('shows the panel in the real sidebar at its default width: nothing clipped, no sideways scroll, axe clean', async () => {
    // Firefox opens the sidebar of a newly installed add-on; it is measured where it is.
    const options = await firefox.open('options');
    const measure = () =>
      inExtension<{ width: number; sideways: number; clipped: string[]; tabs: number }>(
        options,
        `const [sidebar] = browser.extension.getViews({ type: 'sidebar' });
         if (!sidebar) throw new Error('the sidebar is not open');
         const root = sidebar.document.documentElement;
         const tabs = [...sidebar.document.querySelectorAll('[role="tab"]')];
         const clipped = tabs.flatMap((tab) => {
           const box = tab.getBoundingClientRect();
           const label = tab.querySelector('.tab-label');
           const cut = label !== null && label.scrollWidth > label.clientWidth + 1;
           return box.left < 0 || box.right > root.clientWidth || cut ? [tab.textContent] : [];
         });
         return { width: sidebar.innerWidth, sideways: root.scrollWidth - root.clientWidth, clipped, tabs: tabs.length };`,
      );
    // Reload the sidebar so it starts connected.
    await inExtension(options, `browser.extension.getViews({ type: 'sidebar' })[0]?.location.reload(); return true;`);
    const layout = await eventually(async () => {
      const measured = await measure();
      expect(measured.tabs).toBe(9);
      return measured;
    });
    expect(layout.width).toBeLessThanOrEqual(260);
    expect(layout.sideways).toBe(0);
    expect(layout.clipped).toEqual([]);
    // The same page at that width, where axe can run: every place reachable and clean.
    const panel = await firefox.open('sidepanel', { width: layout.width, height: 800 });
    for (const place of [
      'Search',
      'Boards',
      'Accounts',
      'Generate',
      'New',
      'Brands',
      'Saved',
      'Similar',
      'Workspace',
    ]) {
      await byRole(panel, 'tab', place).click();
      await panel.waitForSelector(`::-p-aria([role="tab"][name="${place}"][aria-selected="true"])`).catch(() => null);
      expect(
        await panel.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0);
    }
    await byRole(panel, 'tab', 'Search').click();
    await expectAccessible(panel);
    await panel.close();
    await options.close();
  });

  it('declares the sidebar command with its shortcut, and Firefox registers it', async () => {
    const manifest = JSON.parse(readFileSync(path.join(FIREFOX_BUILD, 'manifest.json'), 'utf8')) as {
      commands: Record<string, { suggested_key?: { default?: string } }>;
      sidebar_action?: { default_panel?: string };
    };
    expect(manifest.sidebar_action?.default_panel).toBe('sidepanel.html');
    expect(manifest.commands._execute_sidebar_action?.suggested_key?.default).toBe('Alt+Shift+A');
    const options = await firefox.open('options');
    const commands = await inExtension<{ name: string; shortcut: string }[]>(
      options,
      'return (await browser.commands.getAll()).map(({ name, shortcut }) => ({ name, shortcut }));',
    );
    expect(commands).toContainEqual({ name: '_execute_sidebar_action', shortcut: 'Alt+Shift+A' });
    // The options show that key, as Firefox has it, with Firefox's own way to change it.
    const shortcuts = byRole(options, 'region', 'Keyboard shortcuts');
    await expectText(options, 'Alt+Shift+A');
    await shortcuts.wait();
    await byRole(options, 'button', 'Change shortcuts').wait();
    await options.close();
  });

  it('greets the first install with the welcome page, in a tab of its own', async () => {
    const options = await firefox.open('options');
    const tabs = await eventually(async () => {
      const open = await inExtension<string[]>(
        options,
        "return browser.extension.getViews({ type: 'tab' }).map((view) => view.location.pathname);",
      );
      expect(open).toContain('/welcome.html');
      return open;
    });
    expect(tabs.filter((pathname) => pathname === '/welcome.html')).toHaveLength(1);
    await options.close();
  });

  it('has no storage access levels: content scripts cannot reach session storage, and ours never read storage', async () => {
    const options = await firefox.open('options');
    expect(
      await inExtension<string[]>(
        options,
        `return ['local', 'session'].filter((area) => typeof browser.storage[area].setAccessLevel === 'function');`,
      ),
    ).toEqual([]);
    // A content script, run in a page as ours are: Firefox gives it no session storage.
    const demo = await firefox.openUrl(`${server.baseUrl}/demo/pages/json-ld`);
    const [inPage] = await inExtension<string[]>(
      options,
      `const tab = (await browser.tabs.query({})).find((candidate) => candidate.url?.startsWith(${JSON.stringify(server.baseUrl)}));
       return browser.tabs.executeScript(tab.id, { code: 'typeof browser.storage.session' });`,
    );
    expect(inPage).toBe('undefined');
    await demo.close();
    // Local storage stays readable by any content script of the add-on, so ours never touch storage.
    const scripts = readdirSync(path.join(FIREFOX_BUILD, 'content-scripts'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const code = readFileSync(path.join(FIREFOX_BUILD, 'content-scripts', script), 'utf8');
      expect(code, script).not.toMatch(/\.storage\.(local|session|sync)|storage\.get\(/);
    }
    await options.close();
  });

  it('keeps a held save and a running generation through the event page being unloaded', async () => {
    // Saves meet the upstream being down until the event page has been unloaded: held for a retry.
    server.state.faults.add({ kind: 'upstream', method: 'POST', path: '/ads' });
    const panel = await firefox.open('sidepanel');
    await byRole(panel, 'searchbox', 'Search ads').fill('tent');
    await expectText(panel, 'Results for “tent”');
    const board = server.state.data.workspaces[0]?.boards.find((candidate) => candidate.parentId === null);
    if (!board) throw new Error('the seed needs a top-level board');
    const title = await panel.$eval(
      '::-p-aria([role="list"][name="Search results"]) [data-ad-index="0"]',
      (node) => node.textContent?.trim() ?? '',
    );
    await saveToBoard(panel, board.name, { tags: 'event-page' });

    // And a generation, whose images come while no page is open.
    await byRole(panel, 'tab', 'Generate').click();
    const brand = await panel.waitForSelector('::-p-aria([role="combobox"][name="Brand"])');
    await brand?.select(
      server.state.data.workspaces[0]?.ownedBrands.find((item) => item.name === 'Acme Trail')?.id ?? '',
    );
    await byRole(panel, 'textbox', 'Brief').fill('Trail shoes for wet rock, one angle.');
    await byRole(panel, 'spinbutton', 'Images').fill('1');
    await byRole(panel, 'button', 'Generate images').click();
    await expectText(panel, 'Started: 1 image for Acme Trail');
    await panel.close();

    // With no page open, Firefox unloads the idle event page.
    const watcher = await firefox.open('options');
    await inExtension(watcher, 'window.adscopeWatcher = true; return true;');
    await eventually(async () => expect(await views(watcher)).not.toContain(BACKGROUND), 20_000);
    expect(board.saves.some((entry) => entry.tags.includes('event-page'))).toBe(false);
    server.state.faults.clear();
    server.state.clock.setTimeScale(100);

    // Its alarms wake it: the save lands once, with its tags, and the generation finishes.
    await eventually(async () => {
      const saved = board.saves.filter((entry) => server.state.adById(entry.adId)?.title === title);
      expect(saved.some((entry) => entry.tags.includes('event-page'))).toBe(true);
    }, 90_000);
    const popup = await firefox.open('popup', { width: 360, height: 600 });
    await expectText(popup, /Done|Partly done|Failed/, 60_000);
    await expectAccessible(popup);
    server.state.clock.setTimeScale(0);
    await popup.close();
    await watcher.close();
  });

  it('answers extension pages and refuses a malformed message', async () => {
    const options = await firefox.open('options');
    const settings = await inExtension<{ ok: boolean; data?: { hasApiKey?: boolean } }>(
      options,
      "return browser.runtime.sendMessage({ type: 'settings.get', payload: {} });",
    );
    expect(settings.ok).toBe(true);
    expect(settings.data?.hasApiKey).toBe(true);
    const refused = await inExtension<{ ok: boolean; error?: { code?: string } }>(
      options,
      "return browser.runtime.sendMessage({ type: 'settings.get', payload: { sneaky: 1 } });",
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    await options.close();
  });

  it('logged no error on any extension page', () => {
    expect(firefox.consoleErrors).toEqual([]);
  });
});
