import { type StorageItemKey, storage } from 'wxt/utils/storage';

/** An extension-storage item as pages read it: checked on every read, live as it changes. */
export interface StoredItem<T> {
  readonly key: StorageItemKey;
  /** Reads and checks; a value that fails the check reads as the item's fallback. */
  get(): Promise<T>;
  /** Calls back with the new value and the one it replaced, both checked. */
  watch(callback: (value: T, previous: T) => void): () => void;
}

export interface StoredItemOptions<T> {
  /** Turns whatever storage holds (possibly nothing, or something tampered) into a value. */
  read: (raw: unknown) => T;
  version?: number;
  migrations?: Record<number, (old: unknown) => unknown>;
}

/** A versioned WXT storage item whose every read goes through `read`. */
export function defineStoredItem<T>(key: StorageItemKey, options: StoredItemOptions<T>) {
  const item = storage.defineItem<unknown>(key, {
    version: options.version ?? 1,
    ...(options.migrations ? { migrations: options.migrations } : {}),
  });
  const stored: StoredItem<T> = {
    key,
    get: async () => options.read(await item.getValue()),
    watch: (callback) => item.watch((value, previous) => callback(options.read(value), options.read(previous))),
  };
  return { stored, item };
}
