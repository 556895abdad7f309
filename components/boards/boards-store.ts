import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { z } from 'zod/mini';
import { type BoardOrder, boardOrders } from '@/lib/contract/boards';
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

/** The Boards tab's place; which boards are expanded is remembered across sessions. */
export const useBoardsStore = create<BoardsState>()(
  persist(
    (set) => ({
      expanded: [],
      openBoardId: null,
      order: 'saved_newest',
      filter: '',
      openAdId: null,
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
