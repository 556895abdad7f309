/*
 * Whether the side panel shows its last picture: read by the side panel's entry before it loads
 * the app. Imports nothing, so the entry stays tiny.
 */

/**
 * Whether the page shows its last picture. The picture's script paints it as the document's
 * parsing ends, before any module runs, so the entry's answer is final.
 */
export function pictureShown(): boolean {
  return !!document.querySelector('[data-snapshot]');
}
