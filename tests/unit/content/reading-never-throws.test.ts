import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonLdFacts, readPage, similarKeywords } from '../../../lib/page-reading';
import { KEYWORD_MAX_CHARS, KEYWORDS_MAX } from '../../../lib/keywords';
import { pageSignals, type PageSignals } from '../../../lib/messaging/page-trigger';
import { pageReadingSchema, similarQuerySchema } from '../../../lib/messaging/similar';

/**
 * Reading a page never throws and never takes long, whatever the page sends: JSON-LD that is
 * deep, wide, repeats one object, holds huge strings, odd unicode or numbers for names, and
 * metas of any size. What it makes is what the background accepts.
 */

/** Time allowed for one reading: the real ones take a few milliseconds; a hang or a quadratic cost on 5 MB takes far longer, while a loaded machine stays far within. */
const BOUND_MS = 2_000;

function timed<T>(read: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = read();
  return { value, ms: performance.now() - start };
}

/** `[[[ … inner … ]]]`, `depth` levels deep, written as text (JSON.stringify itself recurses). */
const deepArray = (depth: number, inner: string) => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

/** An organization `depth` levels down a chain of publishers, written as text. */
const deepObject = (depth: number) =>
  `${'{"@type":"WebPage","publisher":'.repeat(depth)}{"@type":"Organization","name":"Deepest"}${'}'.repeat(depth)}`;

const HUGE = 'x'.repeat(5_000_000);
const shared = { '@type': 'Organization', name: 'Shared Co', brand: { name: 'Shared Brand' } };

/** Pages' JSON-LD at the edges, as text (some far beyond what the script sends). */
const EDGE_JSON_LD: string[] = [
  deepArray(10_000, '{"@type":"Organization","name":"Deep"}'),
  // A name nested deep in arrays: under 60,000 characters (what the script sends), but 29,000 levels.
  `{"@type":"Organization","name":${deepArray(29_000, '"Deep"')}}`,
  `{"@type":${deepArray(29_000, '"Organization"')}}`,
  deepObject(10_000),
  deepObject(1_500),
  JSON.stringify(Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, { name: `n${i}` }]))),
  JSON.stringify(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, 1]))),
  // One object many times over: far beyond the script's 60,000 characters, and within them.
  JSON.stringify(Array.from({ length: 5_000 }, () => shared)),
  JSON.stringify(Array.from({ length: 600 }, () => shared)),
  JSON.stringify({ '@type': 'Organization', name: HUGE, inLanguage: HUGE }),
  JSON.stringify({ '@type': { toString: 1 }, name: { name: { name: 7 } }, inLanguage: 7, publisher: 42 }),
  JSON.stringify({ '@type': ['Product', 12, null, { valueOf: 'x' }], brand: [[[]]], manufacturer: true }),
  // Hundreds of organizations, each named apart, within the script's 60,000 characters.
  JSON.stringify(Array.from({ length: 900 }, (_, i) => ({ '@type': 'Organization', name: `Organization ${i}` }))),
];

const oddText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc.string({ unit: 'grapheme-composite', maxLength: 200 }),
  fc.constantFrom('\u0000', '\uD800', '\uDFFF\uD800', '\u202E', '\uFEFF', ' '.repeat(20_000), 'a - '.repeat(5_000)),
  fc.constant(HUGE),
);

/** A JSON-LD value of any shape: names as numbers, arrays, objects and odd text. */
const jsonLdValue = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    oddText,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('node'), { maxLength: 5 }),
    fc.record({
      '@type': fc.oneof(fc.constantFrom('Organization', 'Product', 'WebSite', 'NewsArticle'), tie('node')),
      name: tie('node'),
      brand: tie('node'),
      publisher: tie('node'),
      inLanguage: tie('node'),
    }),
  ),
})).node;

const jsonLdText = fc.oneof(
  fc.constantFrom(...EDGE_JSON_LD),
  jsonLdValue.map((value) => JSON.stringify(value) ?? 'null'),
  oddText,
);

