// @vitest-environment happy-dom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPageSignals } from '../../../lib/content/signals';
import { pageSignalsSchema } from '../../../lib/messaging/similar';

/**
 * What the find-similar script collects is bounded whatever the page holds: huge titles,
 * metas and JSON-LD, odd unicode, thousands of tags. It never throws, stays within what the
 * router accepts, and answers quickly.
 */

/** Far within for a bounded reading on a loaded machine; far past for a hang or a quadratic cost on 5 MB. */
const BOUND_MS = 2_000;
const HUGE = 'x'.repeat(5_000_000);

const oddText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme-composite', maxLength: 200 }),
  fc.constantFrom('\u0000', '\uD800', '\u202E', ' '.repeat(20_000), `${'\uD83D\uDE00'.repeat(400)}`),
  fc.constant(HUGE),
);

/** A document with these parts, built by the DOM API (no parsing of the huge text). */
function documentOf(parts: { title: string; metas: [string, string][]; jsonLd: string[]; h1: string; lang: string }) {
  const doc = document.implementation.createHTMLDocument(parts.title);
  doc.documentElement.setAttribute('lang', parts.lang);
  for (const [name, content] of parts.metas) {
    const meta = doc.createElement('meta');
    meta.setAttribute('name', name);
    meta.setAttribute('content', content);
    doc.head.append(meta);
  }
  for (const text of parts.jsonLd) {
    const script = doc.createElement('script');
    script.setAttribute('type', 'application/ld+json');
    script.textContent = text;
    doc.head.append(script);
  }
  const heading = doc.createElement('h1');
  heading.textContent = parts.h1;
  doc.body.append(heading);
  return doc;
}

describe('the find-similar script, on any page', () => {
  it('never throws, answers within the bound and sends only what the router accepts', () => {
    fc.assert(
      fc.property(
        fc.record({
          title: oddText,
          metas: fc.array(fc.tuple(oddText, oddText), { maxLength: 6 }),
          jsonLd: fc.array(fc.oneof(oddText, fc.json({ maxDepth: 4 })), { maxLength: 10 }),
          h1: oddText,
          lang: oddText,
          selection: oddText,
        }),
        (parts) => {
          const doc = documentOf(parts);
          const start = performance.now();
          const signals = readPageSignals(doc, 'https://northwind.example/a', parts.selection);
          expect(performance.now() - start).toBeLessThan(BOUND_MS);
          expect(pageSignalsSchema.safeParse(signals).success).toBe(true);
        },
      ),
      { numRuns: 25, seed: 20261122 },
    );
  });

  it('reads a page with thousands of metas and a JSON-LD script of 5 MB in time', () => {
    const doc = documentOf({
      title: HUGE,
      metas: Array.from({ length: 5_000 }, (_, i): [string, string] => [`name${i}`, `value ${i}`]),
      jsonLd: [HUGE, '{"@type":"Organization","name":"Northwind"}'],
      h1: HUGE,
      lang: 'en',
    });
    const start = performance.now();
    const signals = readPageSignals(doc, 'https://northwind.example/a', HUGE);
    expect(performance.now() - start).toBeLessThan(BOUND_MS);
    expect(pageSignalsSchema.safeParse(signals).success).toBe(true);
    expect(signals.jsonLd).toEqual(['{"@type":"Organization","name":"Northwind"}']);
    expect(signals.metas).toHaveLength(120);
  });
});

/** A page of `items` list items (4 elements each) after its heading, with `html` put where asked. */
function longPage(options: { items: number; top?: string; middle?: string; end?: string; heading?: string }): Document {
  const doc = document.implementation.createHTMLDocument('Trail gear');
  const item = '<li><a href="#item"><span>Trail item</span></a><em>10 EUR</em></li>';
  const half = item.repeat(options.items / 2);
  doc.body.innerHTML = `${options.top ?? ''}${options.heading ?? '<h1>All trail gear</h1>'}<ul>${half}${options.middle ?? ''}${half}</ul>${options.end ?? ''}`;
  return doc;
}

const organization = (name: string) =>
  `<script type="application/ld+json">{"@type":"Organization","name":"${name}"}</script>`;

describe('the find-similar script reads a long page in bounded walks', () => {
  it('reads JSON-LD and metas at the body’s start, beside the heading and at its end', () => {
    const doc = longPage({
      items: 5_000,
      top: `<meta name="description" content="Tents and packs">${organization('Top')}`,
      heading: `<h1>All trail gear</h1>${organization('Beside')}`,
      end: `<footer>${organization('End')}</footer>`,
    });
    const signals = readPageSignals(doc, 'https://northwind.example/a');
    expect(signals.jsonLd.map((text) => (JSON.parse(text) as { name: string }).name).sort()).toEqual([
      'Beside',
      'End',
      'Top',
    ]);
    expect(signals.metas).toContainEqual(['description', 'Tents and packs']);
  });

  it('does not walk the whole page: what sits in its middle, far from the heading and both ends, is not read', () => {
    const doc = longPage({ items: 5_000, middle: `<li>${organization('Middle')}</li>` });
    expect(readPageSignals(doc, 'https://northwind.example/a').jsonLd).toEqual([]);
  });

  it('finds the banner at the body’s start and reads its logo', () => {
    const doc = longPage({
      items: 5_000,
      top: '<div><header><a href="/"><img alt="Northwind" src="logo.svg"></a></header></div>',
    });
    expect(readPageSignals(doc, 'https://northwind.example/a').logos).toContain('Northwind');
  });

  it('takes the first h1 outside the banner, after a logo drawn in an h1', () => {
    const doc = longPage({ items: 2_000, top: '<header><h1>Northwind</h1></header>' });
    expect(readPageSignals(doc, 'https://northwind.example/a').h1).toBe('All trail gear');
  });
});
