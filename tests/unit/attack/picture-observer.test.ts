// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "handleDisabledFileLoadingAsSuccess": true, "disableCSSFileLoading": true } }
/*
 * The picture's script (entrypoints/panel-picture.ts) since 7a65987: it paints from a mutation
 * observer the moment the parser has made `#root`, with `readystatechange` as the fallback that
 * paints or gives up. Here the parser is played by hand while the document says it is loading.
 * All of these pass: they cover cases the commit's tests do not (one paint, no paint over the
 * app's content, the observer let go, a root named after it was made).
 */
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { SNAPSHOT_PAINTED_MARK } from '@/components/sidepanel/picture';
import panelPicture from '@/entrypoints/panel-picture';
import { PICTURE_NOW, storePicture, withLinksKept } from '../../support/picture';

/** The parser's microtask checkpoint, where a mutation observer's callback runs. */
const checkpoint = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function paintedMarks(mark: MockInstance): number {
  return mark.mock.calls.filter(([name]) => name === SNAPSHOT_PAINTED_MARK).length;
}

describe("the picture's script while the page is parsed", () => {
  let state: MockInstance;
  let mark: MockInstance;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(PICTURE_NOW);
    localStorage.clear();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    storePicture({
      styles: ['/assets/search-tab-S1.css'],
      css: ['.results { display: grid; }'],
      nodes: [['main', { class: 'results' }, ['Boots']]],
    });
    state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    mark = vi.spyOn(performance, 'mark');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  // Coverage (passes): a root that arrives already holding the app's content is never painted
  // over, neither by the observer nor at the end of parsing, and gets no stylesheet of the picture.
  it('paints nothing into a root that arrives with content, then or at the end of parsing', async () => {
    withLinksKept(() => panelPicture.main());
    const made = document.createElement('div');
    made.id = 'root';
    made.innerHTML = '<main class="app">live</main>';
    document.body.append(made);
    await checkpoint();
    state.mockReturnValue('interactive');
    const { links } = withLinksKept(() => document.dispatchEvent(new Event('readystatechange')));
    expect(made.innerHTML).toBe('<main class="app">live</main>');
    expect(document.head.querySelector('style[data-picture-styles]')).toBeNull();
    expect(links).toEqual([]);
    expect(paintedMarks(mark)).toBe(0);
  });

  // Coverage (passes): once painted, the observer is let go: a root made again later (the same
  // page's second root, or one replaced) gets no second picture, and the stylesheets are added once.
  it('paints once, into the first root made, whatever the page adds or replaces afterwards', async () => {
    const disconnect = vi.spyOn(MutationObserver.prototype, 'disconnect');
    panelPicture.main();
    const first = document.createElement('div');
    first.id = 'root';
    document.body.append(first);
    // The observer paints in its own callback: its links go in the head (happy-dom loads no CSS here).
    await checkpoint();
    expect(first.querySelectorAll('[data-snapshot]')).toHaveLength(1);
    expect(disconnect).toHaveBeenCalled();
    // The root is replaced by an empty one before the parser ends.
    const second = document.createElement('div');
    second.id = 'root';
    first.replaceWith(second);
    await checkpoint();
    state.mockReturnValue('interactive');
    document.dispatchEvent(new Event('readystatechange'));
    expect(second.childElementCount).toBe(0);
    expect(paintedMarks(mark)).toBe(1);
    expect(document.head.querySelectorAll('link[data-picture-link]')).toHaveLength(1);
  });

  // Coverage (passes): a root that gets its id only after it is in the document is no childList
  // mutation the observer sees: the end of parsing paints it.
  it('paints at the end of parsing a root named after the observer saw it made', async () => {
    withLinksKept(() => panelPicture.main());
    const made = document.createElement('div');
    document.body.append(made);
    await checkpoint();
    made.id = 'root';
    await checkpoint();
    expect(made.childElementCount).toBe(0);
    state.mockReturnValue('interactive');
    withLinksKept(() => document.dispatchEvent(new Event('readystatechange')));
    expect(made.querySelector('[data-snapshot] main.results')?.textContent).toBe('Boots');
    expect(paintedMarks(mark)).toBe(1);
  });

  // Coverage (passes): the script run a second time (or a picture already in the root) paints no picture of a picture.
  it('paints no second picture over a root that shows one already', async () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    withLinksKept(() => panelPicture.main());
    withLinksKept(() => panelPicture.main());
    await checkpoint();
    expect(root.querySelectorAll('[data-snapshot]')).toHaveLength(1);
    expect(paintedMarks(mark)).toBe(1);
  });
});
