import type { z } from 'zod/mini';
import { createJSONStorage, type PersistOptions } from 'zustand/middleware';

/**
 * The page's localStorage, whose writes never throw: a full storage keeps the last value that
 * fitted, and the store goes on in memory (a throw inside zustand's `set` failed every action of
 * the store, a search, the first account's pick, each key typed in a brief).
 */
const pageStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: (key) => localStorage.getItem(key),
  setItem: (key, value) => {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Full: see above.
    }
  },
  removeItem: (key) => localStorage.removeItem(key),
};

/**
 * zustand's persist options for a page store kept in the page's localStorage, which extension
 * pages read synchronously, so a reopened panel starts where it was without a flash. Only what
 * `pick` selects is written; what comes back is checked against `schema`, and a value that
 * fails (tampered, or from another version) leaves the store's initial state.
 */
export function persistValidated<State, Saved extends Partial<State>>(
  name: string,
  schema: z.ZodMiniType<Saved>,
  pick: (state: State) => Saved,
  version = 1,
): PersistOptions<State, Saved> {
  return {
    name,
    version,
    storage: createJSONStorage(() => pageStorage),
    partialize: pick,
    // Another version's value (a later release rolled back) is not read: the store starts as new.
    migrate: () => ({}) as Saved,
    merge: (persisted, current) => {
      const parsed = schema.safeParse(persisted);
      return parsed.success ? { ...current, ...parsed.data } : current;
    },
  };
}

/**
 * Follows what another page of the extension (a panel in another window) writes to the store's
 * key: read again at once, so this page neither shows a stale copy nor writes it back over the
 * other's. For what the user writes (a brief), which is one whatever the window.
 */
export function followOtherPages(store: { persist: { rehydrate(): unknown; getOptions(): { name?: string } } }): void {
  globalThis.addEventListener?.('storage', (event: StorageEvent) => {
    if (event.key === store.persist.getOptions().name) void store.persist.rehydrate();
  });
}
