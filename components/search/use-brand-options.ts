import { useQuery } from '@tanstack/react-query';
import { callBackground } from '@/lib/messaging/client';
import { searchKeys } from './query-keys';

/** At least this many characters before the catalogue is searched. */
const MIN_TYPED = 2;

/**
 * The brands the picker offers: catalogue matches once two characters are typed, and before
 * that the brands the workspace follows, the likeliest picks (asked for only while the list is open).
 */
export function useBrandOptions(query: string, open: boolean) {
  const typed = query.length >= MIN_TYPED;
  const results = useQuery({
    queryKey: searchKeys.pickerBrands(query),
    queryFn: ({ signal }) => callBackground('brands.search', { query, page_size: 8 }, { signal }),
    enabled: typed,
  });
  const followed = useQuery({
    queryKey: searchKeys.pickerFollowed(),
    queryFn: ({ signal }) => callBackground('brands.followedList', { page_size: 8 }, { signal }),
    enabled: open && !typed,
    staleTime: 5 * 60_000,
  });
  return {
    typed,
    options: (typed ? results.data?.items : followed.data?.items) ?? [],
    fetching: typed ? results.isFetching : followed.isFetching,
  };
}
