import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { BOARD_PAGE_SIZE, type BoardNode, type BoardOrder } from '@/lib/contract/boards';
import { callBackground } from '@/lib/messaging/client';
import { boardKeys } from './query-keys';

/** The workspace's boards as a tree, with their counts. */
export function useBoardTree() {
  return useQuery({
    queryKey: boardKeys.tree(),
    queryFn: ({ signal }) => callBackground('boards.tree', {}, { signal }),
  });
}

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

export interface FlatBoard {
  id: string;
  name: string;
  count: number | null;
  depth: number;
  path: string;
  parentId: string | null;
  hasChildren: boolean;
}

/** Boards in tree order with their depth and full path ("Competitors › Outdoor › Tents"). */
export function flattenBoards(nodes: readonly BoardNode[], depth = 1, parent: FlatBoard | null = null): FlatBoard[] {
  return nodes.flatMap((node) => {
    const name = node.name ?? 'Untitled board';
    const flat: FlatBoard = {
      id: node.board_id,
      name,
      count: node.ad_num,
      depth,
      path: parent ? `${parent.path} › ${name}` : name,
      parentId: parent?.id ?? null,
      hasChildren: node.children.length > 0,
    };
    return [flat, ...flattenBoards(node.children, depth + 1, flat)];
  });
}
