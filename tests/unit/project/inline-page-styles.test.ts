import { describe, expect, it } from 'vitest';
import { inlinable, inlineStyles } from '../../../scripts/inline-page-styles';

const SHEETS: Record<string, string> = {
  '/assets/page.css': ':root{--a:1}.icon::before{mask-image:url("data:image/svg+xml,%3Csvg xmlns=\'x\'%3E")}',
  '/assets/relative.css': '.a{background:url(img.png)}',
};
const read = (href: string) => SHEETS[href] ?? null;
const head = (...links: string[]) => `<head>\n    ${links.join('\n    ')}\n  </head>`;

describe('a page’s own stylesheets put in its HTML', () => {
  it('replaces each linked sheet with its text, the link kept and disabled, in the same place', () => {
    const html = head(
      '<script type="module" crossorigin src="/chunks/entry.js"></script>',
      '<link rel="stylesheet" crossorigin href="/assets/page.css">',
    );
    expect(inlineStyles(html, read)).toBe(
      head(
        '<script type="module" crossorigin src="/chunks/entry.js"></script>',
        `<style>${SHEETS['/assets/page.css']}</style>\n    <link rel="stylesheet" crossorigin href="/assets/page.css" disabled>`,
      ),
    );
  });

  it('keeps the link of a sheet it cannot read or that would read differently inline', () => {
    const html = head(
      '<link rel="stylesheet" crossorigin href="/assets/relative.css">',
      '<link rel="stylesheet" crossorigin href="/assets/missing.css">',
    );
    expect(inlineStyles(html, read)).toBe(html);
  });

  it('inlines only text with nothing that resolves or parses differently in the page', () => {
    expect(inlinable('.a{color:red}')).toBe(true);
    expect(inlinable('.a{background:url(/assets/a.png)}')).toBe(true);
    expect(inlinable(".a{background:url('data:image/png;base64,AAAA')}")).toBe(true);
    expect(inlinable('.a{background:url(a.png)}')).toBe(false);
    expect(inlinable('.a{background:url("../a.png")}')).toBe(false);
    expect(inlinable('.a{background:url(//cdn.example/a.png)}')).toBe(false);
    expect(inlinable('@import "b.css";')).toBe(false);
    expect(inlinable('.a{background:image-set("a.png" 1x)}')).toBe(false);
    expect(inlinable('.a::after{content:"</style><script>"}')).toBe(false);
  });
});
