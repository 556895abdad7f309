import { useEffect } from 'react';
import { browser } from 'wxt/browser';
import { type PendingSimilar, pendingSimilarItem } from '@/lib/storage/pending-similar';
import { navigate } from '../navigation/navigation-store';
import { useSimilarStore } from './similar-store';

/**
 * Whether `entry` was asked for in another window than this page's: each window has a panel of
 * its own, and one open beside the window the user asked in stays where its user left it. A
 * hand-over whose window cannot be told (no tab, the tab gone) is this window's as well.
 */
async function askedElsewhere(entry: PendingSimilar, ownWindow: Promise<number | null>): Promise<boolean> {
  if (entry.tabId === null) return false;
  const [own, tab] = await Promise.all([ownWindow, browser.tabs.get(entry.tabId).catch(() => undefined)]);
  return own !== null && tab?.windowId !== undefined && tab.windowId !== own;
}

/**
 * Shows pages handed over by find-similar triggers: the context menu, the command, the
 * toolbar and the page button open the panel and write the page to session storage; a new
 * one asked in this panel's window switches the panel to the Similar view.
 */
export function usePageHandover(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const ownWindow = browser.windows.getCurrent().then(
      (window) => window?.id ?? null,
      () => null,
    );
    // In the order written: a page's reading, then its answer, each after the last is placed.
    let last = Promise.resolve();
    const take = (entry: PendingSimilar | null) => {
      if (!entry) return;
      last = last
        .then(async () => {
          if (!active || (await askedElsewhere(entry, ownWindow)) || !active) return;
          if (useSimilarStore.getState().receive(entry)) navigate({ to: 'similar' });
        })
        // One that fails stops none after it.
        .catch(() => undefined);
    };
    void pendingSimilarItem.get().then(take, () => undefined);
    const unwatch = pendingSimilarItem.watch(take);
    return () => {
      active = false;
      unwatch();
    };
  }, [enabled]);
}
