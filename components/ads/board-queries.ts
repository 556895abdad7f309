import { useQuery } from '@tanstack/react-query';
import type { BoardNode } from '@/lib/contract/boards';
import { callBackground } from '@/lib/messaging/client';
import { type OutboxEntry, outboxItem } from '@/lib/storage/outbox';
import { useStoredItem } from '../ui/use-stored-item';
import { adKeys } from './query-keys';

export function useBoardTree() {
  return useQuery({
    queryKey: adKeys.boardTree(),
    queryFn: ({ signal }) => callBackground('boards.tree', {}, { signal }),
  });
}

/** The save outbox as the background stores it, live. */
export function useOutbox(): OutboxEntry[] | undefined {
  return useStoredItem(outboxItem);
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
