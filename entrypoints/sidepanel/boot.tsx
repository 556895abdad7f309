import { adKeys } from '@/components/ads/query-keys';
import { seedStartAnswers } from '@/components/ads/start-search';
import { watchConfirmedSaves } from '@/components/boards/watch-saves';
import { mountPage } from '@/components/ui/mount';
import { sharedKeys } from '@/components/ui/query-keys';
import { useNavigationStore } from '@/components/navigation/navigation-store';
import { preloadTab, SidePanelApp } from '@/components/sidepanel/side-panel-app';
import { keepSnapshot } from '@/components/sidepanel/picture';

// The open tab's view is loaded before the first render, so it paints with the shell.
await preloadTab(useNavigationStore.getState().tab).catch(() => undefined);
// The settings and the last searches come back from the cache at once when the panel reopens.
const PERSISTED = new Set<unknown>([sharedKeys.settings()[0], adKeys.search({})[0]]);
await mountPage(<SidePanelApp />, {
  persist: (key) => PERSISTED.has(key[0]),
  watch: [watchConfirmedSaves],
  // Opened with nothing kept, the search sent as the panel started paints with the first render.
  seed: seedStartAnswers,
});
// What the panel shows when it hides is painted first the next time it opens.
const root = document.getElementById('root');
if (root) keepSnapshot(root);
