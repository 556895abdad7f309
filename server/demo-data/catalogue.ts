import type { Random } from '../random';

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

export interface CatalogueBrand {
  id: string;
  name: string;
  domain: string;
  category: string;
  language: string;
  description: string;
  firstSeen: string;
  /** Where the brand advertises: Meta for most, TikTok for a few (every 150th, from the 74th). */
  network: 'meta' | 'tiktok';
}

export interface LibraryAdRecord {
  index: number;
  id: string;
  title: string | null;
  body: string | null;
  brand_name: string;
  unified_brand_id: string;
  cta_type: string | null;
  /** Relative path on the brand's domain; absolute in answers. */
  link_url: string | null;
  display_format: DisplayFormat;
  start_date: string | null;
  /** Last day seen running; null while it still runs. */
  end_date: string | null;
  language: string;
  imageCount: number;
  hasVideo: boolean;
  platforms: string[];
  /** A version of another ad (news on request): it leads to that ad's landing page, behind this tracking. */
  versionOf?: { adId: string; tracking: string };
}

interface Category {
  name: string;
  products: string[];
  benefits: string[];
}

const CATEGORIES: Category[] = [
  {
    name: 'Outdoor',
    products: ['hiking boots', 'tent', 'backpack', 'rain jacket', 'sleeping bag', 'trail shoes'],
    benefits: ['waterproof', 'ultralight', 'built for the trail', 'made to last'],
  },
  {
    name: 'Coffee',
    products: ['espresso beans', 'cold brew', 'coffee subscription', 'pour-over kit', 'decaf blend'],
    benefits: ['freshly roasted', 'single origin', 'fair trade', 'delivered weekly'],
  },
  {
    name: 'Skincare',
    products: ['vitamin C serum', 'night cream', 'sunscreen', 'cleanser', 'retinol oil'],
    benefits: ['dermatologist tested', 'for sensitive skin', 'visible results in 14 days', 'vegan'],
  },
  {
    name: 'Fitness',
    products: ['running shoes', 'yoga mat', 'protein powder', 'smart watch', 'resistance bands'],
    benefits: ['train smarter', 'for every level', 'track every rep', 'recover faster'],
  },
  {
    name: 'Fashion',
    products: ['linen shirt', 'sneakers', 'denim jacket', 'summer dress', 'wool coat'],
    benefits: ['sustainably made', 'new season', 'free returns', 'limited drop'],
  },
  {
    name: 'Software',
    products: ['project planner', 'CRM', 'invoicing app', 'team chat', 'analytics dashboard'],
    benefits: ['free for 14 days', 'set up in minutes', 'trusted by 10,000 teams', 'no credit card needed'],
  },
  {
    name: 'Food',
    products: ['meal kit', 'plant-based burger', 'snack box', 'pasta sauce', 'granola'],
    benefits: ['ready in 15 minutes', 'chef designed', 'organic', 'family favourite'],
  },
  {
    name: 'Home',
    products: ['sofa', 'mattress', 'desk lamp', 'bed linen', 'air purifier'],
    benefits: ['100-night trial', 'designed in Denmark', 'ships in 48 hours', 'quiet and efficient'],
  },
  {
    name: 'Pets',
    products: ['dog food', 'cat litter', 'pet insurance', 'chew toys', 'dog harness'],
    benefits: ['vet approved', 'grain free', 'happy pets', 'delivered monthly'],
  },
  {
    name: 'Travel',
    products: ['city break', 'carry-on suitcase', 'travel insurance', 'hotel deal', 'rail pass'],
    benefits: ['book now, pay later', 'free cancellation', 'best price guarantee', 'explore more'],
  },
  {
    name: 'Finance',
    products: ['savings account', 'credit card', 'budgeting app', 'investing app', 'business account'],
    benefits: ['no monthly fees', '4% interest', 'open in 5 minutes', 'cashback on every purchase'],
  },
  {
    name: 'Electronics',
    products: ['wireless earbuds', 'laptop', 'phone case', 'smart speaker', '4K monitor'],
    benefits: ['all-day battery', 'noise cancelling', 'crystal clear sound', 'two-year warranty'],
  },
];

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
];
const SUFFIXES = [
  'Co',
  'Labs',
  'Goods',
  'Works',
  'Supply',
  'House',
  'Studio',
  'Collective',
  'Outfitters',
  'Kitchen',
  'Club',
  'Market',
  'Brothers',
  'Company',
  'Foundry',
  'Field',
  'Point',
  'Loop',
  'Nest',
  'Path',
  'Trail',
  'Mill',
  'Yard',
  'Press',
  'Craft',
  'Bay',
  'Line',
  'Shop',
  'Union',
  'Atelier',
  'Hub',
  'Wave',
  'Root',
  'Lane',
  'Bridge',
  'Forge',
  'Harvest',
  'Bloom',
  'Pantry',
  'Gear',
];

