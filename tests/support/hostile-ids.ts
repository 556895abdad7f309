/**
 * Ids that would leave their path segment, add a query or fragment, smuggle an encoded `..`,
 * run long, or only look like ASCII: refused wherever an id enters (tests/unit/contract/ids.test.ts
 * at the schema, tests/unit/background/router-fuzz.test.ts at the router).
 */
export const HOSTILE_IDS: readonly string[] = [
  '',
  '.',
  '..',
  '...',
  '../x',
  'a/b',
  'a?b=c',
  'a#b',
  '%2e%2e',
  'a%2Fb',
  ' ',
  'a b',
  ' m123',
  'm1\n',
  '\tm1',
  'a\u0000b',
  'a\u001bb',
  'a\u007fb',
  'x'.repeat(10_000),
  'x'.repeat(201),
  // Look-alikes: a Cyrillic а in a brand id, a full-width solidus, a one-dot leader pair.
  'm12\u04303',
  'a\uff0fb',
  '\u2024\u2024',
  'a\\b',
  'a&b',
  'a+b',
];
