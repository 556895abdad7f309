import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../lib/contract/demo';
import { originPattern } from '../../lib/messaging/connection';
import { type RunningServer, startAdscopeServer } from '../../server/app';
import { wordsOf } from '../support/words';
import {
  allByRole,
  byLabel,
  byRole,
  eventually,
  expectAccessible,
  expectText,
  type FirefoxSession,
  inExtension,
  launchFirefox,
  saveToBoard,
} from './driver';

/**
 * The main journey in Firefox ESR, with the Firefox build, against the reference server: the
 * steps a Firefox user takes, found by role and name as in the Chromium suite, then the first of
 * them again in German. The steps share one browser and run in order.
 */
let firefox: FirefoxSession;
let server: RunningServer;
let panel: Page;

beforeAll(async () => {
  server = await startAdscopeServer({ port: 0, rateLimit: 0 });
  server.state.clock.setTimeScale(0);
  firefox = await launchFirefox();
});

afterAll(async () => {
  await firefox?.close();
  await server?.close();
});

/** The first card's title button (a locator: the list may render it again) and its text. */
async function firstCard(page: Page, list: string) {
  const selector = `::-p-aria([role="list"][name="${list}"]) [data-ad-index="0"]`;
  const handle = await page.waitForSelector(selector);
  if (!handle) throw new Error(`no card in ${list}`);
  return { title: page.locator(selector), text: (await handle.evaluate((node) => node.textContent ?? '')).trim() };
}

