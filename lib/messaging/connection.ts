import { z } from 'zod/mini';

/**
 * The rules of what a user may enter as the connection, checked by the options form as they
 * type and again by the background before anything is stored.
 */
export const apiKeySchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(8, 'The API key looks too short: paste the whole key.'),
    z.maxLength(512, 'The API key is too long.'),
    z.regex(/^[\x21-\x7e]+$/, 'The API key cannot contain spaces or non-ASCII characters.'),
  );

/** This machine: localhost, 127.0.0.0/8 and [::1]. Only these may be reached over plain http. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Normalises a user-entered base URL to `scheme://host[:port]` plus an optional path, without a trailing slash. */
export function normalizeBaseUrl(input: string): string {
  const url = new URL(input.trim());
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError('The base URL must start with https:// (or http:// for a server on this computer).');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new TypeError(
      `Use https:// for ${url.hostname}: your key would travel unencrypted. Plain http:// is allowed only for this computer (localhost, 127.0.0.1, [::1]).`,
    );
  }
  if (url.username || url.password) throw new TypeError('The base URL cannot contain a user name or password.');
  if (url.search || url.hash) throw new TypeError('The base URL cannot contain a query or a fragment.');
  const path = url.pathname.replace(/\/+$/, '').replace(/\/open\/v1$/, '');
  return `${url.origin}${path}`;
}

/** Why a typed base URL cannot be used, in words for the field, or null when it can. */
export function baseUrlProblem(input: string): string | null {
  if (input.trim() === '') return 'Enter the API base URL, e.g. https://api.example.com.';
  if (!URL.canParse(input.trim()))
    return 'Enter a full URL that starts with https:// (or http:// for a server on this computer).';
  try {
    normalizeBaseUrl(input);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : 'This base URL cannot be used.';
  }
}

/** `scheme://host[:port]` of a base URL: what a key is bound to. */
export function originOf(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

/** The match pattern that host permission must cover for a base URL. */
export function originPattern(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.hostname}/*`;
}
