/**
 * The shape of the demo world: markets, and the niches brands compete in. A category is one
 * niche in one market (`Hiking & trail (UK)`), with 3 to 6 brands; every brand sells from its
 * niche's product line in its market's language, and a few also advertise in a second or third
 * market whose language the niche is written in. All names are invented; domains are `.example`.
 */

export const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Market {
  code: string;
  language: Language;
  /** How an amount is written there: `£15`, `15 €`, `CHF 15`. */
  money: (amount: number) => string;
  /** Amounts in offers are multiplied by this (a peso is not a pound). */
  scale: number;
  /** American spelling (color, favorite). */
  us?: boolean;
}

const before = (symbol: string) => (amount: number) => `${symbol}${amount}`;
const after = (symbol: string) => (amount: number) => `${amount} ${symbol}`;

export const MARKETS: Record<string, Market> = {
  US: { code: 'US', language: 'en', money: before('$'), scale: 1, us: true },
  UK: { code: 'UK', language: 'en', money: before('£'), scale: 1 },
  CA: { code: 'CA', language: 'en', money: before('C$'), scale: 1, us: true },
  AU: { code: 'AU', language: 'en', money: before('A$'), scale: 1 },
  IE: { code: 'IE', language: 'en', money: before('€'), scale: 1 },
  NZ: { code: 'NZ', language: 'en', money: before('NZ$'), scale: 1 },
  DE: { code: 'DE', language: 'de', money: after('€'), scale: 1 },
  AT: { code: 'AT', language: 'de', money: after('€'), scale: 1 },
  CH: { code: 'CH', language: 'de', money: (amount) => `CHF ${amount}`, scale: 1 },
  FR: { code: 'FR', language: 'fr', money: after('€'), scale: 1 },
  BE: { code: 'BE', language: 'fr', money: after('€'), scale: 1 },
  ES: { code: 'ES', language: 'es', money: after('€'), scale: 1 },
  MX: { code: 'MX', language: 'es', money: before('$'), scale: 20 },
};

export const ENGLISH_MARKETS = ['US', 'UK', 'CA', 'AU', 'IE', 'NZ'] as const;
const GERMAN_MARKETS = ['DE', 'AT', 'CH'];
const FRENCH_MARKETS = ['FR', 'BE'];
const SPANISH_MARKETS = ['ES', 'MX'];

/** One product of a line: its name in each language the niche is written in, and its illustration. */
export interface Product {
  /** A stable key: the English name as a slug. */
  key: string;
  names: Partial<Record<Language, string>> & { en: string };
  /** A lucide icon name (server/illustrations.ts). */
  icon: string;
  /** A typical price in the market's money, before scale. */
  price: number;
}

export type Format = 'image' | 'video' | 'carousel' | 'dco';

export interface Niche {
  id: string;
  sector: string;
  name: string;
  /** The niche's own illustration (logo marks, fallbacks). */
  icon: string;
  products: Product[];
  /** Claims a brand's copy makes, per language the niche is written in (English always). */
  benefits: Partial<Record<Language, string[]>> & { en: string[] };
  /** Markets with a category of this niche. */
  markets: readonly string[];
  /** Markets some of its brands also advertise in (no category of their own there). */
  extraMarkets?: readonly string[];
  /** Calls to action its ads use. */
  ctas: readonly string[];
  /** Weights of image, video, carousel and dynamic product ads. */
  formats: readonly [number, number, number, number];
  /** A service, an account or a trip rather than a thing: its copy says so. */
  service?: boolean;
  /** The hue range of its brands' palettes (degrees). */
  hues: readonly [number, number];
}

const RETAIL = ['SHOP_NOW', 'SHOP_NOW', 'GET_OFFER', 'LEARN_MORE', 'ORDER_NOW'];
const SUBSCRIBE = ['ORDER_NOW', 'SIGN_UP', 'GET_OFFER', 'SHOP_NOW'];
const SERVICE = ['SIGN_UP', 'LEARN_MORE', 'DOWNLOAD', 'GET_OFFER'];
const TRAVEL = ['BOOK_NOW', 'BOOK_NOW', 'LEARN_MORE', 'GET_OFFER'];

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** `p('tent', 'tent', 180, { de: 'Zelt' })`: a product in English, its icon, price and other names. */
function p(en: string, icon: string, price: number, others: Partial<Record<Language, string>> = {}): Product {
  return { key: slug(en), names: { en, ...others }, icon, price };
}

const EN_ONLY = ENGLISH_MARKETS;
const EVERYWHERE = [...ENGLISH_MARKETS, ...GERMAN_MARKETS, ...FRENCH_MARKETS, ...SPANISH_MARKETS];

