import { lazy, Suspense } from 'react';
import { browser } from 'wxt/browser';
import { ErrorNotice } from '@/components/common/error-notice';
import { SetupPrompt } from '@/components/common/setup-prompt';
import { SkeletonList } from '@/components/common/skeleton';
import { type TabItem, Tabs } from '@/components/common/tabs';
import { useSettings } from '@/components/common/use-settings';
import { SaveDialog } from '@/components/save/save-dialog';
import { SaveToasts } from '@/components/save/save-toasts';
import { usePageHandover } from '@/components/similar/use-page-handover';
import { type PanelTab, usePanelStore } from './panel-store';

const TABS: readonly TabItem<PanelTab>[] = [
  { id: 'search', label: 'Search' },
  { id: 'accounts', label: 'Accounts' },
  { id: 'similar', label: 'Similar' },
  { id: 'brands', label: 'Brands' },
  { id: 'boards', label: 'Boards' },
  { id: 'saved', label: 'Saved' },
  { id: 'generate', label: 'Generate' },
  { id: 'workspace', label: 'Workspace' },
];

/** Each tab's view loads on first use, so the panel's first paint carries only the shell and the active tab. */
const PANELS = {
  search: lazy(() => import('@/components/search/search-tab')),
  similar: lazy(() => import('@/components/similar/similar-tab')),
  brands: lazy(() => import('@/components/brands/brands-tab')),
  accounts: lazy(() => import('@/components/accounts/accounts-tab')),
  boards: lazy(() => import('@/components/boards/boards-tab')),
  saved: lazy(() => import('@/components/saved/saved-tab')),
  generate: lazy(() => import('@/components/generate/generate-tab')),
  workspace: lazy(() => import('@/components/workspace/workspace-tab')),
} satisfies Record<PanelTab, unknown>;

export function SidePanelApp() {
  const settings = useSettings();
  const tab = usePanelStore((state) => state.tab);
  const setTab = usePanelStore((state) => state.setTab);
  const Panel = PANELS[tab];
  const configured = settings.data ? settings.data.hasApiKey && settings.data.baseUrl !== '' : false;
  usePageHandover(configured);
  return (
    <div className="panel-shell">
      <header className="panel-header">
        <h1>Adscope</h1>
        <button type="button" className="btn" onClick={() => void browser.runtime.openOptionsPage()}>
          Options
        </button>
      </header>
      <main className="panel-main">
        {settings.isPending ? <SkeletonList label="Loading Adscope" rows={2} /> : null}
        {settings.isError ? (
          <ErrorNotice title="Adscope could not start" error={settings.error} onRetry={() => void settings.refetch()} />
        ) : null}
        {settings.data && !configured ? <SetupPrompt /> : null}
        {configured ? (
          <Tabs label="Research views" tabs={TABS} selected={tab} onSelect={setTab}>
            <Suspense fallback={<SkeletonList label="Loading view" />}>
              <Panel />
            </Suspense>
          </Tabs>
        ) : null}
        {configured ? (
          <>
            <SaveDialog />
            <SaveToasts />
          </>
        ) : null}
      </main>
    </div>
  );
}
