import { create } from 'zustand';
import type { LibraryAd } from '@/lib/api/ad-library';
import type { SimilarRequest } from '@/lib/similar/resolve';

interface SimilarState {
  request: SimilarRequest | null;
  set: (request: SimilarRequest | null) => void;
  /** Edits the keywords; the search runs again with them. */
  setKeywords: (keywords: string[]) => void;
}

export const useSimilarStore = create<SimilarState>()((set) => ({
  request: null,
  set: (request) => set({ request }),
  setKeywords: (keywords) => set((state) => (state.request ? { request: { ...state.request, keywords } } : state)),
}));

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
