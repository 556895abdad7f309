import { useCallback, useSyncExternalStore } from 'react';
import type { StoredItem } from '@/lib/storage/stored-item';

interface Entry {
  value: unknown;
  /** The first read failed (storage refused it), and nothing has been read since. */
  unreadable: boolean;
  listeners: Set<() => void>;
  stop: (() => void) | null;
}

/** One read and one watch per item, however many components show it. */
const entries = new WeakMap<StoredItem<unknown>, Entry>();

function entryOf(item: StoredItem<unknown>): Entry {
  let entry = entries.get(item);
  if (!entry) {
    entry = { value: undefined, unreadable: false, listeners: new Set(), stop: null };
    entries.set(item, entry);
  }
  return entry;
}

function subscribe(item: StoredItem<unknown>, entry: Entry, listener: () => void): () => void {
  entry.listeners.add(listener);
  if (!entry.stop) {
    const notifyAll = () => {
      for (const notify of entry.listeners) notify();
    };
    const take = (value: unknown) => {
      entry.value = value;
      entry.unreadable = false;
      notifyAll();
    };
    entry.stop = item.watch(take);
    void item.get().then(take, () => {
      entry.unreadable = entry.value === undefined;
      notifyAll();
    });
  }
  return () => {
    entry.listeners.delete(listener);
    if (entry.listeners.size === 0 && entry.stop) {
      entry.stop();
      entry.stop = null;
    }
  };
}

/** Subscribes to `item` (read once, then watched) and returns what `pick` reads of its entry. */
function useEntry<R>(item: StoredItem<unknown>, pick: (entry: Entry) => R, server: R): R {
  const entry = entryOf(item);
  // One subscribe function per item: a new one each render would unsubscribe and subscribe
  // again, and the last listener leaving reads the item afresh, which renders again.
  const subscribeTo = useCallback((listener: () => void) => subscribe(item, entry, listener), [item, entry]);
  return useSyncExternalStore(
    subscribeTo,
    () => pick(entry),
    () => server,
  );
}

/**
 * An extension-storage item as the background keeps it (the save outbox, the generation
 * jobs), validated on every read and live as it changes; undefined until the first read.
 * Reading storage directly wakes no service worker.
 */
export function useStoredItem<T>(item: StoredItem<T>): T | undefined {
  return useEntry(item as StoredItem<unknown>, (entry) => entry.value as T | undefined, undefined);
}

/** Whether `item` could not be read (storage refused it): what waits for it goes on without it. */
export function useStoredItemUnreadable(item: StoredItem<unknown>): boolean {
  return useEntry(item, (entry) => entry.unreadable, false);
}
