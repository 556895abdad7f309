// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeSnapshot } from '@/components/sidepanel/picture';

/** A stylesheet link of the extension whose rules are `css` (happy-dom loads no link sheet itself). */
function linkWith(href: string, css: string): void {
  const link = document.head.appendChild(document.createElement('link'));
  link.rel = 'stylesheet';
  link.href = href;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  Object.defineProperty(link, 'sheet', { value: sheet });
}

afterEach(() => {
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the picture names the stylesheets that style it', () => {
  it('asks for an empty field by :placeholder-shown as written, and for ::placeholder by its field', () => {
    const root = document.body.appendChild(document.createElement('div'));
    root.innerHTML = '<input placeholder="Search ads">';
    linkWith('/assets/search-A1.css', 'input:placeholder-shown { border-color: gray }');
    linkWith('/assets/search-B1.css', 'input::placeholder { color: gray }');
    const asked = vi.spyOn(document, 'querySelector');
    // happy-dom cannot say whether the empty field is showing its placeholder (Chrome can): the selector asked is what counts.
    const styles = takeSnapshot(root, 0).styles;
    expect(asked.mock.calls.map(([selector]) => selector)).toEqual(
      expect.arrayContaining(['input:placeholder-shown', 'input']),
    );
    expect(asked.mock.calls.map(([selector]) => selector)).not.toContain('input-shown');
    expect(styles).toContain('/assets/search-B1.css');
  });

  // an unreadable selector keeps its sheet.
  it('keeps a sheet whose only rule is :not(:hover)', () => {
    const root = document.body.appendChild(document.createElement('div'));
    root.innerHTML = '<p class="card">x</p>';
    linkWith('/assets/cards-B2.css', '.card:not(:hover) { opacity: .9 }');
    expect(takeSnapshot(root, 0).styles).toEqual(['/assets/cards-B2.css']);
  });

  // rules inside @media / @supports are asked too.
  it('keeps a sheet whose matching rule is nested in @media and @supports', () => {
    const root = document.body.appendChild(document.createElement('div'));
    root.innerHTML = '<p class="card">x</p>';
    linkWith(
      '/assets/nested-C3.css',
      '@media (min-width: 1px) { @supports (display: grid) { .card { display: grid } } }',
    );
    expect(takeSnapshot(root, 0).styles).toEqual(['/assets/nested-C3.css']);
  });

  // a sheet styling nothing on screen is left out of the picture.
  it('leaves out a sheet that styles nothing the panel shows', () => {
    const root = document.body.appendChild(document.createElement('div'));
    root.innerHTML = '<p class="card">x</p>';
    linkWith('/assets/boards-D4.css', '.board-grid { display: grid }');
    expect(takeSnapshot(root, 0).styles).toEqual([]);
  });
});
