import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { z } from 'zod/mini';
import { AD_PLATFORMS, type LibrarySearch, type OptionalSearchParam } from '@/lib/contract/ad-library';
import { onArrival, searchSorts } from '../navigation/navigation-store';
import { onPageStorageErased } from '../ui/page-caches';
import { persistValidated } from '../ui/persist';

export const sortChoices = searchSorts;
export type SortChoice = (typeof sortChoices)[number];

/**
 * The longest words a search keeps: a hundred times what the service takes, so a long paste the
 * view refuses (the words are limited to 200 characters) is still there to cut down when the panel
 * opens again; the box takes no more. A stored query over it is dropped alone, never the filters.
 */
export const SEARCH_TEXT_MAX = 20_000;

const filtersSchema = z.object({
  query: z.catch(z.string().check(z.maxLength(SEARCH_TEXT_MAX)), ''),
  languages: z.array(z.string().check(z.regex(/^[a-z]{2}$/))).check(z.maxLength(20)),
  startDate: z.string(),
  endDate: z.string(),
  launchedAfter: z.string(),
  format: z.string(),
  sort: z.enum(sortChoices),
  brand: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** '' for any platform. A search saved before these filters existed reads as without them. */
  platform: z.catch(z.enum(['', ...AD_PLATFORMS]), ''),
  /** Only ads that still run (`status=active`). */
  activeOnly: z.catch(z.boolean(), false),
});
export type SearchFilters = z.infer<typeof filtersSchema>;

export const EMPTY_FILTERS: SearchFilters = {
  query: '',
  languages: [],
  startDate: '',
  endDate: '',
  launchedAfter: '',
  format: '',
  sort: 'best_match',
  brand: null,
  platform: '',
  activeOnly: false,
};

interface SearchState extends SearchFilters {
  /** The ad open in the detail view, if any. */
  openAdId: string | null;
  set: (patch: Partial<SearchFilters>) => void;
  reset: () => void;
  openAd: (id: string | null) => void;
}

/**
 * The search as the user left it. Persisted to localStorage, which extension pages read
 * synchronously, so a reopened panel starts on the same search at once.
 */
export const useSearchStore = create<SearchState>()(
  persist(
    (set) => ({
      ...EMPTY_FILTERS,
      openAdId: null,
      set: (patch) => set({ ...patch, openAdId: null }),
      reset: () => set({ ...EMPTY_FILTERS, openAdId: null }),
      openAd: (id) => set({ openAdId: id }),
    }),
    persistValidated(
      'adscope.search',
      z.extend(filtersSchema, { openAdId: z.catch(z.nullable(z.string()), null) }),
      ({ set: _set, reset: _reset, openAd: _openAd, ...state }) => state,
    ),
  ),
);

// Delete all erases the search as left: an open panel must not write it back with its next change.
onPageStorageErased(() => {
  useSearchStore.getState().reset();
  useSearchStore.persist.clearStorage();
});

// Another view sends the user to a new search: what the route leaves out starts empty.
onArrival('search', ({ to: _to, ...route }) => useSearchStore.getState().set({ ...EMPTY_FILTERS, ...route }));

/**
 * The API parameters for the filters (spec 4.10, and the platform and status the real service
 * takes), without paging. A filter of a parameter the service refused (`hidden`) is not sent.
 */
export function toSearchParams(
  filters: SearchFilters,
  hidden: ReadonlySet<OptionalSearchParam> = new Set(),
): LibrarySearch {
  const query = filters.query.trim();
  return {
    ...(query ? { query } : {}),
    ...(filters.languages.length > 0 ? { language: [...filters.languages].sort() } : {}),
    ...(filters.startDate ? { start_date: filters.startDate } : {}),
    ...(filters.endDate ? { end_date: filters.endDate } : {}),
    ...(filters.launchedAfter ? { launched_after: filters.launchedAfter } : {}),
    ...(filters.format ? { display_format: filters.format } : {}),
    ...(filters.brand ? { unified_brand_id: filters.brand.id } : {}),
    ...(filters.platform && !hidden.has('platform') ? { platform: filters.platform } : {}),
    ...(filters.activeOnly && !hidden.has('status') ? { status: 'active' as const } : {}),
    ...(filters.sort === 'newest' ? { order: 'newest' as const } : { sort_by: filters.sort }),
  };
}
