import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractWordsTail, englishCatalogues, readCatalogue } from '../../../scripts/i18n/catalogues';

/**
 * The contract names its checks' messages without the catalogue's types (it imports nothing of
 * the extension): every id it names must be in the English catalogue, and every bundle that runs
 * a check gets the shown language's words from the build.
 */
const ids = new Set(Object.keys(readCatalogue('en')));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the contract's words", () => {
  it('names only ids the English catalogue has', () => {
    const named = ['lib', 'components', 'server'].flatMap((root) =>
      sourceFiles(path.resolve(root)).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/checkWords\(\s*'([^']+)'/g)].map((match) => ({
          file: path.relative(process.cwd(), file),
          id: match[1] ?? '',
        })),
      ),
    );
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter(({ id }) => !id.startsWith('checks.') || !ids.has(id))).toEqual([]);
  });

  it("is given the shown language's t() by the build, and its English follows", () => {
    const plugin = englishCatalogues();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const words = path.resolve('lib/contract/words.ts');
    const built = transform.call({}, 'export const x = 1;', words);
    expect(built?.code).toContain(contractWordsTail());
    expect(built?.code).toMatch(/sayChecksWith\(__adscopeT\);[\s\S]*import\('virtual:adscope-english\/checks'\)/);
    expect(transform.call({}, 'export const x = 1;', path.resolve('lib/contract/ids.ts'))).toBeNull();
  });
});
