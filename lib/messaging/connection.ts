import { z } from 'zod/mini';
import { t } from '../i18n';
import 'virtual:adscope-english/connection';
import { lazily } from '../lazy';

/**
 * The rules of what a user may enter as the connection, checked by the options form as they
 * type and again by the background before anything is stored.
 */
export const apiKeySchema = lazily(() =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(8, { error: () => t('connection.keyTooShort') }),
      z.maxLength(512, { error: () => t('connection.keyTooLong') }),
      z.regex(/^[\x21-\x7e]+$/, { error: () => t('connection.keyCharacters') }),
    ),
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
    throw new TypeError(t('connection.urlScheme'));
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new TypeError(t('connection.urlPlainHttp', { host: url.hostname }));
  }
  if (url.username || url.password) throw new TypeError(t('connection.urlCredentials'));
  if (url.search || url.hash) throw new TypeError(t('connection.urlQuery'));
  const path = url.pathname.replace(/\/+$/, '').replace(/\/open\/v1$/, '');
  return `${url.origin}${path}`;
}

/** Why a typed base URL cannot be used, in words for the field, or null when it can. */
export function baseUrlProblem(input: string): string | null {
  if (input.trim() === '') return t('connection.urlMissing');
  if (!URL.canParse(input.trim())) return t('connection.urlNotFull');
  try {
    normalizeBaseUrl(input);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : t('connection.urlUnusable');
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
