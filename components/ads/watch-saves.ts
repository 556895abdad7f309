import { outboxItem } from '@/lib/storage/outbox';
import type { StorageWatcher } from '../ui/storage-watch';
import { adKeys } from './query-keys';

/**
 * When the outbox confirms a save or a removal, the lists that show it are read again: its
 * board, the board tree's counts, the saved list and the ad itself.
 */
export const watchConfirmedSaves: StorageWatcher = (queryClient) =>
  outboxItem.watch((entries, previous) => {
    const wasDone = new Set(previous.filter((entry) => entry.status === 'done').map((entry) => entry.id));
    const confirmed = entries.filter((entry) => entry.status === 'done' && !wasDone.has(entry.id));
    if (confirmed.length === 0) return;
    void queryClient.invalidateQueries({ queryKey: adKeys.boardTree() });
    void queryClient.invalidateQueries({ queryKey: adKeys.saved() });
    for (const entry of confirmed) {
      void queryClient.invalidateQueries({ queryKey: adKeys.boardAds(entry.boardId) });
      void queryClient.invalidateQueries({ queryKey: adKeys.ad(entry.adId) });
    }
  });
