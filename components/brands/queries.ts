import { keepPreviousData, useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { callBackground } from '@/lib/messaging/client';
import type { CompareBrand } from '../report/figures';
import { loadBrandFigures } from './compare-load';
import { brandKeys } from './query-keys';

/** Brands on a page of the followed list. */
export const FOLLOWED_PAGE = 25;

/** The catalogue's brands matching a name or domain, by cursor pages; nothing is asked for an empty query. */
export function useCatalogueSearch(query: string) {
  return useInfiniteQuery({
    queryKey: brandKeys.search(query),
    queryFn: ({ pageParam, signal }) =>
      callBackground(
        'brands.search',
        { query, page_size: 20, ...(pageParam ? { cursor: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.cursor ?? undefined,
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** One page of the brands the workspace follows, by offset, filtered by name. */
export function useFollowedBrands(offset: number, query: string) {
  return useQuery({
    queryKey: brandKeys.followed(offset, query),
    queryFn: ({ signal }) =>
      callBackground('brands.followed', { offset, limit: FOLLOWED_PAGE, ...(query ? { query } : {}) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One catalogue brand's facts. */
export function useBrandDetail(brandId: string) {
  return useQuery({
    queryKey: brandKeys.detail(brandId),
    queryFn: ({ signal }) => callBackground('brands.detail', { brandId }, { signal }),
  });
}

/** Each compared brand's figures as of `today` (UTC), read one brand at a time in the background. */
export function useCompareFigures(brands: readonly CompareBrand[], today: string, now: number) {
  return useQueries({
    queries: brands.map((brand) => ({
      queryKey: brandKeys.compare(brand.id, today),
      queryFn: ({ signal }: { signal: AbortSignal }) => loadBrandFigures(brand, today, now, signal),
    })),
  });
}
