import type { CatalogueBrand } from './demo-data';
import type { ServerState } from './state';

const escapeHtml = (value: string) => value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

export type DemoPageKind = 'json-ld' | 'og' | 'title' | 'none';
export const DEMO_PAGE_KINDS: readonly DemoPageKind[] = ['json-ld', 'og', 'title', 'none'];

/** The catalogue brands the demo pages are about: the three that run the most ads, so results are rich. */
export function demoPageBrands(state: ServerState): CatalogueBrand[] {
  return [...state.data.catalogue.brands]
    .sort((a, b) => state.library.adsOfBrand(b.id).length - state.library.adsOfBrand(a.id).length)
    .slice(0, 3);
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
        head: `<meta property="og:site_name" content="${escapeHtml(second.name)}"><meta property="og:title" content="Leichte Regenjacke für jede Wanderung">`,
        body: `<h1>Leichte Regenjacke</h1><p>Wasserdicht, atmungsaktiv und bereit für jede Wanderung.</p>`,
      });
    case 'title':
      return shell({
        lang: 'en',
        title: `Cold brew coffee subscription | ${third.name}`,
        head: '',
        body: `<h1>Cold brew, delivered</h1><p>Single origin beans, roasted weekly.</p>`,
      });
    case 'none':
      return shell({
        lang: 'en',
        title: 'Camping gear deals',
        head: '<meta name="description" content="Tents, sleeping bags and camp kitchens on sale this week.">',
        body: `<h1>Tent and sleeping bag deals</h1><p>Everything for a night under the stars.</p>`,
      });
    default:
      return null;
  }
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
