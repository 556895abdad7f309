import { type QueryClient, useQuery } from '@tanstack/react-query';
import { browser } from 'wxt/browser';
import { callBackground } from '@/lib/messaging/client';

export const settingsQueryKey = ['settings'] as const;

/** Storage keys whose change means the settings view is out of date (names only; values are not read here). */
const SETTINGS_KEYS = new Set(['settings', 'apiKey']);

/** The settings every page reads: base URL, theme, and whether a key is stored (never the key). */
export function useSettings() {
  return useQuery({
    queryKey: settingsQueryKey,
    queryFn: () => callBackground('settings.get', {}),
    // A cached copy paints at once, and is always checked again.
    staleTime: 0,
  });
}

/** Refreshes the settings of this page when another page (options) changes them. */
export function watchSettings(queryClient: QueryClient): () => void {
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && Object.keys(changes).some((key) => SETTINGS_KEYS.has(key))) {
      void queryClient.invalidateQueries({ queryKey: settingsQueryKey });
    }
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
