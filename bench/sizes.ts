import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Figure } from './report';

/** KB of a file gzipped on its own, as each file is fetched. */
function gzipKb(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

/** The files a module entry imports dynamically at once, as Vite lists them in `__vite__mapDeps`. */
function entryDynamicImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const list = /__vite__mapDeps=[^[]*\[([^\]]*)\]/.exec(source)?.[1];
  return list ? [...list.matchAll(/"([^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '') : [];
}

/**
 * The JavaScript and CSS an HTML entry loads on opening: its scripts, preloads and styles, and
 * what its module entry imports dynamically (the side panel's entry paints its last picture
 * first and then imports the app, so the app counts as first load).
 */
export function firstLoadFiles(dir: string, html: string): string[] {
  const source = readFileSync(path.join(dir, html), 'utf8');
  const refs = [...source.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+\.(?:js|css))"/g)].map(
    (match) => match[1] ?? '',
  );
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(source)?.[1];
  if (entry) refs.push(...entryDynamicImports(path.join(dir, entry.replace(/^\//, ''))));
  return [...new Set(refs.map((ref) => ref.replace(/^\//, '')))].map((ref) => path.join(dir, ref));
}

export interface SizeBudget {
  name: string;
  files: (dir: string) => string[];
  budgetKb?: number;
}

/** Each entry's shipped JavaScript and CSS, gzipped, with the budgets of the performance issue. */
export const SIZE_BUDGETS: SizeBudget[] = [
  {
    name: 'content script (injected)',
    files: (dir) => [path.join(dir, 'content-scripts/find-similar.js')],
    budgetKb: 5,
  },
  { name: 'background', files: (dir) => [path.join(dir, 'background.js')], budgetKb: 65.7 },
  { name: 'side panel first load', files: (dir) => firstLoadFiles(dir, 'sidepanel.html'), budgetKb: 135 },
  { name: 'popup', files: (dir) => firstLoadFiles(dir, 'popup.html'), budgetKb: 100 },
  { name: 'options', files: (dir) => firstLoadFiles(dir, 'options.html') },
];

export function measureSizes(dir: string): Figure[] {
  if (!existsSync(path.join(dir, 'manifest.json'))) throw new Error(`No build at ${dir}.`);
  return SIZE_BUDGETS.map(({ name, files, budgetKb }) => {
    const list = files(dir);
    return {
      name: `gzip size: ${name}`,
      value: list.reduce((sum, file) => sum + gzipKb(file), 0),
      unit: 'KB',
      ...(budgetKb === undefined ? {} : { budget: budgetKb }),
      note: `${list.length} file${list.length === 1 ? '' : 's'}`,
    };
  });
}
