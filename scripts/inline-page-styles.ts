import type { Plugin } from 'vite';

/**
 * A stylesheet's text is safe to move into its page's HTML when nothing in it reads differently
 * there: no `</style` that would end the element, no `@import`, no `image-set()` (which takes a
 * bare string as an address), and no `url()` but a data URL or a path from the root (a relative
 * one would resolve against the page, not the sheet).
 */
export function inlinable(css: string): boolean {
  if (/<\/style|@import|image-set\(/i.test(css)) return false;
  for (const match of css.matchAll(/url\(\s*(["']?)([^"')]*)/gi)) {
    const address = match[2] ?? '';
    if (!/^data:/i.test(address) && !/^\/(?!\/)/.test(address)) return false;
  }
  return true;
}

/**
 * Each stylesheet a page's HTML links, put in the HTML itself as a `<style>`: a linked sheet in the
 * head holds the page's first frame until it is fetched, about 10 ms each here, and a reopened
 * side panel paints its last picture in that frame. The link stays, disabled (a disabled sheet is
 * neither fetched nor applied), so the loader of the lazy views, which adds the sheets a chunk
 * needs unless the page links them already, never fetches one of them again. A sheet that could
 * read differently inline keeps its link.
 */
export function inlineStyles(html: string, read: (href: string) => string | null): string {
  return html.replace(
    /<link rel="stylesheet"([^>]*?) href="([^"]+)"([^>]*)>/g,
    (tag, before: string, href: string, after: string) => {
      const css = read(href);
      if (css === null || !inlinable(css)) return tag;
      return `<style>${css}</style>\n    <link rel="stylesheet"${before} href="${href}"${after} disabled>`;
    },
  );
}

/** The build step that inlines every page's own stylesheets (inlineStyles), once Vite has linked them. */
export function inlinePageStyles(): Plugin {
  return {
    name: 'adscope-inline-page-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return inlineStyles(html, (href) => {
          const asset = bundle[href.replace(/^\//, '')];
          if (asset?.type !== 'asset') return null;
          return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        });
      },
    },
  };
}
