import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import axe from 'axe-core';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { expect } from 'vitest';
import { findFirefox } from '../../scripts/requirements';

/**
 * Firefox ESR driven over WebDriver BiDi by puppeteer-core (see docs/testing.md for why this
 * driver). The Firefox build is installed as a temporary add-on (`webExtension.install`), with a
 * fixed moz-extension host so pages can be opened by URL.
 */
export const ADDON_ID = 'adscope@adscope.dev';
/** The add-on's moz-extension host, fixed through the profile (`extensions.webextensions.uuids`). */
export const ADDON_UUID = '6f1d7c2e-1b7a-4c51-9a57-3c1f0d1e2a3b';
export const FIREFOX_BUILD = path.resolve('.output/firefox-mv2');

export type ExtensionPageName = 'sidepanel' | 'popup' | 'options';

export interface FirefoxSession {
  browser: Browser;
  /** Where the profile saves downloads. */
  downloads: string;
  /** Errors logged by the extension pages opened with `open`, and their uncaught exceptions. */
  consoleErrors: string[];
  open(name: ExtensionPageName, viewport?: { width: number; height: number }): Promise<Page>;
  /** Opens an ordinary web page in a new tab. */
  openUrl(url: string): Promise<Page>;
  close(): Promise<void>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts headless Firefox ESR with the Firefox build installed.
 * - `extensions.webextOptionalPermissionPrompts: false` grants what the add-on asks for at
 *   runtime (`permissions.request`) without the prompt a user would answer: the optional host
 *   permissions are still requested at runtime, as in use, only never refused.
 * - `idleTimeoutMs` sets how soon Firefox unloads the idle event page (default 30 s).
 */
export async function launchFirefox({ idleTimeoutMs }: { idleTimeoutMs?: number } = {}): Promise<FirefoxSession> {
  const firefox = findFirefox();
  if (!firefox.ok) throw new Error(`Firefox ESR ${firefox.problem}\n${firefox.fix.join('\n')}`);
  const downloads = mkdtempSync(path.join(os.tmpdir(), 'adscope-firefox-downloads-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefox.path,
    headless: true,
    // BiDi may navigate to moz-extension:// pages only with system access allowed.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextOptionalPermissionPrompts': false,
      'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: ADDON_UUID }),
      ...(idleTimeoutMs ? { 'extensions.background.idle.timeout': idleTimeoutMs } : {}),
      'browser.download.folderList': 2,
      'browser.download.dir': downloads,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
      'browser.helperApps.neverAsk.saveToDisk': 'text/csv',
      // Nothing reaches out beyond 127.0.0.1.
      'network.connectivity-service.enabled': false,
      'app.update.disabledForTesting': true,
    },
  });
  const installed = await browser.installExtension(FIREFOX_BUILD);
  if (installed !== ADDON_ID) throw new Error(`installed ${installed}, not ${ADDON_ID}`);
  const consoleErrors: string[] = [];
  const watch = (page: Page, name: string) => {
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${name}: ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`${name}: ${String(error)}`));
  };
  return {
    browser,
    downloads,
    consoleErrors,
    async open(name, viewport = { width: 400, height: 800 }) {
      const page = await browser.newPage();
      await page.setViewport(viewport);
      watch(page, name);
      const url = `moz-extension://${ADDON_UUID}/${name}.html`;
      // Firefox loads the page in the extension's process; the navigation's own promise does not
      // follow it there, so the page is awaited from inside.
      void page.goto(url, { timeout: 15_000 }).catch(() => undefined);
      // A check that lands as the document is swapped fails ("Waiting failed", a protocol error: the
      // realm it ran in is gone): it is asked again, until the page is there or the time is up.
      const deadline = Date.now() + 15_000;
      for (;;) {
        try {
          await page.waitForFunction(
            (wanted) => location.href === wanted && document.readyState === 'complete',
            { timeout: Math.max(1, deadline - Date.now()) },
            url,
          );
          return page;
        } catch (error) {
          if (Date.now() >= deadline) throw error;
          await wait(50);
        }
      }
    },
    async openUrl(url) {
      const page = await browser.newPage();
      watch(page, url);
      await page.goto(url);
      return page;
    },
    async close() {
      await browser.close();
      rmSync(downloads, { recursive: true, force: true });
    },
  };
}

