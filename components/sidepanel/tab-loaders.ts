import type { ComponentType } from 'react';
import type { PanelTab } from '@/components/navigation/panel-tabs';

/** Each tab's view is its own chunk, so the panel's first load carries only the shell and the active tab. */
export const TAB_LOADERS = {
  search: () => import('@/components/search/search-tab'),
  similar: () => import('@/components/similar/similar-tab'),
  brands: () => import('@/components/brands/brands-tab'),
  accounts: () => import('@/components/accounts/accounts-tab'),
  boards: () => import('@/components/boards/boards-tab'),
  saved: () => import('@/components/saved-ads/saved-ads-tab'),
  generate: () => import('@/components/generate/generate-tab'),
  workspace: () => import('@/components/workspace/workspace-tab'),
  new: () => import('@/components/watchlist/new-tab'),
} satisfies Record<PanelTab, () => Promise<{ default: ComponentType }>>;
