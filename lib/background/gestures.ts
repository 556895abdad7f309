import { browser } from 'wxt/browser';
import { COMMANDS } from '../commands';
import { openResearchPanel } from '../open-panel';
import type { EventSource } from './held-event';
import { panelRequestItem } from '../storage/watch-frame';
import type { findSimilarFromCommand, findSimilarFromMenu } from './similar/trigger';
import { couldNot } from './could-not';

/**
 * What the user's gestures start in the background: the context menus, the keyboard commands and
 * a notification's click. Each opens the panel at once, inside the gesture (the browser opens it
 * only then), whether or not the worker's jobs have started yet; they are heard from the worker's
 * first turn, so any of them wakes it.
 */

/** The toolbar button's "Open Adscope" (made in lib/background/panel.ts). */
export const OPEN_PANEL_MENU_ID = 'adscope-open-panel';
/** "Find similar ads" on pages, selections, images and links (made in lib/background/similar/trigger.ts). */
export const FIND_SIMILAR_MENU_ID = 'adscope-find-similar';
export const OPEN_PANEL_COMMAND = COMMANDS.openPanel;
export const FIND_SIMILAR_COMMAND = COMMANDS.findSimilar;
/** The watchlist's notifications of new ads (lib/background/watch/watch-service.ts). */
export const WATCH_NOTIFICATION_PREFIX = 'adscope-watch-';

/**
 * A click on a watchlist notification opens the panel on New: the panel first, while the click
 * still counts as the user's gesture, then the request for New and the notification cleared.
 */
export function openNewOnNotificationClick(
  openPanel: () => Promise<unknown>,
  clock: () => number,
  clicks: EventSource<[string]> = browser.notifications.onClicked,
): void {
  clicks.addListener((id) => {
    if (!id.startsWith(WATCH_NOTIFICATION_PREFIX)) return;
    void openPanel().catch(() => undefined);
    void panelRequestItem.set({ to: 'new', at: clock() }).catch(couldNot('open New'));
    void browser.notifications.clear(id).catch(() => undefined);
  });
}

/** How find-similar reads the page a menu entry or the command was used on (lib/background/similar/trigger.ts). */
export interface FindSimilar {
  fromMenu: typeof findSimilarFromMenu;
  fromCommand: typeof findSimilarFromCommand;
}

/**
 * Registers the menus', the commands' and the notifications' listeners. `handled` is told after
 * each (the worker starts its jobs once the event that woke it is seen to).
 */
export function registerGestures(findSimilar: FindSimilar, clock: () => number, handled: () => void): void {
  browser.contextMenus.onClicked.addListener((info, tab) => {
    const find = info.menuItemId === FIND_SIMILAR_MENU_ID;
    if (find || info.menuItemId === OPEN_PANEL_MENU_ID)
      void openResearchPanel(tab?.windowId).catch(couldNot('open its panel'));
    if (find) void findSimilar.fromMenu(info, tab).catch(couldNot('read the page'));
    handled();
  });
  // Firefox opens its sidebar through the built-in _execute_sidebar_action command.
  browser.commands.onCommand.addListener((command, tab) => {
    const find = command === FIND_SIMILAR_COMMAND;
    if (find || command === OPEN_PANEL_COMMAND) void openResearchPanel(tab?.windowId).catch(couldNot('open its panel'));
    if (find) void findSimilar.fromCommand(tab).catch(couldNot('read the page'));
    handled();
  });
  openNewOnNotificationClick(() => openResearchPanel(undefined), clock);
  browser.notifications.onClicked.addListener(handled);
}
