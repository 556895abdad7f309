// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { readPageSignals } from '../../../lib/content/signals';

/**
 * What the find-similar script collects in a page: raw, bounded material; the reading itself
 * is the background's (tests/unit/background/page-reading.test.ts).
 */
function page(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('the find-similar script collects', () => {
  it('every meta tag by property, name, itemprop or http-equiv, keys in lower case', () => {
    const signals = readPageSignals(
      page(
        '<html><head><meta name="OG:Site_Name" content="Northwind"><meta property="og:locale" content="fr_FR"><meta http-equiv="Content-Language" content="fr"><meta name="empty" content=""></head><body><meta itemprop="brand" content="Fabrikam"></body></html>',
      ),
      'https://northwind.example/',
    );
    expect(signals.metas).toEqual([
      ['og:site_name', 'Northwind'],
      ['og:locale', 'fr_FR'],
      ['content-language', 'fr'],
      ['brand', 'Fabrikam'],
    ]);
  });

  it('the JSON-LD as the page has it, valid or not, and leaves out a block too large to read', () => {
    const signals = readPageSignals(
      page(
        `<html><head><script type="application/ld+json">{ "name": "Northwind", }</script><script type="application/LD+JSON">${'{"x":"' + 'y'.repeat(70_000) + '"}'}</script></head></html>`,
      ),
      'https://northwind.example/',
    );
    expect(signals.jsonLd).toEqual(['{ "name": "Northwind", }']);
  });

  it("the logo's alt text and a logo element's text", () => {
    const signals = readPageSignals(
      page(
        '<html><body><header><a href="/"><img src="/l.png" alt="Northwind Outfitters"></a></header><div id="logo">Northwind</div></body></html>',
      ),
      'https://northwind.example/',
    );
    expect(signals.logos).toEqual(['Northwind Outfitters', 'Northwind']);
    const drawn = readPageSignals(
      page('<html><body><a class="logo" href="/" title="NORTHWIND"></a></body></html>'),
      'https://x.example/',
    );
    expect(drawn.logos).toEqual(['NORTHWIND']);
  });

  it('the first h1 a person sees, never a hidden one', () => {
    const signals = readPageSignals(
      page(
        '<html><body><h1 hidden>Adding to Cart…</h1><h1 class="visually-hidden">Skip</h1><div aria-hidden="true"><h1>Menu</h1></div><h1>Trail <script>var spam = 1</script>tents</h1></body></html>',
      ),
      'https://x.example/',
    );
    expect(signals.h1).toBe('Trail tents');
  });

  it('the page’s own h1, not a logo drawn in an h1 in the banner', () => {
    const signals = readPageSignals(
      page(
        '<html><body><header><h1 class="logo"><a href="/" title="Northwind"></a></h1></header><main><a class="brand" itemprop="brand">Fabrikam</a><h1>Trail tents</h1></main></body></html>',
      ),
      'https://northwind.example/',
    );
    expect(signals.h1).toBe('Trail tents');
    expect(signals.makerLines).toEqual([['microdata', 'Fabrikam']]);
  });

  it('a brand’s logo by the title: its image’s alt text, or the title of the link it is in', () => {
    const inImage = readPageSignals(
      page(
        '<html><body><main><a class="brand" href="/fabrikam/"><img alt="Fabrikam" src="/b/fabrikam.jpg"></a><h1>Trail tents</h1></main></body></html>',
      ),
      'https://northwind.example/',
    );
    expect(inImage.makerLines).toEqual([['byline', 'Fabrikam']]);
    const inLink = readPageSignals(
      page(
        '<html><body><main><a title="Fabrikam Outdoor" href="/fabrikam/"><img class="brand" src="/b/fabrikam.jpg"></a><h1>Trail tents</h1></main></body></html>',
      ),
      'https://northwind.example/',
    );
    expect(inLink.makerLines).toEqual([['byline', 'Fabrikam Outdoor']]);
    const nameless = readPageSignals(
      page(
        '<html><body><main><span class="brand"><img src="/b/x.jpg"></span><h1>Trail tents</h1></main></body></html>',
      ),
      'https://northwind.example/',
    );
    expect(nameless.makerLines).toEqual([]);
  });

  it('the logo in a link to the home page, not a currency’s or a language’s flag before it', () => {
    const signals = readPageSignals(
      page(
        '<html><body><header><a href="#"><img src="/aed.gif" alt="AED"></a><a href="/ar/p/1"><img src="/eg.png" alt="Arabic"></a><a href="https://www.northwind.example/en/"><img src="/l.png" alt="Northwind Outfitters"></a></header></body></html>',
      ),
      'https://northwind.example/p/1',
    );
    expect(signals.logos).toEqual(['Northwind Outfitters']);
  });

  it('at most 6 maker lines, only near the heading, on a page of 50,000 nodes', () => {
    const rows = Array.from(
      { length: 10_000 },
      (_, i) => `<div><span>Brand: Maker ${i}</span><em>x</em><b>y</b><i>z</i></div>`,
    );
    const html = `<html><body>${rows.slice(0, 5_000).join('')}<h1>Trail tent</h1>${rows.slice(5_000).join('')}</body></html>`;
    const signals = readPageSignals(page(html), 'https://northwind.example/');
    expect(signals.makerLines?.length).toBe(6);
    expect(
      signals.makerLines?.every(([source, line]) => source === 'details' && /^Brand: Maker 5\d{3}$/.test(line)),
    ).toBe(true);
  });

  it('looks for the brand’s link beside the title among a few elements, not through a large block before or after it', () => {
    const rows = Array.from({ length: 1_000 }, (_, i) => `<div><span>item ${i}</span><em>x</em><b>y</b><i>z</i></div>`);
    const html = `<html><body><div>${rows.join('')}<a href="/northwind/">Northwind</a></div><h1>Trail tent</h1></body></html>`;
    // The link closes a block of 5,000 elements, or sits 300 levels deep: a walk through the block would find it.
    expect(readPageSignals(page(html), 'https://shop.example/p/1').makerLines).toEqual([]);
    const deep = `${'<div>'.repeat(300)}<a href="/northwind/">Northwind</a>${'</div>'.repeat(300)}`;
    expect(
      readPageSignals(page(`<html><body>${deep}<h1>Trail tent</h1></body></html>`), 'https://shop.example/p/1')
        .makerLines,
    ).toEqual([]);
    // Below the title, the same: the block's first few elements are looked at, never the rest of it.
    const below = `<html><body><h1>Trail tent</h1><div>${rows.join('')}<a href="/northwind/">Northwind</a></div></body></html>`;
    expect(readPageSignals(page(below), 'https://shop.example/p/1').makerLines).toEqual([]);
    const near = readPageSignals(
      page('<html><body><div><a href="/northwind/"><h3>Northwind</h3></a></div><h1>Trail tent</h1></body></html>'),
      'https://shop.example/p/1',
    );
    expect(near.makerLines).toEqual([['link', 'Northwind\u001fnorthwind']]);
  });

  it('keeps the source the walk read for a brand link that is also microdata (Oriflame’s brand above its title)', () => {
    // Read as a link first, the line would be set aside on a page whose metadata sells nothing; its microdata holds.
    const html =
      '<html><body><div><a href="/en/brands/activelle" class="brand" itemprop="brand">Activelle</a>' +
      '<h1 itemprop="name">Activelle Pure White AP Spray</h1></div></body></html>';
    expect(readPageSignals(page(html), 'https://eg.oriflame.com/en/products/product?code=31273').makerLines).toEqual([
      ['microdata', 'Activelle'],
    ]);
  });

  it('a bounded sample of the text, the lang attribute and the selection', () => {
    const long = 'word '.repeat(10_000);
    const signals = readPageSignals(
      page(`<html lang="JA"><head><title>${long}</title></head><body><p>${long}</p></body></html>`),
      'https://x.example/',
      long,
    );
    expect(signals.lang).toBe('ja');
    expect(signals.title.length).toBeLessThanOrEqual(300);
    expect(signals.text.length).toBeLessThanOrEqual(600);
    expect(signals.selection.length).toBeLessThanOrEqual(500);
  });

  it('reads a page of 50,000 nodes by bounded lookups', () => {
    const rows = Array.from(
      { length: 10_000 },
      (_, i) => `<div><span>item ${i}</span><em>x</em><b>y</b><i>z</i></div>`,
    ).join('');
    const signals = readPageSignals(
      page(`<html><head><title>Catalogue | Mega Store</title></head><body>${rows}<h1>Deals</h1></body></html>`),
      'https://megastore.example/',
    );
    expect(signals.h1).toBe('Deals');
    expect(signals.text.length).toBeLessThanOrEqual(600);
  });
});
