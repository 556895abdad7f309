// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "handleDisabledFileLoadingAsSuccess": true } }
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addPictureStyles,
  isSafeAttribute,
  type PanelSnapshot,
  paintSnapshot,
  readSnapshot,
  SNAPSHOT_MAX_AGE_MS,
  SNAPSHOT_MAX_CHARS,
  saveSnapshot,
} from '@/components/sidepanel/picture';
import { pictureShown } from '@/components/sidepanel/picture-wait';
import { PANEL_PICTURE_KEY } from '@/components/ui/page-caches';
import { PICTURE_NOW, storePicture, withLinksKept } from '../../support/picture';

const NOW = PICTURE_NOW;

function store(nodes: unknown[], extra: Partial<Omit<PanelSnapshot, 'nodes'>> = {}): void {
  storePicture({ ...extra, nodes });
}

function painted(root: HTMLElement): HTMLElement {
  const snapshot = readSnapshot(NOW);
  if (!snapshot) throw new Error('no snapshot was read');
  return paintSnapshot(root, snapshot);
}

describe('panel snapshot', () => {
  let root: HTMLElement;
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-theme');
    document.body.innerHTML = '<div id="root"></div>';
    root = document.getElementById('root') as HTMLElement;
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('saves what the panel shows, SVG and theme included, and paints the same structure', () => {
    root.innerHTML =
      '<main class="panel"><ul role="list" aria-label="Search results"><li role="listitem"><button type="button">Boots</button><img src="https://cdn.example.com/a.jpg" alt="Boots ad"></li></ul><svg viewBox="0 0 10 10"><path d="M0 0h10"></path></svg></main>';
    document.documentElement.dataset.theme = 'dark';
    saveSnapshot(root, NOW);
    const before = root.innerHTML;
    document.documentElement.removeAttribute('data-theme');
    const picture = painted(root);
    expect(picture.innerHTML).toBe(before);
    expect(picture.querySelector('path')?.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('leaves out what shows nothing while the panel hides: closed popovers and hidden elements', () => {
    root.innerHTML =
      '<main><div popover="auto" role="dialog" aria-label="Language"><select><option>English</option></select></div>' +
      '<p hidden>later</p><p hidden="until-found">found by search</p><ul hidden><li>old</li></ul><p>shown</p></main>';
    saveSnapshot(root, NOW);
    const picture = painted(root);
    expect(picture.querySelector('[popover]')).toBeNull();
    expect(picture.querySelector('select')).toBeNull();
    expect([...picture.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['found by search', 'shown']);
    expect(picture.querySelector('ul')).toBeNull();
  });

  it('paints the picture inert and hidden from assistive technology, with nothing focusable', () => {
    store([['main', {}, [['button', { type: 'button', tabindex: '0' }, ['Save']]]]]);
    const picture = painted(root);
    expect(picture.getAttribute('aria-hidden')).toBe('true');
    expect(picture.inert).toBe(true);
    expect(root.firstElementChild).toBe(picture);
    expect(picture.querySelector('button')?.textContent).toBe('Save');
    expect(picture.querySelector('[tabindex]')).toBeNull();
  });

  it('creates nothing active from a tampered picture', () => {
    const hostile: unknown[] = [
      ['script', {}, ['window.hacked = 1']],
      ['img', { src: 'data:,', onerror: 'window.hacked = 2', ONLOAD: 'x' }, []],
      ['a', { href: ' JaVa\tScRiPt:alert(1)' }, ['link']],
      ['a', { href: '//evil.example/' }, ['protocol-relative']],
      ['img', { src: 'data:text/html,<script>1</script>' }, []],
      ['iframe', { src: 'https://evil.example' }, []],
      ['form', { action: 'https://evil.example' }, [['input', { name: 'k' }, []]]],
      ['div', { onclick: 'window.hacked = 3', style: 'background:url(https://evil.example/x)' }, ['card']],
      [
        'svg',
        {},
        [
          ['a', { 'xlink:href': 'javascript:alert(1)' }, []],
          ['script', {}, ['1']],
        ],
        1,
      ],
      ['img onerror=alert(1)', {}, []],
      ['p', { 'bad name': 'x', '"': 'y' }, ['odd attributes']],
      { tag: 'p' },
      42,
      ['p', 'not-an-object', 'not-an-array'],
    ];
    store(hostile);
    const picture = painted(root);
    expect(picture.querySelector('script, iframe, form, input')).toBeNull();
    const attributes = [...picture.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].map((attribute) => ({ name: attribute.name, value: attribute.value })),
    );
    expect(attributes.filter(({ name }) => /^on/i.test(name))).toEqual([]);
    expect(attributes.filter(({ value }) => /script:|\/\/evil|data:text|url\(/i.test(value))).toEqual([]);
    expect(picture.textContent).toContain('card');
    expect(picture.textContent).toContain('odd attributes');
    expect((globalThis as { hacked?: number }).hacked).toBeUndefined();
  });

  it('stops at a picture nested too deep', () => {
    const depth = 2000;
    const nodes = `[${'["div",{},['.repeat(depth)}"bottom"${']]'.repeat(depth)}]`;
    localStorage.setItem(
      PANEL_PICTURE_KEY,
      `{"v":4,"savedAt":${NOW - 1000},"theme":null,"styles":[],"css":[],"nodes":${nodes}}`,
    );
    const picture = painted(root);
    expect(picture.querySelectorAll('div').length).toBeLessThan(100);
    expect(picture.textContent).not.toContain('bottom');
  });

  it('allows web addresses, fragments, same-origin paths and raster data images, and nothing else', () => {
    const table: [string, string, boolean][] = [
      ['href', 'https://example.com/ad', true],
      ['src', 'http://127.0.0.1:8787/media/a.svg', true],
      ['href', '#results', true],
      ['src', '/icon/16.png', true],
      ['src', 'data:image/png;base64,AAAA', true],
      ['href', 'javascript:alert(1)', false],
      ['href', '  JaVaScRiPt:alert(1)', false],
      ['href', 'java\tscript:alert(1)', false],
      ['href', 'vbscript:msgbox(1)', false],
      ['src', 'data:text/html;base64,PHNjcmlwdD4=', false],
      ['src', 'data:image/svg+xml,<svg onload=alert(1)>', false],
      ['href', 'blob:https://example.com/uuid', false],
      ['href', '//evil.example/x', false],
      ['href', '/\t/evil.example/x', false],
      ['href', '/\\evil.example/x', false],
      ['href', 'https://user:pass@example.com/', false],
      ['src', 'https://cdn.example.com/' + 'a'.repeat(5000), false],
      ['onclick', 'alert(1)', false],
      ['OnMouseOver', 'alert(1)', false],
      ['aria-label', 'javascript: is only text here', true],
      ['style', 'transform: translateY(240px)', true],
      ['style', 'background-image: url(https://evil.example/beacon)', false],
    ];
    for (const [name, value, safe] of table)
      expect([name, value, isSafeAttribute(name, value)]).toEqual([name, value, safe]);
  });

  it('keeps no picture that is stale, from the future, malformed or of another version', () => {
    store([['p', {}, ['old']]], { savedAt: NOW - SNAPSHOT_MAX_AGE_MS - 1 });
    expect(readSnapshot(NOW)).toBeNull();
    expect(localStorage.getItem(PANEL_PICTURE_KEY)).toBeNull();
    store([['p', {}, ['future']]], { savedAt: NOW + 60_000 });
    expect(readSnapshot(NOW)).toBeNull();
    localStorage.setItem(PANEL_PICTURE_KEY, '{"v":2,');
    expect(readSnapshot(NOW)).toBeNull();
    localStorage.setItem(PANEL_PICTURE_KEY, JSON.stringify({ v: 1, savedAt: NOW, theme: null, html: '<p>x</p>' }));
    expect(readSnapshot(NOW)).toBeNull();
    localStorage.setItem(PANEL_PICTURE_KEY, JSON.stringify({ v: 2, savedAt: NOW, theme: null, nodes: [] }));
    expect(readSnapshot(NOW)).toBeNull();
  });

  it("keeps the extension's own stylesheets with the picture, and refuses a picture naming any other", () => {
    document.head.innerHTML = `<link rel="stylesheet" href="/assets/sidepanel-A1.css"><link rel="stylesheet" href="${location.origin}/assets/accounts-tab-B2.css"><link rel="stylesheet" href="https://cdn.example.com/assets/x.css"><link rel="stylesheet" href="/assets/y.css?v=1"><link rel="preload" href="/chunks/x.js">`;
    // Each loaded, with a rule for what the picture shows (happy-dom loads no file).
    for (const link of document.head.querySelectorAll('link[rel="stylesheet"]')) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('p { color: gray }');
      Object.defineProperty(link, 'sheet', { value: sheet });
    }
    root.innerHTML = '<p>figures</p>';
    saveSnapshot(root, NOW);
    expect(readSnapshot(NOW)?.styles).toEqual(['/assets/sidepanel-A1.css', '/assets/accounts-tab-B2.css']);
    for (const href of [
      'https://evil.example/a.css',
      '//evil.example/a.css',
      '/assets/../x.css',
      'data:text/css,body{}',
      '/assets/a.js',
    ]) {
      store([['p', {}, ['x']]], { styles: [href], css: [''] });
      expect([href, readSnapshot(NOW)]).toEqual([href, null]);
    }
    document.head.innerHTML = '';
  });

  it('adds the text of the stylesheets the page lacks at once, their links once, and drops the text when they are in', () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/sidepanel-A1.css">';
    const snapshot: PanelSnapshot = {
      v: 4,
      savedAt: NOW,
      theme: null,
      styles: ['/assets/sidepanel-A1.css', '/assets/accounts-tab-B2.css', '/assets/ad-card-C3.css'],
      css: ['.panel { color: red }', '.totals { display: grid }', '.ad-card { padding: 4px }'],
      nodes: [],
    };
    const { links } = withLinksKept(() => addPictureStyles(snapshot));
    const copies = [...document.head.querySelectorAll('style[data-picture-styles]')];
    // The page's own stylesheet is in already: only the two it lacks, in their order, as text and as links.
    expect(copies.map((copy) => copy.textContent)).toEqual(['.totals { display: grid }', '.ad-card { padding: 4px }']);
    expect(links.map((link) => [link.getAttribute('href'), link.rel])).toEqual([
      ['/assets/accounts-tab-B2.css', 'stylesheet'],
      ['/assets/ad-card-C3.css', 'stylesheet'],
    ]);
    links[0]?.dispatchEvent(new Event('load'));
    expect(copies.map((copy) => copy.isConnected)).toEqual([false, true]);
    // A file the build no longer has (a picture kept before an update) leaves with its copy.
    const removed = vi.spyOn(links[1] as HTMLLinkElement, 'remove');
    links[1]?.dispatchEvent(new Event('error'));
    expect(copies.map((copy) => copy.isConnected)).toEqual([false, false]);
    expect(removed).toHaveBeenCalled();
    document.head.innerHTML = '';
  });

  it('adds nothing when the page has every stylesheet the picture names', () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/sidepanel-A1.css">';
    addPictureStyles({
      v: 4,
      savedAt: NOW,
      theme: null,
      styles: ['/assets/sidepanel-A1.css'],
      css: ['p {}'],
      nodes: [],
    });
    expect(document.head.children).toHaveLength(1);
    document.head.innerHTML = '';
  });

  it('refuses a picture whose stylesheet text imports, reaches another origin or does not match its list', () => {
    for (const text of [
      '@import url(/assets/x.css);',
      '.a { background: url(https://evil.example/a.png) }',
      '.a { background: url("//evil.example/a.png") }',
      ".a { background: url('/\\evil.example/a.png') }",
      '.a { background: url(a.png) }',
    ]) {
      store([['p', {}, ['x']]], { styles: ['/assets/a-A1.css'], css: [text] });
      expect([text, readSnapshot(NOW)]).toEqual([text, null]);
    }
    store([['p', {}, ['x']]], { styles: ['/assets/a-A1.css'], css: [] });
    expect(readSnapshot(NOW)).toBeNull();
    for (const text of ['.a { mask: url("data:image/svg+xml,%3Csvg%3E") }', '.a { background: url(/assets/a.png) }']) {
      store([['p', {}, ['x']]], { styles: ['/assets/a-A1.css'], css: [text] });
      expect([text, readSnapshot(NOW)?.css]).toEqual([text, [text]]);
    }
  });

  it('counts a painted picture as shown, so the entry starts nothing before it paints', () => {
    expect(pictureShown()).toBe(false);
    const painted = document.body.appendChild(document.createElement('div'));
    painted.setAttribute('data-snapshot', '');
    expect(pictureShown()).toBe(true);
    painted.remove();
    expect(pictureShown()).toBe(false);
  });

  it('drops the old picture instead of saving one too large, and never saves a picture of a picture', () => {
    store([['p', {}, ['previous']]]);
    root.innerHTML = `<p>${'x'.repeat(SNAPSHOT_MAX_CHARS + 1)}</p>`;
    saveSnapshot(root, NOW);
    expect(localStorage.getItem(PANEL_PICTURE_KEY)).toBeNull();
    store([['p', {}, ['kept']]], { savedAt: NOW - 5 });
    painted(root);
    saveSnapshot(root, NOW);
    expect(JSON.parse(localStorage.getItem(PANEL_PICTURE_KEY) ?? '{}').savedAt).toBe(NOW - 5);
  });
});
