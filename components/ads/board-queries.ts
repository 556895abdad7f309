import { useQuery } from '@tanstack/react-query';
import type { BoardNode } from '@/lib/contract/boards';
import { callBackground } from '@/lib/messaging/client';

export function useBoardTree() {
  return useQuery({
    queryKey: ['boards.tree'],
    queryFn: ({ signal }) => callBackground('boards.tree', {}, { signal }),
  });
}

/** The outbox as stored by the background; refreshed whenever it changes (see storage-watch). */
export function useOutbox() {
  return useQuery({ queryKey: ['outbox'], queryFn: () => callBackground('outbox.list', {}), staleTime: 0 });
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
