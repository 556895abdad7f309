import { useMutation } from '@tanstack/react-query';
import { callBackground } from '@/lib/messaging/client';
import { type OutboxEntry, outboxItem } from '@/lib/storage/outbox';
import { useStoredItem } from '../ui/use-stored-item';

/** The save outbox as the background stores it, live: what every ad shows of its saves. */
export function useOutbox(): OutboxEntry[] | undefined {
  return useStoredItem(outboxItem);
}

/** Discards a held board change (made with another workspace's key) from the outbox. */
export function useDiscardHeld() {
  return useMutation({
    mutationFn: (entryId: string) => callBackground('outbox.discard', { entryId }),
  });
}
