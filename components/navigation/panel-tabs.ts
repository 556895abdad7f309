/*
 * The panel's tabs and where the open one is kept, apart from the store: the panel's entry reads
 * them before the app loads, so this module imports nothing.
 */

/** The side panel's views. */
export const panelTabs = [
  'search',
  'similar',
  'brands',
  'accounts',
  'boards',
  'saved',
  'generate',
  'workspace',
  'new',
] as const;
export type PanelTab = (typeof panelTabs)[number];

/** Where the open tab is kept across reopenings (the navigation store's localStorage entry). */
export const NAVIGATION_KEY = 'adscope.panel';

/**
 * The tab the panel opens on, read as the navigation store will read it (zustand's persist
 * writes `{ state: { tab }, version }`): anything else opens the search, as the store does.
 */
export function openTabAtStart(pageStorage: Pick<Storage, 'getItem'>): PanelTab {
  try {
    const saved: unknown = JSON.parse(pageStorage.getItem(NAVIGATION_KEY) ?? 'null');
    const tab = (saved as { state?: { tab?: unknown } } | null)?.state?.tab;
    return panelTabs.find((known) => known === tab) ?? 'search';
  } catch {
    return 'search';
  }
}
