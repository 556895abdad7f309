import type { CatalogueBrand, LibraryAdRecord } from './demo-data';

import { searchTerms } from '../lib/contract/ad-library';

/** Lower-case words with accents folded: the unit of full-text search (shared with the client). */
export const tokenize = searchTerms;

const FIELD_TITLE = 1;
const FIELD_BRAND = 2;
const FIELD_BODY = 4;
const FIELD_WEIGHT: Record<number, number> = { [FIELD_TITLE]: 3, [FIELD_BRAND]: 2, [FIELD_BODY]: 1 };

export type LibraryOrder = 'newest' | 'most_active' | 'best_match';

/** The platforms the `platform` filter names (the service's own list); an ad matches when it ran on it. */
export const AD_PLATFORMS = ['facebook', 'instagram', 'tiktok', 'youtube', 'linkedin'] as const;
/** `status`: active is still running (no end date), inactive has ended. */
export const AD_STATUSES = ['active', 'inactive'] as const;

export interface LibraryQuery {
  query?: string | undefined;
  languages?: readonly string[];
  startDate?: string | undefined;
  endDate?: string | undefined;
  launchedAfter?: string | undefined;
  displayFormat?: string | undefined;
  brandId?: string | undefined;
  platform?: (typeof AD_PLATFORMS)[number] | undefined;
  status?: (typeof AD_STATUSES)[number] | undefined;
  order: LibraryOrder;
}

/**
 * An inverted index over title, brand_name and body, plus precomputed orders, so a search
 * over the whole library costs a few bitmap passes instead of a scan of every ad's text.
 */
export class LibraryIndex {
  private textPostings: Map<string, { ads: Uint32Array; fields: Uint8Array }> | null = null;
  private readonly newestRank: Uint32Array;
  private readonly activeRank: Uint32Array;
  private readonly byNewest: Uint32Array;
  private readonly byBrand = new Map<string, number[]>();
  private readonly cache = new Map<string, Uint32Array>();

  constructor(
    readonly ads: readonly LibraryAdRecord[],
    readonly brands: readonly CatalogueBrand[],
    todayMs: number,
  ) {
    for (const ad of ads) {
      const list = this.byBrand.get(ad.unified_brand_id);
      if (list) list.push(ad.index);
      else this.byBrand.set(ad.unified_brand_id, [ad.index]);
    }
    const today = Math.floor(todayMs / 86_400_000);
    const dayOf = (value: string | null) => (value === null ? null : Math.floor(Date.parse(value) / 86_400_000));
    const runDays = ads.map((ad) => {
      const start = dayOf(ad.start_date);
      if (start === null) return -1;
      return (dayOf(ad.end_date) ?? today) - start + 1;
    });
    const newest = ads.map((ad) => ad.index);
    newest.sort((a, b) => {
      const da = ads[a]?.start_date ?? '';
      const db = ads[b]?.start_date ?? '';
      return da === db ? a - b : da < db ? 1 : -1;
    });
    this.byNewest = Uint32Array.from(newest);
    this.newestRank = new Uint32Array(ads.length);
    newest.forEach((adIndex, rank) => {
      this.newestRank[adIndex] = rank;
    });
    const active = ads.map((ad) => ad.index);
    active.sort(
      (a, b) => (runDays[b] ?? 0) - (runDays[a] ?? 0) || (this.newestRank[a] ?? 0) - (this.newestRank[b] ?? 0),
    );
    this.activeRank = new Uint32Array(ads.length);
    active.forEach((adIndex, rank) => {
      this.activeRank[adIndex] = rank;
    });
  }

