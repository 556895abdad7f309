import { type Browser, browser } from 'wxt/browser';
import { retitleMenu } from '../menu-title';
import { FIND_SIMILAR_MENU_ID } from '../gestures';
import type { EventSource } from '../held-event';
import { beginHandover, failHandover } from './handover';
import { pageButtonItem } from './page-button-registration';
import { t } from '../../i18n';
import { labelInWorkerLanguage, workerLanguageReady } from '../language';
import 'virtual:adscope-english/api';
import 'virtual:adscope-english/worker';
import { settleWithin } from '../../settle-within';
import {
  FIND_SIMILAR_SCRIPT,
  type PageTrigger,
  TRIGGER_GLOBAL,
  type TriggerSource,
} from '../../messaging/page-trigger';

/** Said of a page the browser keeps closed to extensions, in the chosen language. */
export const unreadablePage = (): string => t('api.similar.unreadablePage');
/** Said of a page whose script did not answer. */
export const pageDidNotAnswer = (): string => t('api.similar.pageDidNotAnswer');

export interface TabLike {
  id?: number | undefined;
  windowId?: number | undefined;
  url?: string | undefined;
  title?: string | undefined;
}

/** What of the context menu's click info says what the user pointed at. */
export interface MenuInfoLike {
  selectionText?: string | undefined;
  mediaType?: string | undefined;
  srcUrl?: string | undefined;
  linkUrl?: string | undefined;
  frameId?: number | undefined;
}

export type ExecuteScript = (injection: {
  target: { tabId: number; frameIds?: number[]; documentIds?: string[] };
  func?: (key: string, value: PageTrigger) => void;
  args?: [string, PageTrigger];
  files?: string[];
}) => Promise<unknown>;

const defaultExecuteScript: ExecuteScript = (injection) =>
  browser.scripting.executeScript(injection as Parameters<typeof browser.scripting.executeScript>[0]);

/** How long an injection may take before the page is said not to answer. */
const INJECT_WAIT_MS = 15_000;
const LATE = Symbol('late');

/** Runs in the extension's isolated world of the page, before the script: it must stay self-contained. */
function setTrigger(key: string, value: PageTrigger): void {
  (globalThis as Record<string, unknown>)[key] = value;
}

/** The trigger a context-menu click describes: a selection, else an image, else a link, else the page. */
export function menuTrigger(info: MenuInfoLike, button: boolean): PageTrigger {
  if (info.selectionText?.trim()) return { source: 'selection', button };
  if (info.mediaType === 'image' && info.srcUrl) return { source: 'image', srcUrl: info.srcUrl.slice(0, 2048), button };
  if (info.linkUrl) return { source: 'link', linkUrl: info.linkUrl.slice(0, 2048), button };
  return { source: 'page', button };
}

/**
 * Reads a tab for "find similar ads": tells the panel a page is being read, injects the
 * runtime-registered script (the user's gesture granted activeTab), which sends the page's
 * signals back through the router. Every way this can fail ends in words for the panel.
 */
export async function findSimilarInTab(
  tab: TabLike | undefined,
  trigger: PageTrigger,
  frameId = 0,
  executeScript: ExecuteScript = defaultExecuteScript,
): Promise<void> {
  const source: TriggerSource = trigger.source;
  const tabId = tab?.id;
  if (tabId === undefined || tabId < 0) {
    await failHandover(null, source, null, t('api.similar.whichPage'));
    return;
  }
  const id = await beginHandover(source, tabId, tab?.title ?? '');
  if (tab?.url !== undefined && !/^https?:\/\//i.test(tab.url)) {
    await failHandover(id, source, tabId, unreadablePage());
    return;
  }
  let triggerSet = false;
  let late = false;
  // A page that never lets the script in (still loading, or showing an alert) is said not to answer.
  const run: ExecuteScript = async (injection) => {
    const done = await settleWithin(executeScript(injection), INJECT_WAIT_MS, LATE);
    if (done !== LATE) return done;
    late = true;
    throw new Error('late');
  };
  const inject = async (frame: number) => {
    const target = { tabId, frameIds: [frame] };
    const [set] = ((await run({ target, func: setTrigger, args: [TRIGGER_GLOBAL, trigger] })) ?? []) as {
      documentId?: string;
    }[];
    triggerSet = true;
    // Into the document the trigger was left in (Chrome names it): a page navigated in between
    // refuses the script, which would find no trigger there and show the page button.
    await run({
      target: set?.documentId ? { tabId, documentIds: [set.documentId] } : target,
      files: [`/${FIND_SIMILAR_SCRIPT}`],
    });
  };
  try {
    try {
      await inject(frameId);
    } catch (error) {
      // A frame from another site is closed to activeTab; the page itself is not.
      if (frameId === 0 || triggerSet || late) throw error;
      await inject(0);
    }
  } catch {
    // A tab closed, or gone to another page, meanwhile refuses the script too: said as what happened.
    const now = await browser.tabs.get(tabId).catch(() => undefined);
    const page = (url: string | undefined) => url?.split('#')[0];
    const error = !now
      ? t('api.similar.tabClosed')
      : tab?.url && now.url && page(now.url) !== page(tab.url)
        ? t('api.similar.tabNavigated')
        : triggerSet || late
          ? pageDidNotAnswer()
          : unreadablePage();
    await failHandover(id, source, tabId, error);
    return;
  }
  // The script has run and answered by now; if it did not, say so rather than spin.
  await failHandover(id, source, tabId, pageDidNotAnswer());
}

async function pageButtonOn(): Promise<boolean> {
  return (await pageButtonItem.get()).enabled;
}

/** Reads a tab known by id, e.g. the active tab the popup was opened on. */
export async function readTabById(tabId: number, source: TriggerSource): Promise<void> {
  const tab = await browser.tabs.get(tabId).catch(() => undefined);
  await findSimilarInTab(tab ?? { id: tabId }, { source, button: await pageButtonOn() });
}

function relabelMenu(): void {
  retitleMenu(FIND_SIMILAR_MENU_ID, t('worker.menu.findSimilar'));
}

/**
 * The find-similar context-menu entry (page, selection, image, link): made at install, titled
 * again in the chosen language. Its clicks and the command are heard from the worker's first
 * turn (lib/background/gestures.ts), which opens the panel inside the gesture and then reads
 * the page here.
 */
export function registerFindSimilarMenu(installed: EventSource<[Browser.runtime.InstalledDetails]>): void {
  installed.addListener(() => {
    browser.contextMenus.create({
      id: FIND_SIMILAR_MENU_ID,
      title: t('worker.menu.findSimilar'),
      contexts: ['page', 'selection', 'image', 'link'],
    });
    // Made at install in English if the chosen language was not read yet: titled again once it is.
    void workerLanguageReady().then(relabelMenu);
  });
  labelInWorkerLanguage(relabelMenu);
}

/** Reads the page a find-similar menu entry was clicked on (the panel is already opening). */
export async function findSimilarFromMenu(info: MenuInfoLike, tab: TabLike | undefined): Promise<void> {
  await findSimilarInTab(tab, menuTrigger(info, await pageButtonOn()), info.frameId ?? 0);
}

/** Reads the page the find-similar command was pressed on: the tab it names, else the active one. */
export async function findSimilarFromCommand(tab: TabLike | undefined): Promise<void> {
  const target = tab ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0];
  await findSimilarInTab(target, { source: 'command', button: await pageButtonOn() });
}
