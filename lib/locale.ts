import { PSEUDO_LANGUAGE } from './i18n/languages';

/** The language the user chose to read Adscope in (lib/i18n/runtime.ts sets it); unset, the browser's. */
let shownLanguage: string | undefined;

const localeListeners = new Set<() => void>();

/**
 * Dates and numbers follow the shown language from now on. When that changes the locale, its
 * listeners hear it, whether the words changed or not (French chosen whose catalogue could not
 * load keeps English words, and French numbers).
 */
export function followLanguage(language: string | undefined): void {
  if (language === shownLanguage) return;
  const before = userLocale();
  shownLanguage = language;
  if (userLocale() === before) return;
  for (const listener of localeListeners) listener();
}

/** Calls `listener` whenever the locale of dates and numbers changes (followLanguage); returns its stop. */
export function onLocaleChange(listener: () => void): () => void {
  localeListeners.add(listener);
  return () => localeListeners.delete(listener);
}

/**
 * The language the user reads numbers and dates in: the one Adscope is shown in, kept in the
 * browser's region when they agree (German chosen in a de-AT browser keeps Austria's formats);
 * the browser's own (`navigator.language`, in extension pages and the worker alike) until a
 * language is shown. Every format of the extension takes it from here, so none names a locale of its own.
 */
export function userLocale(languages: { language?: string } | undefined = globalThis.navigator): string {
  // Every message and format asks, a thousand times a second while a list scrolls: the last answer is kept.
  const asked = languages?.language;
  if (last && last.browser === asked && last.shown === shownLanguage) return last.locale;
  const locale = localeOf(asked);
  last = { browser: asked, shown: shownLanguage, locale };
  return locale;
}

let last: { browser: string | undefined; shown: string | undefined; locale: string } | undefined;

function localeOf(browserLanguage: string | undefined): string {
  const browserLocale = canonical(browserLanguage);
  if (!shownLanguage || shownLanguage === PSEUDO_LANGUAGE) return browserLocale ?? FALLBACK_LOCALE;
  if (browserLocale && !shownLanguage.includes('-') && baseOf(browserLocale) === shownLanguage) return browserLocale;
  return canonical(shownLanguage) ?? FALLBACK_LOCALE;
}

function baseOf(tag: string): string {
  return tag.split('-')[0]?.toLowerCase() ?? tag;
}

/** Tags read once each: every message and format asks for the locale, and Intl's answer never changes. */
const canonicalTags = new Map<string, string | undefined>();

function canonical(tag: string | undefined): string | undefined {
  if (!tag) return undefined;
  if (canonicalTags.has(tag)) return canonicalTags.get(tag);
  let read: string | undefined;
  try {
    read = Intl.getCanonicalLocales(tag)[0];
  } catch {
    // A tag the browser's Intl cannot read (it never should): the neutral default, not an error.
    read = undefined;
  }
  canonicalTags.set(tag, read);
  return read;
}

/** Used only when the browser names no language at all. */
export const FALLBACK_LOCALE = 'en-US';
