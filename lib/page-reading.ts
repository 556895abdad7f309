import { contentWords, fitKeyword, KEYWORDS_MAX, normalizeName } from './keywords';
import {
  LANGUAGE_SOURCES,
  MAKER_LABEL,
  MAKER_LINE_SOURCES,
  type MakerLineSource,
  type PageSignals,
  SIGNALS,
} from './messaging/page-trigger';

/**
 * Reads what a page says about itself, from the raw material the find-similar script sends:
 * meta tags by name or property in any case, JSON-LD read tolerantly, the logo, the title and
 * the language. Everything here is bounded and pure. It runs in the Similar view's chunk, beside
 * the Public Suffix List, so neither the injected script nor the worker carries it; the worker
 * takes the reading and does the catalogue matching and the searches.
 */

/** The page's registrable domain by the Public Suffix List ("acme.co.uk", label "acme"), from the panel. */
export interface SiteDomain {
  domain: string;
  label: string;
}

/**
 * What the find-similar script sends at most (lib/content/signals.ts, checked by
 * pageSignalsSchema in lib/messaging/similar.ts). Readings start by cutting the signals to it,
 * whoever built them, so a page's size never decides how long a reading takes.
 */
const SIGNAL_LIMITS = {
  url: 2048,
  hostname: 253,
  title: 300,
  metas: 120,
  metaKey: 80,
  metaValue: 300,
  jsonLd: 8,
  jsonLdChars: 60_000,
  logos: 6,
  logo: 100,
  h1: 300,
  makerLines: 6,
  makerLine: 120,
  lang: 35,
  text: 600,
  selection: 500,
} as const;

/** A string from a page cut to `max` (anything else reads as empty), never half a surrogate pair. */
function bounded(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** At most `max` items of what should be a list (anything else reads as empty). */
const listOf = (value: unknown, max: number): unknown[] => (Array.isArray(value) ? value.slice(0, max) : []);

/**
 * The signals cut to what the script sends at most: every text, list and JSON-LD script. A
 * field of another type (a number for a title) reads as empty; a JSON-LD script that is too
 * long is left out, as the script leaves it out.
 */
export function boundedSignals(signals: PageSignals): PageSignals {
  const limit = SIGNAL_LIMITS;
  return {
    url: bounded(signals.url, limit.url),
    hostname: bounded(signals.hostname, limit.hostname),
    title: bounded(signals.title, limit.title),
    metas: listOf(signals.metas, limit.metas).flatMap((meta): [string, string][] =>
      Array.isArray(meta) ? [[bounded(meta[0], limit.metaKey), bounded(meta[1], limit.metaValue)]] : [],
    ),
    jsonLd: listOf(signals.jsonLd, limit.jsonLd).filter(
      (text): text is string => typeof text === 'string' && text.length <= limit.jsonLdChars,
    ),
    logos: listOf(signals.logos, limit.logos).map((logo) => bounded(logo, limit.logo)),
    h1: bounded(signals.h1, limit.h1),
    makerLines: listOf(signals.makerLines, limit.makerLines).flatMap((line): [MakerLineSource, string][] =>
      Array.isArray(line) && MAKER_LINE_SOURCES.includes(line[0] as MakerLineSource)
        ? [[line[0] as MakerLineSource, bounded(line[1], limit.makerLine)]]
        : [],
    ),
    lang: bounded(signals.lang, limit.lang),
    text: bounded(signals.text, limit.text),
    selection: bounded(signals.selection, limit.selection),
  };
}

/** The value of the first meta tag with one of these keys (property, name, itemprop or http-equiv, any case). */
export function metaValue(signals: Pick<PageSignals, 'metas'>, ...keys: string[]): string {
  for (const key of keys) {
    const hit = signals.metas.find(([name]) => name === key);
    if (hit) return hit[1];
  }
  return '';
}

/** All meta values whose key starts with `prefix` ("twitter:app:name:" takes each app). */
function metaValuesStarting(signals: Pick<PageSignals, 'metas'>, prefix: string): string[] {
  return signals.metas.filter(([name]) => name.startsWith(prefix)).map(([, value]) => value);
}

const MAX_JSON_CHARS = SIGNAL_LIMITS.jsonLdChars;
const MAX_NODES = 800;
const MAX_DEPTH = 10;
/** Names of each kind kept from JSON-LD: a page listing hundreds names no site by them. */
const MAX_NAMES = 12;
/** How deep a name is looked for in arrays and `{ name }` objects ("brand": [{ "name": ["Acme"] }]). */
const MAX_NAME_DEPTH = 4;

const ENTITIES: Record<string, string> = { quot: '"', amp: '&', apos: "'", lt: '<', gt: '>', nbsp: ' ' };

/** HTML entities a template left in a script: "&quot;" → '"', "&#39;" → "'". */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Mends what pages commonly get wrong in JSON-LD, without evaluating anything: HTML comment and
 * CDATA wrappers, raw control characters inside strings, and trailing commas. One pass over
 * the text, aware of strings, so nothing inside a string is changed but its raw newlines.
 */
function mend(text: string): string {
  const body = text
    .trim()
    .replace(/^(?:<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, '')
    .replace(/(?:-->|\/\/\s*\]\]>|\]\]>)$/, '');
  let out = '';
  let inString = false;
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i] as string;
    if (inString) {
      if (char === '\\') {
        out += char + (body[i + 1] ?? '');
        i += 1;
      } else if (char === '"') {
        inString = false;
        out += char;
      } else if (char < ' ') {
        out += char === '\n' ? '\\n' : char === '\t' ? '\\t' : ' ';
      } else out += char;
      continue;
    }
    if (char === '"') inString = true;
    if (char === ',') {
      // A comma before a closing bracket is dropped.
      let j = i + 1;
      while (j < body.length && /\s/.test(body[j] as string)) j += 1;
      if (body[j] === '}' || body[j] === ']') continue;
    }
    out += char;
  }
  return out;
}

