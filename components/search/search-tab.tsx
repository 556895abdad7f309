import { useEffect, useId, useRef, useState } from 'react';
import { useDebouncedValue } from '../ui/hooks';
import { OfflineBanner } from '../ui/offline-banner';
import { AdResults } from '../ads/ad-results';
import { useLibrarySearch } from '../ads/queries';
import { ActiveFilters } from './active-filters';
import { countActiveFilters, FilterPanel } from './filter-panel';
import { type SortChoice, sortChoices, toSearchParams, useSearchStore } from './search-store';

const SORT_LABELS: Record<SortChoice, string> = {
  best_match: 'Best match',
  most_active: 'Most active',
  newest: 'Newest',
};

/** Search the global ad library (spec 4.10). "/" focuses the search box from anywhere in the panel. */
export default function SearchTab() {
  const id = useId();
  const filters = useSearchStore();
  const { set, openAd, reset } = filters;
  const inputRef = useRef<HTMLInputElement>(null);
  const [lastOpened, setLastOpened] = useState<string | null>(null);
  const query = useDebouncedValue(filters.query, 300);
  const params = toSearchParams({ ...filters, query });
  const search = useLibrarySearch(params);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
      if (event.key === '/' && !typing && !event.metaKey && !event.ctrlKey && !event.altKey) {
        event.preventDefault();
        openAd(null);
        inputRef.current?.focus();
        inputRef.current?.select();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [openAd]);

  const filtered = countActiveFilters(filters) > 0 || filters.query.trim() !== '';
  const noResults = search.isSuccess && (search.data?.pages[0]?.items.length ?? 0) === 0;

  return (
    <section aria-labelledby={`${id}-heading`} className="tab-section">
      <h2 id={`${id}-heading`} className="visually-hidden">
        Search the ad library
      </h2>
      <form
        role="search"
        className="search-bar"
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <label htmlFor={`${id}-query`} className="visually-hidden">
          Search ads
        </label>
        <input
          ref={inputRef}
          id={`${id}-query`}
          type="search"
          placeholder="Search ads by words, e.g. waterproof tent  ( / )"
          value={filters.query}
          onChange={(event) => set({ query: event.target.value })}
          aria-describedby={`${id}-query-hint`}
        />
        <span id={`${id}-query-hint`} className="visually-hidden">
          Every word must appear in the ad's title, text or brand. Press slash to come back here.
        </span>
        <label htmlFor={`${id}-sort`} className="visually-hidden">
          Sort
        </label>
        <select
          id={`${id}-sort`}
          value={filters.sort}
          onChange={(event) => set({ sort: event.target.value as SortChoice })}
        >
          {sortChoices.map((choice) => (
            <option key={choice} value={choice}>
              {SORT_LABELS[choice]}
            </option>
          ))}
        </select>
      </form>
      <FilterPanel />
      <ActiveFilters />
      <OfflineBanner />
      <p className="results-status" role="status" aria-live="polite">
        {search.isFetching && !search.isFetchingNextPage
          ? 'Searching…'
          : search.isSuccess && !search.isPlaceholderData
            ? query.trim()
              ? `Results for “${query.trim()}”`
              : 'Newest ads in the library'
            : ''}
      </p>
      {filters.brand && noResults ? (
        <p className="notice notice-warning">
          No ads from {filters.brand.name} match. Brand results come from tracked coverage: an empty result does not
          prove the brand launched nothing.
        </p>
      ) : null}
      <AdResults
        label="Search results"
        query={search}
        openAdId={filters.openAdId}
        lastOpenedId={lastOpened}
        onOpen={(adId) => {
          if (adId) setLastOpened(adId);
          openAd(adId);
        }}
        onSeeBrand={(brand) => set({ brand })}
        empty={
          <div className="empty-state">
            <h3>No ads match</h3>
            <p>{filtered ? 'Try fewer words, or remove a filter.' : 'Type a few words to search the library.'}</p>
            {filtered ? (
              <button type="button" className="btn" onClick={reset}>
                Clear the search
              </button>
            ) : null}
          </div>
        }
      />
    </section>
  );
}
