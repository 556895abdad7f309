import { contentWords, normalizeName } from '../../keywords';
import type { PageSignals } from '../../messaging/page-trigger';

export type CandidateSource = 'json-ld' | 'og:site_name' | 'application-name' | 'title' | 'domain';

export interface BrandCandidate {
  name: string;
  source: CandidateSource;
  /** Higher is more trustworthy. */
  weight: number;
}

const SOURCE_WEIGHT: Record<CandidateSource, number> = {
  'json-ld': 5,
  'og:site_name': 4,
  'application-name': 3,
  title: 2,
  domain: 1,
};

/** Second-level suffixes under which the registrable name is one label further left. */
const TWO_PART_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'ac.uk',
  'com.au',
  'net.au',
  'co.nz',
  'co.jp',
  'ne.jp',
  'com.br',
  'com.mx',
  'co.in',
  'co.za',
  'com.tr',
  'com.cn',
  'com.sg',
  'co.kr',
]);

/** "shop.acme-trail.co.uk" → "acme-trail" (the registrable label), or "" for IPs and single labels. */
export function registrableLabel(hostname: string): string {
  if (!hostname || /^\d+(\.\d+){3}$/.test(hostname) || hostname.includes(':')) return '';
  const labels = hostname.replace(/\.$/, '').split('.');
  if (labels.length < 2) return '';
  const lastTwo = labels.slice(-2).join('.');
  const index = TWO_PART_SUFFIXES.has(lastTwo) ? labels.length - 3 : labels.length - 2;
  return labels[index] ?? '';
}

const TITLE_SEPARATORS = /\s+[|–—·•:]\s+|\s+-\s+/;

/** The brand a title names after its last separator: "Trail shoes | Acme" → "Acme". */
export function titleSuffix(title: string): string {
  const parts = title
    .split(TITLE_SEPARATORS)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length < 2) return '';
  const last = parts.at(-1) ?? '';
  // A long tail is a slogan or a product name, not a brand.
  return last.split(/\s+/).length <= 4 ? last : '';
}

/** Brand candidates from strongest to weakest signal, each name once. */
export function brandCandidates(signals: PageSignals): BrandCandidate[] {
  const raw: { name: string; source: CandidateSource }[] = [
    ...signals.jsonLdBrands.map((name) => ({ name, source: 'json-ld' as const })),
    { name: signals.ogSiteName, source: 'og:site_name' },
    { name: signals.applicationName, source: 'application-name' },
    { name: titleSuffix(signals.title) || titleSuffix(signals.ogTitle), source: 'title' },
    { name: registrableLabel(signals.hostname).replace(/[-_]+/g, ' '), source: 'domain' },
  ];
  const seen = new Map<string, BrandCandidate>();
  for (const { name, source } of raw) {
    const key = normalizeName(name);
    if (!key || key.length > 60) continue;
    const existing = seen.get(key);
    // Agreement between signals makes a name more likely.
    if (existing) existing.weight += SOURCE_WEIGHT[source];
    else seen.set(key, { name: name.trim(), source, weight: SOURCE_WEIGHT[source] });
  }
  return [...seen.values()].sort((a, b) => b.weight - a.weight);
}

/** The page's primary language as an ISO 639-1 code, or "" when unknown. */
export function pageLanguage(signals: PageSignals): string {
  const code = signals.lang.split(/[-_]/)[0] ?? '';
  return /^[a-z]{2}$/.test(code) ? code : '';
}

/** Keywords: the selection if there is one, else the og:title, h1 or description; stop words and brand words removed. */
export function similarKeywords(signals: PageSignals, brandName: string, max = 6): string[] {
  const source = signals.selection || signals.ogTitle || signals.h1 || signals.description || signals.title;
  const brandWords = new Set(normalizeName(brandName).split(' '));
  const words = contentWords(source).filter((word) => !brandWords.has(word));
  return [...new Set(words)].slice(0, max);
}

export interface CatalogueMatch {
  id: string;
  name: string | null;
  domain?: string | null;
}

/**
 * Picks the catalogue brand a page is about: an exact name match with a strong candidate, or
 * a brand whose domain is the page's registrable domain. Returns null rather than guess.
 */
export function pickBrand(
  candidates: readonly BrandCandidate[],
  matches: readonly CatalogueMatch[],
  hostname: string,
): { brand: CatalogueMatch; reason: string } | null {
  const label = registrableLabel(hostname);
  let best: { brand: CatalogueMatch; reason: string; score: number } | null = null;
  for (const brand of matches) {
    const name = normalizeName(brand.name ?? '');
    let score = 0;
    let reason = '';
    const candidate = candidates.find((c) => normalizeName(c.name) === name);
    if (candidate) {
      score += candidate.weight * 10;
      reason = `its name matches the page's ${candidate.source === 'json-ld' ? 'structured data' : candidate.source}`;
    }
    const domainLabel = registrableLabel((brand.domain ?? '').toLowerCase());
    // The page cannot fake its own domain, so that match outweighs any name it claims.
    if (label && domainLabel && domainLabel === label) {
      score += 100;
      reason = reason ? `${reason} and its domain matches the page` : 'its domain matches the page';
    }
    if (score > 0 && (!best || score > best.score)) best = { brand, reason, score };
  }
  return best ? { brand: best.brand, reason: best.reason } : null;
}