const LANGUAGES = ['en', 'en', 'en', 'en', 'en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'sv', 'ja'];

const HEADLINES: Record<string, string[]> = {
  en: [
    'The {product} you have been waiting for',
    'Meet the new {product}',
    '{Benefit}: our {product}',
    'Why everyone is switching to our {product}',
    'Your next {product}, {benefit}',
    'Save 20% on every {product}',
    'Try the {product} risk free',
  ],
  de: ['Das neue {product} ist da', 'Jetzt {product} entdecken', '{Benefit}: unser {product}'],
  fr: ['Découvrez notre nouveau {product}', 'Le {product} qui change tout', '{Benefit} : notre {product}'],
  es: ['Descubre nuestro nuevo {product}', 'El {product} que estabas esperando', '{Benefit}: nuestro {product}'],
};
const BODIES = [
  '{Benefit}. Our {product} is designed for people who want more from every day.',
  'Thousands of customers love our {product}. {Benefit} and backed by our guarantee.',
  'Limited time: get the {product} with free shipping. {Benefit}.',
  'We rebuilt the {product} from scratch. {Benefit}, and better for the planet.',
  'Stop settling. The {product} from {brand} is {benefit}.',
  'New colours just landed. Find your {product} today.',
];

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

function fill(template: string, product: string, benefit: string, brand: string): string {
  return template
    .replaceAll('{product}', product)
    .replaceAll('{Benefit}', capitalise(benefit))
    .replaceAll('{benefit}', benefit)
    .replaceAll('{brand}', brand);
}

function isoDay(epochDay: number): string {
  return new Date(epochDay * 86_400_000).toISOString().slice(0, 10);
}

export interface Catalogue {
  brands: CatalogueBrand[];
  ads: LibraryAdRecord[];
}

const categoryOf = new Map(CATEGORIES.map((category) => [category.name, category]));

/** The library id of the ad at `index`: `ad-000001` for the first. */
export const adIdOf = (index: number) => `ad-${String(index + 1).padStart(6, '0')}`;

const onNetwork = (brand: CatalogueBrand, drawn: string[]) => (brand.network === 'tiktok' ? ['tiktok'] : drawn);

/** One library ad of `brand`, its words drawn from the brand's category. */
export function createAd(
  random: Random,
  brand: CatalogueBrand,
  index: number,
  /** Its run, drawn after its format (the draws' order keeps every seed's data as it was). */
  runOf: () => { startDay: number; endDay: number | null },
  /** Whether some ads have no launch date (2%): the catalogue's; news always has one. */
  mayBeUndated = false,
): LibraryAdRecord {
  const category = categoryOf.get(brand.category) ?? (CATEGORIES[0] as Category);
  const product = random.pick(category.products);
  const benefit = random.pick(category.benefits);
  const language = random.chance(0.85) ? brand.language : random.pick(LANGUAGES);
  const headlines = HEADLINES[language] ?? HEADLINES.en ?? [];
  const roll = random.next();
  const format: DisplayFormat = roll < 0.55 ? 'image' : roll < 0.85 ? 'video' : roll < 0.95 ? 'carousel' : 'dco';
  const { startDay, endDay } = runOf();
  return {
    index,
    id: adIdOf(index),
    title: random.chance(0.05) ? null : fill(random.pick(headlines), product, benefit, brand.name),
    body: random.chance(0.05) ? null : fill(random.pick(BODIES), product, benefit, brand.name),
    brand_name: brand.name,
    unified_brand_id: brand.id,
    cta_type: random.chance(0.1) ? null : random.pick(CTA_TYPES),
    link_url: random.chance(0.05) ? null : `/${product.replace(/\s+/g, '-')}?utm_source=ads`,
    display_format: format,
    start_date: mayBeUndated && random.chance(0.02) ? null : isoDay(startDay),
    end_date: endDay === null ? null : isoDay(endDay),
    language,
    imageCount: format === 'image' ? 1 : format === 'carousel' ? random.int(3, 5) : format === 'dco' ? 2 : 0,
    hasVideo: format === 'video',
    // Drawn for every ad, so each seed's data stays as it was; a TikTok brand's ads run on TikTok.
    platforms: onNetwork(
      brand,
      random.chance(0.5)
        ? ['facebook', 'instagram']
        : [random.pick(['facebook', 'instagram', 'messenger', 'audience_network'])],
    ),
  };
}

/** The global library: brands and their ads, launch dates spread over two years before `anchorDay`. */
export function createCatalogue(
  random: Random,
  options: { brandCount: number; adCount: number; anchorDay: number },
): Catalogue {
  const brands: CatalogueBrand[] = [];
  const names = PREFIXES.flatMap((prefix) => SUFFIXES.map((suffix) => `${prefix} ${suffix}`));
  for (let i = names.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [names[i], names[j]] = [names[j] ?? '', names[i] ?? ''];
  }
  for (let n = 0; n < options.brandCount; n += 1) {
    const base = names[n % names.length] ?? 'Brand';
    const unique = n < names.length ? base : `${base} ${Math.floor(n / names.length) + 1}`;
    const category = random.pick(CATEGORIES);
    brands.push({
      id: random.uuid(),
      name: unique,
      domain: `${unique.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`,
      category: category.name,
      language: random.pick(LANGUAGES),
      description: `${unique} sells ${category.products.slice(0, 3).join(', ')} and more.`,
      firstSeen: isoDay(options.anchorDay - random.int(200, 1400)),
      network: n % 150 === 73 ? 'tiktok' : 'meta',
    });
  }
  const ads: LibraryAdRecord[] = [];
  for (let index = 0; index < options.adCount; index += 1) {
    // A few brands run many ads, most run a handful.
    const brand = brands[Math.floor(random.next() ** 2.2 * brands.length)] ?? brands[0];
    if (!brand) break;
    const runOf = () => {
      const startDay = options.anchorDay - random.int(0, 720);
      const running = random.chance(0.35);
      return { startDay, endDay: running ? null : Math.min(options.anchorDay, startDay + random.int(1, 240)) };
    };
    ads.push(createAd(random, brand, index, runOf, true));
  }
  return { brands, ads };
}
