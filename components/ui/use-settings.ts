import { useQuery } from '@tanstack/react-query';
import { callBackground } from '@/lib/messaging/client';
import { sharedKeys } from './query-keys';

export const settingsQueryKey = sharedKeys.settings();

/** The settings every page reads: base URL, theme, and whether a key is stored (never the key). */
export function useSettings() {
  return useQuery({
    queryKey: settingsQueryKey,
    queryFn: () => callBackground('settings.get', {}, { atStart: true }),
    // A cached copy paints at once, and is always checked again.
    staleTime: 0,
  });
}
