import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/** A module and the chunks it imports statically, theirs too (the HTML names none of them: no preload links). */
export function staticClosure(dir: string, file: string): string[] {
  const seen = new Set<string>();
  const visit = (relative: string) => {
    if (seen.has(relative)) return;
    seen.add(relative);
    const source = readFileSync(path.join(dir, relative), 'utf8');
    for (const match of source.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)) {
      visit(path.posix.join(path.posix.dirname(relative), match[1] ?? ''));
    }
  };
  visit(file);
  return [...seen];
}

/**
 * What an HTML entry loads on opening: the page itself (its own stylesheets are inside it), its
 * scripts and the styles it links, the chunks its module entry imports, and what that entry
 * imports dynamically at once (the side panel's entry paints its last picture first and then
 * imports the app, so the app counts as first load). A disabled link, a sheet the page holds
 * inline, is not fetched.
 */
export function firstLoadFiles(dir: string, html: string): string[] {
  const source = readFileSync(path.join(dir, html), 'utf8');
  const tags = [...source.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="\/?([^"]+\.(?:js|css))"[^>]*>/g)];
  const inline = new Set(tags.filter((tag) => /\sdisabled\b/.test(tag[0])).map((tag) => tag[1] ?? ''));
  const refs = [html, ...tags.map((tag) => tag[1] ?? '')];
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(source)?.[1];
  if (entry) {
    refs.push(...staticClosure(dir, entry.replace(/^\//, '')));
    refs.push(...entryDynamicImports(path.join(dir, entry.replace(/^\//, ''))));
  }
  const files = new Set(refs.map((ref) => ref.replace(/^\//, '')).filter((ref) => !inline.has(ref)));
  return [...files].map((ref) => path.join(dir, ref));
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
  { name: 'popup', files: (dir) => firstLoadFiles(dir, 'popup.html'), budgetKb: 90 },
  { name: 'options', files: (dir) => firstLoadFiles(dir, 'options.html') },
];

/** The languages whose catalogue a build ships beside its bundles (English is inside each bundle). */
function shippedCatalogues(dir: string): string[] {
  const catalogues = path.join(dir, 'catalogues');
  return existsSync(catalogues)
    ? readdirSync(catalogues)
        .filter((file) => file.endsWith('.json'))
        .map((file) => file.slice(0, -'.json'.length))
        .sort()
    : [];
}

/** The language whose first loads are measured beside English's: what a German reader's pages fetch. */
const SECOND_LANGUAGE = 'de';
const LOADS_IN_LANGUAGE = ['side panel first load', 'popup', 'options'];

export function measureSizes(dir: string): Figure[] {
  if (!existsSync(path.join(dir, 'manifest.json'))) throw new Error(`No build at ${dir}.`);
  const figures: Figure[] = SIZE_BUDGETS.map(({ name, files, budgetKb }) => {
    const list = files(dir);
    return {
      name: `gzip size: ${name}`,
      value: list.reduce((sum, file) => sum + gzipKb(file), 0),
      unit: 'KB',
      ...(budgetKb === undefined ? {} : { budget: budgetKb }),
      note: `${list.length} file${list.length === 1 ? '' : 's'}`,
    };
  });
  // Each language's catalogue, fetched once when chosen; and the first loads with German chosen.
  const languages = shippedCatalogues(dir);
  for (const language of languages) {
    figures.push({
      name: `gzip size: catalogue ${language}`,
      value: gzipKb(path.join(dir, 'catalogues', `${language}.json`)),
      unit: 'KB',
      note: 'fetched when the language is chosen',
    });
  }
  if (languages.includes(SECOND_LANGUAGE)) {
    const catalogue = gzipKb(path.join(dir, 'catalogues', `${SECOND_LANGUAGE}.json`));
    for (const load of SIZE_BUDGETS.filter(({ name }) => LOADS_IN_LANGUAGE.includes(name))) {
      const list = load.files(dir);
      figures.push({
        name: `gzip size: ${load.name}, German chosen`,
        value: list.reduce((sum, file) => sum + gzipKb(file), 0) + catalogue,
        unit: 'KB',
        note: `${list.length + 1} files`,
      });
    }
  }
  return figures;
}
