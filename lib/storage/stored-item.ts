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

/** What of a WXT storage item the stored items use. */
type WxtItem = Pick<ReturnType<typeof storage.defineItem<unknown>>, 'getValue' | 'setValue' | 'removeValue' | 'watch'>;

/**
 * A versioned WXT storage item whose every read goes through `read`. The WXT item is made at
 * its first use, not where the module defines it: WXT reads an item (and runs its migrations)
 * the moment it is defined, and a worker that wakes for one message would otherwise read every
 * item its modules define before it answers.
 */
export function defineStoredItem<T>(key: StorageItemKey, options: StoredItemOptions<T>) {
  let defined: WxtItem | undefined;
  const wxt = (): WxtItem =>
    (defined ??= storage.defineItem<unknown>(key, {
      version: options.version ?? 1,
      ...(options.migrations ? { migrations: options.migrations } : {}),
    }));
  const item: WxtItem = {
    getValue: () => wxt().getValue(),
    setValue: (value) => wxt().setValue(value),
    removeValue: (removeOptions) => wxt().removeValue(removeOptions),
    watch: (callback) => wxt().watch(callback),
  };
  const stored: StoredItem<T> = {
    key,
    get: async () => options.read(await item.getValue()),
    watch: (callback) => item.watch((value, previous) => callback(options.read(value), options.read(previous))),
  };
  return { stored, item };
}
