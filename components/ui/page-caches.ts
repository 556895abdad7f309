import { onPageLeave } from './page-leave';
import { forgetStartAnswers, START_REQUESTS_KEY } from '@/lib/messaging/start-requests';
import { LEARNED_FORMATS_KEY, PANEL_PICTURE_KEY, QUERY_CACHE_KEY } from './page-cache-keys';

export { LEARNED_FORMATS_KEY, PANEL_PICTURE_KEY, QUERY_CACHE_KEY };

/**
 * Forgets what the extension's pages keep of the last workspace: after the key is forgotten
 * or replaced, no page paints or restores another workspace's data. Every extension page
 * shares one localStorage, so the options page clears the panel's too.
 */
export function clearPageCaches(pageStorage: Storage = localStorage): void {
  forgetStartAnswers();
  for (const key of [PANEL_PICTURE_KEY, QUERY_CACHE_KEY, LEARNED_FORMATS_KEY, START_REQUESTS_KEY]) {
    try {
      pageStorage.removeItem(key);
    } catch {
      // Storage unavailable: there is nothing to clear.
    }
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
    forgetStartAnswers();
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
