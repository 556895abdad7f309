import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { ErrorNotice } from '@/components/ui/error-notice';
import { SetupPrompt } from '@/components/ui/setup-prompt';
import { SkeletonList } from '@/components/ui/skeleton';
import { type TabItem, Tabs } from '@/components/ui/tabs';
import { useSettings } from '@/components/ui/use-settings';
import { HeldSaves } from '@/components/ads/held-saves';
import { useSaveStore } from '@/components/ads/save-store';
import { SaveToasts } from '@/components/ads/save-toasts';
import { WhatsNew } from './whats-new';
import { TAB_LOADERS } from './tab-loaders';
import { usePageHandover } from '@/components/similar/use-page-handover';
import { WatchNotices } from '@/components/ads/watch-toggle';
import { useStoredItem } from '@/components/ui/use-stored-item';
import { newCountOf, newsCountsItem } from '@/lib/storage/news-counts';
import { panelRequestItem, watchlistItem } from '@/lib/storage/watch-frame';
import { isSearchShortcut, navigate, type PanelTab, useNavigationStore } from '../navigation/navigation-store';
import { type MessageId, t } from '@/lib/i18n';
import 'virtual:adscope-english/panel';

/** The places of the panel: the four main ones first, each with its icon. */
const TABS: readonly { id: PanelTab; label: MessageId; icon: TabItem<PanelTab>['icon'] }[] = [
  { id: 'search', label: 'panel.tab.search', icon: 'search' },
  { id: 'boards', label: 'panel.tab.boards', icon: 'boards' },
  { id: 'accounts', label: 'panel.tab.accounts', icon: 'accounts' },
  { id: 'generate', label: 'panel.tab.generate', icon: 'generate' },
  { id: 'new', label: 'panel.tab.new', icon: 'new' },
  { id: 'brands', label: 'panel.tab.brands', icon: 'brands' },
  { id: 'saved', label: 'panel.tab.saved', icon: 'saved' },
  { id: 'similar', label: 'panel.tab.similar', icon: 'similar' },
  { id: 'workspace', label: 'panel.tab.workspace', icon: 'workspace' },
];

const LOADERS = TAB_LOADERS;

const LAZY: Record<PanelTab, ComponentType> = {
  search: lazy(LOADERS.search),
  similar: lazy(LOADERS.similar),
  brands: lazy(LOADERS.brands),
  accounts: lazy(LOADERS.accounts),
  boards: lazy(LOADERS.boards),
  saved: lazy(LOADERS.saved),
  generate: lazy(LOADERS.generate),
  workspace: lazy(LOADERS.workspace),
  new: lazy(LOADERS.new),
};

/**
 * Views already loaded, rendered directly: a lazy view would suspend once even when its
 * chunk is there, and React holds a revealed Suspense boundary for up to 300 ms.
 */
const loaded: Partial<Record<PanelTab, ComponentType>> = {};

export async function preloadTab(tab: PanelTab): Promise<void> {
  loaded[tab] ??= (await LOADERS[tab]()).default;
}

/** The save dialog's chunk: the form, the board tree and its checks, none of which the first paint needs. */
const loadSaveDialog = () => import('@/components/boards/save-dialog');
const SaveDialog = lazy(async () => ({ default: (await loadSaveDialog()).SaveDialog }));

type Idle = (run: () => void) => void;

/**
 * Loads the other views (and the save dialog) when the panel is idle, so switching tabs never waits: one at a time,
 * each in an idle moment of its own, so that evaluating them is never one long task in the way of the open view's
 * first answer.
 */
export function preloadOtherTabs(idle: Idle, loads: readonly (() => Promise<unknown>)[] = PRELOADS): void {
  const next = (index: number) => {
    const load = loads[index];
    if (!load) return;
    idle(
      () =>
        void load().then(
          () => next(index + 1),
          () => next(index + 1),
        ),
    );
  };
  next(0);
}

const PRELOADS: readonly (() => Promise<unknown>)[] = [
  ...(Object.keys(LOADERS) as PanelTab[]).map((tab) => () => preloadTab(tab)),
  loadSaveDialog,
];

/** The save dialog, mounted from the first time a save asks where (and kept, so it closes as a dialog does). */
function SaveDialogWhenAsked() {
  const asked = useSaveStore((state) => state.dialogAd !== null);
  const [wanted, setWanted] = useState(asked);
  if (asked && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <SaveDialog />
    </Suspense>
  ) : null;
}

/** The tabs, New with the count of new ads from watched brands. */
function useTabs(): readonly TabItem<PanelTab>[] {
  const news = useStoredItem(newsCountsItem);
  const watched = useStoredItem(watchlistItem);
  const count = news && watched ? newCountOf(news, new Set(watched.map((brand) => brand.id))) : 0;
  // Worded at each render: the page is drawn again in place when the language changes.
  return TABS.map((tab) => ({
    ...tab,
    label: t(tab.label),
    ...(tab.id === 'new' ? { count, countLabel: t('panel.tab.newAds', { count }) } : {}),
  }));
}

/** A notification was clicked: the background asks for New. */
function usePanelRequest(): void {
  const request = useStoredItem(panelRequestItem);
  useEffect(() => {
    if (!request) return;
    navigate({ to: request.to });
    void panelRequestItem.remove();
  }, [request]);
}

export function SidePanelApp() {
  const settings = useSettings();
  const tab = useNavigationStore((state) => state.tab);
  const Panel = loaded[tab] ?? LAZY[tab];
  useEffect(() => {
    const idle: Idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    preloadOtherTabs(idle);
  }, []);
  const configured = settings.data ? settings.data.hasApiKey && settings.data.baseUrl !== '' : false;
  usePageHandover(configured);
  usePanelRequest();
  const tabs = useTabs();
  useEffect(() => {
    if (!configured) return;
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event) || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      useNavigationStore.getState().focusSearch();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [configured]);
  return (
    <div className="panel-shell">
      <header className="panel-header">
        <h1>Adscope</h1>
        <button type="button" className="btn" onClick={() => void browser.runtime.openOptionsPage()}>
          {t('panel.options')}
        </button>
      </header>
      <main className="panel-main">
        {settings.isPending ? <SkeletonList label={t('panel.loading')} rows={2} /> : null}
        {settings.isError ? (
          <ErrorNotice title={t('panel.startFailed')} error={settings.error} onRetry={() => void settings.refetch()} />
        ) : null}
        {settings.data && !configured ? <SetupPrompt /> : null}
        {configured ? <HeldSaves /> : null}
        <WhatsNew />
        {configured ? (
          <Tabs label={t('panel.views')} tabs={tabs} selected={tab} onSelect={(to) => navigate({ to })}>
            <Suspense fallback={<SkeletonList label={t('panel.loadingView')} />}>
              <Panel />
            </Suspense>
          </Tabs>
        ) : null}
        {configured ? (
          <>
            <SaveDialogWhenAsked />
            <SaveToasts />
            <WatchNotices />
          </>
        ) : null}
      </main>
    </div>
  );
}
