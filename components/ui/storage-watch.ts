import type { QueryClient } from '@tanstack/react-query';
import { browser } from 'wxt/browser';
import { sharedKeys } from './query-keys';

/** What a page's cache listens to in extension storage; each returns its stop. */
export type StorageWatcher = (queryClient: QueryClient) => () => void;

/** Keeps this page's settings in step with what another page (options) changed. */
export const watchSettings: StorageWatcher = (queryClient) => {
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (area !== 'local') return;
    if ('settings' in changes || 'apiKey' in changes)
      void queryClient.invalidateQueries({ queryKey: sharedKeys.settings() });
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
};
