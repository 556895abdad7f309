import { browser } from 'wxt/browser';

/** How the stored connection ended under a job a page runs. */
export type ConnectionEnd = 'erased' | 'changed';

/** Said in place of a job's result when Delete all ran while it did. */
export const ERASED_WORDS = "Adscope's data in this browser was deleted (Delete all) meanwhile.";

/** Said in place of ads read while another connection was saved: their pages may come from two services. */
export const CHANGED_WORDS =
  'The connection changed while the ads were read (another key or address was saved in the options), so they may come from two workspaces.';

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
