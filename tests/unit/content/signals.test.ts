// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  brandCandidates,
  pageLanguage,
  pickBrand,
  registrableLabel,
  similarKeywords,
  titleSuffix,
} from '../../../lib/background/similar/query';
import { brandsFromJsonLd, readPageSignals } from '../../../lib/content/signals';

function page(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe('reading page signals', () => {
  it.each([
    [
      'JSON-LD Organization',
      `<html lang="en"><head><title>Tents</title>${jsonLd({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Acme Trail' })}</head></html>`,
      'https://www.acmetrail.example/tents',
      'Acme Trail',
      'json-ld',
    ],
    [
      'JSON-LD Product.brand in a @graph',
      `<html><head>${jsonLd({ '@graph': [{ '@type': 'Product', name: 'Ridge tent', brand: { '@type': 'Brand', name: 'Northpeak' } }] })}</head></html>`,
      'https://shop.example/p/1',
      'Northpeak',
      'json-ld',
    ],
    [
      'og:site_name',
      '<html><head><meta property="og:site_name" content="Brewly"><title>Cold brew kit</title></head></html>',
      'https://brewly.example/kit',
      'Brewly',
      'og:site_name',
    ],
    [
      'the title suffix only',
      '<html><head><title>Waterproof hiking boots | Summit Supply</title></head><body><h1>Boots</h1></body></html>',
      'https://summitsupply.example/boots',
      'Summit Supply',
      'title',
    ],
    [
      'no brand at all but the domain',
      '<html><head><title>Home</title></head></html>',
      'https://shop.velvet-works.co.uk/',
      'velvet works',
      'domain',
    ],
  ])('%s', (_, html, url, brand, source) => {
    const candidates = brandCandidates(readPageSignals(page(html), url));
    expect(candidates[0]).toMatchObject({ name: brand, source });
  });

  it('counts agreement between signals', () => {
    const html = `<html><head><meta property="og:site_name" content="Acme Trail"><title>Boots – Acme Trail</title>${jsonLd({ '@type': 'Organization', name: 'Acme Trail' })}</head></html>`;
    const [top] = brandCandidates(readPageSignals(page(html), 'https://acmetrail.example/'));
    expect(top?.weight).toBe(5 + 4 + 2);
  });

  it('prefers the selection for keywords and drops stop words and the brand', () => {
    const signals = readPageSignals(
      page('<html lang="de-AT"><head><meta property="og:title" content="Die neue Regenjacke von Acme"></head></html>'),
      'https://acme.example/',
      '  Ultralight   waterproof rain jacket for the trail ',
    );
    expect(similarKeywords(signals, 'Acme')).toEqual(['ultralight', 'waterproof', 'rain', 'jacket', 'trail']);
    expect(pageLanguage(signals)).toBe('de');
  });

  it('falls back to og:title, then h1, then the description for keywords, in the page language', () => {
    const signals = readPageSignals(
      page(
        '<html lang="fr"><head><meta name="description" content="Le meilleur café en grains pour votre maison"></head></html>',
      ),
      'https://x.example/',
    );
    expect(similarKeywords(signals, '')).toEqual(['meilleur', 'cafe', 'grains', 'maison']);
    expect(pageLanguage(signals)).toBe('fr');
  });
});

describe('hostile pages', () => {
  it('ignores broken, huge and deeply nested JSON-LD without throwing', () => {
    let deep: unknown = { '@type': 'Organization', name: 'Too deep' };
    for (let i = 0; i < 50; i += 1) deep = { '@graph': [deep] };
    const html = `<html><head>
      <script type="application/ld+json">{ broken json</script>
      <script type="application/ld+json">${JSON.stringify({ '@type': 'Organization', name: 'x'.repeat(10), padding: 'y'.repeat(200_000) })}</script>
      ${jsonLd(deep)}
      ${jsonLd({ '@type': 'Organization', name: 'Real Brand' })}
    </head></html>`;
    const signals = readPageSignals(page(html), 'https://realbrand.example/');
    expect(signals.jsonLdBrands).toEqual(['Real Brand']);
  });

  it('reads a page of 50,000 nodes by direct lookups', () => {
    const rows = Array.from(
      { length: 10_000 },
      (_, i) => `<div><span>item ${i}</span><em>x</em><b>y</b><i>z</i></div>`,
    ).join('');
    const html = `<html><head><title>Catalogue | Mega Store</title></head><body>${rows}<h1>Deals</h1></body></html>`;
    const signals = readPageSignals(page(html), 'https://megastore.example/');
    expect(brandCandidates(signals)[0]?.name).toBe('Mega Store');
  });

  it('reads no script, style or template text, even inside the heading', () => {
    const signals = readPageSignals(
      page(
        '<html><head><title>Tents</title><script>document.title = "Injected brand"</script></head><body>' +
          '<h1>Trail <script>var spam = "casino bonus"</script><style>.x{color:red}</style><template>free money</template>tents</h1></body></html>',
      ),
      'https://x.example/',
    );
    expect(signals.h1).toBe('Trail tents');
    expect(signals.title).toBe('Tents');
  });

  it('bounds every text it keeps', () => {
    const long = 'word '.repeat(10_000);
    const signals = readPageSignals(
      page(`<html><head><title>${long}</title><meta property="og:site_name" content="${long}"></head></html>`),
      'https://x.example/',
      long,
    );
    expect(signals.title.length).toBeLessThanOrEqual(300);
    expect(signals.selection.length).toBeLessThanOrEqual(500);
    expect(brandCandidates(signals).every((c) => c.name.length <= 60)).toBe(true);
  });

  it('does not trust misleading meta tags over the domain when picking a catalogue brand', () => {
    const signals = readPageSignals(
      page('<html><head><meta property="og:site_name" content="Famous Brand"></head></html>'),
      'https://cheap-copies.example/',
    );
    const picked = pickBrand(
      brandCandidates(signals),
      [
        { id: 'famous', name: 'Famous Brand', domain: 'famousbrand.example' },
        { id: 'copies', name: 'Cheap Copies', domain: 'cheap-copies.example' },
      ],
      signals.hostname,
    );
    expect(picked?.brand.id).toBe('copies');
    expect(picked?.reason).toContain('domain');
  });

  it('returns no brand rather than a guess', () => {
    const signals = readPageSignals(page('<html><head><title>Home</title></head></html>'), 'http://127.0.0.1:8787/');
    expect(
      pickBrand(
        brandCandidates(signals),
        [{ id: 'a', name: 'Unrelated', domain: 'unrelated.example' }],
        signals.hostname,
      ),
    ).toBeNull();
  });
});

describe('helpers', () => {
  it.each([
    ['www.acme.com', 'acme'],
    ['shop.acme-trail.co.uk', 'acme-trail'],
    ['acme.com.au', 'acme'],
    ['localhost', ''],
    ['127.0.0.1', ''],
    ['', ''],
  ])('registrableLabel(%s) = %s', (host, label) => {
    expect(registrableLabel(host)).toBe(label);
  });

  it.each([
    ['Trail shoes | Acme', 'Acme'],
    ['Trail shoes - Acme Outdoor', 'Acme Outdoor'],
    ['Acme: Trail shoes for every runner on every mountain', ''],
    ['No separator here', ''],
  ])('titleSuffix(%s) = %s', (title, suffix) => {
    expect(titleSuffix(title)).toBe(suffix);
  });

  it('reads Product.manufacturer when there is no brand', () => {
    expect(brandsFromJsonLd([JSON.stringify({ '@type': 'Product', manufacturer: { name: 'Maker Co' } })])).toEqual([
      'Maker Co',
    ]);
  });
});
