import type { BrandReason } from '../../messaging/similar';
import { type NameCandidate, sameName, type SiteDomain } from '../../page-reading';

/** A host is on a site when it is the site's registrable domain or one of its subdomains. */
export function onSite(hostname: string, site: SiteDomain | null): boolean {
  if (!site?.domain) return false;
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === site.domain || host.endsWith(`.${site.domain}`);
}

export interface CatalogueMatch {
  id: string;
  name: string | null;
  domain?: string | null;
}

/**
 * Picks the catalogue brand a name is about: a brand whose domain is on the page's site (the
 * page cannot fake its own domain, so that outweighs any name it claims), else one whose name is
 * a strong candidate's. Returns null rather than guess.
 */
export function pickBrand(
  candidates: readonly NameCandidate[],
  matches: readonly CatalogueMatch[],
  site: SiteDomain | null,
): { brand: CatalogueMatch; reason: BrandReason; signal: string } | null {
  let best: { brand: CatalogueMatch; reason: BrandReason; signal: string; score: number } | null = null;
  for (const brand of matches) {
    let score = 0;
    let signal = '';
    const candidate = candidates.find((c) => sameName(c.name, brand.name ?? ''));
    if (candidate) {
      score += candidate.weight * 10;
      signal = candidate.signal;
    }
    const domain = (brand.domain ?? '').toLowerCase().replace(/^www\./, '');
    const ownSite = Boolean(domain && site && (domain === site.domain || onSite(domain, site)));
    if (ownSite) {
      score += 100;
      signal ||= 'domain';
    }
    const reason: BrandReason = candidate ? (ownSite ? 'nameAndDomain' : 'name') : 'domain';
    if (score > 0 && (!best || score > best.score)) best = { brand, reason, signal, score };
  }
  return best ? { brand: best.brand, reason: best.reason, signal: best.signal } : null;
}
