import { browser } from 'wxt/browser';

/** Firefox's sidebar API, which the Chrome-based browser types do not declare. */
interface FirefoxSidebarApi {
  sidebarAction: { open(): Promise<void> };
}

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
