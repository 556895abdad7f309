import { checkWords } from './words';

declare const apiPathBrand: unique symbol;

/** A path under /open/v1 built only from typed segments, never from a URL a caller supplied. */
export type ApiPath = string & { readonly [apiPathBrand]: true };

export const API_PREFIX = '/open/v1';

/** A path segment that would leave its place: empty, `.` or `..` (which URLs resolve, even encoded as is). */
export class UnsafePathSegment extends Error {
  override readonly name = 'UnsafePathSegment';
}

/**
 * Joins path segments under the API prefix, percent-encoding each one, so an id such as
 * `../x` or `a/b?c` stays a single segment, and refusing `.` and `..`, which would climb out
 * of it (an id from the server's own data included).
 */
export function apiPath(...segments: readonly string[]): ApiPath {
  for (const segment of segments) {
    if (segment.length === 0) throw new UnsafePathSegment(checkWords('checks.path.empty'));
    if (segment === '.' || segment === '..') {
      throw new UnsafePathSegment(checkWords('checks.path.leaves', { segment, prefix: API_PREFIX }));
    }
  }
  return `${API_PREFIX}/${segments.map((s) => encodeURIComponent(s)).join('/')}` as ApiPath;
}

export type QueryValue = string | number | boolean | readonly string[] | null | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

/** Serialises a query: skips null/undefined, repeats arrays, sorts keys so equal queries give equal strings. */
export function toSearchParams(query: Query | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (!query) return params;
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, item);
    } else {
      params.append(key, String(value));
    }
  }
  return params;
}
