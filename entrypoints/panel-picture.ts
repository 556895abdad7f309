import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { systemClock } from '@/lib/clock';
import { paintSnapshot, readSnapshot, SNAPSHOT_PAINTED_MARK } from '@/components/sidepanel/picture';

/**
 * A classic script first in the side panel's <head>: it reads the last picture of the panel
 * at once and paints it as soon as the (tiny) body is parsed, while the app's modules load.
 */
export default defineUnlistedScript(() => {
  const snapshot = readSnapshot(systemClock());
  if (!snapshot) return;
  const paint = () => {
    const root = document.getElementById('root');
    // The app may have rendered first; its content is never replaced by an older picture.
    if (!root || root.childElementCount > 0) return;
    paintSnapshot(root, snapshot);
    performance.mark(SNAPSHOT_PAINTED_MARK);
  };
  if (document.readyState !== 'loading') paint();
  else document.addEventListener('readystatechange', paint, { once: true });
});
