/*
 * scripts/first-load-chunks.ts decides, in buildEnd, which chunk each module goes to; the group's
 * `name` then answers for each module. Here it runs against a fake plugin context (a module graph
 * given as static and lazy imports), so its grouping decisions are checked without a build.
 */
import { describe, expect, it } from 'vitest';
import { firstLoadChunks } from '../../../scripts/first-load-chunks';
import { type Graph, grouping } from '../../support/first-load';

/** A side panel, its views, and the other pages, sharing modules as the real ones do. */
const PANEL: Graph = {
  'entrypoints/sidepanel/main.tsx': {
    imports: ['components/sidepanel/picture-wait.ts', 'components/sidepanel/tab-loaders.ts'],
    lazy: ['entrypoints/sidepanel/boot.tsx'],
  },
  'components/sidepanel/picture-wait.ts': {},
  'components/sidepanel/tab-loaders.ts': {
    lazy: [
      'components/search/search-tab.tsx',
      'components/similar/similar-tab.tsx',
      'components/boards/boards-tab.tsx',
    ],
  },
  'entrypoints/sidepanel/boot.tsx': {
    imports: ['components/sidepanel/side-panel-app.tsx', 'components/ui/kit.tsx'],
  },
  'components/sidepanel/side-panel-app.tsx': {
    imports: ['components/ui/kit.tsx', 'components/sidepanel/tab-loaders.ts'],
    lazy: ['components/boards/save-dialog.tsx'],
  },
  'components/ui/kit.tsx': {},
  'components/search/search-tab.tsx': {
    imports: [
      'components/ads/ad-card.tsx',
      'components/ads/result-list.tsx',
      'components/search/search.css',
      'components/ui/kit.tsx',
      'components/boards/tree.ts',
    ],
  },
  'components/similar/similar-tab.tsx': {
    imports: ['components/ads/result-list.tsx', 'components/similar/similar.css', 'components/ads/report-link.ts'],
  },
  'components/boards/boards-tab.tsx': { imports: ['components/boards/tree.ts', 'components/boards/boards.css'] },
  'components/boards/save-dialog.tsx': { imports: ['components/boards/tree.ts', 'components/ui/kit.tsx'] },
  'components/ads/ad-card.tsx': {},
  'components/ads/result-list.tsx': {},
  'components/ads/report-link.ts': {},
  'components/boards/tree.ts': {},
  'components/search/search.css': {},
  'components/similar/similar.css': {},
  'components/boards/boards.css': {},
  'entrypoints/popup/main.tsx': { imports: ['components/ads/ad-card.tsx'], lazy: ['components/ads/report-link.ts'] },
  'entrypoints/options/main.tsx': {},
  'entrypoints/welcome/main.tsx': {},
};

describe("the side panel's view chunks", () => {
  // Coverage: the grouping decisions the commit describes.
  it('puts each view with what only the views reach in a chunk named after the first view that reaches it', () => {
    const chunk = grouping(PANEL);
    expect(chunk('components/search/search-tab.tsx')).toBe('view-search-tab');
    expect(chunk('components/search/search.css')).toBe('view-search-tab');
    // Shared by the search and the similar ads: the search's, the first in the tabs' order.
    expect(chunk('components/ads/result-list.tsx')).toBe('view-search-tab');
    expect(chunk('components/similar/similar-tab.tsx')).toBe('view-similar-tab');
    expect(chunk('components/similar/similar.css')).toBe('view-similar-tab');
    expect(chunk('components/boards/boards-tab.tsx')).toBe('view-boards-tab');
    // The boot's own, the entry's own, and the boot itself.
    expect(chunk('components/ui/kit.tsx')).toBe('panel');
    expect(chunk('components/sidepanel/tab-loaders.ts')).toBe('panel-start');
    expect(chunk('entrypoints/sidepanel/boot.tsx')).toBeNull();
  });

  // Coverage: no other page loads a view's chunk.
  it('puts no module another page reaches, at first load or lazily, in a view chunk', () => {
    const chunk = grouping(PANEL);
    expect(chunk('components/ads/ad-card.tsx')).toBeNull();
    expect(chunk('components/ads/report-link.ts')).toBeNull();
  });

  // Coverage: Windows ids, backslashes between folders.
  it('finds the pages and the views, and names the view chunks, from Windows paths', () => {
    const chunk = grouping(PANEL, 'C:\\repo\\', '\\');
    expect(chunk('components/search/search-tab.tsx')).toBe('view-search-tab');
    expect(chunk('components/ads/result-list.tsx')).toBe('view-search-tab');
    expect(chunk('components/similar/similar.css')).toBe('view-similar-tab');
    expect(chunk('components/ads/ad-card.tsx')).toBeNull();
    expect(chunk('components/ui/kit.tsx')).toBe('panel');
  });

  // Found failing, now fixed: only the popup, the options and the welcome page count as sharers; the panel's own
  // lazy imports outside the views (side-panel-app.tsx's save dialog) do not, so a module the
  // save dialog shares with the views goes into the search's chunk, and opening the dialog from
  // any view loads the whole search view: not "what only the views reach".
  it("puts no module the panel's shell loads lazily besides the views (the save dialog) in a view chunk", () => {
    const chunk = grouping(PANEL);
    expect(chunk('components/boards/tree.ts') ?? '').not.toMatch(/^view-/);
  });

  // Found failing, now fixed: a chunk is named after the view's file name only (`view-${…split('/').at(-1)}`), so
  // two views in files of one name share a name, and the bundler makes one chunk of both.
  it('gives two views whose files share a name a chunk each', () => {
    const chunk = grouping({
      'entrypoints/sidepanel/main.tsx': {
        imports: ['components/sidepanel/tab-loaders.ts'],
        lazy: ['entrypoints/sidepanel/boot.tsx'],
      },
      'components/sidepanel/tab-loaders.ts': { lazy: ['components/search/view.tsx', 'components/similar/view.tsx'] },
      'entrypoints/sidepanel/boot.tsx': {},
      'components/search/view.tsx': { imports: ['components/search/search.css'] },
      'components/similar/view.tsx': { imports: ['components/similar/similar.css'] },
      'components/search/search.css': {},
      'components/similar/similar.css': {},
    });
    expect(chunk('components/search/view.tsx')).toMatch(/^view-/);
    expect(chunk('components/similar/view.tsx')).toMatch(/^view-/);
    expect(chunk('components/search/view.tsx')).not.toBe(chunk('components/similar/view.tsx'));
  });
});

