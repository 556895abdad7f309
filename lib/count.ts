import { userLocale } from './locale';

const counters = new Map<string, Intl.NumberFormat>();

/** Digits of a count grouped as the user's locale groups them. */
export function formatCount(count: number, locale = userLocale()): string {
  let counter = counters.get(locale);
  if (!counter) {
    counter = new Intl.NumberFormat(locale);
    counters.set(locale, counter);
  }
  return counter.format(count);
}

/** "1 ad", "3 ads", "1,200 ads" (in the user's digits): a count with its noun, singular when it is one. */
export function countOf(count: number, singular: string, plural = `${singular}s`, locale = userLocale()): string {
  return `${formatCount(count, locale)} ${count === 1 ? singular : plural}`;
}
