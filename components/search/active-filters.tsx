import type { OptionalSearchParam } from '@/lib/contract/ad-library';
import { t } from '@/lib/i18n';
import { formatDay, languageName } from '../ui/format';
import { formatWords } from '../ui/ad-facts';
import { PLATFORM_LABELS } from './filters';
import { useSearchStore } from './search-store';
import 'virtual:adscope-english/search';

/** The launch range in words: from a day, to a day, or both. */
function rangeLabel(startDate: string, endDate: string): string {
  const from = startDate ? (formatDay(startDate) ?? startDate) : '';
  const to = endDate ? (formatDay(endDate) ?? endDate) : '';
  if (from && to) return t('search.activeFilters.launchedBetween', { from, to });
  return from ? t('search.activeFilters.launchedFrom', { from }) : t('search.activeFilters.launchedTo', { to });
}

/** The filters in force, each removable with one click or key; none of a filter the service refused (`hidden`). */
export function ActiveFilters({ hidden }: { hidden: ReadonlySet<OptionalSearchParam> }) {
  const filters = useSearchStore();
  const set = useSearchStore((state) => state.set);
  const chips: { key: string; label: string; remove: () => void }[] = [];
  for (const code of filters.languages) {
    chips.push({
      key: `lang-${code}`,
      label: t('search.activeFilters.language', { language: languageName(code) ?? code }),
      remove: () => set({ languages: filters.languages.filter((c) => c !== code) }),
    });
  }
  if (filters.startDate || filters.endDate) {
    chips.push({
      key: 'range',
      label: rangeLabel(filters.startDate, filters.endDate),
      remove: () => set({ startDate: '', endDate: '' }),
    });
  }
  if (filters.launchedAfter) {
    chips.push({
      key: 'after',
      label: t('search.activeFilters.launchedSince', {
        day: formatDay(filters.launchedAfter) ?? filters.launchedAfter,
      }),
      remove: () => set({ launchedAfter: '' }),
    });
  }
  if (filters.format)
    chips.push({
      key: 'format',
      label: t('search.activeFilters.format', { format: formatWords(filters.format) ?? filters.format }),
      remove: () => set({ format: '' }),
    });
  if (filters.brand)
    chips.push({
      key: 'brand',
      label: t('search.activeFilters.brand', { brand: filters.brand.name }),
      remove: () => set({ brand: null }),
    });
  if (filters.platform && !hidden.has('platform'))
    chips.push({
      key: 'platform',
      label: t('search.activeFilters.platform', { platform: PLATFORM_LABELS[filters.platform] }),
      remove: () => set({ platform: '' }),
    });
  if (filters.activeOnly && !hidden.has('status'))
    chips.push({ key: 'active', label: t('search.filters.activeOnly'), remove: () => set({ activeOnly: false }) });
  if (chips.length === 0) return null;
  return (
    <ul className="chips list-plain" aria-label={t('search.activeFilters.label')}>
      {chips.map((chip) => (
        <li key={chip.key} className="chip">
          <span>{chip.label}</span>
          <button
            type="button"
            className="chip-remove"
            aria-label={t('search.activeFilters.remove', { filter: chip.label })}
            onClick={chip.remove}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
