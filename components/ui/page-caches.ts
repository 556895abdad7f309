import { onPageLeave } from './page-leave';
import { forgetStartAnswers, START_REQUESTS_KEY } from '@/lib/messaging/start-requests';
import { LEARNED_FORMATS_KEY, PANEL_PICTURE_KEY, QUERY_CACHE_KEY } from './page-cache-keys';

export { LEARNED_FORMATS_KEY, PANEL_PICTURE_KEY, QUERY_CACHE_KEY };

/**
 * The panel's remembered places that name one workspace's things: the boards a save goes to
 * (the last and the recent ones) and the Accounts view's ad account, its metrics and open ad.
 */
export const WORKSPACE_PLACE_KEYS = ['adscope.save', 'adscope.accounts'] as const;

const forgetters = new Set<() => void>();

/**
 * Runs `forget` whenever this page forgets the last workspace (the key replaced or forgotten,
 * everything deleted): a store drops what it holds in memory of that workspace, so it neither
 * acts on it nor writes it back. Returns the unsubscribe function.
 */
export function onWorkspaceForgotten(forget: () => void): () => void {
  forgetters.add(forget);
  return () => forgetters.delete(forget);
}

function forgetInMemory(): void {
  forgetStartAnswers();
  for (const forget of forgetters) forget();
}

function removeAll(pageStorage: Storage, keys: readonly string[]): void {
  for (const key of keys) {
    try {
      pageStorage.removeItem(key);
    } catch {
      // Storage unavailable: there is nothing to clear.
    }
  }
}

/**
 * Forgets what the extension's pages keep of the last workspace: after the key is forgotten
 * or replaced, no page paints or restores another workspace's data, nor saves to its boards.
 * Every extension page shares one localStorage, so the options page clears the panel's too.
 */
export function clearPageCaches(pageStorage: Storage = localStorage): void {
  forgetInMemory();
  removeAll(pageStorage, [
    PANEL_PICTURE_KEY,
    QUERY_CACHE_KEY,
    LEARNED_FORMATS_KEY,
    START_REQUESTS_KEY,
    ...WORKSPACE_PLACE_KEYS,
  ]);
}

/**
 * Forgets the panel's last picture alone: it was painted in a language and a theme, and once
 * either changes it would show the old one until the app replaces it.
 */
export function forgetPanelPicture(pageStorage: Storage = localStorage): void {
  removeAll(pageStorage, [PANEL_PICTURE_KEY]);
}

const erasers = new Set<() => void>();

/**
 * Runs `erase` when Delete all clears the pages' storage, in this page or in another: a store
 * of the user's own work, which a new key leaves alone (the search, the brief, the boards'
 * places), drops what it holds and its stored copy, so an open page never writes the erased
 * work back. Returns the unsubscribe function.
 */
export function onPageStorageErased(erase: () => void): () => void {
  erasers.add(erase);
  // Only localStorage.clear() in another page tells this one with no key; a background worker has no window.
  const listener = (event: StorageEvent) => {
    if (event.key === null) erase();
  };
  const target = typeof window === 'undefined' ? null : window;
  target?.addEventListener('storage', listener);
  return () => {
    erasers.delete(erase);
    target?.removeEventListener('storage', listener);
  };
}

/**
 * Delete all's part in the page it runs in: every page's storage cleared, and this page's
 * stores forget what they held (the other pages hear the clear through their storage event).
 */
export function erasePageStorage(pageStorage: Storage = localStorage): void {
  forgetInMemory();
  for (const erase of erasers) erase();
  try {
    pageStorage.clear();
  } catch {
    // Storage unavailable: there is nothing to clear.
  }
}

/**
 * Calls `onDropped` once when another extension page drops the caches (Delete all clears the
 * pages' localStorage; a forgotten or replaced key removes the query cache): this page must not
 * write back what it holds from before. From then on, whatever this page writes at leaving (its
 * picture, its queries) is removed again as it leaves. Returns the unsubscribe function.
 */
export function onPageCachesDropped(onDropped: () => void, target: Window = window): () => void {
  let stopLeave: (() => void) | null = null;
  const listener = (event: StorageEvent) => {
    if (stopLeave || (event.key !== null && event.key !== QUERY_CACHE_KEY) || event.newValue !== null) return;
    forgetInMemory();
    onDropped();
    // Registered after the page's own leave handlers, so it runs after them.
    stopLeave = onPageLeave(() => clearPageCaches());
  };
  target.addEventListener('storage', listener);
  return () => {
    target.removeEventListener('storage', listener);
    stopLeave?.();
  };
}
