import { contentWords, normalizeName } from './keywords';
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

const MAX_JSON_CHARS = 60_000;
const MAX_NODES = 800;
const MAX_DEPTH = 10;

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

function nameOf(value: unknown): string {
  if (Array.isArray(value)) return nameOf(value[0]);
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim().slice(0, 100);
  if (value && typeof value === 'object') return nameOf((value as Record<string, unknown>).name);
  return '';
}

/** What a page's JSON-LD says about who runs the site, who makes the product, and its language; bounded. */
export function jsonLdFacts(texts: readonly string[]): JsonLdFacts {
  const facts: JsonLdFacts = { organizations: [], publishers: [], makers: [], languages: [] };
  let visited = 0;
  const add = (list: string[], name: string) => {
    if (name && !list.includes(name)) list.push(name);
  };
  const visit = (node: unknown, depth: number): void => {
    if (visited >= MAX_NODES || depth > MAX_DEPTH || node === null || typeof node !== 'object') return;
    visited += 1;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    const types = ([] as unknown[]).concat(record['@type'] ?? []).map((type) =>
      String(type)
        .replace(/^.*[/#:]/, '')
        .toLowerCase(),
    );
    if (types.some((type) => SITE_TYPES.has(type))) add(facts.organizations, nameOf(record.name));
    if (types.some((type) => PRODUCT_TYPES.has(type)))
      add(facts.makers, nameOf(record.brand) || nameOf(record.manufacturer));
    if ('publisher' in record) add(facts.publishers, nameOf(record.publisher));
    if (typeof record.inLanguage === 'string') add(facts.languages, record.inLanguage);
    for (const [key, value] of Object.entries(record)) {
      if (value && typeof value === 'object' && !NOT_THE_SITE.has(key)) visit(value, depth + 1);
    }
  };
  for (const text of texts.slice(0, 8)) visit(parseJsonLd(text), 0);
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
    if (!key || key.length > 60) continue;
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
export function siteCandidates(signals: PageSignals, site: SiteDomain | null): NameCandidate[] {
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
export function makerCandidates(signals: PageSignals): NameCandidate[] {
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
export function pageLanguage(signals: PageSignals, detected = ''): { code: string; source: LanguageSource } {
  const facts = jsonLdFacts(signals.jsonLd);
  const sources: [LanguageSource, string][] = [
    ['lang attribute', signals.lang],
    ['content-language', metaValue(signals, 'content-language', 'language', 'dc.language')],
    ['og:locale', metaValue(signals, 'og:locale')],
    ['inLanguage', metaValue(signals, 'inlanguage') || (facts.languages[0] ?? '')],
    ["browser's detection", detected],
  ];
  for (const [source, value] of sources) {
    const code = isoLanguage(value);
    if (code) return { code, source };
  }
  return { code: '', source: 'none' };
}

/** Keywords: the selection if there is one, else og:title, the visible h1 or the description; names and stop words removed. */
export function similarKeywords(signals: PageSignals, names: readonly string[], language = '', max = 6): string[] {
  const source =
    signals.selection ||
    metaValue(signals, 'og:title', 'twitter:title') ||
    signals.h1 ||
    metaValue(signals, 'description', 'og:description') ||
    signals.title;
  const nameWords = new Set(names.flatMap((name) => normalizeName(name).split(' ')));
  const words = contentWords(source, language).filter((word) => !nameWords.has(word));
  return [...new Set(words)].slice(0, max);
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
export function readPage(signals: PageSignals, site: SiteDomain | null, detected = ''): PageReading {
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
