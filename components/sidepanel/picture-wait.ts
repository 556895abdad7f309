/*
 * Whether the side panel shows its last picture, and which stylesheets are the page's own: read
 * and marked by the side panel's entry before it loads the app. Imports nothing, so the entry
 * stays tiny.
 */

/**
 * Whether the page shows its last picture. The picture's script paints it as the parser makes the
 * root, before any module runs, so the entry's answer is final.
 */
export function pictureShown(): boolean {
  return !!document.querySelector('[data-snapshot]');
}

/** Set on the stylesheets the page's own HTML links (markPageStyles); the picture's own links carry data-picture-link. */
export const PAGE_STYLE = 'data-page-style';

/**
 * Marks the stylesheets the page's HTML links, as the entry finds them before it loads anything:
 * a picture never keeps their text, since they are in the page before it paints.
 */
export function markPageStyles(): void {
  for (const link of document.querySelectorAll('link[rel="stylesheet"]:not([data-picture-link])')) {
    link.setAttribute(PAGE_STYLE, '');
  }
}
