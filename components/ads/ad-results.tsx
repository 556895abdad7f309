import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo } from 'react';
import type { LibraryAd, LibraryPage } from '@/lib/contract/ad-library';
import { ErrorNotice } from '../ui/error-notice';
import { AdDetail } from './ad-detail';
import { AdGrid } from './ad-grid';
import { uniqueById } from '../ui/unique';
import { t } from '@/lib/i18n';
import './ads.css';
import 'virtual:adscope-english/ads';

interface AdResultsProps {
  label: string;
  /** Said while the first page loads; "Loading" and the label unless given. */
  loadingLabel?: string;
  /** The title of the error when the first page fails; "Could not load" and the label unless given. */
  errorTitle?: string;
  query: UseInfiniteQueryResult<InfiniteData<LibraryPage>>;
  openAdId: string | null;
  lastOpenedId?: string | null;
  onOpen: (id: string | null) => void;
  empty: ReactNode;
  onSeeBrand?: (brand: { id: string; name: string }) => void;
  showSaved?: boolean;
  /** Names the list asked (the search's words and filters): another list starts at its first ad, with the focus there. */
  listKey?: string;
}

/** A paged list of ads with every state: loading, error, empty, results, and the detail of one ad. */
export function AdResults({
  label,
  loadingLabel,
  errorTitle,
  query,
  openAdId,
  lastOpenedId,
  onOpen,
  empty,
  onSeeBrand,
  showSaved,
  listKey,
}: AdResultsProps) {
  // Each ad once: an ad that entered the list between two pages moves the rest down, so a next page may repeat one.
  const ads = useMemo(() => uniqueById(query.data?.pages.flatMap((page) => page.items) ?? []), [query.data]);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const open = useCallback((ad: LibraryAd) => onOpen(ad.id), [onOpen]);

  if (query.isPending)
    return <AdGridSkeleton label={loadingLabel ?? t('ads.results.loading', { list: label.toLowerCase() })} />;
  if (query.isError && ads.length === 0) {
    return (
      <ErrorNotice
        title={errorTitle ?? t('ads.results.error', { list: label.toLowerCase() })}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <>
      {openAdId ? (
        <AdDetail
          adId={openAdId}
          fromList={ads.find((ad) => ad.id === openAdId)}
          onBack={() => onOpen(null)}
          onSeeBrand={onSeeBrand}
        />
      ) : null}
      {query.isFetchNextPageError ? (
        <ErrorNotice title={t('ads.results.moreError')} error={query.error} onRetry={() => void fetchNextPage()} />
      ) : null}
      {ads.length === 0 ? (
        openAdId ? null : query.isPlaceholderData ? (
          // The last list's answer, kept while the new one loads, says nothing of the new one.
          <AdGridSkeleton label={loadingLabel ?? t('ads.results.loading', { list: label.toLowerCase() })} />
        ) : (
          empty
        )
      ) : (
        <AdGrid
          key={listKey}
          label={label}
          ads={ads}
          hasMore={hasNextPage && !query.isFetchNextPageError}
          loadingMore={isFetchingNextPage}
          onLoadMore={loadMore}
          onOpen={open}
          returnFocusTo={lastOpenedId}
          hidden={openAdId !== null}
          showSaved={showSaved}
        />
      )}
    </>
  );
}

export function AdGridSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" className="ad-grid-skeleton">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="ad-card" aria-hidden="true">
          <span className="skeleton" style={{ aspectRatio: '4 / 3' }} />
          <span className="skeleton" style={{ width: '40%', margin: '8px 0' }} />
          <span className="skeleton" style={{ width: '90%' }} />
        </div>
      ))}
    </div>
  );
}
