import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../lib/contract/demo';
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
  launchFirefox,
} from './driver';

/**
 * The main journey in Firefox ESR with German chosen in Options (the browser itself in
 * English): connect, search, save to a board with a tag, and the board's CSV, every control
 * found by its German name, and the file's headers in German with its data as it was.
 */
const say = wordsOf('de');
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

describe('the main journey in Firefox, in German', () => {
  it('chooses German in Options and connects in it', async () => {
    const options = await firefox.open('options');
    await options.select('#language-choice', 'de');
    await eventually(async () => expect(await options.evaluate(() => document.documentElement.lang)).toBe('de'));
    await byRole(options, 'textbox', say('options.connection.baseUrl')).fill(server.baseUrl);
    await (await byLabel(options, say('options.connection.apiKey'))).type(DEMO_API_KEY);
    await byRole(options, 'button', say('options.connection.save')).click();
    await expectText(options, say('options.connection.connected'));
    await expectAccessible(options);
    await options.close();
  });

  it('searches and saves an ad to a board with a tag, in German', async () => {
    panel = await firefox.open('sidepanel');
    expect(await panel.evaluate(() => document.documentElement.lang)).toBe('de');
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
      const files = readdirSync(firefox.downloads).filter((name) => name.endsWith('.csv'));
      expect(files).toHaveLength(1);
      const written = readFileSync(path.join(firefox.downloads, files[0] ?? ''), 'utf8');
      expect(written).toContain('firefox-de');
      return written;
    });
    const header = csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
    expect(header).toContain(say('boards.csv.brandName'));
    expect(header).not.toContain('brand_name');
    expect(csv).toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
  });
});
