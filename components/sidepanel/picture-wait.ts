/*
 * Whether a picture of the panel is waiting for its stylesheets: set by the picture's script,
 * read by the side panel's entry before it loads the app. Imports nothing, so the entry stays tiny.
 */

/** How long a picture waits for its stylesheets before it paints anyway. */
export const PICTURE_STYLES_WAIT_MS = 400;
const PICTURE_STATE = 'picture';

/** Marks the page while a picture waits for its stylesheets, so the app lets it paint first. */
export function markPictureWaiting(waiting: boolean): void {
  if (waiting) document.documentElement.dataset[PICTURE_STATE] = 'waiting';
  else delete document.documentElement.dataset[PICTURE_STATE];
}

/** Whether the page shows its last picture or is about to (waiting for its stylesheets). */
export function pictureShown(): boolean {
  return document.documentElement.dataset[PICTURE_STATE] === 'waiting' || !!document.querySelector('[data-snapshot]');
}

/** Resolves once no picture is waiting to paint (at most `waitMs` later). */
export function pictureSettled(waitMs = PICTURE_STYLES_WAIT_MS + 100): Promise<void> {
  const html = document.documentElement;
  if (html.dataset[PICTURE_STATE] !== 'waiting') return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (html.dataset[PICTURE_STATE] !== 'waiting') done();
    });
    observer.observe(html, { attributes: true, attributeFilter: [`data-${PICTURE_STATE}`] });
    const timer = setTimeout(done, waitMs);
  });
}