describe('the main journey in Firefox', () => {
  it('connects on the options page, asking for the service origin at runtime', async () => {
    const options = await firefox.open('options');
    const origin = originPattern(server.baseUrl);
    const held = () =>
      inExtension<boolean>(options, `return browser.permissions.contains({ origins: [${JSON.stringify(origin)}] });`);
    // The Firefox build asks for no host at install: the service's origin is granted when the user connects.
    expect(await held()).toBe(false);
    await byRole(options, 'textbox', 'Base URL').fill(server.baseUrl);
    // A password field has no textbox role in Firefox's accessibility tree: found by its name alone.
    await (await byLabel(options, 'API key')).type(DEMO_API_KEY);
    await byRole(options, 'button', 'Save and test').click();
    await expectText(options, 'Connected.');
    expect(await held()).toBe(true);
    await expectAccessible(options);
    await options.close();
  });

  it('searches, opens an ad, saves it to a board with tags, and undoes a second save', async () => {
    panel = await firefox.open('sidepanel');
    await byRole(panel, 'searchbox', 'Search ads').fill('jacket');
    await expectText(panel, 'Results for “jacket”');
    const { title, text } = await firstCard(panel, 'Search results');
    await title.click();
    await panel.waitForSelector(`::-p-aria([role="heading"][name="${text}"])`);
    await expectAccessible(panel);
    await panel.keyboard.press('Escape');
    await panel.waitForSelector('::-p-aria([role="list"][name="Search results"])', { visible: true });

    const board = server.state.data.workspaces[0]?.boards.find((candidate) => candidate.parentId === null);
    if (!board) throw new Error('the seed needs a top-level board');
    await saveToBoard(panel, board.name, { tags: 'firefox' });
    await expectText(panel, `Saved to ${board.name}.`);
    const savedTitle = text;
    await eventually(async () => {
      const saved = board.saves.filter((entry) => server.state.adById(entry.adId)?.title === savedTitle);
      expect(saved.map((entry) => entry.tags)).toContainEqual(['firefox']);
    });

    // A second save, undone from its toast: the board never keeps it.
    const before = board.saves.length;
    await saveToBoard(panel, board.name, { index: 1 });
    // The second save's toast is the last one (the first's may still be there).
    await panel.waitForSelector('::-p-aria([role="button"][name="Undo"])');
    const undo = (await allByRole(panel, 'button', /^Undo$/)).at(-1);
    await undo?.click();
    await expectText(panel, `Save to ${board.name} undone.`);
    await eventually(async () => expect(board.saves.length).toBe(before));
    expect(board.saves.some((entry) => entry.tags.includes('firefox'))).toBe(true);
  });

  it('opens the board and exports it as CSV', async () => {
    const board = server.state.data.workspaces[0]?.boards.find((candidate) => candidate.parentId === null);
    if (!board) throw new Error('the seed needs a top-level board');
    await byRole(panel, 'tab', 'Boards').click();
    await byRole(panel, 'searchbox', 'Filter boards').fill(board.name);
    const [item] = await allByRole(panel, 'treeitem', new RegExp(`^${board.name}`));
    await item?.click();
    const { text } = await firstCard(panel, 'Board ads');
    await expectText(panel, 'firefox');
    await byRole(panel, 'button', 'Export CSV').click();
    const csv = await eventually(async () => {
      const files = readdirSync(firefox.downloads).filter((name) => name.endsWith('.csv'));
      expect(files).toHaveLength(1);
      // Firefox names the file before it has written it: wait for its rows.
      const written = readFileSync(path.join(firefox.downloads, files[0] ?? ''), 'utf8');
      expect(written).toContain(board.name);
      return written;
    });
    expect(csv).toContain(text.slice(0, 20));
    expect(csv).toContain('firefox');
    expect(csv).toContain(board.name);
  });

  it('finds similar ads from a demo competitor page, through the page button', async () => {
    const options = await firefox.open('options');
    await byRole(options, 'switch', 'Show the find-similar button on every page').click();
    await eventually(async () =>
      expect(
        await inExtension<string[]>(
          options,
          `return (await browser.scripting.getRegisteredContentScripts()).map((script) => script.id);`,
        ),
      ).toEqual(['adscope-page-button']),
    );
    await options.close();
    const demo = await firefox.openUrl(`${server.baseUrl}/demo/pages/json-ld`);
    // The user selects a word of the heading; the button appears beside it, and they click it.
    const heading = await demo.waitForSelector('h1');
    await heading?.click({ count: 2, offset: { x: 12, y: 12 } });
    const host = await demo.waitForSelector('adscope-find-similar', { visible: true });
    const box = await host?.boundingBox();
    if (!box) throw new Error('the page button is not on screen');
    await demo.mouse.click(box.x + 16, box.y + 14);
    await panel.bringToFront();
    await panel.waitForSelector('::-p-aria([role="heading"][name="Similar to Waterproof trail backpack"])', {
      timeout: 20_000,
    });
    await panel.waitForSelector('::-p-aria([role="list"][name="Similar ads from other brands"]) [data-ad-index="0"]', {
      timeout: 20_000,
    });
    await demo.close();
  });

  it("reads an account's totals and ranked ads", async () => {
    await byRole(panel, 'tab', 'Accounts').click();
    const account = await panel.waitForSelector('::-p-aria([role="combobox"][name="Ad account"])');
    await account?.select(server.state.adAccounts.find((item) => item.name === 'Acme Outdoor · Meta')?.id ?? '');
    const totals = await panel.waitForSelector('::-p-aria([role="list"][name="Totals"])');
    await eventually(async () => expect(await totals?.$$('li')).toHaveLength(5));
    await expectText(panel, /Top 10 of \d+ ads/);
    const rows = await panel.$$('table tbody tr');
    expect(rows.length).toBe(10);
    await expectAccessible(panel);
  });

  it('submits a generation and shows its images in the popup', async () => {
    await byRole(panel, 'tab', 'Generate').click();
    const brand = await panel.waitForSelector('::-p-aria([role="combobox"][name="Brand"])');
    const acme = server.state.data.workspaces[0]?.ownedBrands.find((item) => item.name === 'Acme Trail');
    await brand?.select(acme?.id ?? '');
    await byRole(panel, 'textbox', 'Brief').fill('Waterproof shells for spring rain, two angles.');
    const images = byRole(panel, 'spinbutton', 'Images');
    await images.fill('2');
    await byRole(panel, 'button', 'Generate images').click();
    await expectText(panel, 'Started: 2 images for Acme Trail');

    const popup = await firefox.open('popup', { width: 360, height: 600 });
    await popup.waitForSelector('::-p-aria([role="list"][name="Image generations"])');
    server.state.clock.setTimeScale(100);
    await expectText(popup, /Done|Partly done|Failed/, 60_000);
    const views = await allByRole(popup, 'button', /^View image/);
    await expectText(popup, `${views.length} of 2 images`);
    await expectAccessible(popup);
    server.state.clock.setTimeScale(0);
  });
});

