import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { findSimilarOn, fireWatchAlarm, registeredScripts } from './e2e-hooks';

/** One screen of the tour: opens a surface in a given state and leaves it ready for a screenshot. */
export interface TourStop {
  name: string;
  /** An extension page, or a demo competitor page of the reference server at `path`. */
  page: 'sidepanel' | 'popup' | 'options' | 'welcome' | 'demo';
  path?: string;
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  prepare?: (page: Page, env: TourEnv) => Promise<void>;
  /** Also written, optimized, to docs/images for the README: its alternative text there. */
  readme?: string;
}

export interface TourEnv {
  baseUrl: string;
  extensionId: string;
}

/** Reads a demo page for find-similar, as the context menu does, and waits for the panel's results. */
async function showSimilarPage(page: Page, env: TourEnv, kind: string): Promise<void> {
  const demo = await page.context().newPage();
  const url = `${env.baseUrl}/demo/pages/${kind}`;
  await demo.goto(url);
  await findSimilarOn(page.context(), url, { source: 'page', button: false });
  await page.getByRole('list', { name: 'Similar ads from other brands' }).getByRole('listitem').first().waitFor();
  await demo.close();
  await page.bringToFront();
}

/** Turns the opt-in page button on through the options page, then selects a word on the demo page. */
async function showPageButton(page: Page, env: TourEnv): Promise<void> {
  const options = await page.context().newPage();
  await options.goto(`chrome-extension://${env.extensionId}/options.html`);
  const toggle = options.getByRole('switch', { name: 'Show the find-similar button on every page' });
  await toggle.waitFor();
  if (!(await toggle.isChecked())) await toggle.check();
  while ((await registeredScripts(page.context())).length === 0) await options.waitForTimeout(100);
  await options.close();
  await page.reload();
  await page.getByRole('heading', { level: 1 }).dblclick({ position: { x: 12, y: 12 } });
  await page.locator('adscope-find-similar').waitFor();
}

/** From a search result's "Generate": a brief for Acme Trail, ready to submit. */
async function fillGenerateForm(page: Page): Promise<void> {
  await showSearch(page, 'tent');
  await page
    .getByRole('list', { name: 'Search results' })
    .getByRole('button', { name: /^Generate from this ad/ })
    .first()
    .click();
  await page
    .getByRole('region', { name: 'Generate ad images' })
    .getByLabel('Brand')
    .selectOption({ label: 'Acme Trail' });
  await page.getByLabel('Brief').fill('Spring trail running: light, fast, waterproof. Three fresh angles for Stories.');
  await page.getByRole('spinbutton', { name: 'Images' }).fill('4');
  await page.getByLabel('Aspect ratio').selectOption('9:16');
}

