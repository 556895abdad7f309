import type { QueryClient } from '@tanstack/react-query';
import { browser } from 'wxt/browser';
import { settingsQueryKey } from './use-settings';

interface StoredEntry {
  id?: unknown;
  status?: unknown;
  boardId?: unknown;
  adId?: unknown;
}

/**
 * Keeps this page's cache in step with what the background stores: settings changed in
 * options, and saves that the outbox confirmed (their board, the saved list and the ad).
 * Only key names and the outbox's public fields are looked at.
 */
export function watchStorage(queryClient: QueryClient): () => void {
  const listener = (changes: Record<string, { oldValue?: unknown; newValue?: unknown }>, area: string) => {
    if (area !== 'local') return;
    if ('settings' in changes || 'apiKey' in changes)
      void queryClient.invalidateQueries({ queryKey: settingsQueryKey });
    const outbox = changes.saveOutbox;
    if (!outbox) return;
    void queryClient.invalidateQueries({ queryKey: ['outbox'] });
    const before = new Map(
      (Array.isArray(outbox.oldValue) ? (outbox.oldValue as StoredEntry[]) : []).map((entry) => [
        entry.id,
        entry.status,
      ]),
    );
    const confirmed = (Array.isArray(outbox.newValue) ? (outbox.newValue as StoredEntry[]) : []).filter(
      (entry) => entry.status === 'done' && before.get(entry.id) !== 'done',
    );
    if (confirmed.length === 0) return;
    void queryClient.invalidateQueries({ queryKey: ['boards.tree'] });
    void queryClient.invalidateQueries({ queryKey: ['library.saved'] });
    for (const entry of confirmed) {
      void queryClient.invalidateQueries({ queryKey: ['boards.ads', entry.boardId] });
      void queryClient.invalidateQueries({ queryKey: ['library.ad', entry.adId] });
    }
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
