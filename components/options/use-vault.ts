import { settleWithin } from '@/lib/settle-within';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  const free = useMutation({
    mutationFn: (boardId: string | 'all') => (boardId === 'all' ? freeVault() : freeBoard(boardId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sizeKey }),
  });
  return { size, state, free };
}
