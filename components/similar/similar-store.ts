import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { z } from 'zod/mini';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { isOpaqueId } from '@/lib/contract/ids';
import type { PendingSimilar } from '@/lib/storage/pending-similar';
import type { SimilarRequest } from '@/lib/messaging/similar';
import { onArrival } from '../navigation/navigation-store';
import { persistValidated } from '../ui/persist';

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
  /** Takes the site's or the maker's name the user chose over the reading's (null: the reading's again); the search runs again. */
  prefer: (role: 'site' | 'maker', name: string | null) => void;
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
      prefer: (role, name) =>
        set((state) => {
          if (state.request?.kind !== 'page') return state;
          const { [role]: _dropped, ...others } = state.request.prefer ?? {};
          const prefer = name ? { ...others, [role]: name.slice(0, 100) } : others;
          const { prefer: _old, ...request } = state.request;
          return { request: Object.keys(prefer).length > 0 ? { ...request, prefer } : request };
        }),
      receive: (entry) => {
        const current = get();
        const isNew = entry.id !== current.seenId;
        const following = current.handover?.id === entry.id;
        // A reopened panel shows the last page again (its results, or that it is still being read or
        // could not be read), unless the user has moved on to a request of their own.
        const restoring = current.request === null;
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
    // Only which hand-over was seen; the request itself comes back from session storage.
    persistValidated('adscope.similar', z.object({ seenId: z.nullable(z.string()) }), ({ seenId }) => ({ seenId })),
  ),
);

/** "More like this" for an ad of the library: its brand, text and language. */
export function similarToAd(ad: LibraryAd): SimilarRequest {
  return {
    kind: 'ad',
    adId: ad.id,
    title: (ad.title ?? '').slice(0, 300),
    text: (ad.body ?? '').slice(0, 2000),
    // An id that is not a legal brand id is not asked about (the brand is then not shown).
    brandId: ad.unified_brand_id && isOpaqueId(ad.unified_brand_id) ? ad.unified_brand_id : null,
    brandName: ad.brand_name,
    language: ad.language,
  };
}

onArrival('similar', ({ ad }) => useSimilarStore.getState().set(similarToAd(ad)));
