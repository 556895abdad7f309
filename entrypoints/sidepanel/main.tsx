import '@/assets/styles/base.css';
import '@/assets/styles/icons.css';
import './style.css';

// When the last picture of the panel has been painted (panel-picture.js), let the browser show
// it before the app's modules are evaluated; the app then replaces it on its first render.
if (document.querySelector('[data-snapshot]')) {
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
await import('./boot');
