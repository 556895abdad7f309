import '@/assets/styles/base.css';
import '@/assets/styles/icons.css';
import '@/components/ui/kit.css';
import './style.css';
import { pictureSettled } from '@/components/sidepanel/picture-wait';
import { dropSpentPreloads } from '@/lib/spent-preloads';

// The lazy views' preload links leave the head once loaded: they would count in its DOM.
dropSpentPreloads();

// When the last picture of the panel is being painted (panel-picture.js), let the browser show
// it before the app's modules are evaluated; the app then replaces it on its first render.
await pictureSettled();
if (document.querySelector('[data-snapshot]')) {
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
await import('./boot');