/**
 * The same steps again with German chosen in Options (the browser itself in English): every
 * control found by its German name, and the board's CSV with German headers and its data as it was.
 */
const say = wordsOf('de');
describe('the main journey in Firefox, in German', () => {
  it('chooses German in Options, which speaks it at once', async () => {
    const options = await firefox.open('options');
    await options.select('#language-choice', 'de');
    await eventually(async () => expect(await options.evaluate(() => document.documentElement.lang)).toBe('de'));
    // The connection made in English, its form now in German.
    await byLabel(options, say('options.connection.apiKey'));
    await byRole(options, 'textbox', say('options.connection.baseUrl')).wait();
    await byRole(options, 'button', say('options.connection.save')).wait();
    await expectAccessible(options);
    await options.close();
  });

  it('searches and saves an ad to a board with a tag, in German', async () => {
    await panel.close();
    panel = await firefox.open('sidepanel');
    await eventually(async () => expect(await panel.evaluate(() => document.documentElement.lang)).toBe('de'));
    // The panel opens where it was left (Generate): back to Search.
    await byRole(panel, 'tab', say('panel.tab.search')).click();
    await byRole(panel, 'searchbox', say('search.bar.label')).fill('jacket');
    await expectText(panel, say('search.status.resultsFor', { query: 'jacket' }));
    const board = server.state.data.workspaces[0]?.boards.find((candidate) => candidate.parentId === null);
    if (!board) throw new Error('the seed needs a top-level board');
    const [before = '', after = ''] = say('ads.card.saveLabel', { ad: '\u0000' }).split('\u0000');
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const saves = await allByRole(panel, 'button', new RegExp(`^${escape(before)}.+${escape(after)}$`));
    expect(saves.length).toBeGreaterThan(0);
    await saves[0]?.click();
    await byRole(panel, 'searchbox', say('boards.save.find')).fill(board.name);
    const [radio] = await allByRole(panel, 'radio', new RegExp(board.name));
    await radio?.click();
    await byRole(panel, 'textbox', say('boards.save.tags')).fill('firefox-de');
    await byRole(panel, 'button', say('boards.save.saveTo', { board: board.name })).click();
    await expectText(panel, say('ads.toast.saved', { board: board.name }));
    await eventually(async () => expect(board.saves.some((entry) => entry.tags.includes('firefox-de'))).toBe(true));
    await expectAccessible(panel);
  });

  it('opens the board and exports its CSV with German headers, days as ISO and numbers plain', async () => {
    const board = server.state.data.workspaces[0]?.boards.find((candidate) => candidate.parentId === null);
    if (!board) throw new Error('the seed needs a top-level board');
    await byRole(panel, 'tab', say('panel.tab.boards')).click();
    await byRole(panel, 'searchbox', say('boards.filter')).fill(board.name);
    const [item] = await allByRole(panel, 'treeitem', new RegExp(`^${board.name}`));
    await item?.click();
    await expectText(panel, 'firefox-de');
    await byRole(panel, 'button', say('boards.view.exportCsv')).click();
    const csv = await eventually(async () => {
      // The English journey's CSV came first: this one is the second.
      const files = readdirSync(firefox.downloads).filter((name) => name.endsWith('.csv'));
      expect(files).toHaveLength(2);
      const fresh = files.map((name) => readFileSync(path.join(firefox.downloads, name), 'utf8'));
      const written = fresh.find((text) => text.includes('firefox-de')) ?? '';
      expect(written).toContain('firefox-de');
      return written;
    });
    const header = csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
    expect(header).toContain(say('boards.csv.brandName'));
    expect(header).not.toContain('brand_name');
    expect(csv).toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
  });
});

describe('after both journeys', () => {
  it('logged no error on any extension page', () => {
    expect(firefox.consoleErrors).toEqual([]);
  });
});
