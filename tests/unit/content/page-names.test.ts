// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { preferName, siteDomainOf } from '../../../components/similar/read-page';
import { readPageSignals } from '../../../lib/content/signals';
import { makerOfLine, nameProblem, readPage, siteNames } from '../../../lib/page-reading';

/**
 * Names that are not names, and the maker by a product's title: made-up pages of example
 * domains (real pages are in page-corpus.test.ts), read as Adscope reads a page.
 */
function read(html: string, url: string) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const signals = readPageSignals(doc, url);
  const site = siteDomainOf(signals.hostname);
  return { signals, reading: readPage(signals, site), names: siteNames(signals, site) };
}

/** A page with a banner whose home link holds a logo image with this alt text, and a title. */
function bannerPage(alt: string, { lang = 'en', title = 'Trail tents', head = '' } = {}) {
  return `<html lang="${lang}"><head><title>${title}</title>${head}</head><body><header><a href="/"><img src="/l.png" alt="${alt}"></a></header><h1>${title}</h1></body></html>`;
}

describe('a name is a name', () => {
  it.each([
    ['en', 'brand_logotype_black'],
    ['de', 'logo-2x'],
    ['fr', 'img_0412'],
    ['es', 'cabecera@2x.png'],
  ])('a file name or identifier in the logo (%s) is not the site’s name', (lang, alt) => {
    const { reading, names } = read(bannerPage(alt, { lang }), 'https://northwind.example/tents');
    expect(reading.siteNames.map((name) => name.name)).toEqual(['northwind']);
    expect(names.setAside).toEqual([{ name: alt, signal: 'logo', problem: 'file name' }]);
  });

  it.each([
    ['en', 'Northwind logo'],
    ['de', 'Northwind Logo'],
    ['fr', 'Logo Northwind'],
    ['es', 'Logotipo Northwind'],
  ])(
    'a logo that says “logo” (%s) is not taken as written, and counts toward a name another signal gives',
    (lang, alt) => {
      const alone = read(bannerPage(alt, { lang }), 'https://fabrikam.example/');
      expect(alone.reading.siteNames.map((name) => name.name)).toEqual(['fabrikam']);
      expect(alone.names.setAside).toEqual([{ name: alt, signal: 'logo', problem: 'logo word' }]);
      const named = read(
        bannerPage(alt, { lang, head: '<meta property="og:site_name" content="Northwind">' }),
        'https://fabrikam.example/',
      );
      expect(named.reading.siteNames[0]?.name).toBe('Northwind');
      expect(named.names.signals[0]).toEqual(['og:site_name', 'logo']);
      expect(named.names.setAside).toEqual([]);
    },
  );

  it.each([
    ['en', '.us'],
    ['de', '.de'],
    ['fr', '|'],
    ['es', '– —'],
    ['it', '...'],
  ])('a domain ending or punctuation (%s, “%s”) is not a name', (lang, alt) => {
    const { reading, names } = read(bannerPage(alt, { lang }), 'https://northwind.example/');
    expect(reading.siteNames.map((name) => name.name)).toEqual(['northwind']);
    expect(names.setAside.map((aside) => aside.problem)).toEqual(['domain ending']);
  });

  it.each([
    ['en', '2024'],
    ['de', 'SKU-48213'],
    ['fr', 'B07XJ8C8F5'],
  ])('a number or code (%s, “%s”) is not a name', (lang, alt) => {
    const { reading, names } = read(bannerPage(alt, { lang }), 'https://northwind.example/');
    expect(reading.siteNames.map((name) => name.name)).toEqual(['northwind']);
    expect(names.setAside.map((aside) => aside.problem)).toEqual(['number or code']);
  });

  it.each([
    ['en', 'Summer Sale: up to 50% off'],
    ['de', 'Jetzt kaufen und Rabatt sichern'],
    ['fr', 'Soldes d’été'],
    ['es', 'Rebajas de invierno'],
  ])('a promotion’s text in a banner tile (%s) is not a name', (lang, alt) => {
    const { reading, names } = read(bannerPage(alt, { lang }), 'https://northwind.example/');
    expect(reading.siteNames.map((name) => name.name)).toEqual(['northwind']);
    expect(names.setAside.map((aside) => aside.problem)).toEqual(['promotion']);
  });

  it.each([
    ['en', 'Happy Chinese New Year!'],
    ['de', 'Frohe Weihnachten'],
    ['fr', 'Joyeux Noël et bonne année'],
    ['es', 'Feliz Navidad'],
  ])('a season’s greeting in the logo (%s, “%s”) is not the site’s name', (lang, alt) => {
    const { reading, names } = read(bannerPage(alt, { lang }), 'https://northwind.example/');
    expect(reading.siteNames.map((name) => name.name)).toEqual(['northwind']);
    expect(names.setAside.map((aside) => aside.problem)).toEqual(['season’s greeting']);
  });

  it.each([
    ['en', '/checkout', 'basket'],
    ['de', '/warenkorb/cart', 'Warenkorb'],
    ['fr', '/account/login', 'Mon compte'],
  ])('an icon in a link to the shop’s tools (%s, %s) is not its logo', (lang, href, alt) => {
    // A banner whose logo images have no alt text: its only linked image with words is a basket's or an account's icon.
    const html = `<html lang="${lang}"><head><title>Trail tents</title></head><body><header><a href="${href}"><img src="/i.png" alt="${alt}"></a><a href="/"><img class="svg-logo" src="/logo.svg"></a></header><h1>Trail tents</h1></body></html>`;
    const { signals, reading } = read(html, 'https://northwind.example/tents');
    expect(signals.logos).toEqual([]);
    expect(reading.siteNames.map((name) => name.name)).toEqual(['northwind']);
  });

  it('keeps a name that starts with a wish’s word', () => {
    const { reading } = read(bannerPage('Happy Socks'), 'https://happysocks.example/');
    expect(reading.siteNames[0]?.name).toBe('Happy Socks');
  });

  it.each([
    ['en', 'Northwind (formerly Fabrikam)'],
    ['de', 'Northwind (ehemals Fabrikam)'],
    ['fr', 'Northwind (anciennement Fabrikam)'],
    ['es', 'Northwind (antes Fabrikam)'],
  ])('a parenthetical after a name is not part of it (%s, “%s”)', (lang, alt) => {
    const { reading } = read(
      bannerPage(alt, { lang, head: '<meta property="og:site_name" content="Northwind">' }),
      'https://northwind-social.example/',
    );
    expect(reading.siteNames[0]).toMatchObject({ name: 'Northwind' });
    expect(reading.siteNames.some((name) => name.name.includes('('))).toBe(false);
  });

  it.each([
    ['en', 'Welcome to Northwind Outfitters'],
    ['de', 'Willkommen bei Northwind Outfitters'],
    ['fr', 'Bienvenue chez Northwind Outfitters'],
    ['es', 'Bienvenido a Northwind Outfitters'],
  ])('a greeting around a name (%s) is not part of it', (lang, alt) => {
    const { reading } = read(bannerPage(alt, { lang }), 'https://shop.example/');
    expect(reading.siteNames[0]?.name).toBe('Northwind Outfitters');
  });

  it('a market’s and a language’s codes after a name are not part of it', () => {
    const { reading } = read(
      bannerPage('Northwind', { head: '<meta property="og:site_name" content="Northwind EG/EN">' }),
      'https://shop.example/',
    );
    expect(reading.siteNames[0]).toMatchObject({ name: 'Northwind' });
    expect(reading.siteNames.some((name) => name.name.includes('EG/EN'))).toBe(false);
  });

  it.each([
    ['en', "Let's Tango", 'https://www.letstango.example/watch'],
    ['de', 'NORTH WIND', 'https://northwind.example/'],
    ['fr', 'Northwind.com', 'https://www.northwind.example/'],
    ['cs', 'Aktuálně', 'https://www.aktualne.example/'],
  ])('a name that spells the domain’s label in another form (%s, “%s”) counts toward it', (lang, alt, url) => {
    const { reading, names } = read(
      bannerPage(alt, { lang, head: '<meta property="og:site_name" content="Contoso Media Group">' }),
      url,
    );
    expect(reading.siteNames[0]?.name).toBe(alt);
    expect(names.signals[0]).toEqual(['logo', 'domain']);
  });

  it('where the strongest signals disagree, prefers the one another signal repeats', () => {
    const { reading } = read(
      bannerPage('Northwind', {
        title: 'Trail tents | Northwind',
        head: '<script type="application/ld+json">{"@type":"Organization","name":"Contoso Holdings"}</script>',
      }),
      'https://shop.example/',
    );
    expect(reading.siteNames.map((name) => name.name)).toEqual(['Northwind', 'Contoso Holdings', 'shop']);
  });

  it('keeps a name of another script with an underscore, and a short name with a digit', () => {
    expect(nameProblem('史蒂文的家_藍天')).toBeNull();
    expect(nameProblem('7-Eleven')).toBeNull();
    expect(nameProblem('3M')).toBeNull();
    expect(nameProblem('Cam4sell')).toBeNull();
  });
});

