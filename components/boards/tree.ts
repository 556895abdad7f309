import { useQuery } from '@tanstack/react-query';
import type { BoardNode } from '@/lib/contract/boards';
import { callBackground } from '@/lib/messaging/client';
import { boardKeys } from './query-keys';

/*
 * The board tree on its own module: the save dialog, in the panel's first load, needs it and not
 * the infinite list of a board's ads.
 */

/** The workspace's boards as a tree, with their counts. */
export function useBoardTree() {
  return useQuery({
    queryKey: boardKeys.tree(),
    queryFn: ({ signal }) => callBackground('boards.tree', {}, { signal }),
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
