import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { systemClock } from '@/lib/clock';
import { addPictureStyles, paintSnapshot, readSnapshot, SNAPSHOT_PAINTED_MARK } from '@/components/sidepanel/picture';

/**
 * A classic script first in the side panel's <head>: it reads the last picture of the panel at
 * once and paints it, with the text of its stylesheets, the moment the parser has made the root
 * element (a mutation observer's microtask, in the parser's own task), which is before any of the
 * app's modules runs and before the document's end is reached: the parser's next task may come
 * 10 to 30 ms later, behind the page's other loads.
 */
export default defineUnlistedScript(() => {
  const snapshot = readSnapshot(systemClock());
  if (!snapshot) return;
  let done = false;
  const paint = () => {
    const root = document.getElementById('root');
    // The app may have rendered first; its content is never replaced by an older picture.
    if (done || !root) return;
    done = true;
    observer.disconnect();
    if (root.childElementCount > 0) return;
    // Added once the head is parsed, so they follow the page's own stylesheets as the views' do.
    addPictureStyles(snapshot);
    paintSnapshot(root, snapshot);
    performance.mark(SNAPSHOT_PAINTED_MARK);
  };
  const observer = new MutationObserver(paint);
  if (document.readyState !== 'loading' || document.getElementById('root')) {
    paint();
    return;
  }
  observer.observe(document, { childList: true, subtree: true });
  // A page without a root, or a parser that made it where no observer saw: painted, or given up, at the end.
  document.addEventListener(
    'readystatechange',
    () => {
      paint();
      done = true;
      observer.disconnect();
    },
    { once: true },
  );
});
