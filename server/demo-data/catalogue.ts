import type { Random } from '../random';
import {
  americanise,
  categoryName,
  COPY,
  type Language,
  MARKETS,
  type Niche,
  NICHE_BY_ID,
  NICHES,
  type Product,
  productName,
  slug,
} from './world';

export const DISPLAY_FORMATS = ['image', 'video', 'carousel', 'dco'] as const;
export type DisplayFormat = (typeof DISPLAY_FORMATS)[number];
export const CTA_TYPES = [
  'SHOP_NOW',
  'LEARN_MORE',
  'SIGN_UP',
  'DOWNLOAD',
  'GET_OFFER',
  'BOOK_NOW',
  'ORDER_NOW',
] as const;

/** The shapes a logo mark takes. */
export const MARK_SHAPES = ['circle', 'rounded', 'hexagon', 'arch'] as const;

export interface CatalogueBrand {
  id: string;
  name: string;
  domain: string;
  /** Its niche in its home market: `Hiking & trail (UK)`. */
  category: string;
  /** Its home market's language. */
  language: string;
  description: string;
  firstSeen: string;
  /** Where the brand advertises: Meta for most, TikTok for a few (every 150th, from the 74th). */
  network: 'meta' | 'tiktok';
  /** Its niche (server/demo-data/world.ts). */
  niche: string;
  /** Its home market first, then the markets it also advertises in. */
  markets: string[];
  /** The product keys it sells, from its niche's line. */
  line: string[];
  /** Dark, accent and light colours, as #rrggbb. */
  palette: [string, string, string];
  mark: { shape: (typeof MARK_SHAPES)[number]; glyph: 'initials' | 'icon' };
}

/** How an ad's creative is drawn (server/media.ts): all of it follows from the brand and the idea. */
export interface CreativeSpec {
  aspect: '1:1' | '4:5' | '9:16';
  /** Which of the layouts (0 to 2). */
  layout: number;
  /** Which colour way of the brand's palette (0 to 2): versions may change it. */
  colorway: number;
  /** The offer badge (`20% off`), when the copy has an offer. */
  badge: string | null;
  /** The headline printed on the creative. */
  headline: string;
}

export interface LibraryAdRecord {
  index: number;
  id: string;
  title: string | null;
  body: string | null;
  brand_name: string;
  unified_brand_id: string;
  cta_type: string | null;
  /** The landing page on the brand's own domain (https, with tracking); served locally (state.landingPathOf). */
  link_url: string | null;
  display_format: DisplayFormat;
  start_date: string | null;
  /** Last day seen running; null while it still runs. */
  end_date: string | null;
  language: string;
  imageCount: number;
  hasVideo: boolean;
  platforms: string[];
  /** The market it runs in (its language's). */
  market: string;
  /** The product keys it shows: one, or one a card for a carousel or dynamic ad. */
  products: string[];
  /** The idea it is a version of: ads of one idea share it. */
  idea: string;
  creative: CreativeSpec;
  /** A version of another ad (news on request): it leads to that ad's landing page, behind this tracking. */
  versionOf?: { adId: string; tracking: string };
}

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

const days = new Map<number, string>();
/** YYYY-MM-DD of a day since the epoch (kept: the catalogue writes the same few hundred days over and over). */
function isoDay(epochDay: number): string {
  let day = days.get(epochDay);
  if (day === undefined) {
    day = new Date(epochDay * 86_400_000).toISOString().slice(0, 10);
    days.set(epochDay, day);
  }
  return day;
}

export interface Catalogue {
  brands: CatalogueBrand[];
  ads: LibraryAdRecord[];
}

/** The library id of the ad at `index`: `ad-000001` for the first. */
export const adIdOf = (index: number) => `ad-${String(index + 1).padStart(6, '0')}`;

/** The category the demo's competitor pages are about (server/demo-pages.ts). */
export const SHOWCASE = { niche: 'hiking', market: 'UK' } as const;

