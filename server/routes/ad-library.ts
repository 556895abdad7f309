import { DISPLAY_FORMATS } from '../demo-data/catalogue';
import { invalid, notFound } from '../envelope';
import type { LibraryOrder, LibraryQuery } from '../library-index';
import {
  dayParam,
  decodeCursor,
  encodeCursor,
  enumParam,
  fingerprint,
  intParam,
  optionalString,
  uuidValue,
} from '../params';
import type { Route, RouteContext } from '../router';
import { libraryAd, savedDetailsOf } from '../serialize';

const LANGUAGE = /^[a-z]{2}$/;

/** Reads and checks every parameter of spec 4.10; each bad value is 40001 naming the parameter. */
export function parseLibraryQuery(query: URLSearchParams, brandId?: string): LibraryQuery {
  const text = optionalString(query, 'query', 200);
  const languages = query.getAll('language');
  for (const language of languages) {
    if (!LANGUAGE.test(language))
      throw invalid(`language must be an ISO 639-1 code such as en (got "${language.slice(0, 20)}").`);
  }
  const startDate = dayParam(query, 'start_date');
  const endDate = dayParam(query, 'end_date');
  const launchedAfter = dayParam(query, 'launched_after');
  if (startDate && endDate && startDate > endDate) throw invalid('start_date must be on or before end_date.');
  if (launchedAfter && endDate && launchedAfter > endDate)
    throw invalid('launched_after must be on or before end_date.');
  const sortBy = enumParam(query, 'sort_by', ['most_active', 'best_match'] as const);
  const order = enumParam(query, 'order', ['newest'] as const);
  const displayFormat = enumParam(query, 'display_format', DISPLAY_FORMATS);
  const rawBrand = brandId ?? optionalString(query, 'unified_brand_id', 64);
  const hasTerms = (text ?? '').trim() !== '';
  // order=newest wins when both are given; without either, a text query ranks by relevance.
  const resolved: LibraryOrder = order === 'newest' ? 'newest' : (sortBy ?? (hasTerms ? 'best_match' : 'newest'));
  return {
    query: text,
    languages: [...new Set(languages)].sort(),
    startDate,
    endDate,
    launchedAfter,
    displayFormat,
    brandId: rawBrand === undefined || rawBrand === '' ? undefined : uuidValue('unified_brand_id', rawBrand),
    order: resolved,
  };
}

/** One cursor page over a list of matches. */
export function cursorPage<T>(context: RouteContext, all: ArrayLike<T>, key: string, fallbackSize: number, max = 100) {
  const pageSize = intParam(context.query, 'page_size', { min: 1, max, fallback: fallbackSize });
  const print = fingerprint(key);
  const offset = decodeCursor(optionalString(context.query, 'cursor', 500), print);
  const end = Math.min(all.length, offset + pageSize);
  const slice: T[] = [];
  for (let i = offset; i < end; i += 1) slice.push(all[i] as T);
  return { slice, cursor: end < all.length ? encodeCursor(end, print) : '' };
}

export function searchLibrary(context: RouteContext, brandId?: string) {
  const query = parseLibraryQuery(context.query, brandId);
  const matches = context.state.library.search(query);
  const { slice, cursor } = cursorPage(context, matches, JSON.stringify(query), 50);
  const saved = savedDetailsOf(context.workspace);
  const ads = context.state.data.catalogue.ads;
  return {
    items: slice.flatMap((index) => {
      const ad = ads[index];
      return ad ? [libraryAd(ad, context.mediaUrl, saved.get(ad.id))] : [];
    }),
    cursor,
  };
}

export const adLibraryRoutes: Route[] = [
  { method: 'GET', pattern: '/ad-library/search', handler: (context) => searchLibrary(context) },
  {
    method: 'GET',
    pattern: '/ad-library/saved',
    handler: (context) => {
      const saved = savedDetailsOf(context.workspace);
      const ids = [...saved.entries()].sort((a, b) =>
        a[1].saved_at === b[1].saved_at ? (a[0] < b[0] ? -1 : 1) : a[1].saved_at < b[1].saved_at ? 1 : -1,
      );
      const { slice, cursor } = cursorPage(context, ids, `saved:${context.workspace.id}`, 50);
      return {
        items: slice.flatMap(([id, details]) => {
          const ad = context.state.adById(id);
          return ad ? [libraryAd(ad, context.mediaUrl, details)] : [];
        }),
        cursor,
      };
    },
  },
  {
    method: 'GET',
    pattern: '/ad-library/:ad_id',
    handler: (context) => {
      const id = context.params.ad_id ?? '';
      const ad = context.state.adById(id);
      if (!ad) throw notFound(`No library ad ${id.slice(0, 64)}.`);
      return libraryAd(ad, context.mediaUrl, savedDetailsOf(context.workspace).get(ad.id));
    },
  },
];