const signals: fc.Arbitrary<PageSignals> = fc.record({
  url: fc.oneof(fc.webUrl(), oddText),
  hostname: fc.oneof(fc.domain(), oddText),
  title: oddText,
  metas: fc.oneof(
    fc.array(
      fc.tuple(fc.oneof(fc.constantFrom('og:title', 'og:site_name', 'description', 'og:locale'), oddText), oddText),
      { maxLength: 10 },
    ),
    fc.constant(Array.from({ length: 100_000 }, (_, i): [string, string] => [`name${i}`, `value ${i}`])),
  ),
  jsonLd: fc.array(jsonLdText, { maxLength: 8 }),
  logos: fc.array(oddText, { maxLength: 8 }),
  h1: oddText,
  lang: oddText,
  text: oddText,
  selection: oddText,
});

describe('reading a page', () => {
  it.each(EDGE_JSON_LD.map((text, index) => [index, text] as const))(
    'never throws on edge JSON-LD #%i, and answers in time',
    (_, text) => {
      const page = pageSignals({ jsonLd: [text], title: 'Shoes - Northwind' });
      const { value, ms } = timed(() => readPage(page, { domain: 'northwind.example', label: 'northwind' }));
      expect(pageReadingSchema.safeParse(value).success).toBe(true);
      expect(ms).toBeLessThan(BOUND_MS);
    },
  );

  it('never throws, answers within the bound and makes a reading the worker accepts, for any signals', () => {
    fc.assert(
      fc.property(signals, (page) => {
        const { value, ms } = timed(() => readPage(page, null, 'en'));
        expect(ms).toBeLessThan(BOUND_MS);
        expect(pageReadingSchema.safeParse(value).success).toBe(true);
        expect(similarQuerySchema.safeParse({ kind: 'page', page: value }).success).toBe(true);
      }),
      { numRuns: 40, seed: 20261122 },
    );
  });

  it('reads a huge title and metas in time (5 MB of spaces and separators)', () => {
    const page = pageSignals({
      title: 'a - '.repeat(1_300_000),
      h1: 'word '.repeat(1_000_000),
      metas: [['og:title', `${' '.repeat(5_000_000)}x`]],
    });
    const { value, ms } = timed(() => readPage(page, null));
    expect(ms).toBeLessThan(BOUND_MS);
    expect(pageReadingSchema.safeParse(value).success).toBe(true);
  });

  it('keeps at most a few names of each kind from JSON-LD that lists many', () => {
    const text = EDGE_JSON_LD.at(-1) ?? '';
    expect(text.length).toBeLessThanOrEqual(60_000);
    const facts = jsonLdFacts([text]);
    expect(facts.organizations.length).toBeGreaterThan(0);
    expect(facts.organizations.length).toBeLessThanOrEqual(12);
  });
});

describe('keywords the panel makes', () => {
  it('are cut to what the background accepts: a word longer than the limit, and no more than the most', () => {
    const long = 'x'.repeat(KEYWORD_MAX_CHARS + 20);
    const page = pageSignals({ h1: `${long} trail running shoes` });
    const reading = readPage(page, null);
    expect(reading.keywords[0]).toHaveLength(KEYWORD_MAX_CHARS);
    expect(pageReadingSchema.safeParse(reading).success).toBe(true);
    const many = Array.from({ length: 30 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}`).join(' ');
    expect(similarKeywords(pageSignals({ h1: many }), [], '', 50)).toHaveLength(KEYWORDS_MAX);
  });

  it('never cut a surrogate pair in half', () => {
    const page = pageSignals({ h1: `${'a'.repeat(KEYWORD_MAX_CHARS - 1)}𐌰𐌰 more words` });
    const [first = ''] = readPage(page, null).keywords;
    expect(first.length).toBeLessThanOrEqual(KEYWORD_MAX_CHARS);
    expect(/[\uD800-\uDBFF]$/.test(first)).toBe(false);
  });
});
