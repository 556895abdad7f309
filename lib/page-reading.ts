import { contentWords, fitKeyword, KEYWORDS_MAX, normalizeName } from './keywords';
import { LANGUAGE_SOURCES, type PageSignals, SIGNALS } from './messaging/page-trigger';

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
const NOT_THE_SITE = new Set(['brand', 'manufacturer', 'seller', 'offeredBy']);

/** A node's name: a string, the first of a list, or an object's `name`; looked for a few levels down, no deeper. */
function nameOf(value: unknown): string {
  let node = value;
  for (let depth = 0; depth < MAX_NAME_DEPTH; depth += 1) {
    if (typeof node === 'string') return bounded(node, 1_000).replace(/\s+/g, ' ').trim().slice(0, 100);
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
  const facts: JsonLdFacts = { organizations: [], publishers: [], makers: [], languages: [] };
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
    if (types.some((type) => PRODUCT_TYPES.has(type)))
      add(facts.makers, nameOf(record.brand) || nameOf(record.manufacturer));
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
};

/**
 * A name as a person reads it: without the domain in brackets ("Deutsche Welle (www.dw.com)") and
 * without a slogan after a dash or bar ("Aktuálně.cz - Víte, co se právě děje", "Yahoo News - Latest
 * News & Headlines"), when what comes before is short enough to be a name.
 */
function plainName(name: string): string {
  const bare = name.replace(/\s*\((?:https?:\/\/)?(?:www\.)?[\w-]+(?:\.[\w-]+)+\/?\)\s*$/i, '').trim();
  const [head = '', ...rest] = bare.split(/\s+[-–—|]\s+/);
  return rest.length > 0 && head.split(/\s+/).length <= 4 ? head : bare;
}

function rank(raw: readonly { name: string; signal: Signal; weight?: number }[]): NameCandidate[] {
  const found: NameCandidate[] = [];
  for (const { name, signal, weight } of raw) {
    const trimmed = plainName(name);
    const key = normalizeName(trimmed);
    if (!key || key.length > 60 || trimmed.length > 100) continue;
    const existing = found.find((candidate) => sameName(candidate.name, trimmed));
    const add = weight ?? WEIGHT[signal];
    if (existing) existing.weight += add;
    else found.push({ name: trimmed, signal, weight: add });
  }
  return foldInitials(found).sort((a, b) => b.weight - a.weight);
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
function foldInitials(found: NameCandidate[]): NameCandidate[] {
  const kept: NameCandidate[] = [];
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

/** Names of the site the page is on, strongest first. */
export function siteCandidates(page: PageSignals, site: SiteDomain | null): NameCandidate[] {
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
  const hints = [...named.map((candidate) => plainName(candidate.name)), label].filter(Boolean);
  const headlines = [signals.h1, metaValue(signals, 'og:title'), metaValue(signals, 'twitter:title')].filter(Boolean);
  const fromTitle = [signals.title, metaValue(signals, 'og:title'), metaValue(signals, 'twitter:title')]
    .map((title) => titleSiteName(title, hints, headlines))
    .find(Boolean);
  return rank([
    ...named,
    ...(fromTitle ? [{ name: fromTitle.name, signal: 'title' as const, weight: fromTitle.weight }] : []),
    ...(label ? [{ name: label, signal: 'domain' as const }] : []),
  ]);
}

/** Names of the product's maker, when the page sells a product: from its structured data or product metas. */
export function makerCandidates(page: PageSignals): NameCandidate[] {
  const signals = boundedSignals(page);
  const facts = jsonLdFacts(signals.jsonLd);
  return rank([
    ...facts.makers.map((name) => ({ name, signal: 'product brand' as const })),
    { name: metaValue(signals, 'product:brand', 'og:brand', 'brand'), signal: 'product brand' as const },
  ]);
}

/** "de-AT" → "de"; anything that is not a two-letter code → "". */
function isoLanguage(value: string): string {
  const code =
    value
      .trim()
      .toLowerCase()
      .split(/[-_,;\s]/)[0] ?? '';
  return /^[a-z]{2}$/.test(code) ? code : '';
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
