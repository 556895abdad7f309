import { subDays } from 'date-fns';
import { UTCDate } from '@date-fns/utc';
import { formatUtcDay } from '@/lib/contract/window';
import type { SearchFilters } from './search-store';

/** The "Launched in" choices. */
export const RECENT_CHOICES = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
];

/** The first UTC day of the last `days` days, today (at `now`) included. */
export function launchedAfterFor(days: number, now: number): string {
  return formatUtcDay(subDays(new UTCDate(now), days - 1));
}

/** How many filters are set (the query not counted). */
export function countActiveFilters(filters: SearchFilters): number {
  return (
    (filters.languages.length > 0 ? 1 : 0) +
    (filters.startDate || filters.endDate ? 1 : 0) +
    (filters.launchedAfter ? 1 : 0) +
    (filters.format ? 1 : 0) +
    (filters.brand ? 1 : 0)
  );
}
