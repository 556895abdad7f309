import { useMutation, useQuery } from '@tanstack/react-query';
import { browser } from 'wxt/browser';
import { callBackground } from '@/lib/messaging/client';
import { t } from '@/lib/i18n';
import { openResearchPanel } from '@/lib/open-panel';
import { useCurrentWindowId } from '../ui/use-open-panel';
import { popupKeys } from './query-keys';
import 'virtual:adscope-english/popup';

/**
 * Find similar on the tab the toolbar button was clicked on (the click granted access to it:
 * activeTab): the request is sent first, then the panel opens inside the same click.
 */
export function useFindSimilarHere(onDone: () => void) {
  const windowId = useCurrentWindowId();
  const activeTab = useQuery({
    queryKey: popupKeys.activeTab(),
    queryFn: async () => (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id ?? null,
  });
  return useMutation({
    mutationFn: async () => {
      const tabId = activeTab.data;
      if (tabId === null || tabId === undefined) throw new Error(t('popup.noTab'));
      const reading = callBackground('similar.inTab', { tabId });
      await openResearchPanel(windowId);
      await reading;
    },
    onSuccess: onDone,
  });
}
