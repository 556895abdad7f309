import type { LibrarySearch } from '@/lib/contract/ad-library';
import type { BoardOrder } from '@/lib/contract/boards';

/**
 * The query keys of the ad kit: the ad lists every view shows, one ad, and the boards a save
 * goes to. Views invalidate and persist through these, never by spelling a key.
 */
export const adKeys = {
  search: (params: LibrarySearch) => ['library.search', params] as const,
  saved: () => ['library.saved'] as const,
  brandAds: (brandId: string) => ['brands.ads', brandId] as const,
  ad: (adId: string) => ['library.ad', adId] as const,
  boardTree: () => ['boards.tree'] as const,
  /** Without an order: every order of that board, for invalidation. */
  boardAds: (boardId: string, order?: BoardOrder) =>
    order ? (['boards.ads', boardId, order] as const) : (['boards.ads', boardId] as const),
};
