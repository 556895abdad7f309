import { browser } from 'wxt/browser';

/** Firefox's sidebar API, which the Chrome-based browser types do not declare. */
interface FirefoxSidebarApi {
  sidebarAction: { open(): Promise<void> };
}

export const OPEN_PANEL_MENU_ID = 'adscope-open-panel';
export const OPEN_PANEL_COMMAND = 'open-side-panel';

/**
 * Opens the research surface: Chrome's side panel for a window, Firefox's sidebar. Both need
 * the user's gesture, so call this straight from a click, command or menu handler.
 */
export async function openResearchPanel(windowId: number | undefined): Promise<boolean> {
  if (import.meta.env.FIREFOX) {
    await (browser as unknown as FirefoxSidebarApi).sidebarAction.open();
    return true;
  }
  const targetWindow = windowId ?? (await browser.windows.getCurrent()).id;
  if (targetWindow === undefined) return false;
  await browser.sidePanel.open({ windowId: targetWindow });
  return true;
}

/** Registers the context-menu entry and the keyboard command that open the panel. */
export function registerPanelTriggers(): void {
  browser.runtime.onInstalled.addListener(() => {
    browser.contextMenus.create({
      id: OPEN_PANEL_MENU_ID,
      title: 'Open Adscope',
      // On the toolbar button's own menu; pages get "Find similar ads" (lib/similar/trigger).
      contexts: [import.meta.env.MANIFEST_VERSION === 2 ? 'browser_action' : 'action'],
    });
  });
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId === OPEN_PANEL_MENU_ID) void openResearchPanel(tab?.windowId).catch(logPanelError);
  });
  // Firefox opens its sidebar through the built-in _execute_sidebar_action command.
  browser.commands.onCommand.addListener((command, tab) => {
    if (command === OPEN_PANEL_COMMAND) void openResearchPanel(tab?.windowId).catch(logPanelError);
  });
}

function logPanelError(error: unknown): void {
  console.warn('Adscope could not open its panel:', error instanceof Error ? error.message : error);
}
