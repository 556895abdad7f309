import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';

/** One screen of the tour: opens a surface in a given state and leaves it ready for a screenshot. */
export interface TourStop {
  name: string;
  page: 'sidepanel' | 'popup' | 'options';
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  prepare?: (page: Page) => Promise<void>;
}

const PANEL = { width: 400, height: 800 };
const POPUP = { width: 360, height: 480 };

/** Every later feature adds its screens here. */
async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
}

async function showSearch(page: Page, text: string): Promise<void> {
  await openTab(page, 'Search');
  await page.getByRole('searchbox', { name: 'Search ads' }).fill(text);
  await page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first().waitFor();
  await page.getByText(`Results for “${text}”`).waitFor();
}

/** Every feature adds its screens here. */
export const TOUR: TourStop[] = [
  { name: 'options', page: 'options', viewport: { width: 900, height: 700 } },
  { name: 'options-dark', page: 'options', colorScheme: 'dark', viewport: { width: 900, height: 700 } },
  { name: 'search-results', page: 'sidepanel', viewport: PANEL, prepare: (page) => showSearch(page, 'waterproof') },
  {
    name: 'search-results-dark',
    page: 'sidepanel',
    colorScheme: 'dark',
    viewport: PANEL,
    prepare: (page) => showSearch(page, 'serum'),
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
      await showSearch(page, 'tent');
      await page.getByText('Filters').click();
      await page.getByRole('checkbox', { name: 'German' }).check();
    },
  },
  {
    name: 'ad-detail',
    page: 'sidepanel',
    viewport: PANEL,
    prepare: async (page) => {
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
    page: 'sidepanel',
    viewport: PANEL,
    prepare: async (page) => {
      await openTab(page, 'Boards');
      await page.getByRole('searchbox', { name: 'Filter boards' }).fill('Video hooks');
      await page.getByRole('treeitem', { name: /^Video hooks/ }).click();
      await page.getByRole('list', { name: 'Board ads' }).getByRole('listitem').first().waitFor();
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
  { name: 'popup', page: 'popup', viewport: POPUP },
  { name: 'popup-dark', page: 'popup', colorScheme: 'dark', viewport: POPUP },
];

export async function runTour(context: BrowserContext, extensionId: string, outDir: string): Promise<string[]> {
  mkdirSync(outDir, { recursive: true });
  const files: string[] = [];
  for (const stop of TOUR) {
    const page = await context.newPage();
    if (stop.viewport) await page.setViewportSize(stop.viewport);
    await page.emulateMedia({ colorScheme: stop.colorScheme ?? 'light' });
    await page.goto(`chrome-extension://${extensionId}/${stop.page}.html`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await stop.prepare?.(page);
    const file = path.join(outDir, `${stop.name}.png`);
    await page.screenshot({ path: file, fullPage: stop.page !== 'sidepanel' });
    files.push(file);
    await page.close();
  }
  return files;
}
