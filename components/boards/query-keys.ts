import type { BoardOrder } from '@/lib/contract/boards';

/** The boards' query keys: the tree and each board's ads. Views invalidate and persist through these, never by spelling a key. */
export const boardKeys = {
  tree: () => ['boards.tree'] as const,
  /** Boards kept in this browser, and whether the service takes board writes. */
  local: () => ['boards.local'] as const,
  /** Without an order: every order of that board, for invalidation. */
  ads: (boardId: string, order?: BoardOrder) =>
    order ? (['boards.ads', boardId, order] as const) : (['boards.ads', boardId] as const),
};