/** Parses a JSON-LD script as browsers' readers do: as it is, else mended, else with its entities decoded. */
export function parseJsonLd(text: string): unknown {
  if (text.length > MAX_JSON_CHARS) return null;
  for (const attempt of [(t: string) => t, mend, (t: string) => mend(decodeEntities(t))]) {
    try {
      return JSON.parse(attempt(text)) as unknown;
    } catch {
      // The next, more forgiving reading.
    }
  }
  return null;
}

export interface JsonLdFacts {
  /** Names of Organization, Corporation, store and WebSite nodes: who runs the site. */
  organizations: string[];
  /** Names of any node's publisher (an article's, a page's, a site's). */
  publishers: string[];
  /** Names of products' brand or manufacturer: who makes what the page sells. */
  makers: string[];
  /** inLanguage of any node. */
  languages: string[];
  /** Whether a node is a product: the page sells one. */
  product: boolean;
}

const SITE_TYPES = new Set([
  'organization',
  'corporation',
  'onlinestore',
  'onlinebusiness',
  'store',
  'localbusiness',
  'newsmediaorganization',
  'website',
]);
const PRODUCT_TYPES = new Set(['product', 'productgroup', 'productmodel', 'individualproduct', 'car', 'vehicle']);

/** Where an organization is the product's maker or seller, not the site: not looked into for site names. */
// Nodes under these keys name others than the site: the product's maker, a seller, or the legal
// holder of its copyright (a footer's "every, Inc All Rights Reserved." is no name a person searches).
const NOT_THE_SITE = new Set(['brand', 'manufacturer', 'seller', 'offeredBy', 'copyrightHolder']);

/**
 * A node's name: a string, the first of a list, or an object's `name`; looked for a few levels
 * down, no deeper. HTML entities a template left in it are read as a person sees them ("H&amp;M" is "H&M").
 */
function nameOf(value: unknown): string {
  let node = value;
  for (let depth = 0; depth < MAX_NAME_DEPTH; depth += 1) {
    if (typeof node === 'string') return decodeEntities(bounded(node, 1_000)).replace(/\s+/g, ' ').trim().slice(0, 100);
    if (Array.isArray(node)) node = node[0];
    else if (node && typeof node === 'object') node = (node as Record<string, unknown>).name;
    else return '';
  }
  return '';
}

