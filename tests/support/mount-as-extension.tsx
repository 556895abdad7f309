import { QueryClientProvider } from '@tanstack/react-query';
import { act, cloneElement, isValidElement, type ReactNode, useSyncExternalStore } from 'react';
import { createQueryClient } from '@/components/ui/mount';
import { mountRoot } from '@/components/ui/mount-root';
import { watchSettings } from '@/components/ui/storage-watch';

/**
 * A page mounted as the extension mounts it (components/ui/mount-root.tsx: in the chosen language,
 * its catalogue fetched from the extension's files, drawn again in place when the choice
 * changes), with a query cache that follows storage. What it shows is taken down by the cleanups
 * it adds (mountRoot keeps its React root).
 */
export async function mountAsExtension(element: ReactNode, cleanups: (() => void | Promise<void>)[]): Promise<void> {
  let shown = true;
  const listeners = new Set<() => void>();
  function Shown({ children }: { children: ReactNode }) {
    const on = useSyncExternalStore(
      (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      () => shown,
    );
    // Given again as a copy, as the page's own root gives it (mount-root.tsx LanguageRoot): a new
    // language draws the page again from the top, not only this wrapper.
    if (!on) return null;
    return isValidElement(children) ? cloneElement(children) : children;
  }
  cleanups.push(() =>
    act(() => {
      shown = false;
      for (const listener of listeners) listener();
    }),
  );
  const client = createQueryClient();
  cleanups.push(watchSettings(client));
  await act(async () => {
    await mountRoot(<Shown>{element}</Shown>, (page) => (
      <QueryClientProvider client={client}>{page}</QueryClientProvider>
    ));
  });
}
