import type { InlineConfig } from 'vite';
import { firstLoadChunks } from '../../scripts/first-load-chunks';

/**
 * Each module's static and lazy imports and the length of its code as the plugin reads it in
 * buildEnd (0 unless given: a plain CSS import's code is '' there, its stylesheet is kept aside by
 * Vite's css-post plugin and goes with the chunk the module lands in).
 */
export type Graph = Record<string, { imports?: string[]; lazy?: string[]; chars?: number }>;

/** Runs the plugin's buildEnd over `graph` (ids as `prefix` + path, `sep` between folders) and returns the chunk of a path. */
export function grouping(graph: Graph, prefix = '/repo/', sep = '/'): (path: string) => string | null {
  const id = (path: string) => prefix + path.replaceAll('/', sep);
  const chunks = firstLoadChunks();
  const context = {
    getModuleIds: () => Object.keys(graph).map(id)[Symbol.iterator](),
    getModuleInfo: (moduleId: string) => {
      const path = Object.keys(graph).find((candidate) => id(candidate) === moduleId);
      const node = path === undefined ? undefined : graph[path];
      return node
        ? {
            id: moduleId,
            importedIds: (node.imports ?? []).map(id),
            dynamicallyImportedIds: (node.lazy ?? []).map(id),
            code: 'x'.repeat(node.chars ?? 0),
          }
        : null;
    },
  };
  const hook = chunks.plugin.buildEnd;
  const buildEnd = typeof hook === 'function' ? hook : hook?.handler;
  if (!buildEnd) throw new Error('the plugin has no buildEnd');
  Reflect.apply(buildEnd, context, []);
  const config: InlineConfig = {};
  chunks.extend(config);
  const output = [config.build?.rollupOptions?.output ?? []].flat()[0];
  const splitting = output?.codeSplitting;
  const name = typeof splitting === 'object' ? splitting.groups?.at(-1)?.name : undefined;
  if (typeof name !== 'function') throw new Error('no group named by a function');
  return (path) => name(id(path), { getModuleInfo: () => null }) ?? null;
}
