/**
 * The language the user reads numbers and dates in: the browser's own (its UI language, which
 * `navigator.language` reports in extension pages and the worker alike). Every format of the
 * extension takes it from here, so none names a locale of its own.
 */
export function userLocale(languages: { language?: string } | undefined = globalThis.navigator): string {
  const tag = languages?.language;
  if (!tag) return FALLBACK_LOCALE;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? FALLBACK_LOCALE;
  } catch {
    // A tag the browser's Intl cannot read (it never should): the neutral default, not an error.
    return FALLBACK_LOCALE;
  }
}

/** Used only when the browser names no language at all. */
export const FALLBACK_LOCALE = 'en-US';
