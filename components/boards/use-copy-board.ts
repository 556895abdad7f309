import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callBackground } from '@/lib/messaging/client';
import { boardKeys } from './query-keys';

/** Copies a board kept in this browser to the service: one click, and a second copy fills the same board. */
export function useCopyToService(boardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callBackground('boards.copyToService', { boardId }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: boardKeys.tree() });
      await queryClient.invalidateQueries({ queryKey: boardKeys.local() });
    },
  });
}
