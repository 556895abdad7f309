import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { z } from 'zod/mini';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { persistValidated } from '../ui/persist';
import { NAVIGATION_KEY, type PanelTab, panelTabs } from './panel-tabs';

export { panelTabs, type PanelTab } from './panel-tabs';

export interface BrandRef {
  id: string;
  name: string;
}

export const searchSorts = ['best_match', 'most_active', 'newest'] as const;
export type SearchSort = (typeof searchSorts)[number];

/**
 * Where one view sends the user, with what the next view needs. A search route describes a
 * new search: what it leaves out starts empty.
 */
export type Route =
  | {
      to: 'search';
      query?: string;
      brand?: BrandRef | null;
      languages?: string[];
      format?: string;
      sort?: SearchSort;
    }
  /** "More like this" for an ad. */
  | { to: 'similar'; ad: LibraryAd }
  /** A brief started from an ad. */
  | { to: 'generate'; ad: LibraryAd }
  | { to: PanelTab };
export type RouteTo<T extends PanelTab> = Extract<Route, { to: T }>;

interface NavigationState {
  tab: PanelTab;
  /** A route with something for its view to take; views load lazily, so it waits for them. */
  pending: Route | null;
  navigate: (route: Route) => void;
  /** "/" was pressed somewhere in the panel: the search box takes focus once it is shown. */
  searchFocusRequested: boolean;
  focusSearch: () => void;
  searchFocused: () => void;
}

/**
 * The side panel's one way between views: a view never writes another view's store, it
 * navigates, and the target view takes the route when it is there. The open tab is kept across
 * reopenings.
 */
export const useNavigationStore = create<NavigationState>()(
  persist(
    (set) => ({
      tab: 'search',
      pending: null,
      navigate: (route) => set({ tab: route.to, pending: Object.keys(route).length > 1 ? route : null }),
      searchFocusRequested: false,
      focusSearch: () => set({ tab: 'search', searchFocusRequested: true }),
      searchFocused: () => set({ searchFocusRequested: false }),
    }),
    persistValidated(NAVIGATION_KEY, z.object({ tab: z.enum(panelTabs) }), ({ tab }) => ({ tab })),
  ),
);

export const navigate = (route: Route) => useNavigationStore.getState().navigate(route);

/**
 * Lets a view take the routes sent to it: the one waiting now, at once (before the view first
 * renders, when called as its module loads), and every later one.
 */
export function onArrival<T extends PanelTab>(tab: T, take: (route: RouteTo<T>) => void): () => void {
  const check = ({ pending }: NavigationState) => {
    if (pending?.to !== tab || Object.keys(pending).length < 2) return;
    useNavigationStore.setState({ pending: null });
    take(pending as RouteTo<T>);
  };
  check(useNavigationStore.getState());
  return useNavigationStore.subscribe(check);
}

/** Whether a key press is "/" meant for the panel (not typed into a field, no modifier). */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  const typing = target?.closest?.('input, textarea, select, [contenteditable="true"]');
  return event.key === '/' && !typing && !event.metaKey && !event.ctrlKey && !event.altKey;
}
