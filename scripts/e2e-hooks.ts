import type { BrowserContext, Worker } from '@playwright/test';
import type { PendingSimilar } from '../lib/storage/pending-similar';
import type { PageTrigger } from '../lib/messaging/page-trigger';

/**
 * What tests and the tour reach in the e2e build's service worker: the Chrome APIs, and the
 * find-similar entry point that the context menu, the command and the toolbar call (a browser
 * menu or shortcut cannot be pressed from Playwright).
 */
export interface TabInfo {
  id: number;
  url: string;
  title: string;
  windowId: number;
}
interface WorkerGlobals {
  chrome: {
    tabs: { query(query: object): Promise<TabInfo[]> };
    storage: { session: { get(key: string): Promise<Record<string, unknown>> } };
    scripting: { getRegisteredContentScripts(): Promise<{ id: string }[]> };
    action: { getBadgeText(details: object): Promise<string>; getTitle(details: object): Promise<string> };
  };
  adscopeE2E: {
    findSimilarInTab(tab: TabInfo, trigger: PageTrigger, frameId?: number): Promise<void>;
    fireWatchAlarm(): Promise<string>;
  };
}

export async function serviceWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

/** Does what the context menu, the command and the toolbar do, for the tab showing `url`. */
export async function findSimilarOn(context: BrowserContext, url: string, trigger: PageTrigger): Promise<void> {
  const worker = await serviceWorker(context);
  await worker.evaluate(
    async ({ url, trigger }) => {
      const scope = globalThis as unknown as WorkerGlobals;
      const tab = (await scope.chrome.tabs.query({})).find((candidate) => candidate.url === url);
      if (!tab) throw new Error(`no tab shows ${url}`);
      await scope.adscopeE2E.findSimilarInTab(tab, trigger);
    },
    { url, trigger },
  );
}

/** The hand-over the panel reads from session storage. */
export async function pendingHandover(context: BrowserContext): Promise<PendingSimilar | null> {
  const worker = await serviceWorker(context);
  return worker.evaluate(async () => {
    const stored = await (globalThis as unknown as WorkerGlobals).chrome.storage.session.get('similarPending');
    return (stored.similarPending ?? null) as PendingSimilar | null;
  });
}

/** Ids of the content scripts registered at runtime (the opt-in page button's). */
export async function registeredScripts(context: BrowserContext): Promise<string[]> {
  const worker = await serviceWorker(context);
  return worker.evaluate(async () =>
    (await (globalThis as unknown as WorkerGlobals).chrome.scripting.getRegisteredContentScripts()).map(
      (script) => script.id,
    ),
  );
}

/** Fires the watchlist's alarm as the browser would at its time; resolves when the check has ended. */
export async function fireWatchAlarm(context: BrowserContext): Promise<string> {
  const worker = await serviceWorker(context);
  return worker.evaluate(() => (globalThis as unknown as WorkerGlobals).adscopeE2E.fireWatchAlarm());
}

/** The toolbar button's badge text and title. */
export async function toolbarBadge(context: BrowserContext): Promise<{ text: string; title: string }> {
  const worker = await serviceWorker(context);
  return worker.evaluate(async () => {
    const { action } = (globalThis as unknown as WorkerGlobals).chrome;
    return { text: await action.getBadgeText({}), title: await action.getTitle({}) };
  });
}
