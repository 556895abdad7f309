import { onLanguageChange, shownLanguage } from '@/lib/i18n';
import { onLocaleChange, userLocale } from '@/lib/locale';
import { dayInZone, dayOf, instantOf, userTimeZone } from '@/lib/contract/ad-dates';

/**
 * Every date and number a page shows, in the user's locale: the one place where formats are
 * made. The browser's own Intl formats dates; date-fns's `format` would add its token engine
 * to every bundle.
 */
export interface Formats {
  /**
   * "3 Oct 2026" (en-GB), "Oct 3, 2026" (en-US): a calendar day. A date (YYYY-MM-DD) is that day,
   * never shifted by the time zone; a timestamp is the day it was in the formats' time zone (a
   * naive one read as UTC first).
   */
  day(value: string | null | undefined): string | null;
  /** A day and a time of day, in the time zone the formats were made for. */
  dateTime(value: string | null | undefined): string | null;
  /** A number with its decimals (up to `maxDigits`). */
  number(value: number, maxDigits?: number): string;
  /** A number with exactly `digits` decimals (two unless asked). */
  fixed(value: number, digits?: number): string;
  /** A value already in percent (12.5 is 12.5 %), with `digits` decimals. */
  percent(value: number, digits?: number): string;
  /** An amount in a currency (ISO 4217 code); null when the browser knows no such currency. */
  currency(value: number, code: string): string | null;
  /** "1.4 MB", "820 kB". */
  fileSize(bytes: number): string;
  /** "3.5 s". */
  seconds(value: number): string;
}