describe("the side panel's boot chunks", () => {
  /** The boot reaches modules the popup, the options page and the welcome page share in turn. */
  const pages = (chars: Record<string, number>): Graph => ({
    'entrypoints/sidepanel/main.tsx': { lazy: ['entrypoints/sidepanel/boot.tsx'] },
    'entrypoints/sidepanel/boot.tsx': {
      imports: ['lib/panel-only.ts', 'lib/url.ts', 'lib/shared.ts', 'lib/everywhere.ts', 'lib/later.ts'],
    },
    'lib/panel-only.ts': { chars: 5000 },
    'lib/url.ts': { chars: chars.url ?? 0 },
    'lib/shared.ts': { chars: 4000 },
    'lib/everywhere.ts': { chars: 9000 },
    'lib/later.ts': { chars: chars.later ?? 0 },
    'entrypoints/popup/main.tsx': { imports: ['lib/url.ts', 'lib/shared.ts', 'lib/everywhere.ts'] },
    'entrypoints/options/main.tsx': { imports: ['lib/shared.ts', 'lib/everywhere.ts'], lazy: ['lib/later.ts'] },
    'entrypoints/welcome/main.tsx': { imports: ['lib/everywhere.ts'] },
  });

  it('puts a group too small for a file of its own with the smallest group every page loading it loads too', () => {
    const chunk = grouping(pages({ url: 300, later: 300 }));
    expect(chunk('lib/shared.ts')).toBe('panel-popup-options');
    // Shared by the panel and the popup only, and tiny: with what the options page shares too, not
    // with what every page shares (the larger set of pages).
    expect(chunk('lib/url.ts')).toBe('panel-popup-options');
    // Tiny, but no other group is loaded by every page that loads it: a file of its own.
    expect(chunk('lib/later.ts')).toBe('panel-options-later');
    expect(chunk('lib/everywhere.ts')).toBe('panel-popup-options-welcome');
    expect(chunk('lib/panel-only.ts')).toBe('panel');
  });

  it('keeps a group of its own from the threshold up', () => {
    const chunk = grouping(pages({ url: 1500 }));
    expect(chunk('lib/url.ts')).toBe('panel-popup');
  });

  it('preloads, for a lazy import, none of the files its importer has imported already', () => {
    const chunks = firstLoadChunks();
    const hook = chunks.plugin.generateBundle;
    const generateBundle = typeof hook === 'function' ? hook : hook?.handler;
    if (!generateBundle) throw new Error('the plugin has no generateBundle');
    const chunk = (imports: string[]) => ({ type: 'chunk', imports });
    Reflect.apply(generateBundle, {}, [
      {},
      {
        'chunks/entry.js': chunk(['chunks/start.js']),
        'chunks/start.js': chunk(['chunks/start-shared.js']),
        'chunks/start-shared.js': chunk([]),
        'chunks/boot.js': chunk(['chunks/start-shared.js', 'chunks/app.js']),
        'chunks/app.js': chunk([]),
        'assets/app.css': { type: 'asset' },
      },
      false,
    ]);
    expect(
      chunks.preloads(
        ['chunks/boot.js', 'chunks/start-shared.js', 'chunks/app.js', 'chunks/start.js'],
        'chunks/entry.js',
      ),
    ).toEqual(['chunks/boot.js', 'chunks/app.js']);
  });
});
