import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAppModule, shortened, shortenNames, shortIds } from '../../../scripts/i18n/short-ids';

function catalogueOf(names: string[]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'short-ids-')), 'en.json');
  writeFileSync(file, JSON.stringify(Object.fromEntries(names.map((name) => [name, name]))));
  return file;
}

describe('short message ids', () => {
  it('counts the sorted names in base 62, so one build’s pages, worker and catalogues agree', () => {
    const names = Array.from({ length: 70 }, (_, index) => `area.message${String(index).padStart(2, '0')}`);
    const ids = shortIds(catalogueOf([...names].reverse()));
    expect(ids.get('area.message00')).toBe('0');
    expect(ids.get('area.message10')).toBe('a');
    expect(ids.get('area.message61')).toBe('Z');
    expect(ids.get('area.message62')).toBe('10');
    expect(new Set(ids.values()).size).toBe(70);
  });

  it('replaces a quoted message name in code by its id, in any quotes, and nothing else', () => {
    const ids = shortIds(catalogueOf(['api.similar.tabClosed', 'ui.error.title']));
    const code = [
      "t('api.similar.tabClosed')",
      't("ui.error.title", { a: 1 })',
      't(`ui.error.title`)',
      "const path = 'api.similar.tabClosedToo';",
      "const file = 'report.html';",
      'const unquoted = api.similar.tabClosed;',
      "'ui.error.title\" mixed'",
    ].join('\n');
    expect(shortenNames(code, ids).split('\n')).toEqual([
      "t('0')",
      't("1", { a: 1 })',
      't(`1`)',
      "const path = 'api.similar.tabClosedToo';",
      "const file = 'report.html';",
      'const unquoted = api.similar.tabClosed;',
      "'ui.error.title\" mixed'",
    ]);
  });

  it('keys a compiled catalogue by the ids, and fails the build on a name English does not have', () => {
    const ids = shortIds(catalogueOf(['a.one', 'a.two']));
    expect(shortened({ 'a.two': ['Zwei'], 'a.one': ['Eins'] }, ids)).toEqual({ '1': ['Zwei'], '0': ['Eins'] });
    expect(() => shortened({ 'a.three': ['Drei'] }, ids)).toThrow(/a\.three/);
  });

  it('changes only the app’s own modules, never a package’s or a virtual one', () => {
    const root = path.resolve('/work/app');
    expect(isAppModule(path.join(root, 'lib/i18n/index.ts'), root)).toBe(true);
    expect(isAppModule(`${path.join(root, 'components/x.tsx')}?v=1`, root)).toBe(true);
    expect(isAppModule(path.join(root, 'node_modules/zod/index.ts'), root)).toBe(false);
    expect(isAppModule('\0virtual:adscope-english/api', root)).toBe(false);
    expect(isAppModule(path.join(root, 'assets/base.css'), root)).toBe(false);
    expect(isAppModule('/elsewhere/lib/x.ts', root)).toBe(false);
  });
});
