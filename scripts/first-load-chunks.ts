import type { InlineConfig, Plugin, Rollup } from 'vite';

/** The module each page's first load starts from: the side panel's app is loaded by its boot. */
const FIRST_LOADS = {
  entry: 'entrypoints/sidepanel/main.tsx',
  panel: 'entrypoints/sidepanel/boot.tsx',
  popup: 'entrypoints/popup/main.tsx',
  options: 'entrypoints/options/main.tsx',
  welcome: 'entrypoints/welcome/main.tsx',
} as const;
/** A group of the boot's modules whose source is shorter than this is no file of its own (below). */
const TINY_GROUP_CHARS = 1500;
/** A stylesheet's module id (its code is empty while the build runs). */
const STYLESHEET = /\.css(?:$|\?)/;
/** The module whose lazy imports are the panel's views, the one it opens on by default first. */
const VIEW_LOADERS = 'components/sidepanel/tab-loaders.ts';

/**
 * The side panel's first load in a few files rather than thirty. Left to itself the bundler makes
 * a chunk for every set of entries and lazy imports that share a module, and an extension page
 * fetches each file through the browser's process (about 4 ms a file on two cores, 30 files in
 * 120 ms). Here every module the panel's boot reaches without a lazy import goes into one chunk
 * per set of the other pages that also reach it (at first load or later): `panel` for what only
 * the panel uses, `panel-popup-options` for what the three share, `panel-popup-later` for what the
 * popup reaches only lazily, and so on; the entry's own imports, which load before the boot (and
 * before the picture paints), likewise as `panel-start…`. A page therefore loads only chunks whose
 * every module it reaches itself. The views the panel loads lazily are grouped too, one chunk a view
 * (below); what neither reaches is chunked as before. The libraries' own groups (React, TanStack
 * Query) come first and keep theirs.
 */
