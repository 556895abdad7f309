// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "handleDisabledFileLoadingAsSuccess": true, "disableCSSFileLoading": true } }
/*
 * The picture's stylesheet text (snapshot v4): how it is saved (size, full storage) and how
 * addPictureStyles and the picture's script put it in the page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addPictureStyles,
  type PanelSnapshot,
  readSnapshot,
  SNAPSHOT_MAX_CHARS,
  saveSnapshot,
} from '@/components/sidepanel/picture';
import { markPageStyles, pictureShown } from '@/components/sidepanel/picture-wait';
import { PANEL_PICTURE_KEY } from '@/components/ui/page-caches';
import { PICTURE_NOW, storePicture, withLinksKept } from '../../support/picture';
import panelPicture from '@/entrypoints/panel-picture';

const NOW = PICTURE_NOW;

/** A Storage that holds what it is given, and refuses any new write as a full storage does. */
class FullStorage implements Storage {
  private readonly items = new Map<string, string>();
  constructor(initial: Record<string, string>) {
    for (const [key, value] of Object.entries(initial)) this.items.set(key, value);
  }
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(): void {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
}

/** A loaded stylesheet link at `href` whose rules are `text` (happy-dom loads no file). */
function linkLoaded(href: string, text: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.setAttribute('href', href);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  Object.defineProperty(link, 'sheet', { value: sheet });
  document.head.append(link);
  return link;
}

/** The picture the script tests paint: one view's stylesheet and a line of results. */
function storedPicture(extra: Partial<PanelSnapshot> = {}): void {
  storePicture({
    styles: ['/assets/search-tab-S1.css'],
    css: ['.results { display: grid; }'],
    nodes: [['main', { class: 'results' }, ['Boots']]],
    ...extra,
  });
}

describe("the picture's stylesheets", () => {
  let root: HTMLElement;
  beforeEach(() => {
    localStorage.clear();
    document.head.innerHTML = '';
    document.body.innerHTML = '<div id="root"></div>';
    root = document.getElementById('root') as HTMLElement;
  });
  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  // Found failing: saveSnapshot's catch swallowed the QuotaExceededError of setItem and leaves the old
  // picture, which its own comment says a full storage clears; the next open paints the stale one.
  it('clears the old picture when a full storage refuses the new one, as its comment promises', () => {
    const old = JSON.stringify({
      v: 4,
      savedAt: NOW - 60_000,
      theme: null,
      styles: [],
      css: [],
      nodes: [['p', {}, ['old results']]],
    });
    const full = new FullStorage({ [PANEL_PICTURE_KEY]: old });
    root.innerHTML = '<main><p>new results</p></main>';
    saveSnapshot(root, NOW, full);
    expect(full.getItem(PANEL_PICTURE_KEY)).toBeNull();
  });

  // Found failing: the size limit counted the text of every stylesheet that styles the picture,
  // the page's own (linked by its HTML, never inserted by addPictureStyles) included: a picture
  // whose content fits the limit was dropped for text the next open never uses. The entry now
  // marks the page's own stylesheets (markPageStyles) and a picture keeps neither name nor text of them.
  it("keeps a picture whose content fits the size limit, however long the page's own stylesheet is", () => {
    const content = 'x'.repeat(SNAPSHOT_MAX_CHARS - 50_000);
    root.innerHTML = `<main><p class="card">${content}</p></main>`;
    // Without a stylesheet, this content is a picture within the limit.
    saveSnapshot(root, NOW);
    expect(readSnapshot(NOW)).not.toBeNull();
    // The page's own stylesheet (base, tokens, icons, kit and the shell are about 17 KB in the sources).
    const pageCss = ['.card { color: red; }', ...Array.from({ length: 3000 }, (_, i) => `.c${i} { margin: ${i}px; }`)];
    linkLoaded('/assets/sidepanel-A1.css', pageCss.join('\n'));
    markPageStyles();
    saveSnapshot(root, NOW + 1000);
    expect(readSnapshot(NOW + 1000)).not.toBeNull();
    expect(readSnapshot(NOW + 1000)?.styles).toEqual([]);
  });

  // Coverage: a stylesheet that styles the picture is saved with its rules' text.
  it('saves the text of each stylesheet that styles the picture, and leaves out one that styles nothing', () => {
    linkLoaded('/assets/sidepanel-A1.css', '.card { color: red; }');
    linkLoaded('/assets/dialog-D4.css', '.dialog { color: blue; }');
    root.innerHTML = '<main><p class="card">Boots</p></main>';
    saveSnapshot(root, NOW);
    const snapshot = readSnapshot(NOW);
    expect(snapshot?.styles).toEqual(['/assets/sidepanel-A1.css']);
    expect(snapshot?.css).toEqual(['.card { color: red; }']);
  });

  // Found failing: stylesSomethingIn returned true when sheetAt finds no loaded sheet (`if (!rules) return
  // true`), and textOf then gives ''. A link that failed (a file the last update removed, which
  // addPictureStyles itself added and leaves in the head) is so named again by every picture, with
  // no text: each open adds it, fetches it and fails again.
  it('names no stylesheet that failed to load in the next picture, nor one with no text', () => {
    linkLoaded('/assets/sidepanel-A1.css', '.card { color: red; }');
    const dead = document.createElement('link');
    dead.rel = 'stylesheet';
    dead.setAttribute('href', '/assets/search-tab-OLD.css');
    Object.defineProperty(dead, 'sheet', { value: null });
    document.head.append(dead);
    dead.dispatchEvent(new Event('error'));
    root.innerHTML = '<main><p class="card">Boots</p></main>';
    saveSnapshot(root, NOW);
    const snapshot = readSnapshot(NOW);
    expect(snapshot?.styles).toEqual(['/assets/sidepanel-A1.css']);
    expect(snapshot?.css.filter((text) => text === '')).toEqual([]);
  });

  // Found failing: the copy held every missing sheet's text in one <style> before all their links,
  // and left only when the last link was in: once the first link had loaded, its rules came after
  // the copy of the second and won over them. Each copy now sits just before its own link and
  // leaves when that link settles, so the order holds whichever loads first.
  it('keeps the later stylesheet winning while only the earlier one of two has loaded', () => {
    const snapshot: PanelSnapshot = {
      v: 4,
      savedAt: NOW,
      theme: null,
      styles: ['/assets/ads-A1.css', '/assets/search-tab-B2.css'],
      css: ['.x { color: red; }', '.x { color: blue; }'],
      nodes: [],
    };
    // The order the head receives them in; links kept out of the document, which would load them at once.
    const { links, appended } = withLinksKept(() => addPictureStyles(snapshot));
    const order = appended.map((node) =>
      node instanceof HTMLLinkElement ? `link ${node.getAttribute('href') ?? ''}` : `copy ${node.textContent ?? ''}`,
    );
    expect(order).toEqual([
      'copy .x { color: red; }',
      'link /assets/ads-A1.css',
      'copy .x { color: blue; }',
      'link /assets/search-tab-B2.css',
    ]);
    const copies = [...document.head.querySelectorAll('style[data-picture-styles]')];
    // The first link loads: its own copy leaves, the second's stays after it until its link is in.
    links[0]?.dispatchEvent(new Event('load'));
    expect(copies.map((copy) => copy.isConnected)).toEqual([false, true]);
    links[1]?.dispatchEvent(new Event('error'));
    expect(copies.map((copy) => copy.isConnected)).toEqual([false, false]);
  });

  describe("the picture's script", () => {
    // The picture's age is read on the page's clock.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(NOW);
    });

    /** Runs `test` with the picture stored and the document still parsed, its root not yet made. */
    async function beforeTheRoot(test: () => Promise<void>): Promise<void> {
      storedPicture();
      root.remove();
      const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
      try {
        await test();
      } finally {
        state.mockRestore();
      }
    }

    // Coverage: the picture's script paints at once with the copy of the view's stylesheet.
    it("paints the stored picture with its stylesheets' text as the page is parsed, and counts it as shown", () => {
      storedPicture();
      const { links } = withLinksKept(() => panelPicture.main());
      expect(root.querySelector('[data-snapshot] main.results')?.textContent).toBe('Boots');
      expect(document.head.querySelector('style[data-picture-styles]')?.textContent).toBe(
        '.results { display: grid; }',
      );
      expect(links.map((link) => link.getAttribute('href'))).toEqual(['/assets/search-tab-S1.css']);
      expect(pictureShown()).toBe(true);
    });

    // Coverage: the app's content is never replaced, and then nothing of the picture is added.
    it('paints nothing and adds no stylesheet when the app has rendered first, and the entry then starts as with no picture', () => {
      storedPicture();
      root.innerHTML = '<main class="app">live</main>';
      const { links } = withLinksKept(() => panelPicture.main());
      expect(root.innerHTML).toBe('<main class="app">live</main>');
      expect(document.head.querySelector('style[data-picture-styles]')).toBeNull();
      expect(links).toEqual([]);
      expect(pictureShown()).toBe(false);
    });

    // The parser makes the root before the document's end, and its next task may come 10 to 30 ms
    // later: the picture paints as the root is made, not when the document says it is parsed.
    it('paints as soon as the parser has made the root, before the document is parsed to its end', async () => {
      await beforeTheRoot(async () => {
        withLinksKept(() => panelPicture.main());
        expect(pictureShown()).toBe(false);
        const parsed = document.createElement('div');
        parsed.id = 'root';
        withLinksKept(() => document.body.append(parsed));
        // A mutation observer's microtask: still within the parser's task.
        await Promise.resolve();
        expect(parsed.querySelector('[data-snapshot] main.results')?.textContent).toBe('Boots');
        // The end of parsing paints nothing twice.
        document.dispatchEvent(new Event('readystatechange'));
        expect(parsed.querySelectorAll('[data-snapshot]')).toHaveLength(1);
      });
    });

    it('gives up at the end of parsing when the page has no root, and paints into none made later', async () => {
      await beforeTheRoot(async () => {
        withLinksKept(() => panelPicture.main());
        document.dispatchEvent(new Event('readystatechange'));
        const late = document.createElement('div');
        late.id = 'root';
        document.body.append(late);
        await Promise.resolve();
        expect(late.childElementCount).toBe(0);
        expect(document.head.querySelector('style[data-picture-styles]')).toBeNull();
      });
    });

    // Coverage: a stale picture is not painted even by the script (the clock is the page's).
    it('paints no picture older than its age limit', () => {
      storedPicture({ savedAt: NOW - 13 * 60 * 60 * 1000 });
      const { links } = withLinksKept(() => panelPicture.main());
      expect(root.childElementCount).toBe(0);
      expect(links).toEqual([]);
      expect(pictureShown()).toBe(false);
    });
  });
});
