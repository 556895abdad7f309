import { type Browser, browser } from 'wxt/browser';
import { retitleMenu } from './menu-title';
import { t } from '../i18n';
import { OPEN_PANEL_MENU_ID } from './gestures';
import type { EventSource } from './held-event';
import { labelInWorkerLanguage, workerLanguageReady } from './language';
import 'virtual:adscope-english/worker';

/**
 * The toolbar button's "Open Adscope" menu entry: made at install, titled again in the chosen
 * language. Its clicks and the keyboard command are heard from the worker's first turn
 * (lib/background/gestures.ts), which opens the panel inside the gesture.
 */
export function registerPanelMenu(installed: EventSource<[Browser.runtime.InstalledDetails]>): void {
  installed.addListener(() => {
    browser.contextMenus.create({
      id: OPEN_PANEL_MENU_ID,
      title: t('worker.menu.openAdscope'),
      // On the toolbar button's own menu; pages get "Find similar ads" (lib/background/similar/trigger).
      contexts: [import.meta.env.MANIFEST_VERSION === 2 ? 'browser_action' : 'action'],
    });
    // Made at install in English if the chosen language was not read yet: titled again once it is.
    void workerLanguageReady().then(relabelMenu);
  });
  labelInWorkerLanguage(relabelMenu);
}

function relabelMenu(): void {
  retitleMenu(OPEN_PANEL_MENU_ID, t('worker.menu.openAdscope'));
}
