import { browser } from 'wxt/browser';
import { callBackground } from '@/lib/messaging/client';
import { sharedRead } from '../ui/plain-read';

/** The settings, read again when another page changes them or the connection (as watchSettings does for the other pages). */
const popupSettings = sharedRead(
  () => callBackground('settings.get', {}),
  (refresh) => {
    const listener = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && ('settings' in changes || 'connection' in changes)) refresh();
    };
    browser.storage.onChanged.addListener(listener);
    return () => browser.storage.onChanged.removeListener(listener);
  },
);

/** The settings the popup reads (base URL, theme, whether a key is stored), with no query cache. */
export function usePopupSettings() {
  return popupSettings.use();
}
