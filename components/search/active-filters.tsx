import type { OptionalSearchParam } from '@/lib/contract/ad-library';
import { formatDay, formatLabel, languageName } from '../ui/format';
import { PLATFORM_LABELS } from './filters';
import { useSearchStore } from './search-store';

/** The filters in force, each removable with one click or key; none of a filter the service refused (`hidden`). */
export function ActiveFilters({ hidden }: { hidden: ReadonlySet<OptionalSearchParam> }) {
  const filters = useSearchStore();
  const set = useSearchStore((state) => state.set);
  const chips: { key: string; label: string; remove: () => void }[] = [];
  for (const code of filters.languages) {
    chips.push({
      key: `lang-${code}`,
      label: `Language: ${languageName(code)}`,
      remove: () => set({ languages: filters.languages.filter((c) => c !== code) }),
    });
  }
  if (filters.startDate || filters.endDate) {
    chips.push({
      key: 'range',
      label: `Launched ${filters.startDate ? `from ${formatDay(filters.startDate)}` : ''}${filters.startDate && filters.endDate ? ' ' : ''}${filters.endDate ? `to ${formatDay(filters.endDate)}` : ''}`,
      remove: () => set({ startDate: '', endDate: '' }),
    });
  }
  if (filters.launchedAfter) {
    chips.push({
      key: 'after',
      label: `Launched since ${formatDay(filters.launchedAfter)}`,
      remove: () => set({ launchedAfter: '' }),
    });
  }
  if (filters.format)
    chips.push({ key: 'format', label: `Format: ${formatLabel(filters.format)}`, remove: () => set({ format: '' }) });
  if (filters.brand)
    chips.push({ key: 'brand', label: `Brand: ${filters.brand.name}`, remove: () => set({ brand: null }) });
  if (filters.platform && !hidden.has('platform'))
    chips.push({
      key: 'platform',
      label: `Platform: ${PLATFORM_LABELS[filters.platform]}`,
      remove: () => set({ platform: '' }),
    });
  if (filters.activeOnly && !hidden.has('status'))
    chips.push({ key: 'active', label: 'Active ads only', remove: () => set({ activeOnly: false }) });
  if (chips.length === 0) return null;
  return (
    <ul className="chips list-plain" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.key} className="chip">
          <span>{chip.label}</span>
          <button
            type="button"
            className="chip-remove"
            aria-label={`Remove filter ${chip.label}`}
            onClick={chip.remove}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
