import type { ReactNode } from 'react';
import { ErrorNotice } from './error-notice';
import { SkeletonList } from './skeleton';

/** What QueryView reads of a TanStack query (or anything shaped like one). */
export interface QueryState<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** 'idle' for a query that is not enabled: it shows nothing rather than loading forever. */
  fetchStatus?: 'fetching' | 'paused' | 'idle';
  /** The data is the last answer, kept on screen while the next loads. */
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

interface QueryViewProps<T> {
  query: QueryState<T>;
  /** Named while loading, for assistive technology. */
  loadingLabel: string;
  /** Skeleton rows while loading. @default 3 */
  rows?: number;
  /** Shown instead of the skeleton while loading. */
  loading?: ReactNode;
  /** The heading of the error notice. */
  errorTitle: string;
  /** Whether the data has nothing to show; `empty` is shown then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The one ladder of every view that shows a query: loading, error (with retry where the error
 * allows it), empty, data. When a refresh fails, the last data stays on screen under the error.
 */
export function QueryView<T>({
  query,
  loadingLabel,
  rows = 3,
  loading,
  errorTitle,
  isEmpty,
  empty = null,
  children,
}: QueryViewProps<T>) {
  const error = query.isError ? (
    <ErrorNotice title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
  ) : null;
  if (query.data === undefined) {
    if (error) return error;
    const waiting = query.isPending && query.fetchStatus !== 'idle';
    return waiting ? (loading ?? <SkeletonList label={loadingLabel} rows={rows} />) : null;
  }
  // An empty answer kept while the next loads says nothing of the next: that one is still loading.
  const shown = !isEmpty?.(query.data)
    ? children(query.data)
    : query.isPlaceholderData
      ? (loading ?? <SkeletonList label={loadingLabel} rows={rows} />)
      : empty;
  return (
    <>
      {error}
      {shown}
    </>
  );
}