export const NICHES: Niche[] = [
  // Outdoor
  {
    id: 'hiking',
    sector: 'Outdoor',
    name: 'Hiking & trail',
    icon: 'mountain',
    products: [
      p('trail backpack', 'backpack', 140, { de: 'Trekkingrucksack', fr: 'sac à dos de randonnée' }),
      p('rain jacket', 'cloud-rain', 220, { de: 'Regenjacke', fr: 'veste de pluie' }),
      p('down sleeping bag', 'bed-single', 260, { de: 'Daunenschlafsack', fr: 'sac de couchage en duvet' }),
      p('trail running shoes', 'footprints', 150, { de: 'Trailrunning-Schuhe', fr: 'chaussures de trail' }),
      p('hiking boots', 'mountain', 190, { de: 'Wanderstiefel', fr: 'chaussures de randonnée' }),
    ],
    benefits: {
      en: ['waterproof and breathable', 'built for the trail', 'light enough for every summit', 'repairs for life'],
      de: ['wasserdicht und atmungsaktiv', 'gemacht für jede Wanderung', 'leicht genug für jeden Gipfel'],
      fr: ['imperméabilité garantie', 'réparations à vie', 'légèreté sans compromis'],
    },
    markets: ['UK'],
    extraMarkets: ['DE', 'FR'],
    ctas: RETAIL,
    formats: [5, 3, 2, 1],
    hues: [95, 160],
  },
  {
    id: 'camping',
    sector: 'Outdoor',
    name: 'Camping',
    icon: 'tent',
    products: [
      p('tent', 'tent', 320, { de: 'Zelt' }),
      p('camp stove', 'flame', 90, { de: 'Campingkocher' }),
      p('sleeping pad', 'bed-single', 110, { de: 'Isomatte' }),
      p('camping chair', 'armchair', 70, { de: 'Campingstuhl' }),
      p('camping lantern', 'lamp', 45, { de: 'Campinglaterne' }),
    ],
    benefits: {
      en: ['waterproof in any storm', 'pitches in two minutes', 'packs down small'],
      de: ['wasserdicht bei jedem Sturm', 'in zwei Minuten aufgebaut', 'klein verpackt'],
    },
    markets: [...EN_ONLY, ...GERMAN_MARKETS],
    ctas: RETAIL,
    formats: [5, 3, 3, 1],
    hues: [20, 60],
  },
  {
    id: 'cycling',
    sector: 'Outdoor',
    name: 'Cycling',
    icon: 'bike',
    products: [
      p('gravel bike', 'bike', 2400),
      p('bike helmet', 'shield-check', 130),
      p('cycling jersey', 'shirt', 90),
      p('bike lights', 'lightbulb', 60),
      p('saddle bag', 'package', 50),
    ],
    benefits: { en: ['race tested', 'made for gravel and tarmac', 'crash tested and certified'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 4, 2, 1],
    hues: [190, 230],
  },
  {
    id: 'climbing',
    sector: 'Outdoor',
    name: 'Climbing',
    icon: 'mountain-snow',
    products: [
      p('climbing shoes', 'footprints', 140),
      p('climbing harness', 'link', 80),
      p('chalk bag', 'package', 25),
      p('climbing rope', 'cable', 190),
    ],
    benefits: { en: ['tested on real rock', 'grip on every hold', 'made by climbers'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [5, 4, 2, 0],
    hues: [0, 30],
  },
  {
    id: 'snow',
    sector: 'Outdoor',
    name: 'Ski & snow',
    icon: 'snowflake',
    products: [
      p('ski jacket', 'snowflake', 380),
      p('ski goggles', 'glasses', 120),
      p('touring skis', 'mountain-snow', 650),
      p('snowboard', 'mountain-snow', 480),
      p('thermal base layer', 'thermometer', 70),
    ],
    benefits: { en: ['warm down to minus 30', 'made for deep powder', 'fog-free in any weather'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 5, 2, 1],
    hues: [200, 240],
  },
  // Coffee and tea
  {
    id: 'coffee-beans',
    sector: 'Coffee',
    name: 'Specialty coffee',
    icon: 'bean',
    products: [
      p('espresso beans', 'bean', 18, {
        de: 'Espressobohnen',
        fr: "grains d'espresso",
        es: 'café en grano para espresso',
      }),
      p('filter coffee', 'coffee', 16, { de: 'Filterkaffee', fr: 'café filtre', es: 'café de filtro' }),
      p('decaf blend', 'coffee', 17, {
        de: 'entkoffeinierte Mischung',
        fr: 'mélange décaféiné',
        es: 'mezcla descafeinada',
      }),
      p('coffee subscription', 'package', 30, { de: 'Kaffee-Abo', fr: 'abonnement café', es: 'suscripción de café' }),
    ],
    benefits: {
      en: ['roasted to order', 'single origin and fully traceable', 'delivered fresh every week'],
      de: ['frisch auf Bestellung geröstet', 'aus einer Herkunft und rückverfolgbar', 'jede Woche frisch geliefert'],
      fr: ['torréfaction à la commande', 'origine unique et traçable', 'livraison chaque semaine'],
      es: ['tueste bajo pedido', 'origen único y trazable', 'entrega fresca cada semana'],
    },
    markets: EVERYWHERE,
    ctas: SUBSCRIBE,
    formats: [5, 3, 2, 1],
    hues: [15, 35],
  },
  {
    id: 'cold-brew',
    sector: 'Coffee',
    name: 'Ready-to-drink coffee',
    icon: 'cup-soda',
    products: [
      p('cold brew', 'cup-soda', 4),
      p('canned oat latte', 'milk', 4),
      p('coffee concentrate', 'glass-water', 14),
      p('nitro cold brew', 'cup-soda', 5),
    ],
    benefits: { en: ['no added sugar', 'brewed for 18 hours', 'fair trade certified'] },
    markets: EN_ONLY,
    ctas: SUBSCRIBE,
    formats: [4, 5, 1, 1],
    hues: [25, 45],
  },
  {
    id: 'coffee-gear',
    sector: 'Coffee',
    name: 'Coffee equipment',
    icon: 'coffee',
    products: [
      p('pour-over kit', 'coffee', 60),
      p('burr grinder', 'settings', 180),
      p('espresso machine', 'coffee', 650),
      p('milk frother', 'milk', 80),
      p('travel mug', 'cup-soda', 30),
    ],
    benefits: { en: ['barista results at home', 'built to last a decade', 'easy to clean'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 4, 2, 2],
    hues: [0, 25],
  },
  {
    id: 'tea',
    sector: 'Coffee',
    name: 'Tea',
    icon: 'leaf',
    products: [
      p('matcha', 'leaf', 28),
      p('loose leaf tea', 'leaf', 14),
      p('chai blend', 'cup-soda', 12),
      p('tea advent calendar', 'gift', 35),
    ],
    benefits: { en: ['organic and hand picked', 'grown on small estates', 'plastic-free packaging'] },
    markets: EN_ONLY,
    ctas: SUBSCRIBE,
    formats: [5, 3, 2, 1],
    hues: [80, 130],
  },
  // Skincare
  {
    id: 'face-care',
    sector: 'Skincare',
    name: 'Face care',
    icon: 'sparkles',
    products: [
      p('vitamin C serum', 'droplet', 38, {
        de: 'Vitamin-C-Serum',
        fr: 'sérum à la vitamine C',
        es: 'sérum de vitamina C',
      }),
      p('night cream', 'moon', 45, { de: 'Nachtcreme', fr: 'crème de nuit', es: 'crema de noche' }),
      p('gentle cleanser', 'droplets', 22, { de: 'sanfter Reiniger', fr: 'nettoyant doux', es: 'limpiador suave' }),
      p('SPF 50 sunscreen', 'sun', 28, {
        de: 'Sonnencreme LSF 50',
        fr: 'écran solaire SPF 50',
        es: 'protector solar FPS 50',
      }),
    ],
    benefits: {
      en: ['dermatologist tested', 'for sensitive skin', 'visible results in 14 days', 'vegan formula'],
      de: ['dermatologisch getestet', 'für empfindliche Haut', 'sichtbare Ergebnisse in 14 Tagen'],
      fr: ['pour les peaux sensibles', 'des résultats visibles en 14 jours', 'formule vegan'],
      es: ['para pieles sensibles', 'resultados visibles en 14 días', 'fórmula vegana'],
    },
    markets: EVERYWHERE,
    ctas: RETAIL,
    formats: [4, 4, 2, 2],
    hues: [330, 360],
  },
  {
    id: 'hair-care',
    sector: 'Skincare',
    name: 'Hair care',
    icon: 'droplets',
    products: [
      p('repair shampoo', 'droplets', 18),
      p('hair mask', 'droplet', 26),
      p('scalp serum', 'droplet', 32),
      p('curl cream', 'sparkles', 20),
    ],
    benefits: { en: ['sulphate free', 'for every hair type', 'salon results at home'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 5, 2, 1],
    hues: [280, 320],
  },
  {
    id: 'grooming',
    sector: 'Skincare',
    name: "Men's grooming",
    icon: 'scissors',
    products: [
      p('beard oil', 'droplet', 20),
      p('safety razor', 'scissors', 35),
      p('charcoal face wash', 'droplets', 15),
      p('aftershave balm', 'droplet', 22),
    ],
    benefits: { en: ['no more razor burn', 'made for daily use', 'refillable packaging'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [5, 4, 1, 1],
    hues: [200, 220],
  },
  {
    id: 'fragrance',
    sector: 'Skincare',
    name: 'Fragrance',
    icon: 'spray-can',
    products: [
      p('eau de parfum', 'spray-can', 85),
      p('scented candle', 'flame', 35),
      p('fragrance discovery set', 'gift', 30),
      p('body mist', 'spray-can', 25),
    ],
    benefits: { en: ['long-lasting scent', 'made in small batches', 'clean ingredients'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 4, 2, 1],
    hues: [260, 300],
  },
  {
    id: 'body-care',
    sector: 'Skincare',
    name: 'Body care',
    icon: 'shower-head',
    products: [
      p('body lotion', 'droplet', 19),
      p('shower gel', 'shower-head', 12),
      p('hand cream', 'hand-heart', 14),
      p('natural deodorant', 'spray-can', 13),
    ],
    benefits: { en: ['hydrates for 48 hours', 'plastic-free refills', 'made with natural oils'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [5, 3, 2, 1],
    hues: [160, 190],
  },
  // Fitness
  {
    id: 'running',
    sector: 'Fitness',
    name: 'Running',
    icon: 'activity',
    products: [
      p('running shoes', 'footprints', 140, {
        de: 'Laufschuhe',
        fr: 'chaussures de running',
        es: 'zapatillas de running',
      }),
      p('running shorts', 'shirt', 45, { de: 'Laufshorts', fr: 'short de running', es: 'pantalón corto de running' }),
      p('GPS running watch', 'watch', 280, { de: 'GPS-Laufuhr', fr: 'montre GPS', es: 'reloj GPS' }),
      p('running socks', 'footprints', 18, {
        de: 'Laufsocken',
        fr: 'chaussettes de running',
        es: 'calcetines de running',
      }),
    ],
    benefits: {
      en: ['cushioned for every mile', 'trusted by marathon runners', 'free returns within 60 days'],
      de: ['gedämpft für jeden Kilometer', 'von Marathonläufern geschätzt', 'kostenlose Rücksendung in 60 Tagen'],
      fr: ['un amorti pour chaque kilomètre', 'la confiance des marathoniens', 'retours gratuits sous 60 jours'],
      es: ['amortiguación para cada kilómetro', 'la confianza de maratonianos', 'devoluciones gratis en 60 días'],
    },
    markets: EVERYWHERE,
    ctas: RETAIL,
    formats: [4, 4, 2, 2],
    hues: [0, 20],
  },
  {
    id: 'home-gym',
    sector: 'Fitness',
    name: 'Home gym',
    icon: 'dumbbell',
    products: [
      p('adjustable dumbbells', 'dumbbell', 300),
      p('kettlebell', 'dumbbell', 60),
      p('resistance bands', 'activity', 30),
      p('pull-up bar', 'dumbbell', 45),
      p('rowing machine', 'activity', 900),
    ],
    benefits: { en: ['a full gym in one corner', 'for every level', 'track every rep'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 5, 1, 1],
    hues: [0, 15],
  },
  {
    id: 'yoga',
    sector: 'Fitness',
    name: 'Yoga & pilates',
    icon: 'flower-2',
    products: [
      p('yoga mat', 'flower-2', 70),
      p('yoga leggings', 'shirt', 65),
      p('meditation cushion', 'armchair', 55),
      p('pilates ring', 'circle', 25),
    ],
    benefits: { en: ['non-slip grip', 'made from natural rubber', 'for every practice'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 4, 2, 1],
    hues: [250, 290],
  },
  {
    id: 'nutrition',
    sector: 'Fitness',
    name: 'Sports nutrition',
    icon: 'flask-conical',
    products: [
      p('whey protein', 'flask-conical', 45),
      p('electrolyte tablets', 'pill', 15),
      p('creatine', 'pill', 25),
      p('plant protein', 'sprout', 40),
    ],
    benefits: { en: ['recover faster', 'third-party tested', 'no artificial sweeteners'] },
    markets: EN_ONLY,
    ctas: SUBSCRIBE,
    formats: [4, 5, 1, 2],
    hues: [40, 70],
  },
  {
    id: 'trackers',
    sector: 'Fitness',
    name: 'Fitness trackers',
    icon: 'watch',
    products: [
      p('fitness tracker', 'watch', 130),
      p('smart scale', 'activity', 90),
      p('heart rate strap', 'heart-pulse', 70),
      p('sleep tracker ring', 'circle', 300),
    ],
    benefits: { en: ['seven-day battery', 'accurate to the beat', 'sleep insights every morning'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 5, 1, 1],
    hues: [170, 200],
  },
  // Fashion
  {
    id: 'sneakers',
    sector: 'Fashion',
    name: 'Sneakers',
    icon: 'footprints',
    products: [
      p('leather sneakers', 'footprints', 150, { de: 'Ledersneaker', fr: 'baskets en cuir', es: 'zapatillas de piel' }),
      p('canvas sneakers', 'footprints', 90, {
        de: 'Canvas-Sneaker',
        fr: 'baskets en toile',
        es: 'zapatillas de lona',
      }),
      p('high-top sneakers', 'footprints', 130, {
        de: 'High-Top-Sneaker',
        fr: 'baskets montantes',
        es: 'zapatillas altas',
      }),
      p('sneaker care kit', 'brush', 25, { de: 'Sneaker-Pflegeset', fr: "kit d'entretien", es: 'kit de limpieza' }),
    ],
    benefits: {
      en: ['handmade in Portugal', 'made from recycled materials', 'free returns'],
      de: ['handgefertigt in Portugal', 'aus recycelten Materialien', 'kostenlose Rücksendung'],
      fr: ['fabrication artisanale au Portugal', 'matières recyclées', 'retours gratuits'],
      es: ['fabricación artesanal en Portugal', 'materiales reciclados', 'devoluciones gratis'],
    },
    markets: EVERYWHERE,
    ctas: RETAIL,
    formats: [3, 3, 3, 3],
    hues: [0, 360],
  },
  {
    id: 'denim',
    sector: 'Fashion',
    name: 'Denim',
    icon: 'shirt',
    products: [
      p('slim jeans', 'shirt', 95),
      p('denim jacket', 'shirt', 120),
      p('wide-leg jeans', 'shirt', 100),
      p('denim shirt', 'shirt', 80),
    ],
    benefits: { en: ['organic cotton', 'made to fade beautifully', 'free hemming'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [3, 3, 3, 3],
    hues: [210, 230],
  },
  {
    id: 'knitwear',
    sector: 'Fashion',
    name: 'Knitwear',
    icon: 'shirt',
    products: [
      p('merino jumper', 'shirt', 110),
      p('cashmere scarf', 'shirt', 90),
      p('wool beanie', 'shirt', 35),
      p('cardigan', 'shirt', 120),
    ],
    benefits: { en: ['knitted in Scotland', 'traceable wool', 'softer with every wash'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 2, 3, 2],
    hues: [10, 40],
  },
  {
    id: 'swimwear',
    sector: 'Fashion',
    name: 'Swimwear',
    icon: 'waves',
    products: [
      p('swimsuit', 'waves', 85),
      p('swim shorts', 'waves', 60),
      p('beach towel', 'sun', 40),
      p('sun hat', 'sun', 45),
    ],
    benefits: { en: ['made from recycled nets', 'quick drying', 'UPF 50 protection'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 3, 3, 2],
    hues: [180, 200],
  },
  {
    id: 'eyewear',
    sector: 'Fashion',
    name: 'Eyewear',
    icon: 'glasses',
    products: [
      p('sunglasses', 'glasses', 120),
      p('reading glasses', 'glasses', 60),
      p('blue light glasses', 'glasses', 80),
      p('home try-on kit', 'package', 0),
    ],
    benefits: { en: ['prescription lenses included', 'try five pairs at home', 'polarised lenses'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 3, 3, 2],
    hues: [30, 50],
  },
  {
    id: 'jewellery',
    sector: 'Fashion',
    name: 'Jewellery',
    icon: 'gem',
    products: [
      p('gold hoops', 'gem', 95),
      p('pendant necklace', 'gem', 120),
      p('signet ring', 'gem', 150),
      p('charm bracelet', 'gem', 80),
    ],
    benefits: { en: ['recycled gold', 'hypoallergenic', 'free engraving'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 2, 3, 3],
    hues: [40, 55],
  },
  {
    id: 'bags',
    sector: 'Fashion',
    name: 'Bags',
    icon: 'shopping-bag',
    products: [
      p('leather tote', 'shopping-bag', 180),
      p('laptop bag', 'briefcase', 150),
      p('weekender bag', 'luggage', 200),
      p('card holder', 'wallet', 45),
    ],
    benefits: { en: ['full-grain leather', 'lifetime guarantee', 'made in Italy'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 2, 3, 3],
    hues: [15, 35],
  },
  // Food and drink
  {
    id: 'meal-kits',
    sector: 'Food',
    name: 'Meal kits',
    icon: 'chef-hat',
    products: [
      p('meal kit', 'chef-hat', 60, { de: 'Kochbox', fr: 'box repas', es: 'caja de recetas' }),
      p('family meal box', 'utensils-crossed', 80, { de: 'Familienbox', fr: 'box famille', es: 'caja familiar' }),
      p('veggie meal kit', 'salad', 55, { de: 'vegetarische Kochbox', fr: 'box végétarienne', es: 'caja vegetariana' }),
      p('quick recipes box', 'timer', 50, {
        de: 'Blitzrezepte-Box',
        fr: 'box recettes express',
        es: 'caja de recetas rápidas',
      }),
    ],
    benefits: {
      en: ['ready in 20 minutes', 'chef-designed recipes', 'fresh ingredients delivered'],
      de: ['in 20 Minuten fertig', 'Rezepte von Profiköchen', 'frische Zutaten geliefert'],
      fr: ['des recettes de chef', 'des produits frais livrés', '20 minutes en cuisine'],
      es: ['recetas de chef', 'ingredientes frescos a domicilio', '20 minutos en la cocina'],
    },
    markets: EVERYWHERE,
    ctas: SUBSCRIBE,
    formats: [4, 4, 2, 1],
    hues: [90, 130],
  },
  {
    id: 'snacks',
    sector: 'Food',
    name: 'Healthy snacks',
    icon: 'cookie',
    products: [
      p('granola', 'wheat', 9),
      p('nut butter', 'cookie', 8),
      p('veggie crisps', 'carrot', 4),
      p('snack box', 'package', 25),
    ],
    benefits: { en: ['no refined sugar', 'high in fibre', 'made with whole foods'] },
    markets: EN_ONLY,
    ctas: SUBSCRIBE,
    formats: [4, 4, 2, 1],
    hues: [30, 50],
  },
  {
    id: 'plant-based',
    sector: 'Food',
    name: 'Plant-based food',
    icon: 'sprout',
    products: [
      p('plant-based burger', 'beef', 6),
      p('oat milk', 'milk', 3),
      p('vegan cheese', 'pizza', 5),
      p('smoked tofu', 'sprout', 4),
    ],
    benefits: { en: ['100% plant-based', 'tastes like the real thing', 'high in protein'] },
    markets: EN_ONLY,
    ctas: ['SHOP_NOW', 'LEARN_MORE', 'GET_OFFER'],
    formats: [4, 5, 1, 1],
    hues: [100, 140],
  },
  {
    id: 'bakery',
    sector: 'Food',
    name: 'Bakery',
    icon: 'croissant',
    products: [
      p('sourdough loaf', 'wheat', 7),
      p('croissants', 'croissant', 12),
      p('birthday cake', 'cake-slice', 45),
      p('cookie tin', 'cookie', 25),
    ],
    benefits: { en: ['baked this morning', 'slow fermented for 48 hours', 'next-day delivery'] },
    markets: EN_ONLY,
    ctas: ['ORDER_NOW', 'ORDER_NOW', 'SHOP_NOW'],
    formats: [5, 3, 2, 1],
    hues: [25, 45],
  },
  {
    id: 'drinks',
    sector: 'Food',
    name: 'Wine & spirits',
    icon: 'wine',
    products: [
      p('natural wine', 'wine', 22),
      p('craft beer', 'beer', 3),
      p('small-batch gin', 'glass-water', 38),
      p('wine club', 'wine', 60),
    ],
    benefits: { en: ['from independent makers', 'tasting notes in every box', 'free delivery on six bottles'] },
    markets: EN_ONLY,
    ctas: ['SHOP_NOW', 'ORDER_NOW', 'SIGN_UP'],
    formats: [4, 3, 3, 1],
    hues: [330, 355],
  },
  {
    id: 'pantry',
    sector: 'Food',
    name: 'Pantry',
    icon: 'cooking-pot',
    products: [
      p('pasta sauce', 'cooking-pot', 6),
      p('olive oil', 'droplet', 14),
      p('fresh pasta', 'utensils-crossed', 5),
      p('spice set', 'gift', 30),
    ],
    benefits: { en: ['from a family farm', 'cold pressed', 'no preservatives'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [5, 3, 2, 1],
    hues: [0, 20],
  },
  // Home
  {
    id: 'bedding',
    sector: 'Home',
    name: 'Bedding',
    icon: 'bed-double',
    products: [
      p('linen bedding', 'bed-double', 180, {
        de: 'Leinenbettwäsche',
        fr: 'linge de lit en lin',
        es: 'ropa de cama de lino',
      }),
      p('duvet', 'bed', 150, { de: 'Bettdecke', fr: 'couette', es: 'edredón' }),
      p('memory foam pillow', 'bed', 60, { de: 'Kopfkissen', fr: 'oreiller', es: 'almohada' }),
      p('mattress', 'bed-double', 700, { de: 'Matratze', fr: 'matelas', es: 'colchón' }),
    ],
    benefits: {
      en: ['100-night trial', 'OEKO-TEX certified', 'stonewashed for softness'],
      de: ['100 Nächte Probeschlafen', 'OEKO-TEX-zertifiziert', 'stonewashed für mehr Weichheit'],
      fr: ["100 nuits d'essai", 'certification OEKO-TEX', 'une douceur stonewashed'],
      es: ['100 noches de prueba', 'certificación OEKO-TEX', 'suavidad lavada a la piedra'],
    },
    markets: EVERYWHERE,
    ctas: RETAIL,
    formats: [4, 3, 3, 2],
    hues: [200, 230],
  },
  {
    id: 'furniture',
    sector: 'Home',
    name: 'Furniture',
    icon: 'sofa',
    products: [
      p('modular sofa', 'sofa', 1800, { de: 'modulares Sofa', fr: 'canapé modulable', es: 'sofá modular' }),
      p('armchair', 'armchair', 650, { de: 'Sessel', fr: 'fauteuil', es: 'sillón' }),
      p('dining table', 'utensils-crossed', 900, { de: 'Esstisch', fr: 'table à manger', es: 'mesa de comedor' }),
      p('bookshelf', 'book-open', 400, { de: 'Bücherregal', fr: 'bibliothèque', es: 'estantería' }),
    ],
    benefits: {
      en: ['designed in Copenhagen', 'free delivery and assembly', '10-year frame guarantee'],
      de: ['entworfen in Kopenhagen', 'Lieferung und Aufbau inklusive', '10 Jahre Garantie'],
      fr: ['design danois', 'livraison et montage inclus', 'garantie 10 ans'],
      es: ['diseño danés', 'entrega y montaje incluidos', 'garantía de 10 años'],
    },
    markets: EVERYWHERE,
    ctas: RETAIL,
    formats: [4, 3, 3, 2],
    hues: [20, 45],
  },
  {
    id: 'lighting',
    sector: 'Home',
    name: 'Lighting',
    icon: 'lamp',
    products: [
      p('desk lamp', 'lamp-desk', 120),
      p('floor lamp', 'lamp-floor', 240),
      p('smart bulbs', 'lightbulb', 40),
      p('pendant light', 'lamp', 180),
    ],
    benefits: { en: ['warm dimmable light', 'designed to last decades', 'energy efficient'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 3, 3, 2],
    hues: [40, 60],
  },
  {
    id: 'cookware',
    sector: 'Home',
    name: 'Cookware',
    icon: 'cooking-pot',
    products: [
      p('cast iron pan', 'cooking-pot', 90),
      p("chef's knife", 'utensils-crossed', 120),
      p('dutch oven', 'cooking-pot', 180),
      p('nonstick pan set', 'cooking-pot', 200),
    ],
    benefits: { en: ['oven safe to 260°C', 'lifetime warranty', 'used by professional chefs'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 4, 2, 2],
    hues: [0, 15],
  },
  {
    id: 'plants',
    sector: 'Home',
    name: 'Plants & garden',
    icon: 'sprout',
    products: [
      p('indoor plants', 'sprout', 35),
      p('plant pots', 'flower', 25),
      p('herb garden kit', 'leaf', 40),
      p('garden tools', 'shovel', 60),
    ],
    benefits: { en: ['delivered in perfect health', 'easy care for beginners', 'peat-free soil'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 3, 3, 1],
    hues: [100, 150],
  },
  {
    id: 'appliances',
    sector: 'Home',
    name: 'Home appliances',
    icon: 'fan',
    products: [
      p('air purifier', 'wind', 300),
      p('robot vacuum', 'circle', 450),
      p('dehumidifier', 'droplets', 220),
      p('tower fan', 'fan', 130),
    ],
    benefits: { en: ['whisper quiet', 'energy efficient', 'app controlled'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 4, 1, 2],
    hues: [190, 210],
  },
  // Pets
  {
    id: 'dog-food',
    sector: 'Pets',
    name: 'Dog food',
    icon: 'bone',
    products: [
      p('grain-free dog food', 'bone', 55, {
        de: 'getreidefreies Hundefutter',
        fr: 'croquettes sans céréales',
        es: 'pienso sin cereales',
      }),
      p('fresh dog food', 'bone', 70, {
        de: 'frisches Hundefutter',
        fr: 'pâtée fraîche pour chien',
        es: 'comida fresca para perros',
      }),
      p('puppy food', 'dog', 45, { de: 'Welpenfutter', fr: 'croquettes pour chiot', es: 'pienso para cachorros' }),
      p('dog treats', 'bone', 12, { de: 'Hundesnacks', fr: 'friandises pour chien', es: 'premios para perros' }),
    ],
    benefits: {
      en: ['vet approved', 'made with human-grade ingredients', 'delivered monthly'],
      de: ['tierärztlich empfohlen', 'Zutaten in Lebensmittelqualität', 'monatlich geliefert'],
      fr: ['conseil vétérinaire', 'ingrédients de qualité alimentaire', 'livraison chaque mois'],
      es: ['recomendación veterinaria', 'ingredientes de calidad humana', 'entrega mensual'],
    },
    markets: EVERYWHERE,
    ctas: SUBSCRIBE,
    formats: [4, 4, 2, 1],
    hues: [25, 45],
  },
  {
    id: 'cat-care',
    sector: 'Pets',
    name: 'Cat care',
    icon: 'cat',
    products: [
      p('cat litter', 'cat', 20),
      p('wet cat food', 'fish', 30),
      p('scratching post', 'cat', 60),
      p('cat toys', 'cat', 15),
    ],
    benefits: { en: ['odour control for 30 days', 'loved by fussy cats', 'plastic-free'] },
    markets: EN_ONLY,
    ctas: SUBSCRIBE,
    formats: [4, 5, 1, 1],
    hues: [270, 300],
  },
  {
    id: 'pet-gear',
    sector: 'Pets',
    name: 'Pet accessories',
    icon: 'paw-print',
    products: [
      p('dog harness', 'dog', 45),
      p('orthopaedic dog bed', 'bed', 120),
      p('dog lead', 'link', 25),
      p('travel crate', 'package', 90),
    ],
    benefits: { en: ['no-pull design', 'machine washable', 'tested by real dogs'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 4, 2, 1],
    hues: [10, 30],
  },
  {
    id: 'pet-health',
    sector: 'Pets',
    name: 'Pet insurance & health',
    icon: 'stethoscope',
    products: [
      p('pet insurance', 'shield-check', 20),
      p('flea treatment', 'pill', 25),
      p('dental chews', 'bone', 15),
      p('vet video call', 'stethoscope', 30),
    ],
    benefits: { en: ['claims paid in 48 hours', 'covers pre-existing conditions', 'vets on call 24/7'] },
    markets: EN_ONLY,
    ctas: SERVICE,
    formats: [5, 4, 1, 0],
    service: true,
    hues: [150, 180],
  },
  // Travel
  {
    id: 'city-breaks',
    sector: 'Travel',
    name: 'City breaks',
    icon: 'map-pin',
    products: [
      p('city break', 'map-pin', 300, { de: 'Städtereise', fr: 'escapade urbaine', es: 'escapada urbana' }),
      p('weekend in Lisbon', 'plane', 350, {
        de: 'Wochenende in Lissabon',
        fr: 'week-end à Lisbonne',
        es: 'fin de semana en Lisboa',
      }),
      p('boutique hotel stay', 'hotel', 200, { de: 'Boutique-Hotel', fr: 'hôtel de charme', es: 'hotel boutique' }),
      p('rail trip', 'train-front', 150, { de: 'Bahnreise', fr: 'voyage en train', es: 'viaje en tren' }),
    ],
    benefits: {
      en: ['free cancellation', 'best price guarantee', 'book now, pay later'],
      de: ['kostenlose Stornierung', 'Bestpreisgarantie', 'jetzt buchen, später zahlen'],
      fr: ['annulation gratuite', 'meilleur prix garanti', 'réservez maintenant, payez plus tard'],
      es: ['cancelación gratuita', 'mejor precio garantizado', 'reserva ahora, paga después'],
    },
    markets: EVERYWHERE,
    ctas: TRAVEL,
    formats: [3, 3, 4, 2],
    service: true,
    hues: [185, 215],
  },
  {
    id: 'luggage',
    sector: 'Travel',
    name: 'Luggage',
    icon: 'luggage',
    products: [
      p('carry-on suitcase', 'luggage', 250),
      p('checked suitcase', 'luggage', 320),
      p('packing cubes', 'package', 40),
      p('travel duffel', 'briefcase', 150),
    ],
    benefits: { en: ['lifetime warranty', 'fits every cabin', 'ultra-light shell'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 3, 3, 2],
    hues: [210, 240],
  },
  {
    id: 'travel-insurance',
    sector: 'Travel',
    name: 'Travel insurance',
    icon: 'shield-check',
    products: [
      p('travel insurance', 'shield-check', 40),
      p('annual travel cover', 'calendar', 120),
      p('winter sports cover', 'snowflake', 30),
      p('backpacker cover', 'map', 90),
    ],
    benefits: { en: ['cover in minutes', 'claims online 24/7', 'medical cover up to 10 million'] },
    markets: EN_ONLY,
    ctas: SERVICE,
    formats: [6, 3, 1, 0],
    service: true,
    hues: [220, 250],
  },
  {
    id: 'campervans',
    sector: 'Travel',
    name: 'Campervan hire',
    icon: 'caravan',
    products: [
      p('campervan hire', 'caravan', 600),
      p('motorhome hire', 'bus', 900),
      p('road trip package', 'map', 750),
      p('one-way rental', 'car', 500),
    ],
    benefits: { en: ['unlimited kilometres', 'fully equipped kitchen', 'pick up in 12 cities'] },
    markets: EN_ONLY,
    ctas: TRAVEL,
    formats: [3, 4, 3, 1],
    service: true,
    hues: [160, 190],
  },
  {
    id: 'holidays',
    sector: 'Travel',
    name: 'Holiday packages',
    icon: 'sun',
    products: [
      p('beach holiday', 'sun', 900),
      p('all-inclusive resort', 'hotel', 1200),
      p('ski holiday', 'snowflake', 1100),
      p('family holiday', 'plane', 1500),
    ],
    benefits: { en: ['flights and hotel in one', 'low deposits', 'kids stay free'] },
    markets: EN_ONLY,
    ctas: TRAVEL,
    formats: [3, 3, 4, 2],
    service: true,
    hues: [35, 55],
  },
  // Finance
  {
    id: 'banking',
    sector: 'Finance',
    name: 'Mobile banking',
    icon: 'landmark',
    products: [
      p('current account', 'landmark', 0, { de: 'Girokonto', fr: 'compte courant', es: 'cuenta corriente' }),
      p('savings account', 'piggy-bank', 0, { de: 'Tagesgeldkonto', fr: "livret d'épargne", es: 'cuenta de ahorro' }),
      p('debit card', 'credit-card', 0, { de: 'Debitkarte', fr: 'carte de débit', es: 'tarjeta de débito' }),
      p('joint account', 'wallet', 0, { de: 'Gemeinschaftskonto', fr: 'compte joint', es: 'cuenta conjunta' }),
    ],
    benefits: {
      en: ['no monthly fees', 'open an account in 5 minutes', 'instant spending alerts'],
      de: ['keine Kontoführungsgebühr', 'Konto in 5 Minuten eröffnet', 'Benachrichtigungen in Echtzeit'],
      fr: ['zéro frais de tenue de compte', 'ouverture en 5 minutes', 'alertes en temps réel'],
      es: ['sin comisiones de mantenimiento', 'apertura en 5 minutos', 'alertas en tiempo real'],
    },
    markets: EVERYWHERE,
    ctas: SERVICE,
    formats: [5, 4, 1, 0],
    service: true,
    hues: [150, 260],
  },
  {
    id: 'investing',
    sector: 'Finance',
    name: 'Investing',
    icon: 'chart-line',
    products: [
      p('investing app', 'chart-line', 0),
      p('ETF portfolio', 'chart-line', 0),
      p('pension plan', 'piggy-bank', 0),
      p('robo adviser', 'chart-line', 0),
    ],
    benefits: { en: ['start with any amount', 'low fees, no surprises', 'capital at risk, long-term focus'] },
    markets: EN_ONLY,
    ctas: SERVICE,
    formats: [5, 4, 1, 0],
    service: true,
    hues: [140, 170],
  },
  {
    id: 'business-banking',
    sector: 'Finance',
    name: 'Business banking',
    icon: 'briefcase',
    products: [
      p('business account', 'briefcase', 0),
      p('expense cards', 'credit-card', 0),
      p('payroll', 'banknote', 0),
      p('business loan', 'banknote', 0),
    ],
    benefits: { en: ['built for small teams', 'open online in a day', 'syncs with your accounting'] },
    markets: EN_ONLY,
    ctas: SERVICE,
    formats: [6, 3, 1, 0],
    service: true,
    hues: [220, 250],
  },
  {
    id: 'credit-cards',
    sector: 'Finance',
    name: 'Credit cards',
    icon: 'credit-card',
    products: [
      p('cashback credit card', 'credit-card', 0),
      p('travel rewards card', 'plane', 0),
      p('balance transfer card', 'credit-card', 0),
      p('student card', 'graduation-cap', 0),
    ],
    benefits: { en: ['no foreign transaction fees', 'cashback on every purchase', 'instant approval decision'] },
    markets: EN_ONLY,
    ctas: SERVICE,
    formats: [6, 3, 1, 0],
    service: true,
    hues: [260, 290],
  },
  // Software
  {
    id: 'project-tools',
    sector: 'Software',
    name: 'Project management',
    icon: 'kanban',
    products: [
      p('project planner', 'kanban', 0),
      p('team workspace', 'message-square', 0),
      p('task tracker', 'calendar', 0),
      p('roadmap tool', 'map', 0),
    ],
    benefits: { en: ['free for 14 days', 'set up in minutes', 'no credit card needed'] },
    markets: EN_ONLY,
    ctas: SERVICE,
    formats: [5, 4, 1, 0],
    service: true,
    hues: [240, 270],
  },
  {
    id: 'crm',
    sector: 'Software',
    name: 'CRM & sales',
    icon: 'chart-line',
    products: [
      p('CRM', 'chart-line', 0),
      p('sales pipeline', 'kanban', 0),
      p('email sequences', 'mail', 0),
      p('meeting scheduler', 'calendar', 0),
    ],
    benefits: { en: ['trusted by 10,000 teams', 'free for 14 days', 'works with your inbox'] },
    markets: EN_ONLY,
    ctas: SERVICE,
    formats: [5, 4, 1, 0],
    service: true,
    hues: [200, 230],
  },
  {
    id: 'accounting',
    sector: 'Software',
    name: 'Accounting software',
    icon: 'calculator',
    products: [
      p('accounting software', 'calculator', 0),
      p('tax return filing', 'receipt', 0),
      p('bookkeeping app', 'calculator', 0),
      p('receipt scanner', 'receipt', 0),
    ],
    benefits: { en: ['tax ready in one click', 'loved by accountants', 'free for 30 days'] },
    markets: EN_ONLY,
    ctas: SERVICE,
    formats: [6, 3, 1, 0],
    service: true,
    hues: [130, 160],
  },
  {
    id: 'design-tools',
    sector: 'Software',
    name: 'Design tools',
    icon: 'palette',
    products: [
      p('design editor', 'palette', 0),
      p('photo editor', 'camera', 0),
      p('presentation maker', 'monitor', 0),
      p('brand kit', 'palette', 0),
    ],
    benefits: { en: ['thousands of templates', 'collaborate in real time', 'free forever plan'] },
    markets: EN_ONLY,
    ctas: SERVICE,
    formats: [4, 5, 2, 0],
    service: true,
    hues: [280, 330],
  },
  {
    id: 'security',
    sector: 'Software',
    name: 'Password & privacy',
    icon: 'key-round',
    products: [
      p('password manager', 'key-round', 0),
      p('VPN', 'shield-check', 0),
      p('antivirus', 'shield-check', 0),
      p('identity monitoring', 'eye', 0),
    ],
    benefits: { en: ['end-to-end encrypted', 'one plan for every device', 'audited every year'] },
    markets: EN_ONLY,
    ctas: SERVICE,
    formats: [5, 4, 1, 0],
    service: true,
    hues: [210, 240],
  },
  // Electronics
  {
    id: 'audio',
    sector: 'Electronics',
    name: 'Audio',
    icon: 'headphones',
    products: [
      p('wireless earbuds', 'headphones', 150, {
        de: 'kabellose Ohrhörer',
        fr: 'écouteurs sans fil',
        es: 'auriculares inalámbricos',
      }),
      p('over-ear headphones', 'headphones', 300, {
        de: 'Over-Ear-Kopfhörer',
        fr: 'casque circum-auriculaire',
        es: 'auriculares de diadema',
      }),
      p('portable speaker', 'speaker', 120, {
        de: 'tragbarer Lautsprecher',
        fr: 'enceinte portable',
        es: 'altavoz portátil',
      }),
      p('turntable', 'music', 350, { de: 'Plattenspieler', fr: 'platine vinyle', es: 'tocadiscos' }),
    ],
    benefits: {
      en: ['active noise cancelling', '40-hour battery', 'two-year warranty'],
      de: ['aktive Geräuschunterdrückung', '40 Stunden Akkulaufzeit', 'zwei Jahre Garantie'],
      fr: ['réduction de bruit active', 'autonomie de 40 heures', 'garantie deux ans'],
      es: ['cancelación activa de ruido', 'batería de 40 horas', 'garantía de dos años'],
    },
    markets: EVERYWHERE,
    ctas: RETAIL,
    formats: [4, 4, 2, 2],
    hues: [0, 360],
  },
  {
    id: 'phone-accessories',
    sector: 'Electronics',
    name: 'Phone accessories',
    icon: 'smartphone',
    products: [
      p('phone case', 'smartphone', 35),
      p('wireless charger', 'battery-charging', 45),
      p('screen protector', 'smartphone', 20),
      p('power bank', 'battery', 50),
    ],
    benefits: { en: ['drop tested from 3 metres', 'charges twice as fast', 'made from recycled plastic'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 4, 2, 2],
    hues: [180, 300],
  },
  {
    id: 'computers',
    sector: 'Electronics',
    name: 'Computers',
    icon: 'laptop',
    products: [
      p('ultrabook laptop', 'laptop', 1300),
      p('4K monitor', 'monitor', 450),
      p('mechanical keyboard', 'keyboard', 140),
      p('wireless mouse', 'mouse', 60),
    ],
    benefits: { en: ['all-day battery', 'built for creators', 'three-year warranty'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [5, 3, 2, 2],
    hues: [210, 240],
  },
  {
    id: 'smart-home',
    sector: 'Electronics',
    name: 'Smart home',
    icon: 'house',
    products: [
      p('video doorbell', 'bell', 180),
      p('smart thermostat', 'thermometer', 200),
      p('security camera', 'camera', 130),
      p('smart plug', 'plug', 25),
    ],
    benefits: { en: ['set up in 10 minutes', 'works with every voice assistant', 'no subscription needed'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [4, 5, 1, 2],
    hues: [190, 220],
  },
  {
    id: 'gaming',
    sector: 'Electronics',
    name: 'Gaming',
    icon: 'gamepad-2',
    products: [
      p('gaming headset', 'headphones', 130),
      p('wireless controller', 'gamepad-2', 70),
      p('gaming chair', 'armchair', 350),
      p('capture card', 'monitor', 180),
    ],
    benefits: { en: ['zero-lag wireless', 'built for long sessions', 'tuned by pro players'] },
    markets: EN_ONLY,
    ctas: RETAIL,
    formats: [3, 6, 1, 1],
    hues: [270, 320],
  },
];

export const NICHE_BY_ID = new Map(NICHES.map((niche) => [niche.id, niche]));

/** A category's name: the niche and its market, `Hiking & trail (UK)`. */
export const categoryName = (niche: Pick<Niche, 'name'>, market: string) => `${niche.name} (${market})`;

/** A product's name in a language; English where the niche is not written in it (never used so). */
export const productName = (product: Product, language: Language) => product.names[language] ?? product.names.en;

/** Words for the copy, per language. `{product}`, `{Product}`, `{benefit}`, `{Benefit}`, `{offer}`, `{brand}`. */
export interface Copy {
  hooks: string[];
  /** Hooks that lead with the offer (used only when the idea has one). */
  offerHooks: string[];
  bodies: string[];
  /** Bodies for what is not a thing to make: a service, an account, a trip. */
  serviceBodies: string[];
  /** A sentence about the offer, closing a body. */
  offerLine: string;
  offers: {
    percent: (n: number) => string;
    amount: (money: string) => string;
    delivery: string;
    trial: string;
  };
  /** Button labels by CTA type. */
  ctas: Record<string, string>;
  /** The spoken frame of a video: its opening and closing lines. */
  transcript: { open: string; close: string };
}

export const COPY: Record<Language, Copy> = {
  en: {
    hooks: [
      '{Benefit}: the {product}',
      'Meet the {product}',
      'The {product} you have been waiting for',
      'Why everyone is switching to our {product}',
      'Your new favourite {product}',
      'The {product}, {benefit}',
      'Tried our {product} yet?',
    ],
    offerHooks: ['{Product}: {offer}'],
    bodies: [
      '{Benefit}. {brand} made the {product} for every day.',
      'Thousands of customers rate our {product} 4.8 out of 5. {Benefit}.',
      'We rebuilt the {product} from the ground up. {Benefit}, and made to last.',
      'Just landed at {brand}: the {product}. {Benefit}.',
    ],
    serviceBodies: [
      'Join thousands who chose the {product} from {brand}. {Benefit}.',
      'Thousands of customers rate our {product} 4.8 out of 5. {Benefit}.',
      '{Benefit}. See why people switch to the {product} from {brand}.',
    ],
    offerLine: '{offer} this week only.',
    offers: {
      percent: (n) => `${n}% off`,
      amount: (money) => `${money} off your first order`,
      delivery: 'Free delivery',
      trial: 'Free for 30 days',
    },
    ctas: {
      SHOP_NOW: 'Shop now',
      LEARN_MORE: 'Learn more',
      SIGN_UP: 'Sign up',
      DOWNLOAD: 'Download',
      GET_OFFER: 'Get offer',
      BOOK_NOW: 'Book now',
      ORDER_NOW: 'Order now',
    },
    transcript: { open: 'This is the {product} from {brand}.', close: 'Tap to see the {product}.' },
  },
  de: {
    hooks: [
      '{Product}: {benefit}',
      'Neu bei {brand}: {product}',
      'Jetzt entdecken: {product}',
      '{Product} von {brand} – {benefit}',
    ],
    offerHooks: ['{Product}: {offer}'],
    bodies: [
      '{Benefit}. {Product} von {brand}, gemacht für jeden Tag.',
      '{Product} – von Tausenden mit 4,8 von 5 Sternen bewertet. {Benefit}.',
      'Von Grund auf neu gedacht: {product}. {Benefit}.',
    ],
    serviceBodies: [
      'Tausende haben sich schon entschieden: {product} von {brand}. {Benefit}.',
      '{Product} von {brand} – von Tausenden mit 4,8 von 5 Sternen bewertet. {Benefit}.',
    ],
    offerLine: '{offer} – nur diese Woche.',
    offers: {
      percent: (n) => `${n} % Rabatt`,
      amount: (money) => `${money} Rabatt auf die erste Bestellung`,
      delivery: 'Versandkostenfrei',
      trial: '30 Tage kostenlos',
    },
    ctas: {
      SHOP_NOW: 'Jetzt shoppen',
      LEARN_MORE: 'Mehr erfahren',
      SIGN_UP: 'Registrieren',
      DOWNLOAD: 'Herunterladen',
      GET_OFFER: 'Angebot sichern',
      BOOK_NOW: 'Jetzt buchen',
      ORDER_NOW: 'Jetzt bestellen',
    },
    transcript: { open: 'Das ist {product} von {brand}.', close: 'Jetzt ansehen: {product}.' },
  },
  fr: {
    hooks: [
      '{Product} : {benefit}',
      'Nouveau chez {brand} : {product}',
      'À découvrir : {product}',
      '{Product} par {brand} – {benefit}',
    ],
    offerHooks: ['{Product} : {offer}'],
    bodies: [
      '{Benefit}. {Product} par {brand}, pour tous les jours.',
      "{Product} – 4,8 sur 5 d'après des milliers de clients. {Benefit}.",
      'Tout nouveau chez {brand} : {product}. {Benefit}.',
    ],
    serviceBodies: [
      'Des milliers de clients ont déjà choisi : {product} par {brand}. {Benefit}.',
      "{Product} par {brand} – 4,8 sur 5 d'après des milliers de clients. {Benefit}.",
    ],
    offerLine: '{offer}, cette semaine seulement.',
    offers: {
      percent: (n) => `-${n} %`,
      amount: (money) => `${money} offerts sur la première commande`,
      delivery: 'Livraison offerte',
      trial: '30 jours gratuits',
    },
    ctas: {
      SHOP_NOW: 'Acheter',
      LEARN_MORE: 'En savoir plus',
      SIGN_UP: "S'inscrire",
      DOWNLOAD: 'Télécharger',
      GET_OFFER: "Profiter de l'offre",
      BOOK_NOW: 'Réserver',
      ORDER_NOW: 'Commander',
    },
    transcript: { open: 'Voici {product} par {brand}.', close: 'Découvrez {product}.' },
  },
  es: {
    hooks: [
      '{Product}: {benefit}',
      'Novedad en {brand}: {product}',
      'Ya disponible: {product}',
      '{Product} de {brand}, {benefit}',
    ],
    offerHooks: ['{Product}: {offer}'],
    bodies: [
      '{Benefit}. {Product} de {brand}, para el día a día.',
      '{Product}: valoración de 4,8 sobre 5 de miles de clientes. {Benefit}.',
      'Lo último de {brand}: {product}. {Benefit}.',
    ],
    serviceBodies: [
      'Miles de clientes ya lo eligieron: {product} de {brand}. {Benefit}.',
      '{Product} de {brand}: valoración de 4,8 sobre 5 de miles de clientes. {Benefit}.',
    ],
    offerLine: '{offer}, solo esta semana.',
    offers: {
      percent: (n) => `${n} % de descuento`,
      amount: (money) => `${money} de descuento en tu primer pedido`,
      delivery: 'Envío gratis',
      trial: '30 días gratis',
    },
    ctas: {
      SHOP_NOW: 'Comprar',
      LEARN_MORE: 'Más información',
      SIGN_UP: 'Regístrate',
      DOWNLOAD: 'Descargar',
      GET_OFFER: 'Ver oferta',
      BOOK_NOW: 'Reservar',
      ORDER_NOW: 'Pedir ahora',
    },
    transcript: { open: 'Esto es {product} de {brand}.', close: 'Descubre {product}.' },
  },
};

const AMERICAN: Record<string, string> = {
  favourite: 'favorite',
  colours: 'colors',
  colour: 'color',
  'Free delivery': 'Free shipping',
  fibre: 'fiber',
  odour: 'odor',
  jumper: 'sweater',
  polarised: 'polarized',
  orthopaedic: 'orthopedic',
  sulphate: 'sulfate',
  kilometres: 'miles',
  metres: 'meters',
};
const BRITISH = new RegExp(`\\b(${Object.keys(AMERICAN).join('|')})\\b`, 'g');

/** American spelling of the few English words the copy uses that differ. */
export function americanise(text: string): string {
  return text.replace(BRITISH, (word) => AMERICAN[word] ?? word);
}

export { slug };
