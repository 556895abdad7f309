import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { LibraryAd } from '@/lib/api/ad-library';
import type { PendingSimilar } from '@/lib/similar/handover';
import type { SimilarRequest } from '@/lib/similar/resolve';

/** A page handed over by a trigger, as far as the panel shows it. */
export type PageHandover = Pick<PendingSimilar, 'id' | 'state' | 'title' | 'error'>;

interface SimilarState {
  request: SimilarRequest | null;
  /** The page being read or that could not be read; null once a request of its own is shown. */
  handover: PageHandover | null;
  /** The last hand-over the panel has shown, so reopening it does not switch tabs again. */
  seenId: string | null;
  set: (request: SimilarRequest | null) => void;
  /** Edits the keywords; the search runs again with them. */
  setKeywords: (keywords: string[]) => void;
  /** Takes a hand-over from a trigger; says whether it is new to this panel. */
  receive: (entry: PendingSimilar) => boolean;
}

export const useSimilarStore = create<SimilarState>()(
  persist(
    (set, get) => ({
      request: null,
      handover: null,
      seenId: null,
      set: (request) => set({ request, handover: null }),
      setKeywords: (keywords) => set((state) => (state.request ? { request: { ...state.request, keywords } } : state)),
      receive: (entry) => {
        const current = get();
        const isNew = entry.id !== current.seenId;
        const following = current.handover?.id === entry.id;
        // A reopened panel shows the last page again, unless the user has moved on to a request of their own.
        const restoring = entry.state === 'ready' && current.request === null;
        if (!isNew && !following && !restoring) return false;
        if (entry.state === 'ready' && entry.request) {
          set({ request: entry.request, handover: null, seenId: entry.id });
        } else {
          set({
            handover: { id: entry.id, state: entry.state, title: entry.title, error: entry.error },
            seenId: entry.id,
          });
        }
        return isNew;
      },
    }),
    {
      name: 'adscope.similar',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // Only which hand-over was seen; the request itself comes back from session storage.
      partialize: (state) => ({ seenId: state.seenId }),
      merge: (persisted, current) => {
        const seenId = (persisted as { seenId?: unknown } | undefined)?.seenId;
        return { ...current, seenId: typeof seenId === 'string' ? seenId : null };
      },
    },
  ),
);

/** "More like this" for an ad of the library: its brand, text and language. */
export function similarToAd(ad: LibraryAd): SimilarRequest {
  return {
    kind: 'ad',
    adId: ad.id,
    title: (ad.title ?? '').slice(0, 300),
    text: (ad.body ?? '').slice(0, 2000),
    brandId: ad.unified_brand_id,
    brandName: ad.brand_name,
    language: ad.language,
  };
}
