import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A count that meets a noun goes through countOf ("1 ad", "2 ads"), never a template that says
 * "1 ads". This reads every source file for `${expression} nouns` and allows only what cannot
 * be one: a constant of the code (ALL_CAPS, at least two), a policy figure, or a possessive.
 */
const NOUNS = [
  'ads',
  'brands',
  'creatives',
  'days',
  'weeks',
  'versions',
  'boards',
  'metrics',
  'sites',
  'requests',
  'tags',
];
const TEMPLATE = new RegExp(`\\$\\{([^}]+)\\}\\s+(${NOUNS.join('|')})\\b`, 'g');
const ALLOWED = [/^[A-Z][A-Z0-9_]*$/, /^this\.policy\./, /^possessive\(/];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'generated' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

describe('counts with their nouns', () => {
  it('no source writes a count before a plural noun by hand', () => {
    const found: string[] = [];
    for (const file of [...sources('components'), ...sources('lib'), ...sources('entrypoints')]) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(TEMPLATE)) {
        const expression = (match[1] ?? '').trim();
        if (!ALLOWED.some((allowed) => allowed.test(expression))) found.push(`${file}: ${match[0]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('finds one when there is one', () => {
    const sample = 'const a = `${total} ads launched in ${WEEKS} weeks`;';
    expect([...sample.matchAll(TEMPLATE)].map((match) => match[1])).toEqual(['total', 'WEEKS']);
  });
});