const PREFIXES = [
  'North',
  'Lumen',
  'Brew',
  'Peak',
  'Velvet',
  'Terra',
  'Nimbus',
  'Solar',
  'Maple',
  'Cobalt',
  'Harbor',
  'Juniper',
  'Atlas',
  'Ember',
  'Willow',
  'Quartz',
  'Pioneer',
  'Copper',
  'Aurora',
  'Cedar',
  'Drift',
  'Echo',
  'Flint',
  'Glacier',
  'Haven',
  'Iris',
  'Jade',
  'Kite',
  'Lark',
  'Meadow',
  'Nova',
  'Orbit',
  'Pebble',
  'Quill',
  'Ridge',
  'Sage',
  'Tidal',
  'Umber',
  'Vista',
  'Wren',
  'Yonder',
  'Zephyr',
  'Bloom',
  'Crest',
  'Dune',
  'Fable',
  'Grove',
  'Halo',
  'Indigo',
  'Juno',
  'Kestrel',
  'Lotus',
  'Mosaic',
  'Nectar',
  'Onyx',
  'Prism',
  'Rook',
  'Summit',
  'Thistle',
  'Vale',
  'Acorn',
  'Alder',
  'Beacon',
  'Birch',
  'Canyon',
  'Comet',
  'Delta',
  'Falcon',
  'Fern',
  'Garnet',
  'Heron',
  'Ivory',
  'Jasper',
  'Linden',
  'Marble',
  'Opal',
  'Pine',
  'Raven',
  'Saffron',
  'Tundra',
];

/**
 * Name endings and the sector each suits; the rest (null) suit any. A brand wears an ending of
 * its own sector, or a neutral one once its sector's are spent: never another sector's.
 */
const SUFFIXES: Record<string, string | null> = {
  Co: null,
  Labs: 'Software',
  Goods: null,
  Works: 'Electronics',
  Supply: null,
  House: 'Home',
  Studio: 'Fashion',
  Collective: null,
  Outfitters: 'Outdoor',
  Kitchen: 'Food',
  Club: 'Fitness',
  Market: 'Food',
  Brothers: null,
  Company: null,
  Foundry: null,
  Field: 'Outdoor',
  Point: 'Fitness',
  Loop: 'Software',
  Nest: 'Home',
  Path: 'Travel',
  Pack: 'Outdoor',
  Mill: 'Coffee',
  Yard: 'Pets',
  Press: 'Coffee',
  Craft: null,
  Bay: 'Travel',
  Line: 'Fashion',
  Shop: null,
  Union: 'Finance',
  Atelier: 'Fashion',
  Hub: 'Software',
  Wave: 'Travel',
  Root: 'Skincare',
  Lane: 'Home',
  Bridge: 'Finance',
  Forge: 'Electronics',
  Harvest: 'Food',
  Bloom: 'Skincare',
  Pantry: 'Food',
  Gear: 'Outdoor',
};

/** #rrggbb of an HSL colour. */
export function hsl(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function palette(random: Random, niche: Niche): [string, string, string] {
  const [from, to] = niche.hues;
  const h = (from + random.int(0, Math.max(0, to - from))) % 360;
  const accent = (h + random.pick([30, 40, 160, 180, 200])) % 360;
  return [
    hsl(h, random.int(35, 60), random.int(18, 28)),
    hsl(accent, random.int(55, 75), random.int(55, 62)),
    hsl(h, 40, 95),
  ];
}

function shuffle<T>(random: Random, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** Words in a market's language and spelling. */
function inMarket(text: string, market: string): string {
  return MARKETS[market]?.us ? americanise(text) : text;
}

/** A product's name as an ad in `market` writes it. */
export function productIn(product: Product, market: string): string {
  const language = (MARKETS[market]?.language ?? 'en') as Language;
  return inMarket(productName(product, language), market);
}

const OFFER_PERCENTS = [10, 15, 20, 25, 30];

type Offer = { kind: 'percent'; value: number } | { kind: 'amount'; value: number } | { kind: 'delivery' | 'trial' };

function offerTexts(offer: Offer, market: string): { copy: string; badge: string } {
  const info = MARKETS[market] ?? (MARKETS.UK as NonNullable<(typeof MARKETS)[string]>);
  const copy = COPY[info.language];
  switch (offer.kind) {
    case 'percent': {
      const text = copy.offers.percent(offer.value);
      return { copy: text, badge: text };
    }
    case 'amount': {
      const money = info.money(offer.value * info.scale);
      return { copy: copy.offers.amount(money), badge: info.language === 'en' ? `${money} off` : `-${money}` };
    }
    default: {
      const text = inMarket(copy.offers[offer.kind], market);
      return { copy: text, badge: text };
    }
  }
}

const PLACEHOLDER = /\{(Product|product|Benefit|benefit|offer|brand)\}/g;

function fill(template: string, words: { product: string; benefit: string; offer: string; brand: string }): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    switch (name) {
      case 'Product':
        return capitalise(words.product);
      case 'product':
        return words.product;
      case 'Benefit':
        return capitalise(words.benefit);
      case 'benefit':
        return words.benefit;
      case 'offer':
        return words.offer;
      default:
        return words.brand;
    }
  });
}

