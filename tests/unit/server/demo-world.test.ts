import { describe, expect, it } from 'vitest';
import { createDemoData } from '../../../server/demo-data';
import {
  type CatalogueBrand,
  type LibraryAdRecord,
  nicheOfBrand,
  productIn,
  productOf,
} from '../../../server/demo-data/catalogue';
import { americanise, COPY, LANGUAGES, type Language, MARKETS, NICHES } from '../../../server/demo-data/world';
import { adCreativeSvg, creativePaths } from '../../../server/creatives';
import { TEST_NOW } from '../../support/clock';

const data = createDemoData(1, new Date(TEST_NOW));
const brandById = new Map(data.catalogue.brands.map((brand) => [brand.id, brand]));

const words = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? [];

/** Every word the world writes in each language: its templates, offers, buttons, products and claims. */
function vocabulary(language: Language): Set<string> {
  const copy = COPY[language];
  const texts = [
    ...copy.hooks,
    ...copy.offerHooks,
    ...copy.bodies,
    ...copy.serviceBodies,
    copy.offerLine,
    copy.offers.percent(10),
    copy.offers.amount(''),
    copy.offers.delivery,
    copy.offers.trial,
    ...Object.values(copy.ctas),
    ...NICHES.flatMap((niche) => [
      ...niche.products.map((product) => product.names[language] ?? ''),
      ...(niche.benefits[language] ?? []),
    ]),
  ];
  // English is written in two spellings (colour, color).
  const spelled = language === 'en' ? [...texts, ...texts.map(americanise)] : texts;
  return new Set(spelled.flatMap((text) => words(text.replace(/\{[A-Za-z]+\}/g, ' '))));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const othersByNiche = new Map<string, RegExp>();
/** The names of every product of the other niches, as an ad in `market` would write them. */
function otherProducts(nicheId: string, market: string): RegExp {
  const key = `${nicheId}:${market}`;
  let pattern = othersByNiche.get(key);
  if (!pattern) {
    const names = NICHES.filter((niche) => niche.id !== nicheId).flatMap((niche) =>
      niche.products.map((item) => escapeRegExp(productIn(item, market).toLowerCase())),
    );
    pattern = new RegExp(`[^\\p{L}](${names.join('|')})[^\\p{L}]`, 'u');
    othersByNiche.set(key, pattern);
  }
  return pattern;
}
const VOCABULARY = new Map(LANGUAGES.map((language) => [language, vocabulary(language)]));
/** Words only one language writes: one of them in another language's ad is a mixed text. */
const ONLY_IN = new Map(
  LANGUAGES.map((language) => [
    language,
    new Set(
      [...(VOCABULARY.get(language) ?? [])].filter((word) =>
        LANGUAGES.every((other) => other === language || !VOCABULARY.get(other)?.has(word)),
      ),
    ),
  ]),
);

/** What is wrong with one ad of the catalogue, in words (nothing: an empty list). */
function problemsOf(ad: LibraryAdRecord, brand: CatalogueBrand | undefined): string[] {
  if (!brand) return [`${ad.id}: no brand ${ad.unified_brand_id}`];
  const problems: string[] = [];
  const niche = nicheOfBrand(brand);
  const market = MARKETS[ad.market];
  if (!market || !brand.markets.includes(ad.market))
    problems.push(`${ad.id}: runs in ${ad.market}, not a market of ${brand.name}`);
  if (market && market.language !== ad.language) problems.push(`${ad.id}: written in ${ad.language} for ${ad.market}`);
  // Its products: from its brand's line, and the ones its copy names.
  for (const key of ad.products)
    if (!brand.line.includes(key)) problems.push(`${ad.id}: sells ${key}, not in ${brand.name}'s line`);
  const text = [ad.title, ad.body].filter((part): part is string => part !== null).join(' ');
  const product = productOf(niche, ad.products[0] ?? '');
  if (text && !text.toLowerCase().includes(productIn(product, ad.market).toLowerCase()))
    problems.push(`${ad.id}: its copy does not name its product ${product.key}`);
  let rest = ` ${text.toLowerCase()} `.replaceAll(brand.name.toLowerCase(), ' ');
  for (const own of niche.products) rest = rest.replaceAll(productIn(own, ad.market).toLowerCase(), ' ');
  const stranger = otherProducts(niche.id, ad.market).exec(rest);
  if (stranger) problems.push(`${ad.id}: names ${stranger[1]}, a product of another niche`);
  // One language a text: no word that only another language writes.
  for (const part of [ad.title, ad.body, ad.creative.headline]) {
    if (!part) continue;
    const foreign = words(part.replaceAll(brand.name, ' ')).filter((word) =>
      LANGUAGES.some((other) => other !== ad.language && ONLY_IN.get(other)?.has(word)),
    );
    if (foreign.length > 0) problems.push(`${ad.id}: "${part}" mixes ${ad.language} with ${foreign.join(', ')}`);
  }
  // Its landing page: on its brand's own domain.
  if (ad.link_url !== null) {
    const link = URL.canParse(ad.link_url) ? new URL(ad.link_url) : null;
    if (!link || link.protocol !== 'https:' || link.hostname !== brand.domain)
      problems.push(`${ad.id}: leads to ${ad.link_url}, off ${brand.domain}`);
  }
  // Its creatives: every picture its format lists, drawn.
  const expected = { image: 1, video: 1, carousel: 3, dco: 2 }[ad.display_format];
  const paths = creativePaths(ad);
  if (paths.length < expected) problems.push(`${ad.id}: ${paths.length} creatives for a ${ad.display_format} ad`);
  for (const path of paths) {
    const part = /\/(image-\d+|poster)\.svg$/.exec(path)?.[1] ?? '';
    const svg = adCreativeSvg(ad, brand, part);
    if (!svg?.startsWith('<svg')) problems.push(`${ad.id}: no creative at ${path}`);
  }
  return problems;
}

/** Categories holding fewer than three or more than six brands. */
function categoryProblems(brands: readonly CatalogueBrand[]): string[] {
  const sizes = new Map<string, number>();
  for (const brand of brands) sizes.set(brand.category, (sizes.get(brand.category) ?? 0) + 1);
  return [...sizes].filter(([, size]) => size < 3 || size > 6).map(([category, size]) => `${category}: ${size} brands`);
}

describe('the demo world', () => {
  it('every ad: one language a text, a product of its brand, a landing page on its domain, every creative its format needs', () => {
    const problems = data.catalogue.ads.flatMap((ad) => problemsOf(ad, brandById.get(ad.unified_brand_id)));
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it('every category has 3 to 6 rival brands, each selling from its niche in its markets', () => {
    expect(categoryProblems(data.catalogue.brands)).toEqual([]);
    for (const brand of data.catalogue.brands) {
      const niche = nicheOfBrand(brand);
      expect(brand.line.length).toBeGreaterThan(0);
      for (const key of brand.line) expect(niche.products.map((product) => product.key)).toContain(key);
      expect(brand.category.startsWith(`${niche.name} (`)).toBe(true);
      expect(brand.domain.endsWith('.example')).toBe(true);
      expect(brand.palette.every((colour) => /^#[0-9a-f]{6}$/.test(colour))).toBe(true);
    }
  });

  it('has the shapes research needs: brands in several markets, ideas in many versions, long-running winners', () => {
    const multiMarket = data.catalogue.brands.filter((brand) => brand.markets.length > 1);
    expect(multiMarket.length).toBeGreaterThan(10);
    expect(multiMarket.length).toBeLessThan(data.catalogue.brands.length * 0.15);
    const versions = new Map<string, LibraryAdRecord[]>();
    for (const ad of data.catalogue.ads) versions.set(ad.idea, [...(versions.get(ad.idea) ?? []), ad]);
    expect([...versions.values()].some((ads) => ads.length >= 5)).toBe(true);
    // The versions of one idea share its format, layout and landing page: they look like one idea.
    for (const ads of versions.values()) {
      const [first] = ads;
      for (const ad of ads) {
        expect([ad.display_format, ad.creative.aspect, ad.creative.layout]).toEqual([
          first?.display_format,
          first?.creative.aspect,
          first?.creative.layout,
        ]);
        if (ad.link_url && first?.link_url) expect(ad.link_url.split('?')[0]).toBe(first.link_url.split('?')[0]);
      }
    }
    const today = Math.floor(TEST_NOW / 86_400_000);
    const longRunning = data.catalogue.ads.filter(
      (ad) => ad.end_date === null && ad.start_date !== null && today - Date.parse(ad.start_date) / 86_400_000 > 240,
    );
    expect(longRunning.length).toBeGreaterThan(50);
  });

  it('draws creatives in the brand palette, the same every time', () => {
    const ad = data.catalogue.ads.find((candidate) => candidate.display_format === 'carousel');
    const brand = brandById.get(ad?.unified_brand_id ?? '');
    if (!ad || !brand) throw new Error('the catalogue has no carousel ad');
    const svg = adCreativeSvg(ad, brand, 'image-2');
    expect(svg).toContain(brand.palette[0]);
    expect(adCreativeSvg(ad, brand, 'image-2')).toBe(svg);
    expect(createDemoData(1, new Date(TEST_NOW)).catalogue.ads[ad.index]).toEqual(ad);
  });

  it('finds each kind of fault it looks for', () => {
    const ad = data.catalogue.ads.find(
      (candidate) => candidate.display_format === 'image' && candidate.title && candidate.link_url,
    );
    const brand = brandById.get(ad?.unified_brand_id ?? '');
    if (!ad || !brand) throw new Error('the catalogue has no image ad with a title and a link');
    expect(problemsOf(ad, brand)).toEqual([]);
    const otherNiche = NICHES.find((niche) => niche.id !== brand.niche && niche.benefits.es);
    const faults: [string, LibraryAdRecord][] = [
      ['mixes', { ...ad, title: `${ad.title} nuestro ${COPY.es.hooks[1]?.replace(/\{.*?\}/g, '')}` }],
      ['not in', { ...ad, products: [otherNiche?.products[0]?.key ?? 'x'] }],
      ['off', { ...ad, link_url: 'https://elsewhere.example/products/x' }],
      ['creatives for', { ...ad, imageCount: 0 }],
    ];
    for (const [words, faulty] of faults) expect(problemsOf(faulty, brand).join('\n')).toContain(words);
    const [first, second] = data.catalogue.brands;
    if (!first || !second) throw new Error('no brands');
    expect(categoryProblems([first, second, { ...first, category: 'Lonely (UK)' }])).toContain('Lonely (UK): 1 brands');
  });
});
