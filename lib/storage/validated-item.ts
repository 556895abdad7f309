import { type StorageItemKey, storage } from 'wxt/utils/storage';
import type { z } from 'zod';

export interface ValidatedItem<T> {
  readonly key: StorageItemKey;
  /** Reads and validates; a value that fails its schema (tampered, or from a newer version) reads as the fallback. */
  get(): Promise<T>;
  set(value: T): Promise<void>;
  remove(): Promise<void>;
  watch(callback: (value: T) => void): () => void;
}

export interface ValidatedItemOptions<T> {
  fallback: T;
  version?: number;
  migrations?: Record<number, (old: unknown) => unknown>;
}

/** A versioned storage item (WXT storage with migrations) whose every read passes through a zod schema. */
export function defineValidatedItem<S extends z.ZodType>(
  key: StorageItemKey,
  schema: S,
  options: ValidatedItemOptions<z.infer<S>>,
): ValidatedItem<z.infer<S>> {
  type T = z.infer<S>;
  const item = storage.defineItem<unknown>(key, {
    version: options.version ?? 1,
    ...(options.migrations ? { migrations: options.migrations } : {}),
  });
  // A fresh copy each time: callers may mutate what they read, and must not change the fallback.
  const fallback = (): T => structuredClone(options.fallback);
  const validate = (raw: unknown): T => {
    if (raw === null || raw === undefined) return fallback();
    const parsed = schema.safeParse(raw);
    return parsed.success ? (parsed.data as T) : fallback();
  };
  return {
    key,
    get: async () => validate(await item.getValue()),
    set: async (value) => {
      await item.setValue(schema.parse(value));
    },
    remove: () => item.removeValue(),
    watch: (callback) => item.watch((value) => callback(validate(value))),
  };
}
