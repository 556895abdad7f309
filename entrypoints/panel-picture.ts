import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { systemClock } from '@/lib/clock';
import { addPictureStyles, paintSnapshot, readSnapshot, SNAPSHOT_PAINTED_MARK } from '@/components/sidepanel/picture';

/**
 * A classic script first in the side panel's <head>: it reads the last picture of the panel at
 * once and paints it, with the text of its stylesheets, as soon as the (tiny) body is parsed,
 * which is before any of the app's modules runs.
 */
export default defineUnlistedScript(() => {
  const snapshot = readSnapshot(systemClock());
  if (!snapshot) return;
  const paint = () => {
    const root = document.getElementById('root');
    // The app may have rendered first; its content is never replaced by an older picture.
    if (!root || root.childElementCount > 0) return;
    // Added once the head is parsed, so they follow the page's own stylesheets as the views' do.
    addPictureStyles(snapshot);
    paintSnapshot(root, snapshot);
    performance.mark(SNAPSHOT_PAINTED_MARK);
  };
  if (document.readyState !== 'loading') paint();
  else document.addEventListener('readystatechange', paint, { once: true });
});
