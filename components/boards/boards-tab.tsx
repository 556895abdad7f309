import { useId, useMemo } from 'react';
import { ErrorNotice } from '../ui/error-notice';
import { OfflineBanner } from '../ui/offline-banner';
import { SkeletonList } from '../ui/skeleton';
import { BoardTree } from './board-tree';
import { BoardView } from './board-view';
import { useBoardsStore } from './boards-store';
import { flattenBoards, useBoardTree } from '../ads/board-queries';

/** The workspace's boards as a tree; a board opens its ads. */
export default function BoardsTab() {
  const id = useId();
  const tree = useBoardTree();
  const { expanded, openBoardId, filter, toggle, set } = useBoardsStore();
  const expandedSet = useMemo(() => new Set(expanded), [expanded]);
  const flat = useMemo(() => flattenBoards(tree.data?.items ?? []), [tree.data]);
  const open = flat.find((board) => board.id === openBoardId);

  if (open) {
    return (
      <BoardView
        key={open.id}
        board={{ id: open.id, name: open.path, count: open.count }}
        onBack={() => set({ openBoardId: null, openAdId: null })}
      />
    );
  }
  return (
    <section className="tab-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Boards</h2>
      <OfflineBanner />
      <div className="field">
        <label htmlFor={`${id}-filter`}>Filter boards</label>
        <input
          id={`${id}-filter`}
          type="search"
          value={filter}
          onChange={(event) => set({ filter: event.target.value })}
        />
      </div>
      {tree.isPending ? <SkeletonList label="Loading boards" rows={5} /> : null}
      {tree.isError ? (
        <ErrorNotice title="Could not load your boards" error={tree.error} onRetry={() => void tree.refetch()} />
      ) : null}
      {tree.data ? (
        <BoardTree
          nodes={tree.data.items}
          expanded={expandedSet}
          filter={filter}
          onToggle={toggle}
          onOpen={(node) => set({ openBoardId: node.board_id, openAdId: null })}
        />
      ) : null}
    </section>
  );
}
