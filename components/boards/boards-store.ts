import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { z } from 'zod/mini';
import { type BoardOrder, boardOrders } from '@/lib/contract/boards';
import { onPageStorageErased, onWorkspaceForgotten } from '../ui/page-caches';
import { persistValidated } from '../ui/persist';

interface BoardsState {
  expanded: string[];
  openBoardId: string | null;
  order: BoardOrder;
  filter: string;
  openAdId: string | null;
  toggle: (id: string, open?: boolean) => void;
  set: (patch: Partial<Pick<BoardsState, 'openBoardId' | 'order' | 'filter' | 'openAdId'>>) => void;
}

/** The Boards tab as it first opens. */
const INITIAL: Pick<BoardsState, 'expanded' | 'openBoardId' | 'order' | 'filter' | 'openAdId'> = {
  expanded: [],
  openBoardId: null,
  order: 'saved_newest',
  filter: '',
  openAdId: null,
};

/** The Boards tab's place; which boards are expanded is remembered across sessions. */
export const useBoardsStore = create<BoardsState>()(
  persist(
    (set) => ({
      ...INITIAL,
      toggle: (id, open) =>
        set((state) => {
          const isOpen = state.expanded.includes(id);
          const next = open ?? !isOpen;
          if (next === isOpen) return state;
          return { expanded: next ? [...state.expanded, id] : state.expanded.filter((e) => e !== id) };
        }),
      set: (patch) => set(patch),
    }),
    persistValidated(
      'adscope.boards',
      z.object({ expanded: z.catch(z.array(z.string()), []), order: z.catch(z.enum(boardOrders), 'saved_newest') }),
      ({ expanded, order }) => ({ expanded, order }),
    ),
  ),
);

// Delete all erases the boards (those in this browser too): an open panel must not write back
// which of them were expanded, nor show the one that was open.
onPageStorageErased(() => {
  useBoardsStore.setState(INITIAL);
  useBoardsStore.persist.clearStorage();
});

// The boards open and expanded are the last workspace's: left with it (the key replaced or
// forgotten), so the tab does not ask the next one for them. The order chosen is the user's, and stays.
onWorkspaceForgotten(() => useBoardsStore.setState({ expanded: [], openBoardId: null, openAdId: null }));