export function firstLoadChunks() {
  const chunkOf = new Map<string, string>();
  // The build's files, as the lazy imports' preload lists are written (a hook before Vite's).
  let written: Rollup.OutputBundle | undefined;
  const plugin: Plugin = {
    name: 'adscope-first-load-chunks',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        written = bundle;
      },
    },
    buildEnd() {
      chunkOf.clear();
      const ids = [...this.getModuleIds()];
      const root = (suffix: string) => ids.find((id) => id.replaceAll('\\', '/').endsWith(suffix));
      const panel = root(FIRST_LOADS.panel);
      // Not the pages' build (the worker's, an injected script's).
      if (!panel) return;
      const reached = (from: string | undefined, lazyToo: boolean) => {
        const seen = new Set<string>();
        const stack = from ? [from] : [];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          if (!info) continue;
          stack.push(...info.importedIds, ...(lazyToo ? info.dynamicallyImportedIds : []));
        }
        return seen;
      };
      // What the panel's entry loads before its boot (the picture's wait) stays in the entry's chunks.
      const entry = reached(root(FIRST_LOADS.entry), false);
      const others = (['popup', 'options', 'welcome'] as const).map(
        (page) => [page, reached(root(FIRST_LOADS[page]), false), reached(root(FIRST_LOADS[page]), true)] as const,
      );
      const sharersOf = (id: string) =>
        others.flatMap(([page, first, all]) => (first.has(id) ? [page] : all.has(id) ? [`${page}-later`] : []));
      // The entry's own imports in a chunk of their own (and what other pages share of them in another).
      const start = root(FIRST_LOADS.entry);
      for (const id of entry) {
        if (id !== start) chunkOf.set(id, ['panel-start', ...sharersOf(id)].join('-'));
      }
      // WXT's plugin modules, imported by every page (empty, or a function that does nothing, in
      // a build), would be files of their own that every page fetches for nothing, one of them a
      // round after its other first files: they go with what all the pages load already.
      const wxtPlugins = /virtual:wxt-(html-)?plugins$/;
      for (const id of ids.filter((candidate) => wxtPlugins.test(candidate))) {
        chunkOf.set(id, ['panel-start', 'popup', 'options', 'welcome'].join('-'));
      }
      const bootGroups = new Map<string, { sharers: string[]; ids: string[]; size: number }>();
      for (const id of reached(panel, false)) {
        // The boot itself stays the lazy import's own chunk: its top level mounts the panel.
        if (id === panel || entry.has(id)) continue;
        const sharers = sharersOf(id);
        const name = ['panel', ...sharers].join('-');
        const group = bootGroups.get(name) ?? { sharers, ids: [], size: 0 };
        group.ids.push(id);
        group.size += this.getModuleInfo(id)?.code?.length ?? 0;
        bootGroups.set(name, group);
      }
      // A group too small to be worth a file of its own joins the group of fewest pages that every
      // page loading it loads too (those other pages then load a few hundred bytes they do not use).
      // The panel's own modules never go where another page loads them, nor does a stylesheet (its
      // code is empty while the build runs, and moved it would style another page).
      const tiny = (group: { sharers: string[]; ids: string[]; size: number }) =>
        group.sharers.length > 0 && group.size < TINY_GROUP_CHARS && !group.ids.some((id) => STYLESHEET.test(id));
      const into = new Map<string, string>();
      for (const [name, group] of bootGroups) {
        if (!tiny(group)) continue;
        const wider = [...bootGroups]
          .filter(
            ([other, candidate]) => other !== name && group.sharers.every((page) => candidate.sharers.includes(page)),
          )
          .sort(
            ([nameA, a], [nameB, b]) =>
              a.sharers.length - b.sharers.length || b.size - a.size || nameA.localeCompare(nameB),
          )[0];
        if (wider) into.set(name, wider[0]);
      }
      // A group joins where its wider group goes in turn (each step has more pages: no cycle).
      const destination = (name: string): string => {
        const next = into.get(name);
        return next === undefined ? name : destination(next);
      };
      for (const [name, group] of bootGroups) {
        for (const id of group.ids) chunkOf.set(id, destination(name));
      }
      // Each view with what it reaches that neither the boot, the panel's other lazy imports nor
      // another page does, in one chunk named after the first view (in the tabs' order, the
      // search first) that reaches it: the view the panel opens on loads in one or two files, not
      // one per set of views sharing a module; a later view may load an earlier view's chunk for
      // what they share (every view is preloaded in idle moments anyway).
      const loaders = root(VIEW_LOADERS);
      const views = (loaders && this.getModuleInfo(loaders)?.dynamicallyImportedIds) ?? [];
      // What the panel itself loads lazily besides its views (the save dialog) is no view's alone:
      // what a view shares with it goes in `panel-later`.
      const shellLazy = new Set<string>();
      for (const id of [...entry, ...reached(panel, false)]) {
        for (const lazy of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
          if (lazy !== panel && !views.includes(lazy)) for (const each of reached(lazy, false)) shellLazy.add(each);
        }
      }
      const names = new Set<string>();
      for (const view of views) {
        const [folder, file] = view.replaceAll('\\', '/').split('/').slice(-2);
        const base = `view-${file?.replace(/\.[jt]sx?$/, '') ?? 'view'}`;
        // Two views in files of one name get a chunk each.
        let name = names.has(base) ? `view-${folder ?? ''}-${base.slice('view-'.length)}` : base;
        for (let n = 2; names.has(name); n += 1) name = `${base}-${n}`;
        names.add(name);
        for (const id of reached(view, false)) {
          if (chunkOf.has(id) || entry.has(id) || sharersOf(id).length > 0) continue;
          // Shared with the panel's other lazy imports: in one chunk of their own, which both load.
          chunkOf.set(id, shellLazy.has(id) ? 'panel-later' : name);
        }
      }
    },
  };
  const group = {
    name: (id: string) => chunkOf.get(id) ?? null,
    debugName: 'first load',
    includeDependenciesRecursively: false,
  };
  return {
    plugin,
    /**
     * The files a lazy import in `host` preloads: not those `host` has imported already, which
     * the page has by the time the import runs (each preload link is a request all the same: the
     * side panel's boot named its entry's three).
     */
    preloads(deps: string[], host: string): string[] {
      const loaded = new Set<string>();
      const stack = [host];
      for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
        if (loaded.has(file)) continue;
        loaded.add(file);
        const chunk = written?.[file];
        if (chunk?.type === 'chunk') stack.push(...chunk.imports);
      }
      return deps.filter((dep) => !loaded.has(dep));
    },
    /** Adds the group to the pages' build, after the libraries' (a library build keeps strict entry signatures). */
    extend(config: InlineConfig) {
      const rollupOptions = (config.build ??= {}).rollupOptions ?? {};
      config.build.rollupOptions = rollupOptions;
      // A group that takes a module without its imports may add exports to an entry's chunk.
      rollupOptions.preserveEntrySignatures = 'allow-extension';
      for (const output of [rollupOptions.output ?? {}].flat()) {
        const splitting = typeof output.codeSplitting === 'object' ? output.codeSplitting : {};
        output.codeSplitting = { ...splitting, groups: [...(splitting.groups ?? []), group] };
        rollupOptions.output ??= output;
      }
    },
  };
}
