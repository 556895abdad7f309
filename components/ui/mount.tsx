import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { persistQueries, restoreQueries } from './query-persistence';
import { useThemeAttribute } from './theme';
import { type StorageWatcher, watchSettings } from './storage-watch';

function ThemeSync() {
  useThemeAttribute();
  return null;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The background already retries what the API contract allows.
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

interface MountOptions {
  /** Queries to keep across reopenings of the page. */
  persist?: (key: QueryKey) => boolean;
  /** What else in extension storage the page's cache follows (settings always). */
  watch?: readonly StorageWatcher[];
}

/** Mounts an extension page: React root, query cache (restored if persisted) and theme. */
export function mountPage(element: ReactNode, options: MountOptions = {}): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  const queryClient = createQueryClient();
  if (options.persist) {
    restoreQueries(queryClient);
    persistQueries(queryClient, options.persist);
  }
  for (const watch of [watchSettings, ...(options.watch ?? [])]) watch(queryClient);
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ThemeSync />
        {element}
      </QueryClientProvider>
    </StrictMode>,
  );
}
