import { type OutboxEntry, outboxItem } from '@/lib/storage/outbox';
import { useStoredItem } from '../ui/use-stored-item';

/** The save outbox as the background stores it, live: what every ad shows of its saves. */
export function useOutbox(): OutboxEntry[] | undefined {
  return useStoredItem(outboxItem);
}
