import { subDays } from 'date-fns';
import { UTCDate } from '@date-fns/utc';
import { formatUtcDay } from '@/lib/contract/window';
import { type AdPlatform, OPTIONAL_SEARCH_PARAMS, type OptionalSearchParam } from '@/lib/contract/ad-library';
import type { ServiceFacts } from '@/lib/storage/service-facts';
import type { SearchFilters } from './search-store';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/search';

/** The "Launched in" choices: the last so many days. */
export const RECENT_CHOICES = [{ days: 7 }, { days: 30 }, { days: 90 }];

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
    (filters.brand ? 1 : 0) +
    (filters.platform ? 1 : 0) +
    (filters.activeOnly ? 1 : 0)
  );
}

/** The platforms as the filter names them. */
export const PLATFORM_LABELS: Record<AdPlatform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
};

/** The filters hidden for a service, and why in one sentence (null when none is). */
export interface HiddenFilters {
  hidden: ReadonlySet<OptionalSearchParam>;
  reason: string | null;
}

/**
 * The search filters to hide for the connected service: those whose parameter it refused
 * (service facts, kept per base URL), with its own words for why. Nothing is hidden before a
 * refusal, nor for a parameter that has no filter of these.
 */
export function hiddenFilters(facts: ServiceFacts | undefined): HiddenFilters {
  const refused = new Set(facts?.refusedParams ?? []);
  const hidden = new Set(OPTIONAL_SEARCH_PARAMS.filter((param) => refused.has(param)));
  if (hidden.size === 0) return { hidden, reason: null };
  // Which filters, as the message's select names them: one of the two, or both.
  const filters = hidden.size > 1 ? 'both' : ([...hidden][0] ?? 'both');
  const words = facts?.refusedParamsMessage?.trim();
  return {
    hidden,
    reason: words
      ? t('search.hiddenFilters.reasonWithWords', { filters, words })
      : t('search.hiddenFilters.reason', { filters }),
  };
}

/** The filters as they apply to the service: a hidden one is off, whatever was saved. */
export function applicableFilters(filters: SearchFilters, hidden: ReadonlySet<OptionalSearchParam>): SearchFilters {
  if (hidden.size === 0) return filters;
  return {
    ...filters,
    platform: hidden.has('platform') ? '' : filters.platform,
    activeOnly: hidden.has('status') ? false : filters.activeOnly,
  };
}
