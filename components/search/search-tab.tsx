import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useDebouncedValue } from '../ui/hooks';
import { OfflineBanner } from '../ui/offline-banner';
import { AdResults } from '../ads/ad-results';
import { useLibrarySearch } from '../ads/queries';
import { searchTerms } from '@/lib/contract/ad-library';
import { useNavigationStore } from '../navigation/navigation-store';
import { ActiveFilters } from './active-filters';
import { FilterPanel } from './filter-panel';
import { applicableFilters, countActiveFilters } from './filters';
import { useHiddenFilters } from './use-hidden-filters';
import {
  EMPTY_FILTERS,
  SEARCH_TEXT_MAX,
  type SortChoice,
  sortChoices,
  toSearchParams,
  useSearchStore,
} from './search-store';
import { type MessageId, t } from '@/lib/i18n';
import './search.css';
import 'virtual:adscope-english/search';

const SORT_LABELS: Record<SortChoice, MessageId> = {
  best_match: 'search.sort.bestMatch',
  most_active: 'search.sort.mostActive',
  newest: 'search.sort.newest',
};

const isBlank = (words: string) => words.trim() === '';

/** Search the global ad library (spec 4.10). "/" anywhere in the panel comes here and focuses the search box. */
export default function SearchTab() {
  const id = useId();
  const filters = useSearchStore();
  const { set, openAd, reset } = filters;
  const inputRef = useRef<HTMLInputElement>(null);
  const [lastOpened, setLastOpened] = useState<string | null>(null);
  // Typing settles before it is sent; words cleared (by hand, or by a new search of a brand's ads
  // that sets the brand with them) go at once, never beside the filters of the next search.
  const query = useDebouncedValue(filters.query, 300, isBlank);
  // A filter whose parameter the connected service refused is hidden, and not sent.
  const { hidden, reason, known } = useHiddenFilters();
  const applied = applicableFilters(filters, hidden);
  const params = toSearchParams({ ...applied, query }, hidden);
  // A query of only symbols or emoji has no terms: nothing is sent (the service would refuse it too).
  const noTerms = query.trim() !== '' && searchTerms(query).length === 0;
  // Sent once the refused filters are known (an answer already kept is shown meanwhile).
  const search = useLibrarySearch(params, !noTerms && known);

  // "/" anywhere in the panel (side-panel-app) brings the user here; the box takes focus once shown.
  const focusRequested = useNavigationStore((state) => state.searchFocusRequested);
  useEffect(() => {
    if (!focusRequested) return;
    // An open ad is a view of its own, without the search bar: close it first, focus once the bar is back.
    if (filters.openAdId) {
      openAd(null);
      return;
    }
    inputRef.current?.focus();
    inputRef.current?.select();
    useNavigationStore.getState().searchFocused();
  }, [focusRequested, openAd, filters.openAdId]);

  const filtered = countActiveFilters(applied) > 0 || filters.query.trim() !== '';
  // Not while the last search's answer is kept on screen: it says nothing of this one.
  const noResults = search.isSuccess && !search.isPlaceholderData && (search.data?.pages[0]?.items.length ?? 0) === 0;

  return (
    <section aria-labelledby={`${id}-heading`} className="tab-section">
      <h2 id={`${id}-heading`} className="visually-hidden">
        {t('search.heading')}
      </h2>
      {/* An open ad is a view of its own: the search bar and filters wait behind it. */}
      {filters.openAdId ? null : (
        <>
          <SearchBar inputRef={inputRef} />
          <FilterPanel hidden={hidden} />
          {reason ? <p className="field-hint filter-note">{reason}</p> : null}
          <ActiveFilters hidden={hidden} />
        </>
      )}
      <OfflineBanner />
      <p className="results-status" role="status" aria-live="polite">
        {search.isFetching && !search.isFetchingNextPage
          ? t('search.status.searching')
          : search.isSuccess && !search.isPlaceholderData
            ? query.trim()
              ? t('search.status.resultsFor', { query: query.trim() })
              : t('search.status.newest')
            : ''}
      </p>
      {noTerms ? (
        <p className="notice notice-warning" role="status">
          {t('search.noTerms')}
        </p>
      ) : null}
      {filters.brand && noResults ? (
        <p className="notice notice-warning">{t('search.brandEmpty', { brand: filters.brand.name })}</p>
      ) : null}
      {noTerms ? null : (
        <AdResults
          label={t('search.results.label')}
          loadingLabel={t('search.results.loading')}
          errorTitle={t('search.results.error')}
          query={search}
          listKey={JSON.stringify(params)}
          openAdId={filters.openAdId}
          lastOpenedId={lastOpened}
          onOpen={(adId) => {
            if (adId) setLastOpened(adId);
            openAd(adId);
          }}
          // A new search of that brand's ads: the words and filters of the last one do not carry over.
          onSeeBrand={(brand) => set({ ...EMPTY_FILTERS, brand })}
          empty={
            <div className="empty-state">
              <h3>{t('search.empty.title')}</h3>
              <p>{filtered ? t('search.empty.filtered') : t('search.empty.start')}</p>
              {filtered ? (
                <button type="button" className="btn" onClick={reset}>
                  {t('search.empty.clear')}
                </button>
              ) : null}
            </div>
          }
        />
      )}
    </section>
  );
}

/** The words to search for and the order of the results. */
function SearchBar({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const id = useId();
  const query = useSearchStore((state) => state.query);
  const sort = useSearchStore((state) => state.sort);
  const set = useSearchStore((state) => state.set);
  return (
    <form
      role="search"
      className="input-row"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <label htmlFor={`${id}-query`} className="visually-hidden">
        {t('search.bar.label')}
      </label>
      <input
        ref={inputRef}
        id={`${id}-query`}
        type="search"
        placeholder={t('search.bar.placeholder')}
        value={query}
        maxLength={SEARCH_TEXT_MAX}
        onChange={(event) => set({ query: event.target.value })}
        aria-describedby={`${id}-query-hint`}
      />
      <span id={`${id}-query-hint`} className="visually-hidden">
        {t('search.bar.hint')}
      </span>
      <label htmlFor={`${id}-sort`} className="visually-hidden">
        {t('search.bar.sort')}
      </label>
      <select id={`${id}-sort`} value={sort} onChange={(event) => set({ sort: event.target.value as SortChoice })}>
        {sortChoices.map((choice) => (
          <option key={choice} value={choice}>
            {t(SORT_LABELS[choice])}
          </option>
        ))}
      </select>
    </form>
  );
}
