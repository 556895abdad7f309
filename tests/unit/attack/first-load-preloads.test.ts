/*
 * scripts/first-load-chunks.ts since ddf58ec: `preloads(deps, host)` leaves out of a lazy import's
 * preload list every file its importer chunk imports statically, read from the bundle its
 * generateBundle hook (order 'pre') captured. All of these pass: they cover cases the commit's
 * test does not (cycles, a host the bundle lacks, no bundle yet, the plugin reused by WXT's next build).
 */
import { describe, expect, it } from 'vitest';
import { firstLoadChunks } from '../../../scripts/first-load-chunks';

type Files = Record<string, string[] | 'asset'>;

/** Plays one build's generateBundle for `plugin` with chunks importing statically as `files` say. */
function written(chunks: ReturnType<typeof firstLoadChunks>, files: Files): void {
  const hook = chunks.plugin.generateBundle;
  const generateBundle = typeof hook === 'function' ? hook : hook?.handler;
  if (!generateBundle) throw new Error('the plugin has no generateBundle');
  const bundle = Object.fromEntries(
    Object.entries(files).map(([file, imports]) => [
      file,
      imports === 'asset' ? { type: 'asset' } : { type: 'chunk', imports },
    ]),
  );
  Reflect.apply(generateBundle, {}, [{}, bundle, false]);
}

describe("a lazy import's preloads", () => {
  // Coverage (passes): chunks that import each other in a cycle are walked once, and all left out.
  it('leaves out every file of a cycle of static imports, and stops', () => {
    const chunks = firstLoadChunks();
    written(chunks, {
      'chunks/entry.js': ['chunks/a.js'],
      'chunks/a.js': ['chunks/b.js'],
      'chunks/b.js': ['chunks/a.js', 'chunks/entry.js'],
      'chunks/boot.js': ['chunks/b.js', 'chunks/app.js'],
      'chunks/app.js': [],
    });
    expect(
      chunks.preloads(['chunks/boot.js', 'chunks/a.js', 'chunks/b.js', 'chunks/app.js'], 'chunks/entry.js'),
    ).toEqual(['chunks/boot.js', 'chunks/app.js']);
  });

  // Coverage (passes): a host the bundle does not hold (or an asset) leaves out only itself.
  it('leaves everything but the host itself when the bundle has no such chunk', () => {
    const chunks = firstLoadChunks();
    written(chunks, { 'chunks/a.js': [], 'assets/x.css': 'asset' });
    expect(chunks.preloads(['chunks/a.js', 'chunks/gone.js'], 'chunks/gone.js')).toEqual(['chunks/a.js']);
    expect(chunks.preloads(['chunks/a.js'], 'assets/x.css')).toEqual(['chunks/a.js']);
  });

  // Coverage (passes): before any bundle is written, nothing is left out.
  it('keeps every file before a bundle is written', () => {
    const chunks = firstLoadChunks();
    expect(chunks.preloads(['chunks/boot.js', 'chunks/a.js'], 'chunks/entry.js')).toEqual([
      'chunks/boot.js',
      'chunks/a.js',
    ]);
  });

  // Coverage (passes): WXT builds its entrypoint groups one after the other with the same plugin
  // object; the second build's files are read from its own bundle, not the first's.
  it("reads the current build's bundle when the plugin is reused by the next build", () => {
    const chunks = firstLoadChunks();
    written(chunks, { 'chunks/entry.js': ['chunks/old.js'], 'chunks/old.js': [] });
    written(chunks, { 'chunks/entry.js': ['chunks/new.js'], 'chunks/new.js': [], 'chunks/old.js': [] });
    expect(chunks.preloads(['chunks/old.js', 'chunks/new.js'], 'chunks/entry.js')).toEqual(['chunks/old.js']);
  });
});