  /**
   * The words of title, brand_name and body, built on the first search with words: a brand's
   * newest ads (what the watchlist asks for) need none, and news rebuilds the index.
   */
  private get postings(): Map<string, { ads: Uint32Array; fields: Uint8Array }> {
    if (this.textPostings) return this.textPostings;
    const build = new Map<string, { ads: number[]; fields: number[] }>();
    for (const ad of this.ads) {
      const fieldsOf = new Map<string, number>();
      const add = (text: string | null, field: number) => {
        for (const token of tokenize(text)) fieldsOf.set(token, (fieldsOf.get(token) ?? 0) | field);
      };
      add(ad.title, FIELD_TITLE);
      add(ad.brand_name, FIELD_BRAND);
      add(ad.body, FIELD_BODY);
      for (const [token, fields] of fieldsOf) {
        let entry = build.get(token);
        if (!entry) build.set(token, (entry = { ads: [], fields: [] }));
        entry.ads.push(ad.index);
        entry.fields.push(fields);
      }
    }
    const postings = new Map<string, { ads: Uint32Array; fields: Uint8Array }>();
    for (const [token, entry] of build) {
      postings.set(token, { ads: Uint32Array.from(entry.ads), fields: Uint8Array.from(entry.fields) });
    }
    this.textPostings = postings;
    return postings;
  }

  /** A brand's ad indices in generation order. */
  adsOfBrand(brandId: string): readonly number[] {
    return this.byBrand.get(brandId) ?? [];
  }

  /** Every matching ad index, in the requested order. Results are cached per query. */
  search(query: LibraryQuery): Uint32Array {
    const key = JSON.stringify(query);
    const cached = this.cache.get(key);
    if (cached) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const result = this.compute(query);
    this.cache.set(key, result);
    if (this.cache.size > 64) this.cache.delete(this.cache.keys().next().value ?? '');
    return result;
  }

  private compute(query: LibraryQuery): Uint32Array {
    const terms = [...new Set(tokenize(query.query))];
    const n = this.ads.length;
    // score[i] > 0 means ad i matches every term so far.
    let score: Float64Array | null = null;
    if (terms.length > 0) {
      score = new Float64Array(n);
      for (let t = 0; t < terms.length; t += 1) {
        const posting = this.postings.get(terms[t] ?? '');
        if (!posting) return new Uint32Array(0);
        const idf = Math.log(1 + n / posting.ads.length);
        const next = new Float64Array(n);
        for (let p = 0; p < posting.ads.length; p += 1) {
          const adIndex = posting.ads[p] ?? 0;
          if (t > 0 && (score[adIndex] ?? 0) === 0) continue;
          const fields = posting.fields[p] ?? 0;
          let weight = 0;
          for (const field of [FIELD_TITLE, FIELD_BRAND, FIELD_BODY])
            if (fields & field) weight += FIELD_WEIGHT[field] ?? 0;
          next[adIndex] = (t > 0 ? (score[adIndex] ?? 0) : 0) + weight * idf;
        }
        score = next;
      }
    }
    const languages = query.languages && query.languages.length > 0 ? new Set(query.languages) : null;
    const lower = [query.startDate, query.launchedAfter]
      .filter((d): d is string => d !== undefined)
      .sort()
      .at(-1);
    const upper = query.endDate;
    const candidates = query.brandId ? (this.byBrand.get(query.brandId) ?? []) : this.byNewest;
    const matches: number[] = [];
    for (const adIndex of candidates) {
      if (score && (score[adIndex] ?? 0) === 0) continue;
      const ad = this.ads[adIndex];
      if (!ad) continue;
      if (languages && !languages.has(ad.language)) continue;
      if (query.displayFormat && ad.display_format !== query.displayFormat) continue;
      if (query.platform && !ad.platforms.includes(query.platform)) continue;
      if (query.status && (ad.end_date === null) !== (query.status === 'active')) continue;
      if (lower !== undefined || upper !== undefined) {
        if (ad.start_date === null) continue;
        if (lower !== undefined && ad.start_date < lower) continue;
        if (upper !== undefined && ad.start_date > upper) continue;
      }
      matches.push(adIndex);
    }
    const newest = (a: number, b: number) => (this.newestRank[a] ?? 0) - (this.newestRank[b] ?? 0);
    if (query.order === 'newest') matches.sort(newest);
    else if (query.order === 'most_active')
      matches.sort((a, b) => (this.activeRank[a] ?? 0) - (this.activeRank[b] ?? 0));
    else if (score) {
      const s = score;
      matches.sort((a, b) => (s[b] ?? 0) - (s[a] ?? 0) || newest(a, b));
    } else matches.sort(newest);
    return Uint32Array.from(matches);
  }
}
