import type { CatalogueBrand } from './demo-data';
import { SHOWCASE } from './demo-data/catalogue';
import { categoryName, NICHE_BY_ID } from './demo-data/world';
import type { ServerState } from './state';

const escapeHtml = (value: string) => value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

export type DemoPageKind = 'json-ld' | 'og' | 'title' | 'none' | 'product';
export const DEMO_PAGE_KINDS: readonly DemoPageKind[] = ['json-ld', 'og', 'title', 'none', 'product'];
/**
 * A store's product page: the store is the second demo brand, the product's maker the first;
 * the store's ads for that product in the page's language lead here (ServerState.landingPathOf).
 */
export const DEMO_PRODUCT_PAGE = '/demo/pages/product';
/** The product of the demo product page (a key of the hiking niche's line), and the page's language. */
export const DEMO_PRODUCT_KEY = 'trail-running-shoes';
export const DEMO_PRODUCT_PAGE_LANGUAGE = 'en';

/** The category every demo competitor page belongs to: its brands are rivals. */
export const DEMO_PAGE_CATEGORY = categoryName(NICHE_BY_ID.get(SHOWCASE.niche) ?? { name: '' }, SHOWCASE.market);

/**
 * The catalogue brands the demo pages are about: the three of the demo category that run the
 * most ads, so results are rich. The second also advertises in German (the `og` page is German).
 */
export function demoPageBrands(state: ServerState): CatalogueBrand[] {
  return state.data.catalogue.brands
    .filter((brand) => brand.category === DEMO_PAGE_CATEGORY)
    .sort((a, b) => state.library.adsOfBrand(b.id).length - state.library.adsOfBrand(a.id).length)
    .slice(0, 3);
}

/** The picture on the title-only page, for "find similar" from an image. */
export function demoImagePath(brand: CatalogueBrand): string {
  return `/media/catalogue/${brand.id}/logo.svg`;
}

function shell(options: { lang: string; title: string; head: string; body: string }): string {
  return `<!doctype html><html lang="${options.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(options.title)}</title>${options.head}<style>body{font:16px/1.5 system-ui,sans-serif;max-width:720px;margin:40px auto;padding:0 16px;color:#1b1d22}</style></head><body>${options.body}<p><small>Demo page served by the Adscope reference server.</small></p></body></html>`;
}

/**
 * Demo "competitor" pages for find-similar: each names its brand a different way (JSON-LD,
 * og:site_name, only a title suffix, or not at all), as real sites do.
 */
export function demoPage(state: ServerState, kind: string): string | null {
  const [first, second, third] = demoPageBrands(state);
  if (!first || !second || !third) return null;
  switch (kind) {
    case 'json-ld': {
      const structured = JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Waterproof trail backpack',
        brand: { '@type': 'Brand', name: first.name },
      });
      return shell({
        lang: 'en',
        title: 'Waterproof trail backpack',
        head: `<meta name="description" content="A waterproof trail backpack with room for a weekend."><script type="application/ld+json">${structured.replace(/</g, '\\u003c')}</script>`,
        body: `<h1>Waterproof trail backpack</h1><p>Built for long weekends on the trail. Free returns.</p>`,
      });
    }
    case 'og':
      return shell({
        lang: 'de',
        title: 'Neue Kollektion',
        head: `<meta property="og:site_name" content="${escapeHtml(second.name)}"><meta property="og:title" content="Die Regenjacke für jede Wanderung">`,
        body: `<h1>Die neue Regenjacke</h1><p>Wasserdicht, atmungsaktiv und bereit für jede Wanderung.</p>`,
      });
    case 'title':
      return shell({
        lang: 'en',
        title: `Down sleeping bag for three seasons | ${third.name}`,
        head: '',
        body: `<h1>Down sleeping bag, three seasons</h1><p>Warm to minus five, packed to the size of a loaf.</p><p><img src="${demoImagePath(third)}" alt="A down sleeping bag rolled into its stuff sack" width="160" height="80"></p>`,
      });
    case 'none':
      return shell({
        lang: 'en',
        title: 'Camping gear deals',
        head: '<meta name="description" content="Tents, sleeping bags and camp kitchens on sale this week.">',
        body: `<h1>Tent and sleeping bag deals</h1><p>Everything for a night under the stars.</p><p>Also new: a <a href="/demo/pages/json-ld">waterproof trail backpack</a>.</p>`,
      });
    case 'product': {
      const structured = JSON.stringify({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'OnlineStore', name: second.name },
          {
            '@type': 'Product',
            name: 'Trail running shoes',
            brand: { '@type': 'Brand', name: first.name },
            offers: { '@type': 'Offer', price: '129.00', priceCurrency: 'EUR' },
          },
        ],
      });
      return shell({
        lang: DEMO_PRODUCT_PAGE_LANGUAGE,
        title: `Trail running shoes by ${first.name} | ${second.name}`,
        head: `<meta property="og:site_name" content="${escapeHtml(second.name)}"><meta property="og:title" content="Trail running shoes"><meta name="description" content="Light, waterproof trail running shoes."><script type="application/ld+json">${structured.replace(/</g, '\\u003c')}</script>`,
        body: `<h1>Trail running shoes</h1><p>By ${escapeHtml(first.name)}. Light, waterproof and ready for the trail.</p>`,
      });
    }
    case 'heavy':
      return heavyPage(first.name, 1250);
    case 'heavy-50k':
      return heavyPage(first.name, 12_500);
    case 'heavy-empty':
      // The same page with no items: the benchmark's floor for reading a page.
      return heavyPage(first.name, 0);
    default:
      return null;
  }
}

/**
 * A heavy shop page (4 DOM nodes an item: about 5,000 nodes for 1,250 items, 50,000 for 12,500,
 * a dozen for none; no scripts of its own) for the benchmark of what the extension costs inside pages. Not one of
 * the demo kinds the tour and tests walk.
 */
function heavyPage(brand: string, count: number): string {
  const items: string[] = [];
  for (let i = 1; i <= count; i += 1) {
    items.push(`<li><a href="#p${i}"><span>Trail item ${i}</span></a><em>${(i % 90) + 10} EUR</em></li>`);
  }
  const structured = JSON.stringify({ '@context': 'https://schema.org', '@type': 'Organization', name: brand });
  return shell({
    lang: 'en',
    title: `All trail gear | ${brand}`,
    head: `<script type="application/ld+json">${structured.replace(/</g, '\\u003c')}</script>`,
    body: `<h1>All trail gear</h1><ul>${items.join('')}</ul>`,
  });
}

export function demoPageIndex(): string {
  const links = DEMO_PAGE_KINDS.map((kind) => `<li><a href="/demo/pages/${kind}">${kind}</a></li>`).join('');
  return shell({
    lang: 'en',
    title: 'Adscope demo pages',
    head: '',
    body: `<h1>Demo competitor pages</h1><ul>${links}</ul>`,
  });
}
