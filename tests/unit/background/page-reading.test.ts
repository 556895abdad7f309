import { describe, expect, it } from 'vitest';
import {
  jsonLdFacts,
  makerCandidates,
  pageLanguage,
  parseJsonLd,
  readPage,
  siteCandidates,
  similarKeywords,
  titleSiteName,
} from '../../../lib/page-reading';
import { pickBrand } from '../../../lib/background/similar/query';
import { pageSignals, type PageSignals } from '../../../lib/messaging/page-trigger';
import { contentWords, normalizeName } from '../../../lib/keywords';
import { siteDomainOf } from '../../../components/similar/read-page';

/** Signals as the find-similar script sends them; only what a case sets differs. */
function signalsOf(url: string, fields: Partial<PageSignals> = {}): PageSignals {
  return pageSignals({ url, hostname: new URL(url).hostname, ...fields });
}

const siteOf = (signals: PageSignals) => siteCandidates(signals, siteDomainOf(signals.hostname));

describe('the site a page is on', () => {
  it.each([
    ['og:site_name as a name, in any case', { metas: [['og:site_name', 'Northwind']] }, 'Northwind', 'og:site_name'],
    ['an app name', { metas: [['apple-mobile-web-app-title', 'Northwind']] }, 'Northwind', 'app name'],
    ['the Twitter app name', { metas: [['twitter:app:name:iphone', 'Northwind']] }, 'Northwind', 'app name'],
    ['a publisher meta', { metas: [['publisher', 'Northwind Media']] }, 'Northwind Media', 'publisher'],
    ['the logo', { logos: ['Northwind'] }, 'Northwind', 'logo'],
    [
      "an article's publisher in JSON-LD",
      {
        jsonLd: [JSON.stringify({ '@type': 'BlogPosting', publisher: { '@type': 'Organization', name: 'Northwind' } })],
      },
      'Northwind',
      'structured data',
    ],
  ] as [string, Partial<PageSignals>, string, string][])('%s', (_, fields, name, signal) => {
    const [top] = siteOf(signalsOf('https://www.northwind.example/a', fields));
    expect(top).toMatchObject({ name, signal });
  });

  it.each([
    [
      'the part that repeats the domain, not an article title',
      'Northwind | The Winds of Change',
      'northwind',
      'Northwind',
    ],
    [
      'a store name with its TLD at the front',
      'Northwind.com: Trail Shoe : Sports & Outdoors',
      'northwind',
      'Northwind.com',
    ],
    ['a stray dash dropped', 'Trail Shoe - Northwind.com', 'northwind', 'Northwind.com'],
  ])('a title: %s', (_, title, label, name) => {
    expect(titleSiteName(title, [label])).toEqual({ name, weight: 2 });
  });

  it.each([
    [
      'the site before the headline',
      "Linux Engineer's random thoughts - awk driven IoT",
      "Linux Engineer's random thoughts",
    ],
    ['the site after the headline', 'awk driven IoT | Linux Engineer Notes', 'Linux Engineer Notes'],
  ])('a title whose other end is the page heading: %s', (_, title, name) => {
    expect(titleSiteName(title, [], ['awk driven IoT'])).toEqual({ name, weight: 1.5 });
  });

  it('never takes the page heading for the site, even when it is short', () => {
    expect(titleSiteName('A long story about shoes and socks | Shoes', [], ['Shoes'])).toBeNull();
  });

  it("counts a short form that spells the full name's initials toward the full name", () => {
    const names = siteOf(
      signalsOf('https://www.scmp.com/news', {
        metas: [
          ['og:site_name', 'South China Morning Post'],
          ['al:ios:app_name', 'SCMP'],
        ],
      }),
    );
    expect(names.map((name) => name.name)).toEqual(['South China Morning Post']);
    expect(names[0]?.weight).toBeGreaterThan(4 + 3);
  });

  it('counts a name followed by its slogan toward the plain name', () => {
    const names = siteOf(
      signalsOf('https://www.aktualne.cz/a', {
        metas: [
          ['og:site_name', 'Aktuálně.cz - Víte, co se právě děje'],
          ['publisher', 'Aktuálně.cz'],
        ],
      }),
    );
    expect(names.map((name) => name.name)).toEqual(['Aktuálně.cz']);
  });

  it('reads the site from the Twitter title when the page has no other title', () => {
    const [top] = siteOf(
      signalsOf('https://www.spinneyslebanon.com/feta.html', {
        metas: [['twitter:title', 'Bio Feta Cheese 200g | Chilled & Deli | Spinneys Lebanon']],
      }),
    );
    expect(top).toMatchObject({ name: 'Spinneys Lebanon', signal: 'title' });
  });

  it('drops a domain in brackets from a name', () => {
    const [top] = siteOf(signalsOf('https://www.dw.com/en', { metas: [['publisher', 'Deutsche Welle (www.dw.com)']] }));
    expect(top?.name).toBe('Deutsche Welle');
  });

  it('trusts the end of a title only as a weak guess, below the domain', () => {
    const [top] = siteOf(signalsOf('https://northwind.example/p', { title: 'Hiking | Industrial & Scientific' }));
    expect(top).toMatchObject({ name: 'northwind', signal: 'domain' });
  });

  it.each([
    ['acme.myshopify.com', 'acme.myshopify.com', 'acme'],
    ['acme.github.io', 'acme.github.io', 'acme'],
    ['shop.acme-trail.co.uk', 'acme-trail.co.uk', 'acme-trail'],
    ['www.acme.com.au', 'acme.com.au', 'acme'],
  ])('the registrable domain of %s by the Public Suffix List', (host, domain, label) => {
    expect(siteDomainOf(host)).toEqual({ domain, label });
  });

  it('has no domain for an address or a bare host', () => {
    expect(siteDomainOf('127.0.0.1')).toBeNull();
    expect(siteDomainOf('localhost')).toBeNull();
  });

  it("picks the catalogue brand on the page's site over a name the page claims", () => {
    const signals = signalsOf('https://cheap-copies.example/', { metas: [['og:site_name', 'Famous Brand']] });
    const site = siteDomainOf(signals.hostname);
    const picked = pickBrand(
      siteCandidates(signals, site),
      [
        { id: 'famous', name: 'Famous Brand', domain: 'famousbrand.example' },
        { id: 'copies', name: 'Cheap Copies', domain: 'www.cheap-copies.example' },
      ],
      site,
    );
    expect(picked).toMatchObject({ brand: { id: 'copies' }, signal: 'domain', reason: 'nameAndDomain' });
    // Why, as a code the panel says in its language: the domain alone, or the name alone.
    const candidates = siteCandidates(signals, site);
    expect(
      pickBrand(candidates, [{ id: 'c', name: 'Another Name', domain: 'cheap-copies.example' }], site),
    ).toMatchObject({ reason: 'domain', signal: 'domain' });
    expect(pickBrand(candidates, [{ id: 'f', name: 'Famous Brand', domain: null }], site)).toMatchObject({
      reason: 'name',
      signal: 'og:site_name',
    });
  });
});