/** What an idea keeps across its versions, and what it changes. */
interface Idea {
  id: string;
  market: string;
  products: string[];
  hook: number;
  body: number;
  benefit: number;
  offer: Offer | null;
  format: DisplayFormat;
  aspect: CreativeSpec['aspect'];
  layout: number;
  colorway: number;
  cta: string | null;
  landing: 'products' | 'collections' | 'offers';
  varies: 'hook' | 'colour' | 'product';
  platforms: string[];
}

const FORMATS: DisplayFormat[] = ['image', 'video', 'carousel', 'dco'];

function pickWeighted<T>(random: Random, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let roll = random.next() * total;
  for (let i = 0; i < items.length; i += 1) {
    roll -= weights[i] ?? 0;
    if (roll < 0) return items[i] as T;
  }
  return items[items.length - 1] as T;
}

const nicheOf = (brand: CatalogueBrand): Niche => NICHE_BY_ID.get(brand.niche) ?? (NICHES[0] as Niche);

function productOf(niche: Niche, key: string): Product {
  return niche.products.find((product) => product.key === key) ?? (niche.products[0] as Product);
}

/** A new idea of `brand`: its market, product, hook, offer, format and landing page. */
function newIdea(random: Random, brand: CatalogueBrand, id: string): Idea {
  const niche = nicheOf(brand);
  const market =
    brand.markets.length > 1 && random.chance(0.3) ? random.pick(brand.markets.slice(1)) : (brand.markets[0] ?? 'US');
  const language = MARKETS[market]?.language ?? 'en';
  const copy = COPY[language];
  const format = pickWeighted(random, FORMATS, niche.formats);
  const service = niche.products.every((product) => product.price === 0);
  const roll = random.next();
  const offer: Offer | null =
    roll < 0.22
      ? { kind: 'percent', value: random.pick(OFFER_PERCENTS) }
      : roll < 0.32 && !service
        ? { kind: 'amount', value: random.pick([10, 15, 20, 25]) }
        : roll < 0.4
          ? { kind: service ? 'trial' : 'delivery' }
          : null;
  const line = brand.line;
  const first = random.pick(line);
  const cards = format === 'carousel' ? random.int(3, 5) : format === 'dco' ? 2 : 1;
  const products = [
    first,
    ...shuffle(
      random,
      line.filter((key) => key !== first),
    ),
  ];
  while (products.length < cards) products.push(products[products.length % line.length] ?? first);
  const varies = random.pick(['hook', 'hook', 'colour', 'product'] as const);
  return {
    id,
    market,
    products: products.slice(0, cards),
    hook: random.int(0, copy.hooks.length - 1),
    body: random.int(0, copy.bodies.length - 1),
    benefit: random.int(0, (niche.benefits[language] ?? niche.benefits.en).length - 1),
    offer,
    format,
    aspect: format === 'video' ? '9:16' : format === 'image' && random.chance(0.45) ? '4:5' : '1:1',
    layout: random.int(0, 2),
    colorway: random.int(0, 2),
    cta: random.chance(0.06) ? null : random.pick(niche.ctas),
    landing:
      format === 'carousel' || format === 'dco' || varies === 'product'
        ? offer && random.chance(0.5)
          ? 'offers'
          : 'collections'
        : offer && random.chance(0.3)
          ? 'offers'
          : 'products',
    varies,
    // A TikTok brand's ads run on TikTok.
    platforms:
      brand.network === 'tiktok'
        ? ['tiktok']
        : random.chance(0.5)
          ? ['facebook', 'instagram']
          : [random.pick(['facebook', 'instagram', 'messenger', 'audience_network'])],
  };
}

