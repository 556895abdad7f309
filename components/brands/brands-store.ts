import { create } from 'zustand';
import { onWorkspaceForgotten } from '../ui/page-caches';

interface BrandsState {
  catalogueQuery: string;
  followedQuery: string;
  followedOffset: number;
  /** The brand open in the detail view. */
  brandId: string | null;
  openAdId: string | null;
  set: (patch: Partial<Omit<BrandsState, 'set'>>) => void;
}

/** The Brands tab's place, kept while the panel is open so switching tabs loses nothing. */
export const useBrandsStore = create<BrandsState>()((set) => ({
  catalogueQuery: '',
  followedQuery: '',
  followedOffset: 0,
  brandId: null,
  openAdId: null,
  set: (patch) => set(patch),
}));

// Another workspace follows other brands: its list starts at its first page.
onWorkspaceForgotten(() => useBrandsStore.setState({ followedOffset: 0 }));
