import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * `value` once it has stayed `delayMs`: what typing settles on. A value `atOnce` accepts (a box
 * cleared, say) is taken in the same render, so a change made with it (words cleared and a filter
 * set together) is never sent half-made.
 */
export function useDebouncedValue<T>(value: T, delayMs: number, atOnce?: (value: T) => boolean): T {
  const [debounced, setDebounced] = useState(value);
  const now = atOnce?.(value) ?? false;
  // Kept as the settled value too (set while rendering, so React renders again before it commits):
  // what is typed next waits from there, not from the words before it.
  if (now && !Object.is(debounced, value)) setDebounced(value);
  useEffect(() => {
    if (now) return;
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs, now]);
  return now ? value : debounced;
}

function subscribeOnline(callback: () => void): () => void {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

/** False while the browser reports no network. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