/** A locator by role and accessible name, as a user finds a control (puppeteer's ARIA query). */
export function byRole(page: Page, role: string, name: string | { exact: string }) {
  const wanted = typeof name === 'string' ? name : name.exact;
  return page.locator(`::-p-aria([role="${role}"][name="${wanted.replace(/"/g, '\\"')}"])`);
}

/**
 * The control a visible label names. For the few controls Firefox's accessibility tree gives no
 * role to, such as a password field.
 */
export async function byLabel(page: Page, label: string): Promise<ElementHandle<Element>> {
  const handle = await page.waitForFunction(
    (text) => [...document.querySelectorAll('label')].find((element) => element.textContent?.trim() === text)?.control,
    {},
    label,
  );
  return handle as ElementHandle<Element>;
}

/** Every element of a role whose accessible name matches, found through the accessibility tree. */
export async function allByRole(
  page: Page | ElementHandle,
  role: string,
  name: RegExp = /.*/,
): Promise<ElementHandle<Element>[]> {
  const handles = await page.$$(`::-p-aria([role="${role}"])`);
  const named: ElementHandle<Element>[] = [];
  for (const handle of handles) {
    // The name as the accessibility tree takes it, for the cases the panel uses: aria-label,
    // aria-labelledby, a <label>, else the text.
    const label = await handle.evaluate((element) => {
      const byIds = element
        .getAttribute('aria-labelledby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
      const labels = 'labels' in element ? [...((element as HTMLInputElement).labels ?? [])] : [];
      return (
        element.getAttribute('aria-label') ??
        byIds ??
        (labels.length ? labels.map((node) => node.textContent ?? '').join(' ') : (element as HTMLElement).innerText)
      );
    });
    if (name.test(label.trim())) named.push(handle);
  }
  return named;
}

/** Polls until `check` holds (or throws its last failure after `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await wait(200);
    }
  }
}

/** The page's visible text, for checks on what the user reads. */
export const textOf = (page: Page) => page.evaluate(() => document.body.innerText);

/** Waits until the page shows `text` (a string or a pattern). */
export async function expectText(page: Page, text: string | RegExp, timeoutMs = 15_000): Promise<void> {
  await eventually(async () => {
    const shown = await textOf(page);
    if (typeof text === 'string') expect(shown).toContain(text);
    else expect(shown).toMatch(text);
  }, timeoutMs);
}

/** axe-core run in the page: fails on any serious or critical violation, listing them. */
export async function expectAccessible(page: Page): Promise<void> {
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const scope = globalThis as unknown as {
      axe: {
        run(context: Document): Promise<{ violations: { id: string; impact: string | null; nodes: unknown[] }[] }>;
      };
    };
    const results = await scope.axe.run(document);
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.length} nodes`);
  });
  expect(violations).toEqual([]);
}

/** Runs a browser API call in an extension page, where `browser` is the WebExtension namespace. */
export function inExtension<T>(page: Page, body: string): Promise<T> {
  return page.evaluate(`(async () => { ${body} })()`) as Promise<T>;
}

/** Saves the first (or `index`-th) card of the search results to a board, with tags, through the save dialog. */
export async function saveToBoard(
  page: Page,
  boardName: string,
  { index = 0, tags }: { index?: number; tags?: string },
) {
  const saves = await allByRole(page, 'button', /^Save .* to a board$/);
  const save = saves[index];
  if (!save) throw new Error(`No card's save button at ${index}: ${saves.length} found`);
  await save.click();
  await byRole(page, 'searchbox', 'Find a board').fill(boardName);
  // The dialog's boards load after it opens: wait for the board's choice rather than click none
  // (on a loaded two-core machine a woken event page takes its time to answer the boards' read).
  const radio = await eventually(async () => {
    const [found] = await allByRole(page, 'radio', new RegExp(boardName));
    if (!found) {
      // What the save dialog says instead (still loading, an error), for the failure's report: the
      // search's filters are dialogs too, so it is the one with the board search in it.
      const said = await page.evaluate(
        () =>
          [...document.querySelectorAll('[role="dialog"], dialog')]
            .find((dialog) => dialog.querySelector('input[type="search"]'))
            ?.textContent?.replace(/\s+/g, ' ') ?? 'no save dialog',
      );
      throw new Error(`No board named ${boardName} to choose in the save dialog, which says: ${said.slice(0, 400)}`);
    }
    return found;
  }, 30_000);
  await radio.click();
  if (tags !== undefined) await byRole(page, 'textbox', 'Tags').fill(tags);
  await byRole(page, 'button', `Save to ${boardName}`).click();
}
