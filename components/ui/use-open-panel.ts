import { useMutation, useQuery } from '@tanstack/react-query';
import { browser } from 'wxt/browser';
import { openResearchPanel } from '@/lib/open-panel';
import { sharedKeys } from './query-keys';

/** The window this page is in, known before any click: awaiting it inside a click could lose the user's gesture. */
export function useCurrentWindowId(): number | undefined {
  const windowId = useQuery({
    queryKey: sharedKeys.currentWindow(),
    queryFn: async () => (await browser.windows.getCurrent()).id ?? null,
  });
  return windowId.data ?? undefined;
}

/** Opens the side panel (Firefox: the sidebar) from the page's own click, so the browser sees the user's gesture. */
export function useOpenPanel(onOpened?: () => void) {
  const windowId = useCurrentWindowId();
  return useMutation({
    mutationFn: () => openResearchPanel(windowId),
    ...(onOpened ? { onSuccess: onOpened } : {}),
  });
}
