import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError } from '@/lib/api/errors';
import { useThemeAttribute } from './theme';

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

/** Mounts an extension page: React root, query cache and theme. */
export function mountPage(element: ReactNode, container = document.getElementById('root')): void {
  if (!container) throw new Error('The page has no #root element.');
  const queryClient = createQueryClient();
  window.addEventListener('unhandledrejection', (event) => {
    // Errors from the background are already shown where they happen; keep them out of the console.
    if (event.reason instanceof ApiError) event.preventDefault();
  });
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ThemeSync />
        {element}
      </QueryClientProvider>
    </StrictMode>,
  );
}