/** A node's types in lower case, without their vocabulary ("https://schema.org/Organization" → "organization"); only strings count. */
function typesOf(value: unknown): string[] {
  return listOf(Array.isArray(value) ? value : [value], 20)
    .filter((type): type is string => typeof type === 'string')
    .map((type) =>
      bounded(type, 200)
        .replace(/^.*[/#:]/, '')
        .toLowerCase(),
    );
}

/** What a page's JSON-LD says about who runs the site, who makes the product, and its language; bounded. */
export function jsonLdFacts(texts: readonly string[]): JsonLdFacts {
  const facts: JsonLdFacts = { organizations: [], publishers: [], makers: [], languages: [], product: false };
  let visited = 0;
  const add = (list: string[], name: string) => {
    if (name && list.length < MAX_NAMES && !list.includes(name)) list.push(name);
  };
  const visit = (node: unknown, depth: number): void => {
    if (visited >= MAX_NODES || depth > MAX_DEPTH || node === null || typeof node !== 'object') return;
    visited += 1;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    const types = typesOf(record['@type']);
    if (types.some((type) => SITE_TYPES.has(type))) add(facts.organizations, nameOf(record.name));
    if (types.some((type) => PRODUCT_TYPES.has(type))) {
      facts.product = true;
      add(facts.makers, nameOf(record.brand) || nameOf(record.manufacturer));
    }
    if ('publisher' in record) add(facts.publishers, nameOf(record.publisher));
    if (typeof record.inLanguage === 'string') add(facts.languages, bounded(record.inLanguage, SIGNAL_LIMITS.lang));
    for (const [key, value] of Object.entries(record)) {
      if (value && typeof value === 'object' && !NOT_THE_SITE.has(key)) visit(value, depth + 1);
    }
  };
  for (const text of texts.slice(0, SIGNAL_LIMITS.jsonLd)) {
    if (typeof text === 'string') visit(parseJsonLd(text), 0);
  }
  return facts;
}

const TITLE_SEPARATORS = /\s+[|–—·•»/]\s+|\s+-\s+|\s*\|\s*|:\s+/;

/** A title's parts, each trimmed of stray separators: "Boots - Amazon.com" → ["Boots", "Amazon.com"]. */
export function titleParts(title: string): string[] {
  return title
    .split(TITLE_SEPARATORS)
    .map((part) => part.replace(/^[\s\-|:–—·•»]+|[\s\-|:–—·•»]+$/g, '').trim())
    .filter(Boolean);
}

/** Whether two names are the same brand: equal folded, or one is the other with a TLD ("Amazon.com") or accents. */
export function sameName(a: string, b: string): boolean {
  // "Aktuálně.cz" and the domain's "aktualne" are one name: a trailing TLD and Latin accents fold away.
  const fold = (name: string) =>
    normalizeName(name.replace(/\.(?:[a-z]{2,6}|co\.uk|com\.au|com\.br)$/i, ''))
      .normalize('NFD')
      .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
      .normalize('NFC')
      .replace(/\s+/g, '');
  const x = fold(a);
  const y = fold(b);
  return x !== '' && x === y;
}

/**
 * The part of a title that names the site: the one that repeats another signal's name or the
 * domain's label ("LeanData | The Winds of Change" on leandata.com → "LeanData"). Next, the end of
 * the title that is not the page's own headline ("Linux Engineer's random thoughts - awk driven
 * IoT" under the heading "awk driven IoT"). Otherwise the end of the title is only a guess,
 * returned as such, and only when it is short.
 */
export function titleSiteName(
  title: string,
  hints: readonly string[],
  headlines: readonly string[] = [],
): { name: string; weight: number } | null {
  const parts = titleParts(title);
  if (parts.length < 2) return null;
  for (const part of [...parts].reverse()) {
    if (hints.some((hint) => sameName(part, hint))) return { name: part, weight: 2 };
  }
  const words = (part: string) => part.split(/\s+/).length;
  const isHeadline = (part: string) => headlines.some((headline) => sameName(part, headline));
  const first = parts[0] ?? '';
  const last = parts.at(-1) ?? '';
  if (isHeadline(last) && !isHeadline(first) && words(first) <= 5) return { name: first, weight: 1.5 };
  if (isHeadline(first) && !isHeadline(last) && words(last) <= 5) return { name: last, weight: 1.5 };
  return words(last) <= 3 && !isHeadline(last) ? { name: last, weight: 0.5 } : null;
}

/** Where a name came from, in the words "Why these results" uses. */
export type Signal = (typeof SIGNALS)[number];

export interface NameCandidate {
  name: string;
  signal: Signal;
  /** Higher is more trustworthy; signals that agree add up. */
  weight: number;
}

const WEIGHT: Record<Signal, number> = {
  'structured data': 5,
  'product brand': 5,
  'og:site_name': 4,
  publisher: 3,
  'app name': 3,
  logo: 3,
  title: 2,
  domain: 1,
  microdata: 5,
  RDFa: 5,
  byline: 4,
  'product details': 4,
};

/**
 * A name as a person reads it: without what is in brackets after it ("Deutsche Welle
 * (www.dw.com)", "X (formerly Twitter)"), a greeting around it ("Welcome to …"), a market's and
 * a language's codes after it ("IKEA EG/EN"), and without a slogan after a dash or bar ("Aktuálně.cz -
 * Víte, co se právě děje", "Yahoo News - Latest News & Headlines"), when what comes before is
 * short enough to be a name.
 */
function plainName(name: string): string {
  const bare = name
    .replace(/\s*\([^()]{1,80}\)\s*$/, '')
    // A greeting around the name: "Welcome to IKEA Egypt", "Willkommen bei …", "Bienvenue sur …", "Bienvenido a …".
    .replace(/^(?:welcome to|willkommen (?:bei|auf|im)|bienvenue (?:sur|chez|à)|bienvenid[oa]s? a)\s+/i, '')
    // A market's and a language's codes after the name: "IKEA EG/EN".
    .replace(/\s+[a-z]{2}\/[a-z]{2}$/i, '')
    .trim();
  const [head = '', ...rest] = bare.split(/\s+[-–—|]\s+/);
  return rest.length > 0 && head.split(/\s+/).length <= 4 ? head : bare;
}

/** Why a text a page offers is not taken as a name, in the words "Why these results" uses. */
export const NAME_PROBLEMS = [
  'file name',
  'logo word',
  'domain ending',
  'number or code',
  'promotion',
  'season’s greeting',
] as const;
export type NameProblem = (typeof NAME_PROBLEMS)[number];

/** The word "logo" in the languages pages are written in. */
const LOGO_WORDS = new Set([
  'logo',
  'logos',
  'logotype',
  'logotipo',
  'logotyp',
  'logotip',
  'логотип',
  'ロゴ',
  '标志',
  '標誌',
  '로고',
]);

/** A sale or a menu's spotlight, in the languages the panel reads: what a banner says, never a name. */
const PROMOTION =
  /%|[$€£¥]\s?\d|\d\s?[$€£¥]|\bup to \d|\b(?:sale|deals?|discount|clearance|coupon|promo|shop now|buy now|order now|black friday|cyber monday|limited time|free shipping|free delivery|new arrivals|angebote?|rabatt|reduziert|versandkostenfrei|jetzt kaufen|jetzt shoppen|soldes|réduction|livraison gratuite|rebajas|ofertas?|descuentos?|envío gratis|saldi|sconto|offerta|promozione|promoção|desconto|frete grátis)\b/iu;

/**
 * A season's greeting a logo says for a while, in the languages the panel reads: "Happy Chinese
 * New Year!", "Frohe Weihnachten", "Eid Mubarak". "Happy Socks" stays a name.
 */
const SEASONS_GREETING =
  /^(?:(?:happy|merry|frohe|frohes|fröhliche|feliz|felices|joyeux|joyeuses|bonne|bonnes|buon|buona)\s.*\b(?:new year|holidays?|christmas|x-?mas|easter|thanksgiving|diwali|hanukkah|weihnachten|neues jahr|ostern|feiertage|navidad|año nuevo|fiestas|pascua|noël|année|fêtes|pâques|natale|anno nuovo|feste|pasqua)|season'?s greetings|eid mubarak|ramadan kareem)/iu;

/** An image's file name or an identifier: "brand_logotype_black", "logo@2x.png", "img_0412", "site-logo-white". */
function isFileName(name: string): boolean {
  // Only Latin letters, digits and signs, without a space: "史蒂文的家_藍天" is a blog's name.
  if (!/^[\x21-\x7e]+$/.test(name)) return false;
  return (
    /\.(?:png|jpe?g|gif|svg|webp|avif|ico)$/i.test(name) ||
    name.includes('_') ||
    /[-@]\d+x$/i.test(name) ||
    /^(?:img|image|dsc|pic|photo|screenshot|banner|icon|asset)[-]?\d/i.test(name) ||
    /^[a-z0-9]+(?:-[a-z0-9]+){2,}$/.test(name)
  );
}

/** Whether a text is no name at all, and why: what a person would never read as a site's or a maker's name. */
export function nameProblem(name: string): NameProblem | null {
  const text = name.trim();
  if (isFileName(text)) return 'file name';
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length > 0 && (LOGO_WORDS.has(words[0] ?? '') || LOGO_WORDS.has(words.at(-1) ?? ''))) {
    return 'logo word';
  }
  if (/^\.\p{L}{2,24}$/u.test(text) || text.replace(/[\s\p{P}\p{S}]/gu, '') === '') {
    return 'domain ending';
  }
  const digits = (text.match(/\p{N}/gu) ?? []).length;
  if (/^[\p{N}\s.,:;/#+-]+$/u.test(text) || (!/\s/.test(text) && /\p{L}/u.test(text) && digits >= 3)) {
    return 'number or code';
  }
  if (PROMOTION.test(text)) return 'promotion';
  if (SEASONS_GREETING.test(text)) return 'season’s greeting';
  return null;
}

/** A text a page offered as a name that the reading did not take, with why. */
export interface SetAside {
  name: string;
  signal: Signal;
  problem: NameProblem;
}

/** The names a page gives, strongest first, each with every signal that gave it; and those set aside. */
export interface NameReading {
  names: NameCandidate[];
  /** For each of `names`, in order, the signals that gave it ("logo", "domain"). */
  signals: Signal[][];
  setAside: SetAside[];
}

/** A name the reading weighed, before ranking. */
interface RawName {
  name: string;
  signal: Signal;
  weight?: number;
}

/**
 * Ranks the names a page offers: each read as a person reads it; one that is no name is set
 * aside, with why; one that only says "logo" around a name counts toward that name when another
 * signal names it, and is set aside otherwise. A name the domain's label spells in another form
 * ("Let's Tango" on letstango.com) counts toward the domain. Names that agree add up, and a name
 * repeated by another signal is preferred where the strongest ones disagree.
 */
function rankNames(raw: readonly RawName[], label = ''): NameReading {
  const found: (NameCandidate & { signals: Set<Signal> })[] = [];
  const setAside: SetAside[] = [];
  const supports: { name: string; signal: Signal; weight: number; aside: SetAside }[] = [];
  for (const { name, signal, weight } of raw) {
    const trimmed = plainName(name);
    const key = normalizeName(trimmed);
    if (!trimmed || trimmed.length > 100 || key.length > 60) continue;
    const add = weight ?? WEIGHT[signal];
    const isLabel = label !== '' && sameName(trimmed, label);
    const problem = isLabel ? null : nameProblem(trimmed);
    if (problem === 'logo word') {
      // "Acme logo" says Acme only when another signal does too.
      const words = trimmed.split(/\s+/).filter((word) => !LOGO_WORDS.has(normalizeName(word)));
      const aside = { name: trimmed, signal, problem };
      supports.push({ name: words.join(' '), signal, weight: add, aside });
      setAside.push(aside);
      continue;
    }
    if (problem || !key) {
      if (problem) setAside.push({ name: trimmed, signal, problem });
      continue;
    }
    const existing = found.find((candidate) => sameName(candidate.name, trimmed));
    if (existing) {
      existing.weight += add;
      existing.signals.add(signal);
    } else found.push({ name: trimmed, signal, weight: add, signals: new Set([signal]) });
  }
  for (const support of supports) {
    const named = support.name ? found.find((candidate) => sameName(candidate.name, support.name)) : undefined;
    if (!named) continue;
    named.weight += support.weight;
    named.signals.add(support.signal);
    setAside.splice(setAside.indexOf(support.aside), 1);
  }
  for (const candidate of found) {
    // A name two signals agree on is preferred over one a single signal gives, however strong.
    candidate.weight += Math.min(candidate.signals.size - 1, 2);
  }
  const names = foldInitials(found).sort((a, b) => b.weight - a.weight);
  return {
    names: names.map(({ name, signal, weight }) => ({ name, signal, weight })),
    signals: names.map((candidate) => [...candidate.signals]),
    setAside: setAside.slice(0, MAX_NAMES),
  };
}

/** "south china morning post" → "scmp"; a one-word name has no initials worth matching. */
function initialsOf(name: string): string {
  const words = normalizeName(name).split(/\s+/).filter(Boolean);
  return words.length < 2 ? '' : words.map((word) => word[0]).join('');
}

/**
 * A short form that spells another candidate's initials ("SCMP", "DW.COM", the domain "scmp") is the
 * same site: its weight goes to the full name, which is what a person reads.
 */
function foldInitials<T extends NameCandidate>(found: T[]): T[] {
  const kept: T[] = [];
  for (const candidate of found) {
    const short = normalizeName(candidate.name.replace(/\.(com|net|org|de|co\.uk)$/i, '')).replace(/\s+/g, '');
    const full =
      short.length >= 2 && short.length <= 6
        ? found.find((other) => other !== candidate && initialsOf(other.name) === short)
        : undefined;
    if (full) full.weight += candidate.weight;
    else kept.push(candidate);
  }
  return kept;
}

/** The names a page gives its site, each with its signal, strongest first, and those set aside with why. */
export function siteNames(page: PageSignals, site: SiteDomain | null): NameReading {
  const signals = boundedSignals(page);
  const facts = jsonLdFacts(signals.jsonLd);
  const appNames = [
    metaValue(signals, 'application-name', 'apple-mobile-web-app-title', 'al:ios:app_name', 'al:android:app_name'),
    ...metaValuesStarting(signals, 'twitter:app:name:'),
  ];
  const named = [
    ...facts.organizations.map((name) => ({ name, signal: 'structured data' as const })),
    { name: metaValue(signals, 'og:site_name'), signal: 'og:site_name' as const },
    ...facts.publishers.map((name) => ({ name, signal: 'publisher' as const })),
    { name: metaValue(signals, 'publisher', 'article:publisher', 'dc.publisher'), signal: 'publisher' as const },
    ...appNames.slice(0, 3).map((name) => ({ name, signal: 'app name' as const })),
    ...signals.logos.slice(0, 3).map((name) => ({ name, signal: 'logo' as const })),
  ].filter((candidate) => candidate.name && !/^https?:/i.test(candidate.name));
  const label = site?.label.replace(/[-_]+/g, ' ') ?? '';
  const hints = [...named.map((candidate) => plainName(candidate.name)), label].filter(
    (hint) => hint && (sameName(hint, label) || !nameProblem(hint)),
  );
  const headlines = [signals.h1, metaValue(signals, 'og:title'), metaValue(signals, 'twitter:title')].filter(Boolean);
  const fromTitle = [signals.title, metaValue(signals, 'og:title'), metaValue(signals, 'twitter:title')]
    .map((title) => titleSiteName(title, hints, headlines))
    .find((found) => found && (sameName(found.name, label) || !nameProblem(found.name)));
  return rankNames(
    [
      ...named,
      ...(fromTitle ? [{ name: fromTitle.name, signal: 'title' as const, weight: fromTitle.weight }] : []),
      ...(label ? [{ name: label, signal: 'domain' as const }] : []),
    ],
    label,
  );
}

/** Names of the site the page is on, strongest first. */
export function siteCandidates(page: PageSignals, site: SiteDomain | null): NameCandidate[] {
  return siteNames(page, site).names;
}

/** "Visit the Acme Store", "Besuche den Acme-Store", "Visita la tienda de Acme", "by Acme": the name in a byline. */
const BYLINE_FORMS: readonly RegExp[] = [
  /^visit the (.+?) store$/i,
  /^(?:besuche|besuchen sie) den (.+?)[- ]store$/i,
  /^(?:visitez|visiter) la boutique (?:de )?(.+)$/i,
  /^visita la tienda de (.+)$/i,
  /^visita lo store di (.+)$/i,
  /^visite a loja (?:d[aeo] )?(.+)$/i,
  /^bezoek de (.+?)[- ]winkel$/i,
  /^(?:by|von|par|por|di|door)\s+(.+)$/i,
];

/** A line labelled as something else than the maker, with a colon: "SKU : IM928", "Colour: Green". */
const OTHER_LABEL = /^\s*[^:：]{2,24}?\s*[:：]/;

/** "Brand: Acme", "Marque : Acme", "Marke Acme": a maker's label, then the name. */
const LABELLED_NAME = /^\s*([^:：\-–]{2,24}?)\s*(?:[:：\-–]\s*|\s+)(.+)$/;

/**
 * The maker a line near the page's heading names: microdata and RDFa as they are; a byline's
 * "Brand: …", "Visit the … Store", "by …" (in the languages the panel reads), or the bare name
 * of a vendor line; a details row's value when its label is a maker's. Nothing from a line that
 * says none of these.
 */
export function makerOfLine(source: MakerLineSource, line: string): string {
  const text = line.replace(/\s+/g, ' ').trim();
  let name = '';
  if (source === 'microdata' || source === 'rdfa') name = text;
  else {
    const labelled = LABELLED_NAME.exec(text);
    if (labelled && MAKER_LABEL.test((labelled[1] ?? '').trim())) name = labelled[2] ?? '';
    else if ((source === 'byline' || source === 'link') && !OTHER_LABEL.test(text)) {
      const form = BYLINE_FORMS.map((pattern) => pattern.exec(text)).find(Boolean);
      if (form) name = form[1] ?? '';
      else if (text.split(' ').length <= 4 && text.length <= 40) name = text;
    }
  }
  // "by Jane Doe (Author), John Roe" → "Jane Doe"; "Acme ›" → "Acme".
  name = name
    .split(/\s*[,|›»]\s*/)[0]!
    .replace(/\s*\([^()]*\)\s*$/, '')
    .trim();
  return name && !MAKER_LABEL.test(name) && !nameProblem(name) ? name : '';
}

const MAKER_LINE_SIGNAL: Record<MakerLineSource, Signal> = {
  microdata: 'microdata',
  rdfa: 'RDFa',
  byline: 'byline',
  details: 'product details',
  link: 'byline',
};

/**
 * Whether the page sells a product, as its metadata says: an Open Graph type or Twitter card that
 * is a product ("product", "og:product", "zalando_sharing:product"), a price, or a JSON-LD product.
 */
function sellsAProduct(signals: PageSignals, facts: JsonLdFacts): boolean {
  return (
    facts.product ||
    /(^|[:.\s])product$/i.test(metaValue(signals, 'og:type')) ||
    metaValue(signals, 'twitter:card') === 'product' ||
    Boolean(metaValue(signals, 'product:price:amount', 'og:price:amount'))
  );
}

/** Words as a page's address writes them: "Jack & Jones" and "jack-and-jones" are both "jackandjones". */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .normalize('NFD')
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * A link line's words ("hessnatur\u001fhessnatur": its words, then the last part of its address) when they name the
 * page it goes to, as a brand's shop is; nothing otherwise (a link to another page, an address that cannot be read).
 */
function linkWords(line: string): string {
  const [words = '', page = ''] = line.split('\u001f');
  try {
    return words && slug(words) === slug(decodeURIComponent(page)) ? words : '';
  } catch {
    return '';
  }
}

/** Names of the product's maker, strongest first, and those set aside with why. */
export function makerNames(page: PageSignals): NameReading {
  const signals = boundedSignals(page);
  const facts = jsonLdFacts(signals.jsonLd);
  // A link beside the heading to a page of its own name is a brand's on a product page, and a section's on an article.
  const selling = sellsAProduct(signals, facts);
  return rankNames([
    ...facts.makers.map((name) => ({ name, signal: 'product brand' as const })),
    { name: metaValue(signals, 'product:brand', 'og:brand', 'brand'), signal: 'product brand' as const },
    ...(signals.makerLines ?? [])
      .filter(([source]) => source !== 'link' || selling)
      .map(([source, line]) => ({
        name: makerOfLine(source, source === 'link' ? linkWords(line) : line),
        signal: MAKER_LINE_SIGNAL[source],
      })),
  ]);
}

/** Names of the product's maker, when the page sells a product: its structured data, product metas, byline and details. */
export function makerCandidates(page: PageSignals): NameCandidate[] {
  return makerNames(page).names;
}

/** ISO 639 codes withdrawn in 1989 that pages still write ("iw" for Hebrew), and the ones that replaced them. */
const RETIRED_CODES: Record<string, string> = { iw: 'he', in: 'id', ji: 'yi' };

/** "de-AT" → "de", "iw" → "he"; anything that is not a two-letter code → "". */
function isoLanguage(value: string): string {
  const code =
    value
      .trim()
      .toLowerCase()
      .split(/[-_,;\s]/)[0] ?? '';
  return /^[a-z]{2}$/.test(code) ? (RETIRED_CODES[code] ?? code) : '';
}

export type LanguageSource = (typeof LANGUAGE_SOURCES)[number];

/**
 * The page's primary language as an ISO 639-1 code, with where it came from: the document's lang,
 * then Content-Language, og:locale and inLanguage, then the browser's own detection of its text.
 */
export function pageLanguage(page: PageSignals, detected = ''): { code: string; source: LanguageSource } {
  const signals = boundedSignals(page);
  const facts = jsonLdFacts(signals.jsonLd);
  const sources: [LanguageSource, string][] = [
    ['lang attribute', signals.lang],
    ['content-language', metaValue(signals, 'content-language', 'language', 'dc.language')],
    ['og:locale', metaValue(signals, 'og:locale')],
    ['inLanguage', metaValue(signals, 'inlanguage') || (facts.languages[0] ?? '')],
    ["browser's detection", bounded(detected, SIGNAL_LIMITS.lang)],
  ];
  for (const [source, value] of sources) {
    const code = isoLanguage(value);
    if (code) return { code, source };
  }
  return { code: '', source: 'none' };
}

/**
 * Keywords: the selection if there is one, else og:title, the visible h1 or the description;
 * names and stop words removed; each cut to what the background accepts, and at most
 * KEYWORDS_MAX of them.
 */
export function similarKeywords(page: PageSignals, names: readonly string[], language = '', max = 6): string[] {
  const signals = boundedSignals(page);
  const source =
    signals.selection ||
    metaValue(signals, 'og:title', 'twitter:title') ||
    signals.h1 ||
    metaValue(signals, 'description', 'og:description') ||
    signals.title;
  const nameWords = new Set(names.flatMap((name) => normalizeName(name).split(' ')));
  const words = contentWords(source, language)
    .filter((word) => !nameWords.has(word))
    .map(fitKeyword);
  return [...new Set(words)].slice(0, Math.min(max, KEYWORDS_MAX));
}

/** What a page says about itself, read: what the worker needs to find its brands and similar ads. */
export interface PageReading {
  url: string;
  title: string;
  site: SiteDomain | null;
  /** Names of the site, strongest first (at most 6). */
  siteNames: NameCandidate[];
  /** Names of the product's maker that are not the site's (at most 4). */
  makerNames: NameCandidate[];
  language: string;
  languageSource: LanguageSource;
  keywords: string[];
}

/**
 * Reads a page's signals: its site and maker names, its language (the browser's detection of
 * its text, `detected`, only when the page names none) and the keywords of its similar search.
 */
export function readPage(page: PageSignals, site: SiteDomain | null, detected = ''): PageReading {
  const signals = boundedSignals(page);
  const siteNames = siteCandidates(signals, site).slice(0, 6);
  // A maker that is the site itself (a brand selling its own products) is the site, not a second brand.
  const makerNames = makerCandidates(signals)
    .filter((maker) => !sameName(siteNames[0]?.name ?? '', maker.name))
    .slice(0, 4);
  const language = pageLanguage(signals, detected);
  const names = [siteNames[0]?.name, makerNames[0]?.name].filter((name): name is string => Boolean(name));
  return {
    url: signals.url,
    title: metaValue(signals, 'og:title') || signals.title || signals.hostname,
    site,
    siteNames,
    makerNames,
    language: language.code,
    languageSource: language.source,
    keywords: similarKeywords(signals, names, language.code),
  };
}
