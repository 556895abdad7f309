import { DISPLAY_FORMATS } from '../demo-data/catalogue';
import { invalid, notFound } from '../envelope';
import { AD_PLATFORMS, AD_STATUSES, type LibraryOrder, type LibraryQuery } from '../library-index';
import { libraryQuerySchema } from '../../lib/contract/ad-library';
import {
  decodeCursor,
  encodeCursor,
  enumParam,
  fingerprint,
  intParam,
  optionalString,
  parseWith,
  uuidValue,
} from '../params';
import type { Route, RouteContext } from '../router';
import { libraryAd, savedDetailsOf } from '../serialize';

/** Repeated parameters become arrays, numbers become numbers (or stay text, to be refused as such). */
function queryObject(query: URLSearchParams): Record<string, unknown> {
  const single = (name: string) => {
    const values = query.getAll(name);
    if (values.length > 1) throw invalid(`${name} may be given once.`, { field: name });
    return values[0] === '' ? undefined : values[0];
  };
  const size = single('page_size');
  return {
    ...Object.fromEntries(
      [
        'query',
        'start_date',
        'end_date',
        'launched_after',
        'sort_by',
        'order',
        'display_format',
        'unified_brand_id',
        'cursor',
      ].map((name) => [name, single(name)]),
    ),
    language: query.getAll('language'),
    page_size: size !== undefined && /^-?\d+$/.test(size) ? Number(size) : size,
  };
}

/** Reads and checks every parameter of spec 4.10 by the contract's rules; each bad value is 40001 naming the parameter. */
export function parseLibraryQuery(query: URLSearchParams, brandId?: string): LibraryQuery {
  const params = parseWith(libraryQuerySchema, queryObject(query));
  if (params.launched_after && params.end_date && params.launched_after > params.end_date)
    throw invalid('launched_after must be on or before end_date.', { field: 'launched_after' });
  const displayFormat = params.display_format;
  if (displayFormat !== undefined && !(DISPLAY_FORMATS as readonly string[]).includes(displayFormat))
    throw invalid(`display_format must be one of: ${DISPLAY_FORMATS.join(', ')}.`, { field: 'display_format' });
  const rawBrand = brandId ?? params.unified_brand_id;
  const hasTerms = (params.query ?? '').trim() !== '';
  // order=newest wins when both are given; without either, a text query ranks by relevance.
  const order: LibraryOrder =
    params.order === 'newest' ? 'newest' : (params.sort_by ?? (hasTerms ? 'best_match' : 'newest'));
  return {
    query: params.query,
    languages: [...new Set(params.language ?? [])].sort(),
    startDate: params.start_date,
    endDate: params.end_date,
    launchedAfter: params.launched_after,
    displayFormat: displayFormat as LibraryQuery['displayFormat'],
    brandId: rawBrand === undefined ? undefined : uuidValue('unified_brand_id', rawBrand),
    // Not in the contract's list (4.10: "The full parameter set: not shown"); the real service reads them.
    platform: enumParam(query, 'platform', AD_PLATFORMS),
    status: enumParam(query, 'status', AD_STATUSES),
    order,
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
      return ad ? [libraryAd(ad, context, saved.get(ad.id))] : [];
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
          return ad ? [libraryAd(ad, context, details)] : [];
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
      return libraryAd(ad, context, savedDetailsOf(context.workspace).get(ad.id));
    },
  },
];
