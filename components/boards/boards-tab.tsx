import { useId, useMemo } from 'react';
import { t } from '@/lib/i18n';
import { OfflineBanner } from '../ui/offline-banner';
import { BoardTree } from './board-tree';
import { BoardView } from './board-view';
import { useBoardsStore } from './boards-store';
import { boardWords, flattenBoards, flattenLocalBoards, inThisBrowser, useBoardTree, useLocalBoards } from './tree';
import { QueryView } from '../ui/query-view';
import { ReadOnlyNotice } from './read-only-notice';
import './boards.css';
import 'virtual:adscope-english/boards';

/** The workspace's boards as a tree, and the boards kept in this browser as another; a board opens its ads. */
export default function BoardsTab() {
  const id = useId();
  const tree = useBoardTree();
  const local = useLocalBoards();
  const { expanded, openBoardId, filter, toggle, set } = useBoardsStore();
  const expandedSet = useMemo(() => new Set(expanded), [expanded]);
  const { where, untitled } = boardWords();
  const flat = useMemo(
    () => [
      ...flattenBoards(tree.data?.items ?? [], 1, null, false, untitled),
      ...flattenLocalBoards(local.data?.items ?? [], { where, untitled }),
    ],
    [tree.data, local.data, where, untitled],
  );
  const open = flat.find((board) => board.id === openBoardId);

  if (open) {
    return (
      <BoardView
        key={open.id}
        board={{ id: open.id, name: open.path, count: open.count, local: open.local }}
        writes={local.data?.writes ?? 'unknown'}
        onBack={() => set({ openBoardId: null, openAdId: null })}
      />
    );
  }
  const openBoard = (boardId: string) => set({ openBoardId: boardId, openAdId: null });
  return (
    <section className="tab-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('boards.title')}</h2>
      <OfflineBanner />
      <div className="field">
        <label htmlFor={`${id}-filter`}>{t('boards.filter')}</label>
        <input
          id={`${id}-filter`}
          type="search"
          value={filter}
          onChange={(event) => set({ filter: event.target.value })}
        />
      </div>
      <QueryView query={tree} loadingLabel={t('boards.loading')} rows={5} errorTitle={t('boards.loadFailed')}>
        {(data) => (
          <BoardTree
            nodes={data.items}
            expanded={expandedSet}
            filter={filter}
            onToggle={toggle}
            onOpen={(node) => openBoard(node.board_id)}
          />
        )}
      </QueryView>
      {(local.data?.items.length ?? 0) > 0 || local.data?.writes === 'refused' ? (
        <section className="local-boards" aria-labelledby={`${id}-local`}>
          <h3 id={`${id}-local`}>{inThisBrowser()}</h3>
          <ReadOnlyNotice writes={local.data?.writes ?? 'unknown'} message={local.data?.message} />
          <BoardTree
            nodes={local.data?.items ?? []}
            expanded={expandedSet}
            filter={filter}
            onToggle={toggle}
            onOpen={(node) => openBoard(node.board_id)}
            label={t('boards.local.treeLabel')}
            emptyText={t('boards.local.empty')}
          />
        </section>
      ) : null}
    </section>
  );
}
