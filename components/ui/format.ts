import { utc } from '@date-fns/utc';
import { differenceInCalendarDays, isValid, parseISO } from 'date-fns';

// The browser's own Intl formats dates; date-fns's `format` would add its token engine to every bundle.
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * Reads an API date in UTC: a bare day (2026-03-01) is that UTC day, a time without an offset
 * is UTC, a time with one is that instant. date-fns would otherwise read the first two in the
 * machine's zone, a day early east of UTC.
 */
function parseApiDate(value: string): Date | null {
  const date = parseISO(value, { in: utc });
  return isValid(date) ? date : null;
}

/** "3 Oct 2026" for a YYYY-MM-DD or ISO string; null when absent or unreadable. */
export function formatDay(value: string | null | undefined): string | null {
  const date = value ? parseApiDate(value) : null;
  return date ? dayFormat.format(date).replace('Sept', 'Sep') : null;
}

/** "3 Oct 2026, 14:05" in the user's time zone. */
export function formatDateTime(value: string | null | undefined): string | null {
  const date = value ? parseApiDate(value) : null;
  return date ? dateTimeFormat.format(date).replace('Sept', 'Sep') : null;
}

/** Days an ad ran, counting its first and last day: to its end date, or to today (UTC, at `now`) while it runs. */
export function daysRunning(
  start: string | null | undefined,
  end: string | null | undefined,
  now: number,
): number | null {
  const from = start ? parseApiDate(start) : null;
  const to = end ? parseApiDate(end) : new Date(now);
  if (!from || !to) return null;
  return Math.max(1, differenceInCalendarDays(to, from, { in: utc }) + 1);
}

/** SHOP_NOW → "Shop now". */
export function ctaLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  const words = value.toLowerCase().replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : null;
}

const FORMAT_LABELS: Record<string, string> = { image: 'Image', video: 'Video', carousel: 'Carousel', dco: 'Dynamic' };
export function formatLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  return FORMAT_LABELS[value] ?? ctaLabel(value);
}

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  it: 'Italian',
  nl: 'Dutch',
  pt: 'Portuguese',
  sv: 'Swedish',
  ja: 'Japanese',
};
export const LANGUAGE_CHOICES = Object.keys(LANGUAGE_NAMES);
export function languageName(code: string | null | undefined): string | null {
  if (!code) return null;
  return LANGUAGE_NAMES[code] ?? code.toUpperCase();
}

export const numberFormat = new Intl.NumberFormat('en');

/** "Acme's", "Zephyr Outfitters'": the possessive of a name, without a doubled s. */
export function possessive(name: string): string {
  return /s$/i.test(name.trim()) ? `${name.trim()}'` : `${name.trim()}'s`;
}

export { countOf } from '@/lib/count';
