import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Our own code never turns a string into code or markup: no eval, no Function constructor,
 * no string timers, no innerHTML or its relatives, no remote script. (Libraries are checked
 * through the built bundles and web-ext lint.)
 */
const ROOTS = ['lib', 'components', 'entrypoints'];
const FORBIDDEN: [string, RegExp][] = [
  ['eval', /\beval\s*\(/],
  ['the Function constructor', /\bnew\s+Function\s*\(|\bFunction\s*\(\s*['"`]/],
  ['a string timer', /\bset(?:Timeout|Interval)\s*\(\s*['"`]/],
  ['innerHTML or outerHTML', /\.(?:inner|outer)HTML\b/],
  ['insertAdjacentHTML', /insertAdjacentHTML/],
  ['document.write', /document\.write/],
  ['dangerouslySetInnerHTML', /dangerouslySetInnerHTML/],
  ['markup parsing', /DOMParser|createContextualFragment|parseHTMLUnsafe|setHTMLUnsafe/],
  ['a remote import', /import\s*\(\s*['"`]https?:/],
  ['a remote script', /<script[^>]+src=["'](?:https?:)?\/\//],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|html)$/.test(name) ? [full] : [];
  });
}

describe('our source', () => {
  const files = ROOTS.flatMap((root) => sourceFiles(path.resolve(root)));

  it('is found', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(FORBIDDEN)('has no %s', (_, pattern) => {
    const hits = files
      .filter((file) => pattern.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative('.', file));
    expect(hits).toEqual([]);
  });
});
