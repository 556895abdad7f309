/*
 * The keys of what the extension's pages keep in their localStorage. Apart from page-caches.ts,
 * which clears them, so the side panel's picture script reads its key without the extension's
 * messaging (whose browser shim touches the extension API as the script loads).
 */

/** The side panel's last picture (what it showed when it last hid), in the extension pages' localStorage. */
export const PANEL_PICTURE_KEY = 'adscope.panel.snapshot.v2';
/** The query cache kept across reopenings (the last searches' first pages, the settings). */
export const QUERY_CACHE_KEY = 'adscope.queries.v1';
/** The display formats learned from the last service's ads (the Format filter's choices). */
export const LEARNED_FORMATS_KEY = 'adscope.formats';