/** The path of an idea's landing page on its brand's site; a market other than home under its language. */
function landingPath(brand: CatalogueBrand, idea: Idea, product: Product): string {
  const language = MARKETS[idea.market]?.language ?? 'en';
  const home = MARKETS[brand.markets[0] ?? '']?.language ?? 'en';
  const prefix = language === home ? '' : `/${language}`;
  const page =
    idea.landing === 'products'
      ? `products/${product.key}`
      : idea.landing === 'collections'
        ? `collections/${slug(nicheOf(brand).name)}`
        : `offers/${idea.offer?.kind === 'percent' ? `${idea.offer.value}-off` : (idea.offer?.kind ?? 'sale')}`;
  return `${prefix}/${page}`;
}

/** One version of an idea as a library ad (its index and id are set once the catalogue is ordered). */
function adOfIdea(
  random: Random,
  brand: CatalogueBrand,
  idea: Idea,
  version: number,
  run: { startDay: number | null; endDay: number | null },
  /** Always with a landing page (news: its versions lead there, behind their own tracking). */
  linked = false,
): LibraryAdRecord {
  const niche = nicheOf(brand);
  const language = (MARKETS[idea.market]?.language ?? 'en') as Language;
  const copy = COPY[language];
  const products =
    idea.varies === 'product' && version > 0
      ? idea.products.map(
          (_, n) => brand.line[(brand.line.indexOf(idea.products[0] ?? '') + version + n) % brand.line.length] ?? '',
        )
      : idea.products;
  const product = productOf(niche, products[0] ?? '');
  const benefits = niche.benefits[language] ?? niche.benefits.en;
  const hook = idea.varies === 'hook' ? (idea.hook + version) % copy.hooks.length : idea.hook;
  const offer = idea.offer ? offerTexts(idea.offer, idea.market) : null;
  const words = {
    product: productIn(product, idea.market),
    benefit: inMarket(benefits[idea.benefit % benefits.length] ?? '', idea.market),
    offer: offer?.copy ?? '',
    brand: brand.name,
  };
  const headline = inMarket(
    fill(offer && hook % 3 === 0 ? (copy.offerHooks[0] ?? '') : (copy.hooks[hook] ?? ''), words),
    idea.market,
  );
  const bodies = niche.service ? copy.serviceBodies : copy.bodies;
  // A discount is for this week; free delivery or a free trial is simply said.
  const closing = !offer
    ? ''
    : idea.offer?.kind === 'percent' || idea.offer?.kind === 'amount'
      ? ` ${capitalise(fill(copy.offerLine, words))}`
      : ` ${capitalise(offer.copy)}.`;
  const body = inMarket(`${fill(bodies[idea.body % bodies.length] ?? '', words)}${closing}`, idea.market);
  const cards = products.length;
  const tracking = `utm_source=${idea.platforms[0] === 'tiktok' ? 'tiktok' : 'meta'}&utm_campaign=${idea.id}&utm_content=v${version + 1}`;
  // A few ads come without a title or without a body, never without both: an ad says something.
  const title = random.chance(0.03) ? null : headline;
  return {
    index: 0,
    id: '',
    title,
    body: random.chance(0.03) && title !== null ? null : body,
    brand_name: brand.name,
    unified_brand_id: brand.id,
    cta_type: idea.cta,
    link_url:
      random.chance(0.02) && !linked ? null : `https://${brand.domain}${landingPath(brand, idea, product)}?${tracking}`,
    display_format: idea.format,
    start_date: run.startDay === null ? null : isoDay(run.startDay),
    end_date: run.endDay === null ? null : isoDay(run.endDay),
    language,
    imageCount: idea.format === 'image' ? 1 : idea.format === 'video' ? 0 : cards,
    hasVideo: idea.format === 'video',
    platforms: idea.platforms,
    market: idea.market,
    products,
    idea: idea.id,
    creative: {
      aspect: idea.aspect,
      layout: idea.layout,
      colorway: idea.varies === 'colour' ? (idea.colorway + version) % 3 : idea.colorway,
      badge: offer?.badge ?? null,
      headline,
    },
  };
}

