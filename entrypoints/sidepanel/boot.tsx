import { mountPage } from '@/components/ui/mount';
import { useNavigationStore } from '@/components/navigation/navigation-store';
import { preloadTab, SidePanelApp } from '@/components/sidepanel/side-panel-app';
import { keepSnapshot } from '@/components/sidepanel/picture';

// The open tab's view is loaded before the first render, so it paints with the shell.
await preloadTab(useNavigationStore.getState().tab).catch(() => undefined);
// The settings and the last searches come back from the cache at once when the panel reopens.
mountPage(<SidePanelApp />, { persist: (key) => key[0] === 'settings' || key[0] === 'library.search' });
// What the panel shows when it hides is painted first the next time it opens.
const root = document.getElementById('root');
if (root) keepSnapshot(root);
