import { KEYWORDS_TOGETHER } from '../../keyword-limits';
import type { Api } from '../api';
import type { LibraryAd, LibraryPage } from '../../contract/ad-library';
import type { BrandFound, BrandReason, SimilarQuery, SimilarResult } from '../../messaging/similar';
import type { NameCandidate, SiteDomain } from '../../page-reading';
import { landingAds } from './landing';
import { pickBrand } from './query';

const SECTION_SIZE = 12;
/** Catalogue searches for the site's name and for the maker's, strongest candidates first. */
const SITE_TRIES = 3;
const MAKER_TRIES = 2;

type PageQuery = Extract<SimilarQuery, { kind: 'page' }>;
type AdQuery = Extract<SimilarQuery, { kind: 'ad' }>;
type Hit = { id: string; name: string; reason: BrandReason; signal: string };

/** The first catalogue brand one of the candidates names, trying at most `tries` of them. */
async function matchBrand(
  api: Api,
  candidates: readonly NameCandidate[],
  site: SiteDomain | null,
  tries: number,
  signal?: AbortSignal,
): Promise<Hit | null> {
  for (const candidate of candidates.slice(0, tries)) {
    const matches = await api.brands.search({ query: candidate.name, page_size: 10 }, signal);
    const picked = pickBrand(candidates, matches.items, site);
    if (picked) {
      return {
        id: picked.brand.id,
        name: picked.brand.name ?? candidate.name,
        reason: picked.reason,
        signal: picked.signal,
      };
    }
  }
  return null;
}

async function withAds(api: Api, hit: Hit | null, signal?: AbortSignal): Promise<BrandFound | null> {
  if (!hit) return null;
  const page = await api.library.search({ unified_brand_id: hit.id, order: 'newest', page_size: SECTION_SIZE }, signal);
  return { ...hit, ads: page.items };
}

/**
 * Ads of other brands that match the keywords in the page's language. A library search needs
 * every word, so fewer keywords are tried until something matches; the result says which.
 */
async function similarAds(
  api: Api,
  keywords: readonly string[],
  language: string,
  excluded: ReadonlySet<string>,
  signal?: AbortSignal,
): Promise<{ ads: LibraryAd[]; used: string[] }> {
  // All of the first three words, then fewer, then each later word alone: the first that matches wins.
  const attempts: string[][] = [];
  for (let count = Math.min(KEYWORDS_TOGETHER, keywords.length); count > 0; count -= 1)
    attempts.push(keywords.slice(0, count));
  for (const word of keywords.slice(1)) attempts.push([word]);
  let ads: LibraryAd[] = [];
  let used: string[] = [];
  for (const words of attempts) {
    const page: LibraryPage = await api.library.search(
      {
        query: words.join(' '),
        sort_by: 'best_match',
        page_size: SECTION_SIZE * 2,
        ...(language ? { language: [language] } : {}),
      },
      signal,
    );
    ads = page.items.filter((ad) => !ad.unified_brand_id || !excluded.has(ad.unified_brand_id)).slice(0, SECTION_SIZE);
    used = words;
    if (ads.length > 0) break;
  }
  return { ads, used };
}

/**
 * A page the panel has read (lib/page-reading.ts): the site it is on and, on a product page, the
 * product's maker, each matched with the catalogue; their newest ads; the site's ads that lead to
 * this page; and similar ads of other brands. At most 3 + 2 catalogue searches, 2 brand pages,
 * 3 pages of the site's ads and 8 similar searches (18 requests), one after another.
 */
async function findForPage(api: Api, query: PageQuery, signal?: AbortSignal): Promise<SimilarResult> {
  const { page } = query;
  const siteHit = await matchBrand(api, page.siteNames, page.site, SITE_TRIES, signal);
  let makerHit = page.makerNames.length > 0 ? await matchBrand(api, page.makerNames, null, MAKER_TRIES, signal) : null;
  if (makerHit && siteHit && makerHit.id === siteHit.id) makerHit = null;
  const keywords = query.keywords ?? page.keywords;
  const site = await withAds(api, siteHit, signal);
  const maker = await withAds(api, makerHit, signal);
  const excluded = new Set([site?.id, maker?.id].filter((id): id is string => Boolean(id)));
  const similar = await similarAds(api, keywords, page.language, excluded, signal);
  const landing = site && page.url ? await landingAds(api, site.id, page.url, page.site, signal) : null;
  const unmatched = [
    ...(siteHit ? [] : page.siteNames.slice(0, 1)),
    ...(makerHit ? [] : page.makerNames.slice(0, 1)),
  ].map((candidate) => ({ name: candidate.name, signal: candidate.signal }));
  return {
    title: page.title,
    url: page.url || null,
    site,
    maker,
    lead: site ? 'site' : 'maker',
    unmatched,
    keywords,
    usedKeywords: similar.used,
    language: page.language,
    languageSource: page.languageSource,
    similarAds: similar.ads,
    landing,
  };
}

/** An ad of the library: its brand's newest ads and similar ads from others, from its own words. */
async function findForAd(api: Api, request: AdQuery, signal?: AbortSignal): Promise<SimilarResult> {
  const hit =
    request.brandId && request.brandName
      ? { id: request.brandId, name: request.brandName, reason: 'ad' as const, signal: 'ad' }
      : null;
  const language = request.language && /^[a-z]{2}$/.test(request.language) ? request.language : '';
  const keywords = request.keywords ?? [];
  const site = await withAds(api, hit, signal);
  const similar = await similarAds(api, keywords, language, new Set(site ? [site.id] : []), signal);
  return {
    title: request.title,
    url: null,
    site,
    maker: null,
    lead: 'site',
    unmatched: [],
    keywords,
    usedKeywords: similar.used,
    language,
    languageSource: language ? 'ad' : 'none',
    similarAds: similar.ads,
    landing: null,
  };
}

/** Resolves "find similar" for a page the panel has read, or an ad (whose keywords the panel sends). */
export function findSimilar(api: Api, query: SimilarQuery, signal?: AbortSignal): Promise<SimilarResult> {
  return query.kind === 'page' ? findForPage(api, query, signal) : findForAd(api, query, signal);
}
