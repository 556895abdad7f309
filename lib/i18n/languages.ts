/**
 * The languages Adscope speaks, each with a catalogue in lib/i18n/catalogues/<tag>.json. English
 * is the source and ships inside each bundle; the others are fetched, one at a time, when chosen.
 */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'pt-BR', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The source language: its catalogue is the reference every other is checked against. */
export const SOURCE_LANGUAGE: Language = 'en';

/**
 * The pseudo-language (accented, 40 % longer, bracketed), made from English by the build, never
 * written by hand. Development, e2e and bench builds ship it; a production build does not.
 */
export const PSEUDO_LANGUAGE = 'en-XA';

/** Each language in its own words, the same in every catalogue: a reader finds theirs whatever is shown. */
export const LANGUAGE_NAMES: Record<Language | typeof PSEUDO_LANGUAGE, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  [PSEUDO_LANGUAGE]: '[Ƥšéûðö]',
};

/** What Options stores: a language, or the browser's (`auto`, the default). */
export const LANGUAGE_CHOICES = ['auto', ...LANGUAGES, PSEUDO_LANGUAGE] as const;
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];
export type ShownLanguage = Language | typeof PSEUDO_LANGUAGE;

export function isLanguageChoice(value: unknown): value is LanguageChoice {
  return typeof value === 'string' && (LANGUAGE_CHOICES as readonly string[]).includes(value);
}

/**
 * The catalogue for the browser's languages, in their order of preference: an exact tag first
 * (pt-BR), then its base (de-AT reads German, pt-PT Brazilian Portuguese); English when none fits.
 */
export function languageForBrowser(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    const exact = LANGUAGES.find((language) => language.toLowerCase() === lower);
    if (exact) return exact;
    const base = lower.split('-')[0];
    const sameBase = LANGUAGES.find((language) => language.toLowerCase().split('-')[0] === base);
    if (sameBase) return sameBase;
  }
  return SOURCE_LANGUAGE;
}

/**
 * The language to show for a choice: the browser's for `auto`; the pseudo-language only where the
 * build ships it.
 */
export function resolveLanguage(
  choice: LanguageChoice,
  preferred: readonly string[],
  pseudoShipped: boolean,
): ShownLanguage {
  if (choice === PSEUDO_LANGUAGE) return pseudoShipped ? PSEUDO_LANGUAGE : languageForBrowser(preferred);
  if (choice === 'auto') return languageForBrowser(preferred);
  return choice;
}

/** Where a language's compiled catalogue is in the built extension (the build writes it: wxt.config.ts). */
export function cataloguePath(language: string): string {
  return `catalogues/${language}.json`;
}
