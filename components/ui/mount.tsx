import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { mountRoot } from './mount-root';
import { persistQueries, restoreQueries } from './query-persistence';
import { useThemeAttribute } from './theme';
import { type StorageWatcher, watchSettings } from './storage-watch';
import { useSettings } from './use-settings';

function ThemeSync() {
  useThemeAttribute(useSettings().data?.theme);
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
      // A change goes to the background at once, offline or not: the background keeps it (the
      // outbox, the generation queue) and sends it when it can. Held here, it was lost with the page.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

interface MountOptions {
  /** Queries to keep across reopenings of the page. */
  persist?: (key: QueryKey) => boolean;
  /** What else in extension storage the page's cache follows (settings always). */
  watch?: readonly StorageWatcher[];
  /** Puts what is already known in the cache before the first render. */
  seed?: (client: QueryClient) => Promise<void>;
}

/** Mounts an extension page, in the chosen language: React root, query cache (restored if persisted) and theme. */
export async function mountPage(element: ReactNode, options: MountOptions = {}): Promise<void> {
  const queryClient = createQueryClient();
  if (options.persist) {
    restoreQueries(queryClient);
    persistQueries(queryClient, options.persist);
  }
  for (const watch of [watchSettings, ...(options.watch ?? [])]) watch(queryClient);
  await options.seed?.(queryClient);
  await mountRoot(element, (page) => (
    <QueryClientProvider client={queryClient}>
      <ThemeSync />
      {page}
    </QueryClientProvider>
  ));
}
