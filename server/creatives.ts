import { type CatalogueBrand, type LibraryAdRecord, nicheOfBrand, productIn, productOf } from './demo-data/catalogue';
import type { OwnedBrandRecord } from './demo-data';
import { COPY, type Language, MARKETS, NICHE_BY_ID, NICHES, productName } from './demo-data/world';
import { type BrandMark, creativeSvg, paletteOf } from './media';

/** A catalogue brand's mark: its palette, shape and glyph, its niche's icon. */
export function markOf(brand: CatalogueBrand): BrandMark {
  return {
    name: brand.name,
    palette: brand.palette,
    shape: brand.mark.shape,
    glyph: brand.mark.glyph,
    icon: nicheOfBrand(brand).icon,
  };
}

/** An owned brand's mark: its own colours (or ones from its name), its niche's icon. */
export function ownedMarkOf(
  brand: Pick<OwnedBrandRecord, 'name' | 'colors' | 'niche'>,
  colors?: readonly string[],
): BrandMark {
  const fallback = paletteOf(brand.name);
  const given = colors && colors.length > 0 ? colors : brand.colors;
  return {
    name: brand.name,
    palette: [given[0] ?? fallback[0], given[1] ?? fallback[1], given[2] ?? fallback[2]],
    shape: 'rounded',
    glyph: 'icon',
    icon: NICHE_BY_ID.get(brand.niche)?.icon ?? 'store',
  };
}

/** The media an ad's answer lists, by its format: feed images or carousel and product cards, or a video's poster. */
export function creativePaths(ad: LibraryAdRecord): string[] {
  if (ad.hasVideo) return [`/media/ads/${ad.id}/poster.svg`];
  return Array.from({ length: ad.imageCount }, (_, n) => `/media/ads/${ad.id}/image-${n + 1}.svg`);
}

const priceIn = (price: number, market: string): string | null => {
  const info = MARKETS[market];
  return price > 0 && info ? info.money(price * info.scale) : null;
};

/**
 * An ad's picture: `image-N` (its feed image, or carousel or product card N) or `poster` (a
 * video's). Null when the ad has no such picture for its format.
 */
export function adCreativeSvg(ad: LibraryAdRecord, brand: CatalogueBrand, part: string): string | null {
  const niche = nicheOfBrand(brand);
  const language = (ad.language in COPY ? ad.language : 'en') as Language;
  const cta = ad.cta_type ? (COPY[language].ctas[ad.cta_type] ?? null) : null;
  const base = {
    label: ad.title ?? ad.body ?? ad.brand_name,
    aspect: ad.creative.aspect,
    layout: ad.creative.layout,
    colorway: ad.creative.colorway,
    brand: markOf(brand),
    headline: ad.creative.headline,
    badge: ad.creative.badge,
    cta,
  };
  if (part === 'poster') {
    if (!ad.hasVideo) return null;
    const product = productOf(niche, ad.products[0] ?? '');
    return creativeSvg({ ...base, kind: 'story', icon: product.icon }, { video: true });
  }
  const n = /^image-(\d+)$/.exec(part);
  const card = n ? Number(n[1]) - 1 : -1;
  if (card < 0 || card >= ad.imageCount) return null;
  const product = productOf(niche, ad.products[card] ?? ad.products[0] ?? '');
  if (ad.display_format === 'image') return creativeSvg({ ...base, kind: 'feed', icon: product.icon });
  return creativeSvg({
    ...base,
    kind: ad.display_format === 'dco' ? 'product' : 'card',
    icon: product.icon,
    product: { name: productIn(product, ad.market), price: priceIn(product.price, ad.market) },
    pager: ad.display_format === 'carousel' ? { index: card, count: ad.imageCount } : undefined,
  });
}

const briefWords = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? [];

/**
 * The icon of the product a brief is about: of the brand's own line, the product sharing most
 * words with the brief (`Spring trail running` → trail running shoes); else a product of any
 * niche the brief names in full (`Cold brew at dawn` → cold brew); else the niche's own icon.
 */
export function iconForBrief(brief: string, niche: string | undefined): string {
  const words = new Set(briefWords(brief).flatMap((word) => [word, word.replace(/s$/, '')]));
  const own = NICHE_BY_ID.get(niche ?? '');
  let best: { icon: string; score: number } | null = null;
  for (const product of own?.products ?? []) {
    const score = Object.values(product.names)
      .flatMap(briefWords)
      .filter((word) => word.length > 3 && words.has(word.replace(/s$/, ''))).length;
    if (score > (best?.score ?? 0)) best = { icon: product.icon, score };
  }
  if (best) return best.icon;
  const text = ` ${briefWords(brief).join(' ')} `;
  for (const candidate of NICHES) {
    for (const product of candidate.products) {
      if (Object.values(product.names).some((name) => text.includes(` ${briefWords(name).join(' ')} `)))
        return product.icon;
    }
  }
  return own?.icon ?? 'sparkles';
}

const escapeHtml = (value: string) => value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A landing page of a brand's site, served for its ads' link-outs: a product page, a collection
 * of its line, or an offer page, in the language of the market the path names (`/de/…`).
 */
export function landingPageHtml(brand: CatalogueBrand, path: string): string | null {
  const niche = nicheOfBrand(brand);
  const segments = path.split('/').filter(Boolean);
  const language = (
    ['de', 'fr', 'es', 'en'].includes(segments[0] ?? '') ? segments.shift() : brand.language
  ) as Language;
  const market = brand.markets.find((code) => MARKETS[code]?.language === language) ?? brand.markets[0] ?? 'US';
  const [kind, key] = segments;
  const [dark, accent, light] = brand.palette;
  const item = (key2: string) => {
    const product = productOf(niche, key2);
    const price = priceIn(product.price, market);
    return `<li>${escapeHtml(productIn(product, market))}${price ? ` · ${escapeHtml(price)}` : ''}</li>`;
  };
  let heading: string;
  let content: string;
  if (kind === 'products' && key && brand.line.includes(key)) {
    const product = productOf(niche, key);
    const benefits = niche.benefits[language] ?? niche.benefits.en;
    heading = productIn(product, market);
    const price = priceIn(product.price, market);
    content = `<p>${escapeHtml(benefits.map((benefit) => benefit.charAt(0).toUpperCase() + benefit.slice(1)).join(' · '))}</p>${price ? `<p class="price">${escapeHtml(price)}</p>` : ''}`;
  } else if (kind === 'collections' || kind === 'offers') {
    heading = kind === 'offers' ? `${brand.name} · ${COPY[language].ctas.GET_OFFER}` : `${brand.name} · ${niche.name}`;
    content = `<ul>${brand.line.map(item).join('')}</ul>`;
  } else return null;
  const title = `${heading} | ${brand.name}`;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><meta property="og:site_name" content="${escapeHtml(brand.name)}"><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;color:${dark};background:${light}}header{background:${dark};color:${light};padding:16px 24px;font-weight:700}main{max-width:720px;margin:32px auto;padding:0 16px}.price{font-size:24px;color:${accent};font-weight:700}</style></head><body><header>${escapeHtml(brand.name)}</header><main><h1>${escapeHtml(heading)}</h1>${content}<p><small>Demo landing page of ${escapeHtml(brand.domain)}, served by the Adscope reference server.</small></p></main></body></html>`;
}

export { productName };
