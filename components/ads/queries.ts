import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { LIBRARY_PAGE_SIZE, type LibraryAd, type LibraryPage, type LibrarySearch } from '@/lib/contract/ad-library';
import { callBackground } from '@/lib/messaging/client';
import { learnFormats } from './learned-formats';
import { adKeys } from './query-keys';

/** Each page's ads teach the Format filter the display formats the service uses. */
async function learning(page: Promise<LibraryPage>): Promise<LibraryPage> {
  const result = await page;
  learnFormats(result.items);
  return result;
}

const pageOptions = {
  initialPageParam: '',
  getNextPageParam: (last: LibraryPage) => last.cursor ?? undefined,
  placeholderData: keepPreviousData,
  // Pages are replaced, never edited: comparing every earlier page deeply on each new one
  // (structural sharing) costs a long task once a list holds thousands of ads.
  structuralSharing: false,
} as const;

/** Library search with cursor paging; a changed query aborts the stale request in the background too. */
export function useLibrarySearch(params: LibrarySearch, enabled = true) {
  return useInfiniteQuery({
    queryKey: adKeys.search(params),
    enabled,
    queryFn: ({ pageParam, signal }) =>
      learning(
        callBackground(
          'library.search',
          { ...params, page_size: LIBRARY_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
          // The first page is what the panel shows as it opens on the search.
          { signal, atStart: !pageParam },
        ),
      ),
    ...pageOptions,
  });
}

export function useSavedAds() {
  return useInfiniteQuery({
    queryKey: adKeys.saved(),
    queryFn: ({ pageParam, signal }) =>
      learning(
        callBackground(
          'library.saved',
          { page_size: LIBRARY_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
          { signal },
        ),
      ),
    ...pageOptions,
  });
}

export function useBrandAds(brandId: string) {
  return useInfiniteQuery({
    queryKey: adKeys.brandAds(brandId),
    queryFn: ({ pageParam, signal }) =>
      learning(
        callBackground(
          'brands.ads',
          { brandId, order: 'newest', page_size: LIBRARY_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
          { signal },
        ),
      ),
    ...pageOptions,
  });
}

/** One ad, shown at once from the list it was opened from, then refreshed. */
export function useLibraryAd(adId: string, fromList: LibraryAd | undefined) {
  return useQuery({
    queryKey: adKeys.ad(adId),
    queryFn: ({ signal }) => callBackground('library.ad', { adId }, { signal }),
    ...(fromList ? { placeholderData: fromList } : {}),
  });
}
