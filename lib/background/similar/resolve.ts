import type { Api } from '../api';
import type { LibraryAd, LibraryPage } from '../../contract/ad-library';
import type { SimilarRequest, SimilarResult } from '../../messaging/similar';
import { brandCandidates, pageLanguage, pickBrand, similarKeywords } from './query';
import type { PageSignals } from '../../messaging/page-trigger';

const SECTION_SIZE = 12;

function emptySignals(): PageSignals {
  return {
    url: '',
    hostname: '',
    title: '',
    ogTitle: '',
    ogSiteName: '',
    applicationName: '',
    description: '',
    h1: '',
    lang: '',
    selection: '',
    jsonLdBrands: [],
  };
}

/**
 * Resolves "find similar": the brand (from page signals through the brand library, or the
 * ad's own), that brand's newest ads, and ads from other brands that match the keywords in the
 * page language. A library search needs every word, so fewer keywords are tried until something
 * matches; the result says which were used.
 */
export async function findSimilar(api: Api, request: SimilarRequest, signal?: AbortSignal): Promise<SimilarResult> {
  let brand: SimilarResult['brand'] = null;
  let candidates: string[] = [];
  let keywords: string[];
  let language: string;
  let title: string;
  let url: string | null = null;

  if (request.kind === 'page') {
    const signals = request.signals;
    title = signals.ogTitle || signals.title || signals.hostname;
    url = signals.url || null;
    const ranked = brandCandidates(signals);
    candidates = ranked.map((candidate) => candidate.name);
    for (const candidate of ranked.slice(0, 3)) {
      const matches = await api.brands.search({ query: candidate.name, page_size: 10 }, signal);
      const picked = pickBrand(ranked, matches.items, signals.hostname);
      if (picked) {
        brand = { id: picked.brand.id, name: picked.brand.name ?? candidate.name, reason: picked.reason };
        break;
      }
    }
    keywords = request.keywords ?? similarKeywords(signals, brand?.name ?? ranked[0]?.name ?? '');
    language = pageLanguage(signals);
  } else {
    title = request.title || 'this ad';
    if (request.brandId && request.brandName) {
      brand = { id: request.brandId, name: request.brandName, reason: 'the ad you picked is from this brand' };
      candidates = [request.brandName];
    }
    keywords =
      request.keywords ??
      similarKeywords({ ...emptySignals(), selection: `${request.title} ${request.text}` }, request.brandName ?? '');
    language = request.language && /^[a-z]{2}$/.test(request.language) ? request.language : '';
  }

  const brandAds = brand
    ? (await api.library.search({ unified_brand_id: brand.id, order: 'newest', page_size: SECTION_SIZE }, signal)).items
    : [];

  // All of the first three words, then fewer, then each later word alone: the first that matches wins.
  const attempts: string[][] = [];
  for (let count = Math.min(3, keywords.length); count > 0; count -= 1) attempts.push(keywords.slice(0, count));
  for (const word of keywords.slice(1)) attempts.push([word]);
  let similarAds: LibraryAd[] = [];
  let usedKeywords: string[] = [];
  for (const used of attempts) {
    const page: LibraryPage = await api.library.search(
      {
        query: used.join(' '),
        sort_by: 'best_match',
        page_size: SECTION_SIZE * 2,
        ...(language ? { language: [language] } : {}),
      },
      signal,
    );
    similarAds = page.items.filter((ad) => !brand || ad.unified_brand_id !== brand.id).slice(0, SECTION_SIZE);
    usedKeywords = used;
    if (similarAds.length > 0) break;
  }
  return { title, url, brand, candidates, keywords, usedKeywords, language, brandAds, similarAds };
}
