import { type Clock, systemClock } from '../clock';
import { openResearchPanel } from '../open-panel';
import { handOverPage } from './similar/handover';
import {
  type PageButtonDeps,
  browserPageButtonDeps,
  pageButtonItem,
  reconcilePageButton,
  pageButtonWords,
  setPageButton,
} from './similar/page-button-registration';
import { readTabById } from './similar/trigger';
import type { Handlers } from './router';
import { createSettingsService, type OriginAccess } from './settings';

export interface PageHandlerDeps {
  /** Host-permission check; injectable for tests. */
  hasOriginAccess?: (pattern: string) => Promise<OriginAccess>;
  /** The page button's browser side; injectable for tests. */
  pageButton?: PageButtonDeps;
  /** Reads a tab for find-similar; injectable for tests. */
  readTab?: (tabId: number) => Promise<void>;
  /** @default systemClock */
  clock?: Clock;
}

/** The URL and host name of the frame a content script sent from, as the browser reports it. */
function pageOf(url: string | undefined): { url: string; hostname: string } {
  if (!url || !URL.canParse(url)) return { url: '', hostname: '' };
  const parsed = new URL(url);
  return { url: url.slice(0, 2048), hostname: parsed.hostname.toLowerCase().slice(0, 253) };
}

/**
 * The handlers that need neither the API client nor the jobs: the settings, the page button,
 * the panel, and a page handed over. A worker woken by one of them answers before it loads the rest.
 */
export function pageHandlers(deps: PageHandlerDeps) {
  const clock = deps.clock ?? systemClock;
  const settings = createSettingsService({
    clock,
    ...(deps.hasOriginAccess ? { hasOriginAccess: deps.hasOriginAccess } : {}),
  });
  const pageButton = deps.pageButton ?? browserPageButtonDeps;
  const readTab = deps.readTab ?? ((tabId: number) => readTabById(tabId, 'toolbar'));
  return {
    'settings.get': () => settings.view(),
    'settings.save': (input) => settings.save(input),
    'settings.setTheme': ({ theme }) => settings.setTheme(theme),
    'settings.setLanguage': ({ language }) => settings.setLanguage(language),
    'settings.forgetKey': () => settings.forgetKey(),
    'connection.test': () => settings.test(),
    'similar.show': async ({ source, signals }, context) => {
      // First, while the click that sent this may still count as the user's gesture.
      const opening =
        source === 'button' ? openResearchPanel(context.windowId).catch(() => false) : Promise.resolve(true);
      // A page loaded before the button was turned off still shows it: off, it hands nothing over.
      // The page is told so (it asks for a reload, which takes the button away), not that it is ready.
      if (source === 'button' && !(await pageButtonItem.get()).enabled) {
        await opening;
        throw new Error('The page button is off.');
      }
      // The page's address is the browser's word for the sending frame, not the page's own.
      const page = pageOf(context.url);
      await handOverPage(source, context.tabId ?? null, { kind: 'page', signals: { ...signals, ...page } }, clock);
      return { opened: await opening };
    },
    'similar.inTab': async ({ tabId }) => {
      await readTab(tabId);
      return { ok: true as const };
    },
    'pageButton.get': () => reconcilePageButton(pageButton),
    'pageButton.set': ({ enabled }) => setPageButton(enabled, pageButton),
    'pageButton.words': () => pageButtonWords(),
    'sidePanel.open': async ({ windowId }, context) => ({
      opened: await openResearchPanel(windowId ?? context.windowId),
    }),
  } satisfies Partial<Handlers>;
}
