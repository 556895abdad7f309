import { settleWithin } from '@/lib/settle-within';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { freeBoard, freeVault, vaultSize } from '@/lib/vault/db';
import { localBoardsSize } from '@/lib/vault/local-boards';
import { vaultStateItem } from '@/lib/vault/state';
import { useStoredItem } from '../ui/use-stored-item';
import { optionsKeys } from './query-keys';

/** As long as the keeper waits on the browser's storage estimate (VAULT_POLICY.estimateTimeoutMs). */
const ESTIMATE_WAIT_MS = 5_000;

const sizeKey = optionsKeys.vault();

/** What the vault holds (in all and per board), the browser's room for it, and what the keeper says. */
export function useVault() {
  const size = useQuery({
    queryKey: sizeKey,
    queryFn: async () => {
      const [held, local, room] = await Promise.all([
        vaultSize(),
        localBoardsSize(),
        // An estimate that does not answer is taken as unknown, as the keeper takes it.
        settleWithin(navigator.storage.estimate(), ESTIMATE_WAIT_MS, {} as StorageEstimate).catch(
          () => ({}) as StorageEstimate,
        ),
      ]);
      return { ...held, local, usage: room.usage ?? null, quota: room.quota ?? null };
    },
  });
  const state = useStoredItem(vaultStateItem);
  const queryClient = useQueryClient();
  // The keeper says each step it takes: what the vault holds is read again with it.
  const serial = state?.serial;
  useEffect(() => {
    if (serial !== undefined) void queryClient.invalidateQueries({ queryKey: sizeKey });
  }, [queryClient, serial]);
  /** The keeper's word the user has answered by freeing room since: not shown again until it says another. */
  const [answered, setAnswered] = useState<number | null>(null);
  const free = useMutation({
    mutationFn: (boardId: string | 'all') => (boardId === 'all' ? freeVault() : freeBoard(boardId)),
    onSuccess: () => setAnswered(serial ?? null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sizeKey }),
  });
  const stopped = state?.stopped && state.serial !== answered ? state : null;
  return { size, state, stopped, free };
}