describe('JSON-LD as pages write it', () => {
  it.each([
    ['trailing commas', '{"@type": "Organization", "name": "Northwind",}'],
    ['a raw newline in a string', '{"@type": "Organization", "name": "Northwind", "description": "One\ntwo"}'],
    ['HTML entities', '{&quot;@type&quot;: &quot;Organization&quot;, &quot;name&quot;: &quot;Northwind&quot;}'],
    ['a comment wrapper', '<!-- {"@type": "Organization", "name": "Northwind"} -->'],
  ])('reads %s', (_, text) => {
    expect(jsonLdFacts([text]).organizations).toEqual(['Northwind']);
  });

  it('evaluates nothing and gives up on what it cannot read', () => {
    expect(parseJsonLd('{"name": (function(){ return 1 })()}')).toBeNull();
    expect(parseJsonLd('x'.repeat(70_000))).toBeNull();
  });

  it('stops at a bounded number of nodes and depth', () => {
    let deep: unknown = { '@type': 'Organization', name: 'Too deep' };
    for (let i = 0; i < 50; i += 1) deep = { '@graph': [deep] };
    expect(jsonLdFacts([JSON.stringify(deep)]).organizations).toEqual([]);
  });
});

describe('the maker of a product', () => {
  it('offers both the store and the maker on a product page', () => {
    const signals = signalsOf('https://northwind.example/p/1', {
      metas: [['og:site_name', 'Northwind']],
      jsonLd: [
        JSON.stringify({
          '@graph': [{ '@type': 'Product', name: 'Ridge tent', brand: { '@type': 'Brand', name: 'Fabrikam' } }],
        }),
      ],
    });
    expect(siteOf(signals)[0]?.name).toBe('Northwind');
    expect(makerCandidates(signals)[0]).toMatchObject({ name: 'Fabrikam', signal: 'product brand' });
  });

  it('reads the manufacturer, and a product:brand meta', () => {
    expect(
      makerCandidates(signalsOf('https://x.example/', { jsonLd: ['{"@type":"Product","manufacturer":"Contoso"}'] }))[0]
        ?.name,
    ).toBe('Contoso');
    expect(makerCandidates(signalsOf('https://x.example/', { metas: [['product:brand', 'Contoso']] }))[0]?.name).toBe(
      'Contoso',
    );
  });
});

