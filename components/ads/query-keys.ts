import type { LibrarySearch } from '@/lib/contract/ad-library';

/**
 * The query keys of the ad kit: the ad lists every view shows, and one ad (the boards' keys are
 * components/boards/query-keys.ts). Views invalidate and persist through these, never by spelling a key.
 */
export const adKeys = {
  search: (params: LibrarySearch) => ['library.search', params] as const,
  saved: () => ['library.saved'] as const,
  brandAds: (brandId: string) => ['brands.ads', brandId] as const,
  ad: (adId: string) => ['library.ad', adId] as const,
  /** Which boards kept in this browser hold each ad: under the boards' own key, so their changes refresh it. */
  localHoldings: () => ['boards.local', 'holdings'] as const,
};
