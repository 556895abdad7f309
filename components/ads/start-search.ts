import type { QueryClient } from '@tanstack/react-query';
import type { LibraryPage, LibrarySearch } from '@/lib/contract/ad-library';
import { startAnswersBack, startAnswersEpoch } from '@/lib/messaging/start-requests';
import { adKeys } from './query-keys';
import { settingsQueryKey } from '@/components/ui/use-settings';

/** How long the panel's first render waits for the search sent at start (lib/messaging/start-requests.ts). */
export const START_SEARCH_WAIT_MS = 50;

/**
 * The settings and the search the panel sent as it started, put in the cache: the search under
 * the key the search view will ask for (its parameters without the page size the query adds),
 * as its first page, so the first render shows the cards. Nothing of what was not sent, not
 * back in time, or an error.
 */
export async function seedStartAnswers(client: QueryClient, waitMs = START_SEARCH_WAIT_MS): Promise<void> {
  const epoch = startAnswersEpoch();
  const [settings, searches] = await Promise.all([
    startAnswersBack('settings.get', waitMs),
    startAnswersBack('library.search', waitMs),
  ]);
  // The key replaced or everything deleted while one answer waited for the other: neither is of this workspace.
  if (startAnswersEpoch() !== epoch) return;
  for (const { data } of settings) client.setQueryData(settingsQueryKey, data);
  for (const { payload, data } of searches) {
    if (typeof payload !== 'object' || payload === null || 'cursor' in payload) continue;
    const page = data as LibraryPage;
    if (!Array.isArray(page?.items)) continue;
    const { page_size: _pageSize, ...params } = payload as LibrarySearch;
    // The search view's own chunk holds the formats it learns: taught once it is there, not in the boot.
    void import('./learned-formats').then(({ learnFormats }) => learnFormats(page.items));
    client.setQueryData(adKeys.search(params), { pages: [page], pageParams: [''] });
  }
}
