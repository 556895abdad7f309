import { browser } from 'wxt/browser';

/**
 * A context-menu item's title, said again (in the language chosen since it was made). A menu the
 * browser has not made yet, or cannot update, is left as it is: it is titled when it is made.
 */
export function retitleMenu(id: string, title: string): void {
  try {
    void browser.contextMenus.update(id, { title })?.catch(() => undefined);
  } catch {
    // Titled when it is made, in the language chosen then.
  }
}
