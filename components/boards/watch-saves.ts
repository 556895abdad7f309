import type { BoardNode, BoardTree } from '@/lib/contract/boards';
import { type OutboxEntry, outboxItem } from '@/lib/storage/outbox';
import type { QueryClient } from '@tanstack/react-query';
import type { StorageWatcher } from '../ui/storage-watch';
import { adKeys } from '../ads/query-keys';
import { boardKeys } from './query-keys';

/** The tree with one board's count set, or null when the tree has no such board. */
export function withBoardCount(tree: BoardTree, boardId: string, count: number): BoardTree | null {
  let found = false;
  const visit = (nodes: readonly BoardNode[]): BoardNode[] =>
    nodes.map((node) => {
      if (node.board_id === boardId) {
        found = true;
        return { ...node, ad_num: count };
      }
      return node.children.length > 0 ? { ...node, children: visit(node.children) } : node;
    });
  const items = visit(tree.items);
  return found ? { ...tree, items } : null;
}

/** Changes the outbox confirmed since its last value. */
export function newlyConfirmed(entries: readonly OutboxEntry[], previous: readonly OutboxEntry[]): OutboxEntry[] {
  const wasDone = new Set(previous.filter((entry) => entry.status === 'done').map((entry) => entry.id));
  return entries.filter((entry) => entry.status === 'done' && !wasDone.has(entry.id));
}

/**
 * When the outbox confirms a save or a removal, the lists that show it follow. A save's answer
 * gives its board's new count, which is written into the cached tree (no tree is fetched for
 * it); a removal, or a service that gives no count, has the tree read again. The board's ads,
 * the saved list and the ad itself are read again where they are shown.
 */
export const watchConfirmedSaves: StorageWatcher = (queryClient) =>
  outboxItem.watch((entries, previous) => {
    const confirmed = newlyConfirmed(entries, previous);
    if (confirmed.length > 0) void followConfirmed(queryClient, confirmed);
  });

async function followConfirmed(queryClient: QueryClient, confirmed: readonly OutboxEntry[]): Promise<void> {
  // A read of the tree already on its way was asked before these saves landed: its counts would
  // put back the ones they replace. It is dropped, and the counts the saves answered are written.
  if (
    confirmed.some((entry) => entry.op === 'save' && entry.adNum !== undefined) &&
    queryClient.isFetching({ queryKey: boardKeys.tree() }) > 0
  ) {
    await queryClient.cancelQueries({ queryKey: boardKeys.tree() });
  }
  let treeStale = false;
  for (const entry of confirmed) {
    const tree = queryClient.getQueryData<BoardTree>(boardKeys.tree());
    const updated =
      entry.op === 'save' && entry.adNum !== undefined && tree
        ? withBoardCount(tree, entry.boardId, entry.adNum)
        : null;
    if (updated) queryClient.setQueryData(boardKeys.tree(), updated);
    else if (tree) treeStale = true;
    void queryClient.invalidateQueries({ queryKey: boardKeys.ads(entry.boardId) });
    void queryClient.invalidateQueries({ queryKey: adKeys.ad(entry.adId) });
  }
  if (treeStale) void queryClient.invalidateQueries({ queryKey: boardKeys.tree() });
  // Boards in this browser (their counts, and which ads they hold); a save the service could not take lands on one.
  void queryClient.invalidateQueries({ queryKey: boardKeys.local() });
  void queryClient.invalidateQueries({ queryKey: adKeys.saved() });
}
