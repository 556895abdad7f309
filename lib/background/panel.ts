import { browser } from 'wxt/browser';
import { retitleMenu } from './menu-title';
import { COMMANDS } from '../commands';
import { t } from '../i18n';
import { openResearchPanel } from '../open-panel';
import { labelInWorkerLanguage, workerLanguageReady } from './language';
import 'virtual:adscope-english/worker';

export const OPEN_PANEL_MENU_ID = 'adscope-open-panel';
export const OPEN_PANEL_COMMAND = COMMANDS.openPanel;

/** Registers the context-menu entry and the keyboard command that open the panel. */
export function registerPanelTriggers(): void {
  browser.runtime.onInstalled.addListener(() => {
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
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId === OPEN_PANEL_MENU_ID) void openResearchPanel(tab?.windowId).catch(logPanelError);
  });
  // Firefox opens its sidebar through the built-in _execute_sidebar_action command.
  browser.commands.onCommand.addListener((command, tab) => {
    if (command === OPEN_PANEL_COMMAND) void openResearchPanel(tab?.windowId).catch(logPanelError);
  });
}

function relabelMenu(): void {
  retitleMenu(OPEN_PANEL_MENU_ID, t('worker.menu.openAdscope'));
}

function logPanelError(error: unknown): void {
  console.warn('Adscope could not open its panel:', error instanceof Error ? error.message : error);
}
