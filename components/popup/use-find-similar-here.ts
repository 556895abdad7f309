import { browser } from 'wxt/browser';
import { callBackground } from '@/lib/messaging/client';
import { t } from '@/lib/i18n';
import { openResearchPanel } from '@/lib/open-panel';
import { sharedRead, useAction } from '../ui/plain-read';
import { useCurrentWindowId } from '../ui/use-open-panel';
import 'virtual:adscope-english/popup';

const activeTab = sharedRead(
  async () => (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id ?? null,
);

/** The page was asked for, but the panel would not open: said as the panel's failure, not the page's. */
export class PanelNotOpened extends Error {}

/**
 * Find similar on the tab the toolbar button was clicked on (the click granted access to it:
 * activeTab): the request is sent first, then the panel opens inside the same click.
 */
export function useFindSimilarHere(onDone: () => void) {
  const windowId = useCurrentWindowId();
  const tabId = activeTab.use().data;
  return useAction(async () => {
    if (tabId === null || tabId === undefined) throw new Error(t('popup.noTab'));
    const reading = callBackground('similar.inTab', { tabId });
    // Awaited below; a panel that will not open is said first, and the read's own failure is not left unheard.
    reading.catch(() => undefined);
    try {
      await openResearchPanel(windowId);
    } catch (error) {
      throw new PanelNotOpened(error instanceof Error ? error.message : String(error));
    }
    await reading;
  }, onDone);
}