/** Submits a brief from the side panel, lets the demo clock run fast, and waits for the popup to show it done. */
async function showFinishedJob(page: Page, env: TourEnv): Promise<void> {
  const panel = await page.context().newPage();
  await panel.setViewportSize(PANEL);
  await panel.goto(`chrome-extension://${env.extensionId}/sidepanel.html`);
  await fillGenerateForm(panel);
  await panel.getByRole('button', { name: 'Generate images' }).click();
  await panel.getByRole('status').filter({ hasText: 'Started' }).waitFor();
  await fetch(`${env.baseUrl}/__admin/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ timeScale: 100 }),
  });
  await panel.close();
  await page.bringToFront();
  await page
    .getByText(/Done|Partly done/)
    .first()
    .waitFor({ timeout: 60_000 });
}

const PANEL = { width: 400, height: 800 };
const POPUP = { width: 360, height: 480 };

/** Every later feature adds its screens here. */
async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
}

async function showSearch(page: Page, text: string): Promise<void> {
  await openTab(page, 'Search');
  // An ad left open by an earlier stop is a view of its own: back to the results first.
  const back = page.getByRole('button', { name: 'Back to results' });
  if (await back.isVisible()) await back.click();
  await page.getByRole('searchbox', { name: 'Search ads' }).fill(text);
  await page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first().waitFor();
  await page.getByText(`Results for “${text}”`).waitFor();
}

/** Every feature adds its screens here. */
export const TOUR: TourStop[] = [
  { name: 'welcome', page: 'welcome', viewport: { width: 900, height: 700 } },
  { name: 'welcome-dark', page: 'welcome', colorScheme: 'dark', viewport: { width: 900, height: 700 } },
  { name: 'options', page: 'options', viewport: { width: 900, height: 700 } },
  { name: 'options-dark', page: 'options', colorScheme: 'dark', viewport: { width: 900, height: 700 } },
  {
    name: 'search-results',
    page: 'sidepanel',
    viewport: PANEL,
    prepare: (page) => showSearch(page, 'waterproof'),
    readme: 'Search results in the side panel',
  },
  {
    name: 'search-results-dark',
    page: 'sidepanel',
    colorScheme: 'dark',
    viewport: PANEL,
    prepare: (page) => showSearch(page, 'serum'),
    readme: 'Search results in dark mode',
  },
  {
    name: 'search-wide',
    page: 'sidepanel',
    viewport: { width: 900, height: 800 },
    prepare: (page) => showSearch(page, 'coffee'),
  },
  {
    name: 'search-filters',
    page: 'sidepanel',
    viewport: PANEL,
    prepare: async (page) => {
      // German camping ads: the German market writes its own words.
      await showSearch(page, 'Zelt');
      await page.getByRole('button', { name: /^Language/ }).click();
      await page.getByRole('checkbox', { name: 'German' }).check();
    },
  },
  {
    name: 'ad-detail',
    page: 'sidepanel',
    viewport: PANEL,
    prepare: async (page) => {
      // The stop before filtered German ads: this one shows every language again.
      await openTab(page, 'Search');
      await page.getByRole('button', { name: /^Language/ }).click();
      await page.getByRole('checkbox', { name: 'German' }).uncheck();
      await page.keyboard.press('Escape');
      await showSearch(page, 'hiking boots');
      await page.getByRole('list', { name: 'Search results' }).getByRole('button').first().click();
      await page.getByRole('button', { name: 'Back to results' }).waitFor();
    },
  },
  {
    name: 'similar',
    page: 'sidepanel',
    viewport: PANEL,
    prepare: async (page) => {
      await showSearch(page, 'tent');
      await page
        .getByRole('button', { name: /^More like this/ })
        .first()
        .click();
      await page.getByRole('list', { name: 'Similar ads from other brands' }).getByRole('listitem').first().waitFor();
    },
  },
  {
    name: 'brands',
    page: 'sidepanel',
    viewport: PANEL,
    prepare: async (page) => {
      await openTab(page, 'Brands');
      await page.getByRole('list', { name: 'Followed brands' }).getByRole('listitem').first().waitFor();
    },
  },
  {
    name: 'brand-detail',
    page: 'sidepanel',
    viewport: PANEL,
    prepare: async (page) => {
      await openTab(page, 'Brands');
      await page.getByRole('list', { name: 'Followed brands' }).getByRole('button').first().click();
      await page.getByRole('list', { name: 'Brand ads' }).getByRole('listitem').first().waitFor();
    },
  },
  {
    name: 'watch-new',
    readme: 'New: the ads watched brands launched since the last look, a brand scaling one idea in versions',
    page: 'sidepanel',
    viewport: PANEL,
    prepare: async (page, env) => {
      await openTab(page, 'Brands');
      const watch = page.getByRole('list', { name: 'Followed brands' }).getByRole('button', { name: /^Watch / });
      await watch.first().waitFor();
      const names: string[] = [];
      for (const index of [0, 1]) {
        const button = watch.nth(index);
        names.push(((await button.textContent()) ?? '').replace(/^Watch\s*/, '').trim());
        await button.click();
      }
      // Both brands learn what they have; then one scales a new idea in four versions and launches
      // one more ad, and the alarm finds them.
      await page.getByRole('tab', { name: /^New/ }).click();
      await page.getByText('Nothing new since you last looked.').waitFor();
      const launch = async (body: object) => {
        const response = await fetch(`${env.baseUrl}/__admin/news`, { method: 'POST', body: JSON.stringify(body) });
        return ((await response.json()) as { ads: { id: string }[] }).ads;
      };
      const [idea] = await launch({ brands: [names[0]], count: 1 });
      if (!idea) throw new Error(`${names[0] ?? 'The brand'} launched nothing`);
      await launch({ versionsOf: idea.id, count: 3 });
      await launch({ brands: [names[0]], count: 1 });
      await fireWatchAlarm(page.context());
      await page.getByRole('region', { name: names[0] }).getByRole('listitem').first().waitFor();
      const dismiss = page.getByRole('button', { name: 'Dismiss' });
      if (await dismiss.isVisible()) await dismiss.click();
    },
  },
  {
    name: 'boards-tree',
    page: 'sidepanel',
    viewport: PANEL,
    prepare: async (page) => {
      await openTab(page, 'Boards');
      await page.getByRole('searchbox', { name: 'Filter boards' }).fill('o');
      await page.getByRole('tree', { name: 'Boards' }).getByRole('treeitem').first().waitFor();
    },
  },
  {
    name: 'board-ads',
    readme: "A board of one category's ads: the tents and camping gear rivals run",
    page: 'sidepanel',
    viewport: PANEL,
    prepare: async (page) => {
      await openTab(page, 'Boards');
      await page.getByRole('searchbox', { name: 'Filter boards' }).fill('Tents and camping');
      await page.getByRole('treeitem', { name: /^Tents and camping/ }).click();
      await page.getByRole('list', { name: 'Board ads' }).getByRole('listitem').first().waitFor();
    },
  },
  {
    name: 'board-report',
    readme: 'An exported board report opened offline in a phone-sized window',
    page: 'demo',
    path: '/demo/pages/none',
    viewport: { width: 390, height: 844 },
    prepare: async (page, env) => {
      // The board exported from the panel, with its creatives; the file is then opened as a recipient would.
      const panel = await page.context().newPage();
      await panel.setViewportSize(PANEL);
      await panel.goto(`chrome-extension://${env.extensionId}/sidepanel.html`);
      await openTab(panel, 'Boards');
      await panel.getByRole('searchbox', { name: 'Filter boards' }).fill('Video hooks');
      await panel.getByRole('treeitem', { name: /^Video hooks/ }).click();
      await panel.getByRole('button', { name: 'Export report' }).click();
      const dialog = panel.getByRole('dialog', { name: 'Export report' });
      await dialog.getByRole('button', { name: 'Embed creatives' }).click();
      await dialog.getByText(/^File size: /).waitFor({ timeout: 60_000 });
      const [download] = await Promise.all([
        panel.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Save report' }).click(),
      ]);
      const html = readFileSync((await download.path()) ?? '', 'utf8');
      await panel.close();
      await page.setContent(html);
      await page.getByRole('list', { name: 'Ads' }).getByRole('img').first().waitFor();
    },
  },
  {
    name: 'compare',
    readme: 'Three brands compared: figures side by side and their launch cadence',
    page: 'sidepanel',
    viewport: { width: 1000, height: 760 },
    prepare: async (page) => {
      await openTab(page, 'Brands');
      const compare = page.getByRole('list', { name: 'Followed brands' }).getByRole('button', { name: /^Compare / });
      await compare.first().waitFor();
      for (const index of [0, 1, 2]) await compare.nth(index).click();
      await page
        .getByRole('region', { name: 'Brands to compare' })
        .getByRole('button', { name: 'Compare 3 brands' })
        .click();
      await page.getByRole('table', { name: 'The brands side by side' }).waitFor();
      await page
        .getByRole('heading', { name: 'Compare 3 brands' })
        .evaluate((heading) => (heading as HTMLElement).blur());
    },
  },
  {
    name: 'save-dialog',
    page: 'sidepanel',
    viewport: PANEL,
    prepare: async (page) => {
      await showSearch(page, 'tent');
      await page
        .getByRole('list', { name: 'Search results' })
        .getByRole('button', { name: /^Save / })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Save to a board' }).getByRole('radio').first().waitFor();
    },
  },
  {
    name: 'saved',
    page: 'sidepanel',
    viewport: PANEL,
    prepare: async (page) => {
      await openTab(page, 'Saved');
      await page.getByRole('list', { name: 'Saved ads' }).getByRole('listitem').first().waitFor();
    },
  },
  {
    name: 'workspace',
    page: 'sidepanel',
    viewport: PANEL,
    prepare: async (page) => {
      await openTab(page, 'Workspace');
      await page.getByRole('heading', { name: 'Your brands' }).waitFor();
    },
  },
  {
    name: 'similar-page',
    readme: "Similar ads found from a competitor's page",
    page: 'sidepanel',
    viewport: PANEL,
    prepare: (page, env) => showSimilarPage(page, env, 'product'),
  },
  {
    name: 'similar-landing',
    page: 'sidepanel',
    viewport: PANEL,
    prepare: async (page, env) => {
      await showSimilarPage(page, env, 'product');
      await page.getByRole('heading', { name: 'Ads that lead to this page' }).scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'similar-page-german',
    page: 'sidepanel',
    colorScheme: 'dark',
    viewport: PANEL,
    prepare: (page, env) => showSimilarPage(page, env, 'og'),
  },
  {
    name: 'page-button',
    readme: 'The opt-in find-similar button next to a selection',
    page: 'demo',
    path: '/demo/pages/title',
    viewport: { width: 900, height: 500 },
    prepare: showPageButton,
  },
  {
    name: 'page-button-dark',
    page: 'demo',
    path: '/demo/pages/none',
    colorScheme: 'dark',
    viewport: { width: 900, height: 500 },
    prepare: showPageButton,
  },
  {
    name: 'accounts-report',
    readme: 'An ad account report with totals and ranked ads',
    page: 'sidepanel',
    viewport: { width: 400, height: 1100 },
    prepare: async (page) => {
      await openTab(page, 'Accounts');
      await page.getByLabel('Ad account', { exact: true }).selectOption({ label: 'Acme Outdoor · Meta' });
      await page.getByText('Period and metrics').click();
      await page.getByRole('radio', { name: 'Last 30 days' }).check();
      // Folded again: the report, not its controls.
      await page.getByText('Period and metrics').click();
      await page.locator('.ranked-table tbody tr').first().waitFor();
    },
  },
  {
    name: 'accounts-ad-transcript-dark',
    page: 'sidepanel',
    colorScheme: 'dark',
    viewport: { width: 400, height: 1100 },
    prepare: async (page) => {
      await openTab(page, 'Accounts');
      await page.getByLabel('Ad account', { exact: true }).selectOption({ label: 'Acme Outdoor · Meta' });
      await page.getByLabel('Rows', { exact: true }).fill('50');
      await page.locator('.ranked-table tbody tr').first().waitFor();
      // The first ranked ad with a video.
      const video = page.locator('.ranked-table tbody tr').filter({ hasText: 'Video' }).first();
      await video.getByRole('button').click();
      await page.getByRole('heading', { name: 'Videos' }).waitFor();
      await page.getByRole('button', { name: 'Back to ranked ads' }).focus();
    },
  },
  {
    name: 'generate-form',
    page: 'sidepanel',
    viewport: PANEL,
    prepare: fillGenerateForm,
    readme: 'A brief for generated ad images',
  },
  {
    name: 'generate-locked-dark',
    page: 'sidepanel',
    colorScheme: 'dark',
    viewport: PANEL,
    prepare: async (page) => {
      await openTab(page, 'Generate');
      await page
        .getByRole('region', { name: 'Generate ad images' })
        .getByLabel('Brand')
        .selectOption({ label: 'Acme Alpine (locked: over the plan limit)' });
      await page.getByRole('alert').waitFor();
    },
  },
  {
    name: 'popup-jobs',
    page: 'popup',
    viewport: { width: 360, height: 600 },
    prepare: showFinishedJob,
    readme: 'Generated images in the toolbar popup',
  },
  { name: 'popup', page: 'popup', viewport: POPUP },
  { name: 'popup-dark', page: 'popup', colorScheme: 'dark', viewport: POPUP },
];

