import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { DEMO_API_KEY } from '../../lib/contract/demo';
import { launchWithExtension } from '../../scripts/launch-chromium';
import { type RunningServer, startAdscopeServer } from '../../server/app';
import type { Shapes } from '../../server/shapes';
import { languageForBrowser } from '../../lib/i18n/languages';
import { OptionsPage } from '../support/pages/options-page';
import { wordsOf } from '../support/words';

export type ExtensionPageName = 'sidepanel' | 'popup' | 'options';

interface TestFixtures {
  /** The browser's language (`--lang`); en-US unless a spec asks for another with `test.use`. */
  browserLocale: string;
  context: BrowserContext;
  extensionId: string;
  /** Console errors and uncaught exceptions from every page opened with `openPage`. */
  consoleErrors: string[];
  openPage: (name: ExtensionPageName) => Promise<Page>;
  /** Saves the server's demo key through the options page, as a user would. */
  connect: () => Promise<void>;
}

export interface WorkerOptions {
  /**
   * Which shapes the reference server answers in: default, alt or minimal (server/shapes.ts), or
   * atria, the real service's (server/atria-shapes.ts); the alt-shapes project sets alt.
   */
  shapes: Shapes;
}

interface WorkerFixtures extends WorkerOptions {
  server: RunningServer;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  shapes: ['default', { scope: 'worker', option: true }],
  server: [
    async ({ shapes }, use) => {
      const server = await startAdscopeServer({ port: 0, rateLimit: 0, shapes });
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  browserLocale: ['en-US', { option: true }],
  context: async ({ browserLocale }, use) => {
    const { context, close } = await launchWithExtension({ locale: browserLocale });
    await use(context);
    await close();
  },
  extensionId: async ({ context }, use) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await use(new URL(worker.url()).host);
  },
  consoleErrors: async ({ server }, use) => {
    server.state.faults.clear();
    const errors: string[] = [];
    await use(errors);
    expect(errors, 'console errors on extension pages').toEqual([]);
  },
  openPage: async ({ context, extensionId, consoleErrors }, use) => {
    await use(async (name) => {
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(`${name}: ${message.text()}`);
      });
      page.on('pageerror', (error) => consoleErrors.push(`${name}: ${error.message}`));
      await page.goto(`chrome-extension://${extensionId}/${name}.html`);
      return page;
    });
  },
  connect: async ({ openPage, server, browserLocale }, use) => {
    await use(async () => {
      const page = await openPage('options');
      await new OptionsPage(page, wordsOf(languageForBrowser([browserLocale]))).connect(server.baseUrl, DEMO_API_KEY);
      await page.close();
    });
  },
});

/** True in a page that holds axe-core already (`window.axe`, put there by an earlier check). */
const holdsAxe = () => typeof (window as { axe?: unknown }).axe === 'object';

/**
 * Fails on any serious or critical axe-core violation, listing them. In axe's same-origin mode
 * (`setLegacyMode`): `axe.run` in the page itself, where the default opens a blank page for every
 * check to combine each frame's results, which took twice as long (2.5 s against 1.3 on two cores)
 * and added a page to the browser under test. Adscope's pages hold no frame, and its button on a
 * web page is in the page's own document; a web page's other sites' frames are not ours to check.
 *
 * axe-core's source (550 KB) goes into a page once: AxeBuilder evaluates the source it is given
 * twice at every check, which took 0.6 to 1 s of a check of 0.8 to 1.2 s on the side panel; given
 * a script that does nothing where axe already is, a later check took 0.2 to 0.3 s. Only the
 * violations come back with their elements (`resultTypes`); the passes are counted, not listed.
 */
export async function expectAccessible(page: Page): Promise<void> {
  if (!(await page.evaluate(holdsAxe))) await page.evaluate(axe.source);
  const results = await new AxeBuilder({ page, axeSource: 'void 0' })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  expect(serious).toEqual([]);
}

export { expect };
export { stopServiceWorker } from '../support/service-worker';