/** How long an ad runs, in days: from a day (a test that lost) to most of a year. */
function runLength(random: Random): number {
  return Math.max(1, Math.round(Math.exp(random.next() * 5.6)));
}

/**
 * A brand's ads: ideas launched at the brand's rhythm over the two years before `anchorDay`,
 * each in one to three versions (a scaler runs some in many), a few long-running winners.
 */
function brandAds(random: Random, brand: CatalogueBrand, count: number, anchorDay: number): LibraryAdRecord[] {
  const ads: LibraryAdRecord[] = [];
  const scaler = count >= 15 && random.chance(0.25);
  const winners = count >= 8 && random.chance(0.3) ? random.int(1, 2) : 0;
  const firstDay = Math.max(anchorDay - 720, Date.parse(brand.firstSeen) / 86_400_000);
  let n = 0;
  while (ads.length < count) {
    n += 1;
    const idea = newIdea(random, brand, `${slug(brand.name)}-${n}`);
    const left = count - ads.length;
    const versions = Math.min(
      left,
      scaler && random.chance(0.35) ? random.int(4, 12) : random.pick([1, 1, 1, 2, 2, 3]),
    );
    // A winner runs from long ago; an evergreen idea, launched any time, is still running.
    const winner = n <= winners;
    const evergreen = !winner && random.chance(0.12);
    // Nothing launched before the brand was first seen, its winners included.
    const span = anchorDay - firstDay;
    const launch = winner
      ? anchorDay - random.int(Math.min(240, span), Math.min(700, span))
      : Math.round(anchorDay - span * random.next());
    for (let version = 0; version < versions; version += 1) {
      const startDay = launch + (version === 0 ? 0 : random.int(0, Math.max(0, Math.min(21, anchorDay - launch))));
      const endDay = winner || evergreen ? anchorDay + 1 : startDay + runLength(random);
      const undated = random.chance(0.02);
      ads.push(
        adOfIdea(random, brand, idea, version, {
          startDay: undated ? null : startDay,
          endDay: endDay >= anchorDay ? null : endDay,
        }),
      );
    }
  }
  return ads;
}

/** One new ad of `brand` (news): a fresh idea in one version, launched on `startDay` and running. */
export function createAd(random: Random, brand: CatalogueBrand, index: number, startDay: number): LibraryAdRecord {
  const idea = newIdea(random, brand, `${slug(brand.name)}-news-${index + 1}`);
  const ad = adOfIdea(random, brand, idea, 0, { startDay, endDay: null }, true);
  return { ...ad, index, id: adIdOf(index) };
}

/** The category of every niche in every market it has one in, and its brands' count (3 to 6, `total` in all). */
function categories(random: Random, total: number) {
  const list = NICHES.flatMap((niche) => niche.markets.map((market) => ({ niche, market, size: 3 })));
  if (list.length * 3 > total || list.length * 6 < total) {
    throw new RangeError(`${list.length} categories cannot hold ${total} brands at 3 to 6 each`);
  }
  const showcase = list.find((entry) => entry.niche.id === SHOWCASE.niche && entry.market === SHOWCASE.market);
  if (showcase) showcase.size = 6;
  let placed = list.reduce((sum, entry) => sum + entry.size, 0);
  while (placed < total) {
    const entry = list[random.int(0, list.length - 1)];
    if (!entry || entry.size >= 6) continue;
    entry.size += 1;
    placed += 1;
  }
  return list;
}

