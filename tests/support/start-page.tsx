import { afterEach, beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { LibrarySearch } from '@/lib/contract/ad-library';

/**
 * Each test a fresh side panel page as it starts: the fake browser emptied and connected to
 * workspace A, an empty root and localStorage; what was sent at start lives in the modules the
 * test imports afresh (`vi.resetModules()`), as in a page.
 */
export function freshStartPage(): void {
  beforeEach(async () => {
    fakeBrowser.reset();
    localStorage.clear();
    document.body.innerHTML = '<div id="root"></div>';
    await fakeBrowser.storage.local.set({ connection: { apiKey: 'key-of-a' } });
  });
  afterEach(async () => {
    await vi.dynamicImportSettled();
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: undefined });
    document.body.innerHTML = '';
    localStorage.clear();
    vi.restoreAllMocks();
  });
}

/** The ids of the ads a search view shows, in `<p id="ads">`, as the panel's first page of `params`. */
export function searchView(
  useLibrarySearch: (params: LibrarySearch) => { data?: { pages: { items: { id: string }[] }[] } | undefined },
  params: LibrarySearch,
) {
  return function Ads() {
    const search = useLibrarySearch(params);
    return <p id="ads">{search.data?.pages.flatMap((page) => page.items.map((ad) => ad.id)).join(',') ?? ''}</p>;
  };
}

/** What the search view shows. */
export const shownAds = (): string => document.getElementById('ads')?.textContent ?? '';