/** The formats of one locale; `timeZone` for times of day and a timestamp's day (the system's when absent). */
export function formatsFor(locale: string, timeZone?: string): Formats {
  const dayFormat = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const dateTimeFormat = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  });
  let zone: string | undefined;
  /** Asked of the browser once, and only when a timestamp needs it (a plain day does not): asking makes a format. */
  const zoneOf = () => (zone ??= timeZone ?? userTimeZone());
  const numbers = new Map<string, Intl.NumberFormat>();
  /** Intl formats are costly to make and cheap to use: one per set of options. */
  const numberFormat = (options: Intl.NumberFormatOptions): Intl.NumberFormat => {
    const key = JSON.stringify(options);
    let format = numbers.get(key);
    if (!format) {
      format = new Intl.NumberFormat(locale, options);
      numbers.set(key, format);
    }
    return format;
  };
  return {
    day: (value) => {
      if (!value) return null;
      const calendar = dayOf(value, zoneOf);
      const date = parseApiDate(calendar ?? value);
      return date ? dayFormat.format(date) : null;
    },
    dateTime: (value) => {
      const date = value ? parseApiDate(value) : null;
      return date ? dateTimeFormat.format(date) : null;
    },
    number: (value, maxDigits = 4) => numberFormat({ maximumFractionDigits: maxDigits }).format(value),
    fixed: (value, digits = 2) =>
      numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value),
    percent: (value, digits = 2) =>
      numberFormat({ style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
        value / 100,
      ),
    currency: (value, code) => {
      try {
        return numberFormat({ style: 'currency', currency: code, maximumFractionDigits: 2 }).format(value);
      } catch {
        return null;
      }
    },
    fileSize: (bytes) =>
      bytes >= 1_048_576
        ? numberFormat({ style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1_048_576)
        : numberFormat({ style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
            Math.max(1, Math.round(bytes / 1024)),
          ),
    seconds: (value) =>
      numberFormat({ style: 'unit', unit: 'second', unitDisplay: 'narrow', maximumFractionDigits: 1 }).format(value),
  };
}

/**
 * Reads an API date in UTC: a bare day (2026-03-01) is that UTC day, a time without an offset
 * is UTC, a time with one is that instant (never the machine's zone, which would put a day a day
 * early east of UTC). Read by hand, not by date-fns: a list of cards reads thousands of dates.
 */
function parseApiDate(value: string): Date | null {
  const text = value.trim();
  // A day is checked as written (no 30 February) and read as its UTC midnight.
  const at = PLAIN_DAY.test(text)
    ? dayOf(text, 'UTC') === null
      ? null
      : Date.parse(`${text}T00:00:00Z`)
    : instantOf(text);
  return at === null ? null : new Date(at);
}

const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** The formats of the user's language (lib/locale.ts), for every page; made again when another language is shown. */
export let formats: Formats = formatsFor(userLocale());

/** A calendar day for a YYYY-MM-DD or ISO string; null when absent or unreadable. */
export let formatDay = formats.day;

/** A day and time of day in the user's time zone. */
export let formatDateTime = formats.dateTime;

// Live bindings: every importer reads the new formats once the chosen language is shown, or its
// locale followed without new words (a catalogue that could not load).
const followLocale = () => {
  formats = formatsFor(userLocale());
  formatDay = formats.day;
  formatDateTime = formats.dateTime;
};
onLanguageChange(followLocale);
onLocaleChange(followLocale);

/**
 * Days an ad ran, counting its first and last day: to its end date, or to today (the day `now`
 * falls on) while it runs. A timestamp for either end, and today, count as their day in `timeZone`
 * (the user's unless given): an ad started this morning runs 1 day until midnight there.
 */
export function daysRunning(
  start: string | null | undefined,
  end: string | null | undefined,
  now: number,
  timeZone: string | (() => string) = userTimeZone,
): number | null {
  const from = start ? parseApiDate(dayOf(start, timeZone) ?? start) : null;
  const to = end
    ? parseApiDate(dayOf(end, timeZone) ?? end)
    : parseApiDate(dayInZone(now, typeof timeZone === 'function' ? timeZone() : timeZone));
  if (!from || !to) return null;
  // Calendar days in UTC between the two: each instant's UTC day, counted from the epoch.
  return Math.max(1, Math.floor(to.getTime() / DAY_MS) - Math.floor(from.getTime() / DAY_MS) + 1);
}

/**
 * SHOP_NOW → "Shop now": a code the service gave, in words of its own. Only for a code the
 * catalogue does not name (components/ui/ad-facts.ts says the known ones in the language shown):
 * it is the service's word, shown as it came.
 */
export function codeWords(value: string | null | undefined): string | null {
  if (!value) return null;
  const words = value.toLowerCase().replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : null;
}

/** The languages the search's Language filter offers (ISO 639-1), each named by languageName. */
export const LANGUAGE_CHOICES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'sv', 'ja'];

const languageNames = new Map<string, Intl.DisplayNames | null>();

/**
 * A language's name in the language shown ("German" in English, "Deutsch" in German, "ドイツ語"
 * in Japanese): the browser's own names (Intl.DisplayNames), so no catalogue carries them, with a
 * capital as a name standing alone takes it. A code the browser cannot name stays a code, in capitals.
 */
export function languageName(code: string | null | undefined): string | null {
  if (!code) return null;
  const language = shownLanguage();
  let names = languageNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(language, { type: 'language', fallback: 'none' });
    } catch {
      // A browser without Intl.DisplayNames: every code stays a code.
      names = null;
    }
    languageNames.set(language, names);
  }
  let name: string | undefined;
  try {
    name = names?.of(code);
  } catch {
    // Not a language tag at all ("e n"): Intl refuses it.
    name = undefined;
  }
  return name ? `${name.charAt(0).toLocaleUpperCase(language)}${name.slice(1)}` : code.toUpperCase();
}

/** "Acme's", "Zephyr Outfitters'": the possessive of a name, without a doubled s. */
export function possessive(name: string): string {
  return /s$/i.test(name.trim()) ? `${name.trim()}'` : `${name.trim()}'s`;
}

/** A count's digits grouped as the user reads them (formatNumber), and a count with its noun (countOf). */
export { countOf, formatCount as formatNumber } from '@/lib/count';
