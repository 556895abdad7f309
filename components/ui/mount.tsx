import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { Fragment, type ReactNode, StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { onLanguageChange, shownLanguage } from '@/lib/i18n';
import { applyLanguageChoice, watchLanguageChoice } from '@/lib/i18n/runtime';
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

/**
 * The page in the shown language: a new choice in Options renders it again from the top, every
 * text and format in the new language, and tells assistive technology and line breaking which
 * language it is in.
 */
function LanguageRoot({ children }: { children: ReactNode }) {
  const language = useSyncExternalStore(onLanguageChange, shownLanguage);
  return <Fragment key={language}>{children}</Fragment>;
}

interface MountOptions {
  /** Queries to keep across reopenings of the page. */
  persist?: (key: QueryKey) => boolean;
  /** What else in extension storage the page's cache follows (settings always). */
  watch?: readonly StorageWatcher[];
}

/** Mounts an extension page, in the chosen language: React root, query cache (restored if persisted) and theme. */
export async function mountPage(element: ReactNode, options: MountOptions = {}): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  const setLang = () => (document.documentElement.lang = shownLanguage());
  onLanguageChange(setLang);
  await applyLanguageChoice();
  setLang();
  watchLanguageChoice();
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
        <LanguageRoot>{element}</LanguageRoot>
      </QueryClientProvider>
    </StrictMode>,
  );
}
