import type { QueryClient } from '@tanstack/react-query';
import { browser } from 'wxt/browser';
import { clearPageCaches, forgetPanelPicture } from './page-caches';
import { sharedKeys } from './query-keys';

/** What a page's cache listens to in extension storage; each returns its stop. */
export type StorageWatcher = (queryClient: QueryClient) => () => void;

/**
 * Keeps this page in step with the settings another page changed. When the connection
 * changes (a new key, another address, the key forgotten), everything this page and the
 * panel keep of the last workspace is dropped: the query cache, the persisted cache, the
 * panel's last picture and its places that name the workspace's boards and accounts. When the
 * settings change (the language, the theme), the picture. Only key names are looked at, never
 * values.
 */
export const watchSettings: StorageWatcher = (queryClient) => {
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (area !== 'local') return;
    if ('connection' in changes) {
      clearPageCaches();
      // Every workspace query back to no data (the ones on screen ask again). The settings hold
      // no workspace data: they are read again without a blank in between.
      const settings = sharedKeys.settings()[0];
      void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== settings });
    }
    // The language or the theme changed: the panel's picture would paint the old one.
    if ('settings' in changes) forgetPanelPicture();
    if ('settings' in changes || 'connection' in changes)
      void queryClient.invalidateQueries({ queryKey: sharedKeys.settings() });
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
};
