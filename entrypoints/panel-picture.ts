import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { systemClock } from '@/lib/clock';
import { loadPictureStyles, paintSnapshot, readSnapshot, SNAPSHOT_PAINTED_MARK } from '@/components/sidepanel/picture';
import { markPictureWaiting } from '@/components/sidepanel/picture-wait';

/**
 * A classic script first in the side panel's <head>: it reads the last picture of the panel
 * at once and paints it as soon as the (tiny) body is parsed and the picture's stylesheets are
 * in, while the app's modules load.
 */
export default defineUnlistedScript(() => {
  const snapshot = readSnapshot(systemClock());
  if (!snapshot) return;
  markPictureWaiting(true);
  // Fetched at once, while the page parses: the stylesheets the picture adds once it is parsed
  // are then in memory, and it paints without waiting on them. Gone once it has painted.
  const hints = snapshot.styles.map((href) => {
    const hint = document.createElement('link');
    hint.rel = 'preload';
    hint.as = 'style';
    hint.crossOrigin = '';
    hint.href = href;
    document.head.append(hint);
    return hint;
  });
  const paint = () => {
    // Added once the head is parsed, so they follow the page's own stylesheets as the views' do.
    void loadPictureStyles(snapshot.styles).then(() => {
      const root = document.getElementById('root');
      // The app may have rendered first; its content is never replaced by an older picture.
      if (root && root.childElementCount === 0) {
        paintSnapshot(root, snapshot);
        performance.mark(SNAPSHOT_PAINTED_MARK);
      }
      markPictureWaiting(false);
      for (const hint of hints) hint.remove();
    });
  };
  if (document.readyState !== 'loading') paint();
  else document.addEventListener('readystatechange', paint, { once: true });
});