/**
 * Takes every stop's screenshot into `outDir` (PNG), and the README's few into `readmeDir`
 * as JPEG at quality 80, small enough to keep in the repository.
 */
export async function runTour(
  context: BrowserContext,
  env: TourEnv,
  outDir: string,
  readmeDir?: string,
): Promise<string[]> {
  mkdirSync(outDir, { recursive: true });
  if (readmeDir) mkdirSync(readmeDir, { recursive: true });
  const files: string[] = [];
  for (const stop of TOUR) {
    const page = await context.newPage();
    if (stop.viewport) await page.setViewportSize(stop.viewport);
    await page.emulateMedia({ colorScheme: stop.colorScheme ?? 'light' });
    await page.goto(
      stop.page === 'demo'
        ? `${env.baseUrl}${stop.path ?? '/demo/pages'}`
        : `chrome-extension://${env.extensionId}/${stop.page}.html`,
    );
    await page.getByRole('heading', { level: 1 }).waitFor();
    await stop.prepare?.(page, env);
    const file = path.join(outDir, `${stop.name}.png`);
    const fullPage = stop.page !== 'sidepanel' && stop.page !== 'demo';
    await page.screenshot({ path: file, fullPage });
    files.push(file);
    if (readmeDir && stop.readme) {
      const image = path.join(readmeDir, `${stop.name}.jpg`);
      await page.screenshot({ path: image, fullPage, type: 'jpeg', quality: 80 });
      files.push(image);
    }
    await page.close();
  }
  return files;
}
