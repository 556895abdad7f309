/** The side panel's last picture (what it showed when it last hid), in the extension pages' localStorage. */
export const PANEL_PICTURE_KEY = 'adscope.panel.snapshot.v2';
/** The query cache kept across reopenings (the last searches' first pages, the settings). */
export const QUERY_CACHE_KEY = 'adscope.queries.v1';
/** The display formats learned from the last service's ads (the Format filter's choices). */
export const LEARNED_FORMATS_KEY = 'adscope.formats';

/**
 * Forgets what the extension's pages keep of the last workspace: after the key is forgotten
 * or replaced, no page paints or restores another workspace's data. Every extension page
 * shares one localStorage, so the options page clears the panel's too.
 */
export function clearPageCaches(storage: Storage = localStorage): void {
  for (const key of [PANEL_PICTURE_KEY, QUERY_CACHE_KEY, LEARNED_FORMATS_KEY]) {
    try {
      storage.removeItem(key);
    } catch {
      // Storage unavailable: there is nothing to clear.
    }
  }
}
