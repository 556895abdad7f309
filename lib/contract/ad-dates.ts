/**
 * An ad's launch and end dates as a service writes them. The contract says "launch date"; the
 * reference server writes a day (`2026-07-14`), a real service may write a timestamp with a zone
 * (`2026-07-14T23:30:00-05:00`) or without one (`2026-07-15T06:40:16.666024`, meaning UTC).
 * Adscope reads each as a calendar day: a day stays that day, a timestamp is the day it was in
 * the user's time zone (a naive one read as UTC first). The zone is a parameter, so a test
 * names it instead of depending on the machine's.
 */

/** The user's time zone as the browser reports it (pages and the worker share it); UTC when it names none. */
export function userTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const PLAIN_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** The UTC instant of a calendar date and time, or null when a part is out of range (no rolling over). */
function utcInstant(parts: readonly number[]): number | null {
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, ms = 0] = parts;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const at = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const check = new Date(at);
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? at : null;
}

/** Minutes east of UTC an offset such as `Z`, `-05:00`, `+0530` or `+09` names; null when out of range. */
function offsetMinutes(zone: string | undefined): number | null {
  if (!zone || zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (hours > 18 || minutes > 59) return null;
  return sign * (hours * 60 + minutes);
}

/** The instant a timestamp names (a naive one is UTC), or null when `value` is not a readable timestamp. */
export function instantOf(value: string): number | null {
  const match = TIMESTAMP.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  const ms = fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0;
  const at = utcInstant([year, month, day, hour, minute, second ?? '0'].map(Number).concat(ms));
  const offset = offsetMinutes(zone);
  return at === null || offset === null ? null : at - offset * 60_000;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Only the parts are read (by type), never the text: no locale is named, and the calendar and
 * digits are fixed so a Thai or Arabic browser still gives a Gregorian day in Latin digits.
 */
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    const parts: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
    };
    try {
      format = new Intl.DateTimeFormat(undefined, { ...parts, timeZone });
    } catch {
      // A zone this browser does not know: UTC, never an error.
      format = new Intl.DateTimeFormat(undefined, { ...parts, timeZone: 'UTC' });
    }
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in `timeZone`. */
export function dayInZone(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    dayFormat(timeZone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${String(parts.year).padStart(4, '0')}-${parts.month}-${parts.day}`;
}

/**
 * An ad date as a calendar day (YYYY-MM-DD): a day as written; a timestamp as the day it was in
 * `timeZone` (the user's unless given), a naive one read as UTC; null when absent or unreadable.
 */
export function dayOf(
  value: string | null | undefined,
  timeZone: string | (() => string) = userTimeZone,
): string | null {
  if (!value) return null;
  const text = value.trim();
  const plain = PLAIN_DAY.exec(text);
  if (plain) return utcInstant(plain.slice(1, 4).map(Number)) === null ? null : text;
  const at = instantOf(text);
  // The zone is asked only for a timestamp: asking the browser costs more than reading a day.
  return at === null ? null : dayInZone(at, typeof timeZone === 'function' ? timeZone() : timeZone);
}
