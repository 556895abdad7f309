import { dehydrate, hydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { onPageCachesDropped, QUERY_CACHE_KEY } from './page-caches';
import { onPageLeave } from '@/components/ui/page-leave';

const MAX_QUERIES = 4;

interface InfiniteShape {
  pages: unknown[];
  pageParams: unknown[];
}

function isInfinite(data: unknown): data is InfiniteShape {
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as InfiniteShape).pages) &&
    Array.isArray((data as InfiniteShape).pageParams)
  );
}

/** Puts the persisted queries back into the cache before the first render, so a reopened page paints at once. */
export function restoreQueries(client: QueryClient): void {
  try {
    const raw = localStorage.getItem(QUERY_CACHE_KEY);
    if (raw) hydrate(client, JSON.parse(raw));
  } catch {
    localStorage.removeItem(QUERY_CACHE_KEY);
  }
}

/**
 * Keeps the most recent successful queries that `include` selects in localStorage, infinite
 * ones cut to their first page, so the last search comes back instantly when the panel reopens.
 */
export function persistQueries(client: QueryClient, include: (key: QueryKey) => boolean): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    const state = dehydrate(client, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && include(query.queryKey),
    });
    state.queries = state.queries
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
      .slice(0, MAX_QUERIES)
      .map((query) =>
        isInfinite(query.state.data)
          ? {
              ...query,
              state: {
                ...query.state,
                data: {
                  pages: query.state.data.pages.slice(0, 1),
                  pageParams: query.state.data.pageParams.slice(0, 1),
                },
              },
            }
          : query,
      );
    state.mutations = [];
    try {
      localStorage.setItem(QUERY_CACHE_KEY, JSON.stringify(state));
    } catch {
      // Storage full or unavailable: the cache only saves time, nothing is lost without it.
    }
  };
  let dirty = false;
  const flush = () => {
    clearTimeout(timer);
    if (!dirty) return;
    dirty = false;
    write();
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !include(event.query.queryKey)) return;
    dirty = true;
    clearTimeout(timer);
    timer = setTimeout(flush, 250);
  });
  // A panel closed right after its results arrived still keeps them.
  const stopLeave = onPageLeave(flush);
  const stop = () => {
    clearTimeout(timer);
    dirty = false;
    stopLeave();
    unsubscribe();
  };
  // Delete all (or a key forgotten) on another page: what this page holds is never written back.
  const stopDropped = onPageCachesDropped(stop);
  return () => {
    stop();
    stopDropped();
  };
}
