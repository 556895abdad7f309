import { browser } from 'wxt/browser';
import { openResearchPanel } from '@/lib/open-panel';
import { sharedRead, useAction } from './plain-read';

const currentWindow = sharedRead(async () => (await browser.windows.getCurrent()).id ?? null);

/** The window this page is in, known before any click: awaiting it inside a click could lose the user's gesture. */
export function useCurrentWindowId(): number | undefined {
  return currentWindow.use().data ?? undefined;
}

/** Opens the side panel (Firefox: the sidebar) from the page's own click, so the browser sees the user's gesture. */
export function useOpenPanel(onOpened?: () => void) {
  const windowId = useCurrentWindowId();
  return useAction(() => openResearchPanel(windowId), onOpened);
}
