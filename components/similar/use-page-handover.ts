import { useEffect } from 'react';
import { pendingSimilarItem } from '@/lib/storage/pending-similar';
import { navigate } from '../navigation/navigation-store';
import { useSimilarStore } from './similar-store';

/**
 * Shows pages handed over by find-similar triggers: the context menu, the command, the
 * toolbar and the page button open the panel and write the page to session storage; a new
 * one switches the panel to the Similar view.
 */
export function usePageHandover(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const take = (entry: Awaited<ReturnType<typeof pendingSimilarItem.get>>) => {
      if (!active || !entry) return;
      if (useSimilarStore.getState().receive(entry)) navigate({ to: 'similar' });
    };
    void pendingSimilarItem.get().then(take, () => undefined);
    const unwatch = pendingSimilarItem.watch(take);
    return () => {
      active = false;
      unwatch();
    };
  }, [enabled]);
}
