import { useMutation, useQuery } from '@tanstack/react-query';
import { adKeys } from './query-keys';
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

const NO_HOLDINGS: ReadonlyMap<string, readonly string[]> = new Map();

/**
 * Which boards kept in this browser hold each ad: the service's ads do not say (their
 * `saved_details` name the service's boards), so the cards ask the vault. Loaded on first need.
 */
export function useLocalHoldings(): ReadonlyMap<string, readonly string[]> {
  return useLocalHoldingsQuery().data ?? NO_HOLDINGS;
}

/** The same read, with its state: a view that says "nothing" waits until it is known. */
export function useLocalHoldingsQuery() {
  return useQuery({
    queryKey: adKeys.localHoldings(),
    queryFn: async () => (await import('@/lib/vault/local-boards')).localHoldings(),
    staleTime: Infinity,
  });
}
