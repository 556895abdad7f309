import type { LibraryAd } from '@/lib/contract/ad-library';
import { dayOf } from '@/lib/contract/ad-dates';
import { daysRunning } from '../ui/format';

/** The format an ad without one counts under. */
export const FORMAT_NOT_GIVEN = 'not given';

export interface LandingSummary {
  count: number;
  /** Formats as the service names them, most used first. */
  formats: [string, number][];
  /** The earliest launch day among them, or null when none gives one. */
  earliest: string | null;
  /** The longest run among those whose end is known (or that still run), in days. */
  longestDays: number | null;
}

/** What the ads that lead to a page have in common: how many, their formats, the first launch, the longest run. */
export function landingSummary(ads: readonly LibraryAd[], now: number): LandingSummary {
  const formats = new Map<string, number>();
  let earliest: string | null = null;
  let longestDays: number | null = null;
  for (const ad of ads) {
    const format = ad.display_format ?? FORMAT_NOT_GIVEN;
    formats.set(format, (formats.get(format) ?? 0) + 1);
    const day = dayOf(ad.start_date);
    if (day && (earliest === null || day < earliest)) earliest = day;
    const days = ad.end_date || ad.is_active ? daysRunning(ad.start_date, ad.end_date, now) : null;
    if (days !== null && (longestDays === null || days > longestDays)) longestDays = days;
  }
  return {
    count: ads.length,
    formats: [...formats].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    earliest,
    longestDays,
  };
}
