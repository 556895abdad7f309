declare const apiPathBrand: unique symbol;

/** A path under /open/v1 built only from typed segments, never from a URL a caller supplied. */
export type ApiPath = string & { readonly [apiPathBrand]: true };

export const API_PREFIX = '/open/v1';

/**
 * Joins path segments under the API prefix, percent-encoding each one, so an id such as
 * `../x` or `a/b?c` stays a single segment.
 */
export function apiPath(...segments: readonly string[]): ApiPath {
  for (const segment of segments) {
    if (segment.length === 0) throw new TypeError('An API path segment cannot be empty.');
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

/** Normalises a user-entered base URL to `scheme://host[:port]` plus an optional path, without a trailing slash. */
export function normalizeBaseUrl(input: string): string {
  const url = new URL(input.trim());
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError('The base URL must start with https:// (or http:// for a local server).');
  }
  if (url.username || url.password) throw new TypeError('The base URL cannot contain a user name or password.');
  if (url.search || url.hash) throw new TypeError('The base URL cannot contain a query or a fragment.');
  const path = url.pathname.replace(/\/+$/, '').replace(/\/open\/v1$/, '');
  return `${url.origin}${path}`;
}

/** Why a typed base URL cannot be used, in words for the field, or null when it can. */
export function baseUrlProblem(input: string): string | null {
  if (input.trim() === '') return 'Enter the API base URL, e.g. https://api.example.com.';
  if (!URL.canParse(input.trim())) return 'Enter a full URL that starts with https:// (or http:// for a local server).';
  try {
    normalizeBaseUrl(input);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : 'This base URL cannot be used.';
  }
}

/** The match pattern that host permission must cover for a base URL. */
export function originPattern(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.hostname}/*`;
}
