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
export const TOUR: TourStop[] = [
  { name: 'options', page: 'options', viewport: { width: 900, height: 700 } },
  { name: 'options-dark', page: 'options', colorScheme: 'dark', viewport: { width: 900, height: 700 } },
  {
    name: 'sidepanel-workspace',
    page: 'sidepanel',
    viewport: PANEL,
    prepare: async (page) => {
      await page.getByRole('heading', { name: 'Your brands' }).waitFor();
      await page.getByRole('listitem').first().waitFor();
    },
  },
  {
    name: 'sidepanel-workspace-dark',
    page: 'sidepanel',
    colorScheme: 'dark',
    viewport: PANEL,
    prepare: async (page) => {
      await page.getByRole('listitem').first().waitFor();
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
    await page.screenshot({ path: file, fullPage: true });
    files.push(file);
    await page.close();
  }
  return files;
}
