import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { DEMO_API_KEY } from '../../lib/contract/demo';
import { type Launched, launchWithExtension } from '../../scripts/launch-chromium';
import { type RunningServer, startAdscopeServer } from '../../server/app';
import type { Shapes } from '../../server/shapes';
import { stopServiceWorker } from '../support/service-worker';
import type { browser } from 'wxt/browser';

export type ExtensionPageName = 'sidepanel' | 'popup' | 'options';

interface TestFixtures {
  /** The browser's language (`--lang`); en-US unless a spec asks for another with `test.use`. */
  browserLocale: string;
  /**
   * A browser launched for this test alone, for a test that changes the browser itself (an init
   * script of the whole context); the others share their worker's browser, emptied between tests.
   */
  freshBrowser: boolean;
  context: BrowserContext;
  extensionId: string;
  /** Console errors and uncaught exceptions from every page opened with `openPage`. */
  consoleErrors: string[];
  openPage: (name: ExtensionPageName) => Promise<Page>;
  /**
   * Saves the server's demo key as the options page's "Save and test" does: the same message to
   * the worker, which tests the key against the server and stores it (the e2e build holds the
   * loopback access the page would ask for), without loading the page (a second of CPU a test).
   * Connecting through the page itself is tested where it is the subject: `trust.spec.ts`,
   * `foundation.spec.ts`, `welcome.spec.ts`, `real-service.spec.ts` and the Firefox journey.
   */
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
  sharedBrowser: SharedBrowser;
}

/**
 * The worker's browser: launched for its first test (and again for a test in another language),
 * then emptied after each (`emptyExtension`).
 */
interface SharedBrowser {
  take: (locale: string) => Promise<Launched>;
  /** Closes it while a test runs a browser of its own: a worker runs one browser at a time, as it did. */
  release: () => Promise<void>;
  giveBack: () => Promise<void>;
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
  sharedBrowser: [
    async ({ server }, use) => {
      const shared: { launched: Launched | null; locale: string } = { launched: null, locale: '' };
      await use({
        take: async (locale) => {
          if (shared.launched && shared.locale !== locale) {
            await shared.launched.close();
            shared.launched = null;
          }
          shared.locale = locale;
          return (shared.launched ??= await launchWithExtension({ locale }));
        },
        release: async () => {
          const { launched } = shared;
          shared.launched = null;
          await launched?.close();
        },
        giveBack: async () => {
          const { launched } = shared;
          if (!launched) return;
          try {
            await emptyExtension(launched, server.baseUrl);
          } catch (error) {
            // Not emptied: the next test gets a browser of its own.
            console.warn(`A shared browser could not be emptied (${String(error)}); the next test launches another.`);
            shared.launched = null;
            await launched.close();
          }
        },
      });
      await shared.launched?.close();
    },
    { scope: 'worker' },
  ],
  browserLocale: ['en-US', { option: true }],
  freshBrowser: [false, { option: true }],
  context: async ({ browserLocale, freshBrowser, sharedBrowser }, use) => {
    if (freshBrowser) {
      await sharedBrowser.release();
      const { context, close } = await launchWithExtension({ locale: browserLocale });
      await use(context);
      await close();
      return;
    }
    const { context } = await sharedBrowser.take(browserLocale);
    await use(context);
    await sharedBrowser.giveBack();
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
  connect: async ({ context, extensionId, server }, use) => {
    await use(async () => {
      // An extension page with no app in it (the manifest), to send what "Save and test" sends.
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/manifest.json`);
      const reply = await page.evaluate(
        (payload) =>
          (globalThis as unknown as { chrome: typeof browser }).chrome.runtime.sendMessage({
            type: 'settings.save',
            payload,
          }),
        { baseUrl: server.baseUrl, apiKey: DEMO_API_KEY },
      );
      await page.close();
      expect(reply, 'the demo key saved and tested').toMatchObject({ ok: true });
    });
  },
});

/**
 * Puts a shared browser back as a fresh launch leaves it, in about a tenth of a launch's CPU (a
 * launch and close took 3 s of CPU on two cores, a fifth of a short test): every page closed but
 * one blank tab, the worker stopped (it starts again with nothing in memory), everything the
 * extension keeps emptied (its storage areas, alarms, notifications, registered scripts, granted
 * origins, its pages' local storage, IndexedDB and caches), the web pages' data and the HTTP cache
 * cleared. A reload of the extension would do it in one step, but Chromium does not load a
 * `--load-extension` extension again after `runtime.reload()`.
 */
async function emptyExtension({ context, extensionId }: Launched, serverUrl: string): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearCookies();
  const control = await context.newPage();
  for (const page of context.pages()) if (page !== control) await page.close();
  // Stopped, the worker starts again at once with nothing in memory (the same target for Playwright).
  await stopServiceWorker(context, control);
  await control.goto(`chrome-extension://${extensionId}/manifest.json`);
  await control.evaluate(emptyStores);
  const cdp = await context.newCDPSession(control);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(serverUrl).origin, storageTypes: 'all' });
  await cdp.detach();
  // The worker that saw storage emptied may have written in it: once more, from a worker started on empty storage.
  await stopServiceWorker(context, control);
  await control.evaluate(emptyStores);
  // Running again, as after a launch, where a test finds it (`context.serviceWorkers()`).
  const session = await context.newCDPSession(control);
  const running = new Promise<void>((resolve) =>
    session.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      if (versions.some((version) => version.runningStatus === 'running')) resolve();
    }),
  );
  await session.send('ServiceWorker.enable');
  await session.send('ServiceWorker.startWorker', { scopeURL: `chrome-extension://${extensionId}/` });
  await running;
  await session.detach();
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker after emptying the extension');
  await worker.evaluate(() => true);
  await control.goto('about:blank');
}

/** Runs in an extension page: empties everything the extension keeps (see `emptyExtension`). */
async function emptyStores(): Promise<void> {
  const api = (globalThis as unknown as { chrome: typeof browser }).chrome;
  localStorage.clear();
  sessionStorage.clear();
  for (const database of await indexedDB.databases()) {
    const name = database.name;
    if (!name) continue;
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error ?? new Error(`IndexedDB ${name} not deleted`));
      request.onblocked = () => reject(new Error(`IndexedDB ${name} is still open`));
    });
  }
  for (const key of await caches.keys()) await caches.delete(key);
  const required = new Set(api.runtime.getManifest().host_permissions ?? []);
  const granted = ((await api.permissions.getAll()).origins ?? []).filter((origin) => !required.has(origin));
  if (granted.length > 0) await api.permissions.remove({ origins: granted });
  for (const id of Object.keys(await api.notifications.getAll())) await api.notifications.clear(id);
  await api.scripting.unregisterContentScripts();
  await Promise.all([
    api.storage.local.clear(),
    api.storage.sync.clear(),
    api.storage.session.clear(),
    api.alarms.clearAll(),
    api.action.setBadgeText({ text: '' }),
  ]);
}

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
export { stopServiceWorker };
