import { useCallback, useSyncExternalStore } from 'react';
import type { StoredItem } from '@/lib/storage/stored-item';

interface Entry {
  value: unknown;
  listeners: Set<() => void>;
  stop: (() => void) | null;
}

/** One read and one watch per item, however many components show it. */
const entries = new WeakMap<StoredItem<unknown>, Entry>();

function entryOf(item: StoredItem<unknown>): Entry {
  let entry = entries.get(item);
  if (!entry) {
    entry = { value: undefined, listeners: new Set(), stop: null };
    entries.set(item, entry);
  }
  return entry;
}

function subscribe(item: StoredItem<unknown>, entry: Entry, listener: () => void): () => void {
  entry.listeners.add(listener);
  if (!entry.stop) {
    const take = (value: unknown) => {
      entry.value = value;
      for (const notify of entry.listeners) notify();
    };
    entry.stop = item.watch(take);
    void item.get().then(take, () => undefined);
  }
  return () => {
    entry.listeners.delete(listener);
    if (entry.listeners.size === 0 && entry.stop) {
      entry.stop();
      entry.stop = null;
    }
  };
}

/**
 * An extension-storage item as the background keeps it (the save outbox, the generation
 * jobs), validated on every read and live as it changes; undefined until the first read.
 * Reading storage directly wakes no service worker.
 */
export function useStoredItem<T>(item: StoredItem<T>): T | undefined {
  const entry = entryOf(item as StoredItem<unknown>);
  // One subscribe function per item: a new one each render would unsubscribe and subscribe
  // again, and the last listener leaving reads the item afresh, which renders again.
  const subscribeTo = useCallback(
    (listener: () => void) => subscribe(item as StoredItem<unknown>, entry, listener),
    [item, entry],
  );
  return useSyncExternalStore(
    subscribeTo,
    () => entry.value as T | undefined,
    () => undefined,
  );
}
