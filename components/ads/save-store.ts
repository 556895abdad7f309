import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { z } from 'zod/mini';
import { adCreativeUrls } from './ad-words';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { ApiError } from '@/lib/messaging/api-error';
import { callBackground } from '@/lib/messaging/client';
import { persistValidated } from '../ui/persist';
import { onPageStorageErased, onWorkspaceForgotten } from '../ui/page-caches';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/ads';
import { type BoardNode, MAX_CARRIED_BOARD_NAME } from '@/lib/contract/boards';
import { canonicalId } from '@/lib/contract/ids';
import { adSnapshot } from '@/lib/contract/ad-snapshot';

const boardRefSchema = z.object({ id: z.string(), name: z.string() });
export type BoardRef = z.infer<typeof boardRefSchema>;

export interface SaveToast {
  id: string;
  /** The outbox entry this toast follows: the save, or after Undo the removal undoing it; null once undone. */
  entryId: string | null;
  /** Undo was asked of a save already sent: the toast follows the removal until it lands. */
  undoing?: boolean;
  message: string;
  board: BoardRef;
  adId: string;
}

interface SaveState {
  dialogAd: LibraryAd | null;
  lastBoard: BoardRef | null;
  recent: BoardRef[];
  toasts: SaveToast[];
  openDialog: (ad: LibraryAd) => void;
  closeDialog: () => void;
  /** Queues the save in the background outbox and shows a toast with Undo. */
  save: (ad: LibraryAd, board: BoardRef, tags: string[]) => Promise<void>;
  /** The keyboard shortcut: saves to the last board used, or asks where. */
  quickSave: (ad: LibraryAd) => Promise<void>;
  undo: (toastId: string) => Promise<void>;
  /** Sends a failed save again. */
  retry: (toastId: string) => Promise<void>;
  dismissToast: (toastId: string) => void;
}

let toastCounter = 0;

export const useSaveStore = create<SaveState>()(
  persist(
    (set, get) => ({
      dialogAd: null,
      lastBoard: null,
      recent: [],
      toasts: [],
      openDialog: (ad) => set({ dialogAd: ad }),
      closeDialog: () => set({ dialogAd: null }),
      save: async (ad, board, tags) => {
        const toastId = `t${++toastCounter}`;
        set((state) => ({
          lastBoard: board,
          recent: [board, ...state.recent.filter((r) => r.id !== board.id)].slice(0, 5),
          toasts: [
            ...state.toasts,
            { id: toastId, entryId: null, message: t('ads.toast.saving', { board: board.name }), board, adId: ad.id },
          ],
        }));
        try {
          // Sent in the same task as the click: a panel closed as the toast shows has handed the save on.
          const entry = await callBackground('outbox.save', {
            boardId: board.id,
            boardName: board.name.slice(0, MAX_CARRIED_BOARD_NAME),
            adId: ad.id,
            tags,
            media: adCreativeUrls(ad),
            // What a board kept in this browser holds of it, when the save goes there.
            ad: adSnapshot(ad),
          });
          set((state) => ({
            toasts: state.toasts.map((toast) => (toast.id === toastId ? { ...toast, entryId: entry.id } : toast)),
          }));
        } catch (error) {
          set((state) => ({
            toasts: state.toasts.map((toast) =>
              toast.id === toastId
                ? { ...toast, message: t('ads.toast.queueFailed', { error: ApiError.from(error).message }) }
                : toast,
            ),
          }));
        }
      },
      quickSave: async (ad) => {
        const board = get().lastBoard;
        if (board) await get().save(ad, board, []);
        else get().openDialog(ad);
      },
      undo: async (toastId) => {
        const toast = get().toasts.find((item) => item.id === toastId);
        if (!toast?.entryId) return;
        let change: Partial<SaveToast>;
        try {
          // A save never sent is dropped (null): undone. One already sent is undone by a removal,
          // queued like a save: the toast says so once it has landed, or that it failed.
          const removal = await callBackground('outbox.undo', { entryId: toast.entryId });
          change = removal
            ? { entryId: removal.id, undoing: true, message: t('ads.toast.undoing', { board: toast.board.name }) }
            : { entryId: null, message: t('ads.toast.undone', { board: toast.board.name }) };
        } catch (error) {
          change = {
            message: t('ads.toast.undoFailed', { board: toast.board.name, error: ApiError.from(error).message }),
          };
        }
        set((state) => ({
          toasts: state.toasts.map((item) => (item.id === toastId ? { ...item, ...change } : item)),
        }));
      },
      retry: async (toastId) => {
        const toast = get().toasts.find((item) => item.id === toastId);
        if (!toast?.entryId) return;
        try {
          await callBackground('outbox.retry', { entryId: toast.entryId });
        } catch (error) {
          const message = t('ads.toast.retryFailed', { board: toast.board.name, error: ApiError.from(error).message });
          set((state) => ({
            toasts: state.toasts.map((item) => (item.id === toastId ? { ...item, entryId: null, message } : item)),
          }));
        }
      },
      dismissToast: (toastId) => set((state) => ({ toasts: state.toasts.filter((item) => item.id !== toastId) })),
    }),
    persistValidated(
      'adscope.save',
      z.object({
        lastBoard: z.catch(z.nullable(boardRefSchema), null),
        recent: z.catch(z.array(boardRefSchema).check(z.maxLength(5)), []),
      }),
      ({ lastBoard, recent }) => ({ lastBoard, recent }),
    ),
  ),
);

/** The last and recent boards named as the service's tree names them now; a board it does not list keeps its name. */
export function renameRememberedBoards(nodes: readonly BoardNode[]): void {
  const names = new Map<string, string>();
  const walk = (level: readonly BoardNode[]) => {
    for (const node of level) {
      const id = canonicalId(node.board_id);
      if (id !== null && typeof node.name === 'string') names.set(id, node.name);
      walk(node.children);
    }
  };
  walk(nodes);
  const renamed = (board: BoardRef): BoardRef => {
    const name = names.get(canonicalId(board.id) ?? '');
    return name === undefined || name === board.name ? board : { ...board, name };
  };
  const { lastBoard, recent } = useSaveStore.getState();
  const last = lastBoard && renamed(lastBoard);
  const boards = recent.map(renamed);
  if (last !== lastBoard || boards.some((board, index) => board !== recent[index]))
    useSaveStore.setState({ lastBoard: last, recent: boards });
}

// The last and recent boards are the last workspace's: a save (S included) never goes to them
// under another key, and the dialog asks where.
// Delete all empties the outbox the toasts follow: a toast left would offer to undo what is no longer known.
onPageStorageErased(() => useSaveStore.setState({ toasts: [] }));

onWorkspaceForgotten(() => {
  useSaveStore.setState({ lastBoard: null, recent: [] });
  useSaveStore.persist.clearStorage();
});