/** A product page with these elements right after (or before) its h1. */
function productPage(after: string, { lang = 'en', before = '', header = '', head = '' } = {}) {
  return `<html lang="${lang}"><head><title>Trail tent</title>${head}</head><body><header>${header}</header><main><div class="product"><div class="title">${before}<h1>Trail tent 2P</h1>${after}</div></div></main></body></html>`;
}

function makerOf(html: string) {
  return read(html, 'https://shop.example/p/1').reading.makerNames.map((name) => [name.name, name.signal]);
}

describe('the maker by the product’s title', () => {
  it.each([
    ['en', '<a id="bylineInfo" href="/acme">Visit the Northwind Store</a>'],
    ['de', '<a id="bylineInfo" href="/acme">Besuche den Northwind-Store</a>'],
    ['fr', '<a id="bylineInfo" href="/acme">Visiter la boutique Northwind</a>'],
    ['es', '<a id="bylineInfo" href="/acme">Visita la tienda de Northwind</a>'],
  ])('reads a store byline (%s)', (lang, byline) => {
    expect(makerOf(productPage(byline, { lang }))).toEqual([['Northwind', 'byline']]);
  });

  it.each([
    ['en', '<a id="bylineInfo">Brand: Northwind</a>', 'byline'],
    ['de', '<div class="details"><p>Marke: Northwind</p></div>', 'product details'],
    ['fr', '<div class="details"><p>Marque : Northwind</p></div>', 'product details'],
    ['es', '<ul><li>Marca: Northwind</li></ul>', 'product details'],
    ['en', '<div><span>Brand:</span> <a href="/northwind">Northwind</a></div>', 'product details'],
  ])('reads a labelled brand line (%s: %s)', (lang, line, signal) => {
    expect(makerOf(productPage(line, { lang }))).toEqual([['Northwind', signal]]);
  });

  it.each([
    ['en', '<div class="byline">by Jane Roe (Author), John Doe</div>', 'Jane Roe'],
    ['de', '<div class="byline">von Northwind</div>', 'Northwind'],
    ['fr', '<div class="byline">par Northwind</div>', 'Northwind'],
  ])('reads a “by …” byline (%s)', (lang, line, name) => {
    expect(makerOf(productPage(line, { lang }))).toEqual([[name, 'byline']]);
  });

  it.each([
    ['fr', '<div><a href="https://shop.example/hessnatur/"><span><h3>hessnatur</h3></span></a></div>', 'hessnatur'],
    [
      'de',
      '<div><a title="Jack &amp; Jones PREMIUM" href="/jack-and-jones-premium/"><h2>Jack &amp; Jones PREMIUM</h2></a></div>',
      'Jack & Jones PREMIUM',
    ],
    ['en', '<a href="/brands/Northwind-Outfitters">Northwind Outfitters</a>', 'Northwind Outfitters'],
    ['es', '<p><a href="/marcas/fábrica-sur.html">Fábrica Sur</a></p>', 'Fábrica Sur'],
  ])('reads the link to the brand’s page right above the title of a product (%s)', (lang, before, name) => {
    const head = '<meta property="og:type" content="product">';
    expect(makerOf(productPage('', { lang, before, head }))).toEqual([[name, 'byline']]);
  });

  it.each([
    ['ar', '<div class="sub-title">ماركة <a href="https://shop.example/ar/northwind/">Northwind</a></div>'],
    ['ja', '<p>ブランド：<a href="/brand/Northwind">Northwind</a></p>'],
  ])(
    'reads the link to the brand’s page right below the title, whatever the language of its label (%s)',
    (lang, after) => {
      const head = '<meta property="og:type" content="product">';
      expect(makerOf(productPage(after, { lang, head }))).toEqual([['Northwind', 'byline']]);
    },
  );

  it.each([
    ['an Open Graph type of its own', '<meta property="og:type" content="zalando_sharing:product">'],
    ['a Twitter product card', '<meta name="twitter:card" content="product">'],
    ['a price', '<meta property="product:price:amount" content="159.95">'],
    ['a JSON-LD product', '<script type="application/ld+json">{"@type":"Product","name":"Trail tent"}</script>'],
  ])('knows a product page by %s', (_, head) => {
    expect(makerOf(productPage('', { before: '<a href="/northwind/">Northwind</a>', head }))).toEqual([
      ['Northwind', 'byline'],
    ]);
  });

  it('takes no maker from the link to an article’s section above its title', () => {
    const before = '<div class="intro"><a href="/digital-life">Digital Life</a></div>';
    expect(makerOf(productPage('', { before, head: '<meta property="og:type" content="article">' }))).toEqual([]);
    expect(makerOf(productPage('', { before }))).toEqual([]);
  });

  it.each([
    ['a breadcrumb', '<nav class="breadcrumbs"><a href="/">Home</a> › <a href="/tents/">Tents</a></nav>'],
    ['a link named otherwise than its page', '<div><a href="/sale/">Northwind</a></div>'],
    [
      'a long text',
      '<div><a href="/the-best-trail-tent-for-two-people-in-the-alps">The best trail tent for two people in the Alps</a></div>',
    ],
  ])('takes no maker from %s above the title', (_, before) => {
    expect(makerOf(productPage('', { before, head: '<meta property="og:type" content="product">' }))).toEqual([]);
  });

  it('reads a vendor line above the title', () => {
    expect(makerOf(productPage('', { before: '<p class="product__vendor">Northwind</p>' }))).toEqual([
      ['Northwind', 'byline'],
    ]);
  });

  it.each([
    ['en', '<table><tr class="po-brand"><td><span>Brand</span></td><td><span>Northwind</span></td></tr></table>'],
    ['de', '<table><tr><th>Hersteller</th><td>Northwind</td></tr><tr><th>Farbe</th><td>Grün</td></tr></table>'],
    ['es', '<dl><dt>Color</dt><dd>Verde</dd><dt>Fabricante</dt><dd>Northwind</dd></dl>'],
  ])('reads a details table’s brand row (%s)', (lang, table) => {
    expect(makerOf(productPage(table, { lang }))).toEqual([['Northwind', 'product details']]);
  });

  it.each(['en', 'de', 'fr', 'es'])('reads the offer’s brand and manufacturer in microdata and RDFa (%s)', (lang) => {
    expect(
      makerOf(
        productPage(
          '<div itemprop="brand" itemscope itemtype="https://schema.org/Brand"><meta itemprop="name" content="Northwind"></div>',
          { lang },
        ),
      ),
    ).toEqual([['Northwind', 'microdata']]);
    expect(makerOf(productPage('<span itemprop="manufacturer">Fabrikam</span>', { lang }))).toEqual([
      ['Fabrikam', 'microdata'],
    ]);
    expect(makerOf(productPage('<span property="schema:brand">Northwind</span>', { lang }))).toEqual([
      ['Northwind', 'RDFa'],
    ]);
  });

  it('takes nothing from the banner’s brand menu, a label without a maker, or a line far below the title', () => {
    const menu =
      '<nav><div class="brands-menu-item"><a>GARMIN</a></div><div class="brands-menu-item"><a>SAMSUNG</a></div></nav>';
    const filler = Array.from({ length: 400 }, (_, i) => `<div><span>spec ${i}</span></div>`).join('');
    const html = productPage(`<p>Colour: Green</p>${filler}<p>Brand: Fabrikam</p>`, { header: menu });
    expect(makerOf(html)).toEqual([]);
  });

  it('reads a structured brand’s name as a person sees it, without the HTML entities a template left in it', () => {
    const head =
      '<script type="application/ld+json">{"@type": "Product", "name": "Beanie", "brand": {"@type": "Brand", "name": "Marks &amp; Spencer"}}</script>';
    const html = `<html lang="en"><head><title>Beanie | Northwind</title>${head}</head><body><h1>Beanie</h1></body></html>`;
    expect(makerOf(html)).toEqual([['Marks & Spencer', 'product brand']]);
    // A store whose structured data names its own brand so offers no second maker.
    const own = `<html lang="de"><head><title>Mütze | H&amp;M DE</title><meta property="og:site_name" content="H&amp;M">${head.replace('Marks &amp; Spencer', 'H&amp;M')}</head><body><h1>Mütze</h1></body></html>`;
    const { reading } = read(own, 'https://www2.hm.example/de_de/p.html');
    expect([reading.siteNames[0]?.name, reading.makerNames]).toEqual(['H&M', []]);
  });

  it('takes no maker from a brand block’s line that is labelled as something else', () => {
    expect(makerOfLine('byline', 'SKU : IM928_FNB_P38')).toBe('');
    expect(makerOfLine('byline', 'Colour: Green')).toBe('');
    expect(makerOfLine('byline', 'Brand: Northwind')).toBe('Northwind');
    expect(makerOf(productPage('', { before: '<div class="sku-brand"><label>SKU :</label> IM928</div>' }))).toEqual([]);
  });

  it('sets aside a maker that is no name', () => {
    expect(makerOfLine('byline', 'Brand: 4006381333931')).toBe('');
    expect(makerOfLine('details', 'Marke: Angebot -20%')).toBe('');
    expect(makerOfLine('details', 'Colour: Green')).toBe('');
    expect(makerOfLine('microdata', 'Northwind')).toBe('Northwind');
  });
});

describe('a name the user chose', () => {
  it('goes first, weighing more than any other; an unknown choice changes nothing', () => {
    const names = [
      { name: 'Northwind', signal: 'og:site_name' as const, weight: 6 },
      { name: 'Fabrikam Outdoor', signal: 'logo' as const, weight: 3 },
    ];
    expect(preferName(names, 'fabrikam outdoor')).toEqual([
      { name: 'Fabrikam Outdoor', signal: 'logo', weight: 7 },
      { name: 'Northwind', signal: 'og:site_name', weight: 6 },
    ]);
    expect(preferName(names, 'Contoso')).toEqual(names);
    expect(preferName(names, undefined)).toEqual(names);
  });
});

describe('the language', () => {
  it('reads a withdrawn code as the one that replaced it', () => {
    const { reading } = read(
      '<html lang="iw"><head><title>שאלה</title></head><body></body></html>',
      'https://stips.example/',
    );
    expect(reading.language).toBe('he');
  });
});