describe('the language', () => {
  it.each([
    ['the lang attribute', { lang: 'de-at' }, 'de', 'lang attribute'],
    ['Content-Language', { metas: [['content-language', 'fr-FR']] }, 'fr', 'content-language'],
    ['og:locale', { metas: [['og:locale', 'es_ES']] }, 'es', 'og:locale'],
    ['inLanguage in JSON-LD', { jsonLd: ['{"@type":"WebPage","inLanguage":"ja-JP"}'] }, 'ja', 'inLanguage'],
  ] as [string, Partial<PageSignals>, string, string][])('from %s', (_, fields, code, source) => {
    expect(pageLanguage(signalsOf('https://x.example/', fields))).toEqual({ code, source });
  });

  it("falls back to the browser's detection, and says none when that finds none", () => {
    expect(pageLanguage(signalsOf('https://x.example/'), 'pt')).toEqual({ code: 'pt', source: "browser's detection" });
    expect(pageLanguage(signalsOf('https://x.example/'), 'und')).toEqual({ code: '', source: 'none' });
  });
});

describe('keywords', () => {
  it('come from the visible h1 after og:title, without the brand names', () => {
    const signals = signalsOf('https://x.example/', { h1: 'Northwind waterproof ridge tent' });
    expect(similarKeywords(signals, ['Northwind'])).toEqual(['waterproof', 'ridge', 'tent']);
  });

  it('keep Japanese voicing marks and split Japanese and Chinese into words', () => {
    expect(normalizeName('ガイドブック')).toBe('ガイドブック');
    expect(normalizeName('Acmé')).toBe('acme');
    expect(contentWords('登山用の軽量テント', 'ja')).toEqual(['登山', '軽量', 'テント']);
    expect(contentWords('户外防水背包', 'zh')).toEqual(['户外', '防水', '背包']);
  });
});

describe('a page read for the worker', () => {
  it('holds the site, a maker apart from it, the language and keywords without either name', () => {
    const signals = signalsOf('https://shop.northwind.example/p/1', {
      lang: 'en',
      metas: [
        ['og:site_name', 'Northwind'],
        ['og:title', 'Fabrikam ridge tent, waterproof'],
      ],
      jsonLd: [JSON.stringify({ '@type': 'Product', brand: { '@type': 'Brand', name: 'Fabrikam' } })],
    });
    const reading = readPage(signals, siteDomainOf(signals.hostname));
    expect(reading.site).toEqual({ domain: 'northwind.example', label: 'northwind' });
    expect(reading.siteNames[0]).toMatchObject({ name: 'Northwind', signal: 'og:site_name' });
    expect(reading.makerNames.map((name) => name.name)).toEqual(['Fabrikam']);
    expect(reading).toMatchObject({ language: 'en', languageSource: 'lang attribute' });
    expect(reading.keywords).toEqual(['ridge', 'tent', 'waterproof']);
  });

  it('offers no maker when the product is the site brand’s own', () => {
    const signals = signalsOf('https://northwind.example/p/1', {
      metas: [['og:site_name', 'Northwind']],
      jsonLd: [JSON.stringify({ '@type': 'Product', brand: 'Northwind' })],
    });
    expect(readPage(signals, siteDomainOf(signals.hostname)).makerNames).toEqual([]);
  });
});
