import type { StorageItemKey } from 'wxt/utils/storage';
import type { z } from 'zod/mini';
import { defineStoredItem, type StoredItem } from './stored-item';

/** A stored item that its owner (the background) also writes, through the same schema. */
export interface ValidatedItem<T> extends StoredItem<T> {
  set(value: T): Promise<void>;
  remove(): Promise<void>;
  /**
   * The item as one entry of its area's `set`, checked as `set` checks it: for a write of several
   * keys at once, which storage keeps whole or refuses whole.
   */
  entry(value: T): Record<string, unknown>;
}

export interface ValidatedItemOptions<T> {
  fallback: T;
  version?: number;
  migrations?: Record<number, (old: unknown) => unknown>;
}

/** A key as its area names it: `local:watchNews` is `watchNews` in `storage.local`. */
export function areaKey(key: StorageItemKey): string {
  return key.slice(key.indexOf(':') + 1);
}

/** A versioned storage item (WXT storage with migrations) whose every read and write passes through a zod schema. */
export function defineValidatedItem<S extends z.ZodMiniType>(
  key: StorageItemKey,
  schema: S,
  options: ValidatedItemOptions<z.infer<S>>,
): ValidatedItem<z.infer<S>> {
  type T = z.infer<S>;
  // A fresh copy each time: callers may mutate what they read, and must not change the fallback.
  const fallback = (): T => structuredClone(options.fallback);
  const { stored, item } = defineStoredItem<T>(key, {
    read: (raw) => {
      if (raw === null || raw === undefined) return fallback();
      const parsed = schema.safeParse(raw);
      return parsed.success ? (parsed.data as T) : fallback();
    },
    ...(options.version === undefined ? {} : { version: options.version }),
    ...(options.migrations ? { migrations: options.migrations } : {}),
  });
  return {
    ...stored,
    set: async (value) => {
      await item.setValue(schema.parse(value));
    },
    remove: () => item.removeValue(),
    entry: (value) => ({ [areaKey(key)]: schema.parse(value) }),
  };
}
