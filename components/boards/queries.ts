import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { BOARD_PAGE_SIZE, type BoardOrder } from '@/lib/contract/boards';
import { callBackground } from '@/lib/messaging/client';
import { boardKeys } from './query-keys';

export function useBoardAds(boardId: string, order: BoardOrder) {
  return useInfiniteQuery({
    queryKey: boardKeys.ads(boardId, order),
    queryFn: ({ pageParam, signal }) =>
      callBackground(
        'boards.ads',
        { boardId, sort_by: order, page_size: BOARD_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
