import '@/assets/styles/base.css';
import '@/assets/styles/icons.css';
import '@/components/ui/kit.css';
import './style.css';
import { markPageStyles, pictureShown } from '@/components/sidepanel/picture-wait';
import { dropSpentPreloads } from '@/lib/spent-preloads';
import { openTabAtStart } from '@/components/navigation/panel-tabs';
import { TAB_LOADERS } from '@/components/sidepanel/tab-loaders';
import { sendStartRequests } from '@/lib/messaging/start-requests';

// The lazy views' preload links leave the head once loaded: they would count in its DOM.
dropSpentPreloads();
// Before any view adds its own: a picture keeps the text of the views' stylesheets only.
markPageStyles();

// Opened without a picture (nothing kept from the last time): the open tab's view is fetched
// beside the app rather than after it, and the requests the panel starts with are sent now
// (the search's only when it opens on the search). With a picture, nothing is evaluated
// before it paints.
const picture = pictureShown();
if (!picture) {
  const tab = openTabAtStart(localStorage);
  void TAB_LOADERS[tab]().catch(() => undefined);
  sendStartRequests(localStorage, tab === 'search' ? undefined : ['settings.get']);
}

// When the last picture of the panel is painted (panel-picture.js), let the browser show it
// before the app's modules are evaluated; the app then replaces it on its first render.
if (picture) {
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
await import('./boot');
