import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/ui';

/** How the stored connection ended under a job a page runs. */
export type ConnectionEnd = 'erased' | 'changed';

/** Said in place of a job's result when Delete all ran while it did. */
export const erasedWords = (): string => t('ui.connection.erased');

/** Said in place of ads read while another connection was saved: their pages may come from two services. */
export const changedWords = (): string => t('ui.connection.changed');

/**
 * Tells a job a page runs (the report, Download board) when the stored connection changes
 * under it: `erased` when it is removed (Delete all clears it with everything else Adscope
 * keeps), `changed` when another key or address is saved, or the key forgotten. Only whether
 * the item is still there is looked at, never what it holds. Returns the stop.
 */
export function watchConnection(onEnd: (end: ConnectionEnd) => void): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area !== 'local' || !('connection' in changes)) return;
    const next = changes.connection?.newValue;
    onEnd(next === undefined || next === null ? 'erased' : 'changed');
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
