import { useId, useMemo } from 'react';
import { OfflineBanner } from '../ui/offline-banner';
import { BoardTree } from './board-tree';
import { BoardView } from './board-view';
import { useBoardsStore } from './boards-store';
import { flattenBoards, useBoardTree } from './tree';
import { QueryView } from '../ui/query-view';
import './boards.css';

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
      <QueryView query={tree} loadingLabel="Loading boards" rows={5} errorTitle="Could not load your boards">
        {(data) => (
          <BoardTree
            nodes={data.items}
            expanded={expandedSet}
            filter={filter}
            onToggle={toggle}
            onOpen={(node) => set({ openBoardId: node.board_id, openAdId: null })}
          />
        )}
      </QueryView>
    </section>
  );
}
