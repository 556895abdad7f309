import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { BoardOrder } from '@/lib/api/boards';

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
    {
      name: 'adscope.boards',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ expanded: state.expanded, order: state.order }),
      merge: (persisted, current) => {
        const value = persisted as { expanded?: unknown; order?: unknown } | undefined;
        return {
          ...current,
          expanded: Array.isArray(value?.expanded)
            ? value.expanded.filter((e): e is string => typeof e === 'string')
            : [],
          order: value?.order === 'saved_oldest' ? 'saved_oldest' : 'saved_newest',
        };
      },
    },
  ),
);
