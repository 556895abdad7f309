import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueAreas, readCatalogue } from '../../../scripts/i18n/catalogues';
import { areaOf } from '../../../lib/i18n/parts';

/**
 * English travels in the chunk that shows it: a module naming a message imports its area's
 * English (`import 'virtual:adscope-english/<area>'`), so a lazy view's words load with it and no
 * first load carries another surface's.
 */
const ROOTS = ['components', 'lib', 'entrypoints'];
const ids = new Set(Object.keys(readCatalogue('en')));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const files = ROOTS.flatMap((root) => sourceFiles(path.resolve(root))).map((file) => ({
  file: path.relative(process.cwd(), file),
  source: readFileSync(file, 'utf8'),
}));

/** The message ids a module names: every quoted literal that is one. */
const namedIds = (source: string) =>
  [...source.matchAll(/'([a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9]+)+)'/g)]
    .map((match) => match[1] ?? '')
    .filter((id) => ids.has(id));
const importedAreas = (source: string) =>
  new Set([...source.matchAll(/import 'virtual:adscope-english\/(\w+)';/g)].map((match) => match[1]));

describe('English beside the code that shows it', () => {
  it('every module that shows a message imports its area', () => {
    // A module that only names ids (a table of them for another module to show) carries no English.
    const shows = (source: string) => /import \{[^}]*\b(t|rich)\b[^}]*\} from '[^']*(lib\/i18n|\/rich)'/.test(source);
    const missing = files
      .filter(({ source }) => shows(source))
      .flatMap(({ file, source }) => {
        const imported = importedAreas(source);
        const needed = [...new Set(namedIds(source).map(areaOf))];
        return needed.filter((area) => !imported.has(area)).map((area) => `${file}: ${area}`);
      });
    expect(missing).toEqual([]);
  });

  it('imports only areas the catalogue has', () => {
    const areas = new Set(catalogueAreas());
    const unknown = files.flatMap(({ file, source }) =>
      [...importedAreas(source)].filter((area) => !areas.has(area ?? '')).map((area) => `${file}: ${area}`),
    );
    expect(unknown).toEqual([]);
  });
});
