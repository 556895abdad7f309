// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import SearchTab from '@/components/search/search-tab';
import { useSearchStore } from '@/components/search/search-store';
import { createQueryClient } from '@/components/ui/mount';
import { waitForPage } from '../../support/react-root';
import { pageWorld, typeInto } from '../../support/page-world';

/**
 * The Search view with words far longer than usual. The user has set up a search (a brand, two
 * languages, a launch date) and pastes a paragraph into the search box (here 1,600 characters,
 * eight times the service's 200). The box takes it; the search is refused in words ("The search
 * text is limited to 200 characters."), for the user to cut down. The search store keeps every
 * change in the panel's localStorage "so a reopened panel starts on the same search", and writes
 * this one too; but it reads the stored search back through `filtersSchema`
 * (search-store.ts), whose `query` allows at most 200 characters, and persistValidated drops the
 * whole stored search when one field fails. The next time the panel opens, the brand, the
 * languages, the date and the words are all gone, and nothing says why.
 */

const { cleanups } = pageWorld(() => useSearchStore.getState().reset());

/** The router's refusal of a query over 200 characters, as the background answers it. */
const TOO_LONG = {
  ok: false,
  error: {
    code: 'invalid_input',
    httpStatus: null,
    field: 'query',
    message: 'The search text is limited to 200 characters.',
    retryable: false,
  },
};

describe('a search whose words were pasted far past the limit, to be cut down', () => {
  it('keeps the brand, the languages and the words when the panel opens again', async () => {
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: {
      type: string;
      payload: { query?: string };
    }) => {
      if (message.type === 'library.search')
        return (message.payload.query?.length ?? 0) > 200 ? TOO_LONG : { ok: true, data: { items: [], cursor: null } };
      return { ok: true, data: {} };
    }) as typeof browser.runtime.sendMessage);
    act(() =>
      useSearchStore.getState().set({
        brand: { id: 'brand-acme', name: 'Acme Outdoor' },
        languages: ['de', 'en'],
        startDate: '2026-10-01',
      }),
    );
    const root = createRoot(document.getElementById('root') as HTMLElement);
    cleanups.push(() => act(async () => root.unmount()));
    await act(async () =>
      root.render(
        <QueryClientProvider client={createQueryClient()}>
          <SearchTab />
        </QueryClientProvider>,
      ),
    );
    const box = document.querySelector<HTMLInputElement>('form[role="search"] input[type="search"]');
    if (!box) throw new Error('no search box');
    const notes = 'acme trail tent two person lake dusk '.repeat(44);
    expect(notes.length).toBeGreaterThan(8 * 200);
    await act(async () => typeInto(box, notes));
    // The box holds it, and the search is refused in words, for the user to cut.
    expect(box.value).toBe(notes);
    await waitForPage(() =>
      expect(document.body.textContent).toContain('The search text is limited to 200 characters.'),
    );

    // The panel is closed and opened again: a new page, its store read from localStorage.
    window.dispatchEvent(new Event('pagehide'));
    vi.resetModules();
    const reopened = await import('@/components/search/search-store');
    await reopened.useSearchStore.persist.rehydrate();
    const search = reopened.useSearchStore.getState();
    expect(search.brand).toEqual({ id: 'brand-acme', name: 'Acme Outdoor' });
    expect(search.languages).toEqual(['de', 'en']);
    expect(search.startDate).toBe('2026-10-01');
    expect(search.query).not.toBe('');
    expect(notes.startsWith(search.query.slice(0, 100))).toBe(true);
  });
});