/** The global library: brands by category, and their ads, launch dates spread over two years before `anchorDay`. */
export function createCatalogue(
  random: Random,
  options: { brandCount: number; adCount: number; anchorDay: number },
): Catalogue {
  // Every name once: the pools of names by the sector their ending suits (no name repeats a
  // word: no `Bloom Bloom`).
  const pools = new Map<string | null, string[]>();
  for (const [suffix, sector] of Object.entries(SUFFIXES)) {
    const pool = pools.get(sector) ?? [];
    for (const prefix of PREFIXES) if (prefix !== suffix) pool.push(`${prefix} ${suffix}`);
    pools.set(sector, pool);
  }
  for (const pool of pools.values()) shuffle(random, pool);
  // A sector's own names first, then the neutral ones; never another sector's ending.
  const takeName = (sector: string, n: number): string =>
    pools.get(sector)?.pop() ?? pools.get(null)?.pop() ?? `Brand ${n + 1}`;

  const planned: { brand: CatalogueBrand; weight: number; showcase: boolean }[] = [];
  for (const { niche, market, size } of categories(random, options.brandCount)) {
    const showcase = niche.id === SHOWCASE.niche && market === SHOWCASE.market;
    const others = [...(niche.extraMarkets ?? []), ...niche.markets].filter(
      (code) => MARKETS[code]?.language !== MARKETS[market]?.language,
    );
    for (let k = 0; k < size; k += 1) {
      const name = takeName(niche.sector, planned.length);
      const lineSize = showcase
        ? niche.products.length
        : random.int(Math.min(3, niche.products.length), niche.products.length);
      const line = shuffle(
        random,
        niche.products.map((product) => product.key),
      ).slice(0, lineSize);
      const extra =
        others.length > 0 && random.chance(0.06)
          ? shuffle(random, [...new Set(others)]).slice(0, random.int(1, 2))
          : [];
      planned.push({
        showcase,
        // A few brands run many ads, most a handful; the showcase's brands are among the biggest.
        weight: showcase ? 320 - k * 30 : 1 / (1 - random.next() * 0.998) ** 0.85,
        brand: {
          id: random.uuid(),
          name,
          domain: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`,
          category: categoryName(niche, market),
          language: MARKETS[market]?.language ?? 'en',
          description: '',
          firstSeen: isoDay(options.anchorDay - random.int(200, 1400)),
          network: 'meta',
          niche: niche.id,
          markets: [market, ...extra],
          line: niche.products.map((product) => product.key).filter((key) => line.includes(key)),
          palette: palette(random, niche),
          mark: { shape: random.pick(MARK_SHAPES), glyph: random.chance(0.45) ? 'icon' : 'initials' },
        },
      });
    }
  }
  // The showcase's biggest brands advertise in German too (its competitor pages include a German one).
  const showcased = planned.filter((entry) => entry.showcase);
  const showcaseMarkets = [['DE'], ['DE', 'FR'], [], ['FR'], [], []];
  showcased.forEach((entry, rank) => {
    entry.brand.markets = [SHOWCASE.market, ...(showcaseMarkets[rank] ?? [])];
  });

  // The catalogue lists brands in no particular order, as a search service would.
  const brands = shuffle(random, planned).map((entry, n) => {
    entry.brand.network = n % 150 === 73 ? 'tiktok' : 'meta';
    const niche = nicheOf(entry.brand);
    const names = entry.brand.line.map((key) => productOf(niche, key).names.en);
    entry.brand.description = `${entry.brand.name} sells ${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''} (${niche.name.toLowerCase()}, ${entry.brand.markets.join(', ')}).`;
    return entry;
  });

  // Every brand runs at least two ads; the rest go by weight.
  const spare = options.adCount - 2 * brands.length;
  const totalWeight = brands.reduce((sum, entry) => sum + entry.weight, 0);
  const counts = brands.map((entry) => 2 + Math.floor((entry.weight / totalWeight) * spare));
  let left = options.adCount - counts.reduce((sum, count) => sum + count, 0);
  for (let i = 0; left > 0; i = (i + 1) % counts.length, left -= 1) counts[i] = (counts[i] ?? 0) + 1;

  const ads: LibraryAdRecord[] = [];
  brands.forEach((entry, n) => ads.push(...brandAds(random, entry.brand, counts[n] ?? 2, options.anchorDay)));
  shuffle(random, ads).forEach((ad, index) => {
    ad.index = index;
    ad.id = adIdOf(index);
  });
  return { brands: brands.map((entry) => entry.brand), ads };
}

/** The niche and product records behind a brand (for media, pages and tests). */
export function nicheOfBrand(brand: Pick<CatalogueBrand, 'niche'>): Niche {
  return NICHE_BY_ID.get(brand.niche) ?? (NICHES[0] as Niche);
}

export { productOf };
