// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { onPageLeave } from '@/components/ui/page-leave';
import { PANEL_PICTURE_KEY, QUERY_CACHE_KEY } from '@/components/ui/page-caches';
import { persistQueries } from '@/components/ui/query-persistence';

/** The panel's caches in the extension pages' localStorage, and Delete all on the options page. */

const stops: (() => void)[] = [];
beforeEach(() => localStorage.clear());
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function leave(): void {
  window.dispatchEvent(new Event('pagehide'));
}

/** What the options page's Delete all does to localStorage, as this page sees it: cleared, and a storage event. */
function eraseFromOptions(): void {
  localStorage.clear();
  window.dispatchEvent(new StorageEvent('storage', { key: null, oldValue: null, newValue: null }));
}

describe("the panel's persisted caches", () => {
  it('are written when the panel leaves', () => {
    const client = new QueryClient();
    stops.push(persistQueries(client, () => true));
    client.setQueryData(['search', 'shoes'], { items: [1] });
    leave();
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toContain('shoes');
  });

  it('are not written back after Delete all on another page, nor is the picture', () => {
    const client = new QueryClient();
    // The panel's picture is saved when it leaves, by a handler set up before the erase.
    stops.push(onPageLeave(() => localStorage.setItem(PANEL_PICTURE_KEY, '{"savedAt":1}')));
    stops.push(persistQueries(client, () => true));
    client.setQueryData(['search', 'shoes'], { items: [1] });
    eraseFromOptions();
    client.setQueryData(['search', 'boots'], { items: [2] });
    leave();
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull();
    expect(localStorage.getItem(PANEL_PICTURE_KEY)).toBeNull();
    expect(localStorage.length).toBe(0);
  });
});
