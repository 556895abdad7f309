import { type ReactNode, useId } from 'react';
import { utcToday } from '@/lib/contract/window';
import { systemClock } from '@/lib/clock';
import { LANGUAGE_CHOICES, languageName } from '../ui/format';
import { formatWords } from '../ui/ad-facts';
import { useLearnedFormats } from '../ads/learned-formats';
import { BrandPicker } from './brand-picker';
import { AD_PLATFORMS, type OptionalSearchParam } from '@/lib/contract/ad-library';
import { applicableFilters, countActiveFilters, launchedAfterFor, PLATFORM_LABELS, RECENT_CHOICES } from './filters';
import { useSearchStore } from './search-store';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/ads';
import 'virtual:adscope-english/search';

/**
 * The filters of spec 4.10 and the platform and status the real service takes, inside a
 * disclosure so the results keep the room. A filter the connected service refused (`hidden`)
 * is not offered.
 */
export function FilterPanel({ hidden }: { hidden: ReadonlySet<OptionalSearchParam> }) {
  const id = useId();
  const filters = useSearchStore();
  const set = useSearchStore((state) => state.set);
  const formats = useLearnedFormats((state) => state.formats);
  const active = countActiveFilters(applicableFilters(filters, hidden));

  const languageSummary =
    filters.languages.length === 0
      ? null
      : filters.languages.length === 1
        ? (languageName(filters.languages[0] ?? '') ?? filters.languages[0] ?? '')
        : t('search.filters.languageCount', { count: filters.languages.length });
  const dateSummary =
    filters.startDate || filters.endDate
      ? t('search.filters.dateRange', { from: filters.startDate || '…', to: filters.endDate || '…' })
      : filters.launchedAfter
        ? t('search.filters.dateSince', { day: filters.launchedAfter })
        : null;

  return (
    <div
      className="filter-bar"
      role="group"
      aria-label={active > 0 ? t('search.filters.labelActive', { count: active }) : t('search.filters.label')}
    >
      <FilterChip label={t('search.filters.language')} value={languageSummary}>
        <LanguageFilter />
      </FilterChip>
      <FilterChip label={t('search.filters.launchDate')} value={dateSummary}>
        <LaunchDateFilter />
      </FilterChip>
      <FilterChip
        label={t('search.filters.format')}
        value={filters.format ? (formatWords(filters.format) ?? filters.format) : null}
      >
        <div className="field">
          <label htmlFor={`${id}-format`}>{t('search.filters.format')}</label>
          <select id={`${id}-format`} value={filters.format} onChange={(event) => set({ format: event.target.value })}>
            <option value="">{t('search.filters.anyFormat')}</option>
            {(formats.includes(filters.format) || !filters.format ? formats : [...formats, filters.format]).map(
              (format) => (
                <option key={format} value={format}>
                  {formatWords(format)}
                </option>
              ),
            )}
          </select>
          <p className="field-hint">{t('search.filters.formatHint')}</p>
        </div>
      </FilterChip>
      <FilterChip label={t('search.filters.brand')} value={filters.brand?.name ?? null}>
        <BrandPicker onPick={(brand) => set({ brand })} />
      </FilterChip>
      {hidden.has('platform') ? null : (
        <FilterChip
          label={t('search.filters.platform')}
          value={filters.platform ? PLATFORM_LABELS[filters.platform] : null}
        >
          <PlatformFilter />
        </FilterChip>
      )}
      {hidden.has('status') ? null : (
        <label className={`filter-chip filter-toggle${filters.activeOnly ? ' is-active' : ''}`}>
          <input
            type="checkbox"
            checked={filters.activeOnly}
            onChange={(event) => set({ activeOnly: event.target.checked })}
          />{' '}
          {t('search.filters.activeOnly')}
        </label>
      )}
    </div>
  );
}

/** Where the ads ran: one platform, or any. */
function PlatformFilter() {
  const id = useId();
  const platform = useSearchStore((state) => state.platform);
  const set = useSearchStore((state) => state.set);
  return (
    <div className="field">
      <label htmlFor={`${id}-platform`}>{t('search.filters.platform')}</label>
      <select
        id={`${id}-platform`}
        value={platform}
        onChange={(event) => {
          const value = event.target.value;
          set({ platform: AD_PLATFORMS.find((choice) => choice === value) ?? '' });
        }}
      >
        <option value="">{t('search.filters.anyPlatform')}</option>
        {AD_PLATFORMS.map((choice) => (
          <option key={choice} value={choice}>
            {PLATFORM_LABELS[choice]}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * One filter as a chip that says its value and opens its fields in a popover (the browser's
 * own: Escape or a click outside closes it, and one open popover closes the other).
 */
function FilterChip({ label, value, children }: { label: string; value: string | null; children: ReactNode }) {
  const id = useId();
  return (
    <>
      <button
        type="button"
        className={`filter-chip${value ? ' is-active' : ''}`}
        popoverTarget={`${id}-popover`}
        aria-haspopup="dialog"
      >
        {value ? t('search.filters.chipValue', { label, value }) : label}
        <span aria-hidden="true"> ▾</span>
      </button>
      <div id={`${id}-popover`} popover="auto" role="dialog" aria-label={label} className="filter-popover">
        {children}
        <button
          type="button"
          className="btn filter-popover-done"
          popoverTarget={`${id}-popover`}
          popoverTargetAction="hide"
        >
          {t('search.filters.done')}
        </button>
      </div>
    </>
  );
}

function LanguageFilter() {
  const filters = useSearchStore();
  const set = useSearchStore((state) => state.set);
  return (
    <fieldset className="filter-languages">
      <legend>{t('search.filters.language')}</legend>
      {LANGUAGE_CHOICES.map((code) => (
        <label key={code}>
          <input
            type="checkbox"
            checked={filters.languages.includes(code)}
            onChange={(event) =>
              set({
                languages: event.target.checked
                  ? [...filters.languages, code]
                  : filters.languages.filter((language) => language !== code),
              })
            }
          />{' '}
          {languageName(code)}
        </label>
      ))}
    </fieldset>
  );
}

/** A range of launch days, or one of the recent spans, with the caveat on launch dates. */
function LaunchDateFilter() {
  const id = useId();
  const filters = useSearchStore();
  const set = useSearchStore((state) => state.set);
  const now = systemClock();
  const today = utcToday(new Date(now));
  const rangeError = filters.startDate && filters.endDate && filters.startDate > filters.endDate;
  return (
    <fieldset>
      <legend>{t('search.filters.launchDate')}</legend>
      <div className="filter-dates">
        <div className="field">
          <label htmlFor={`${id}-from`}>{t('search.filters.from')}</label>
          <input
            id={`${id}-from`}
            type="date"
            max={filters.endDate || today}
            value={filters.startDate}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? `${id}-range-error` : undefined}
            onChange={(event) => set({ startDate: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('search.filters.to')}</label>
          <input
            id={`${id}-to`}
            type="date"
            min={filters.startDate || undefined}
            max={today}
            value={filters.endDate}
            onChange={(event) => set({ endDate: event.target.value })}
          />
        </div>
      </div>
      {rangeError ? (
        <p id={`${id}-range-error`} className="field-error">
          {t('search.filters.rangeError')}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-recent`}>{t('search.filters.launchedIn')}</label>
        <select
          id={`${id}-recent`}
          value={
            RECENT_CHOICES.find((choice) => launchedAfterFor(choice.days, now) === filters.launchedAfter)?.days ??
            (filters.launchedAfter ? 'custom' : '')
          }
          onChange={(event) =>
            set({ launchedAfter: event.target.value ? launchedAfterFor(Number(event.target.value), now) : '' })
          }
        >
          <option value="">{t('search.filters.anyTime')}</option>
          {RECENT_CHOICES.map((choice) => (
            <option key={choice.days} value={choice.days}>
              {t('search.filters.lastDays', { count: choice.days })}
            </option>
          ))}
          {filters.launchedAfter &&
          !RECENT_CHOICES.some((c) => launchedAfterFor(c.days, now) === filters.launchedAfter) ? (
            <option value="custom" disabled>
              {t('search.filters.since', { day: filters.launchedAfter })}
            </option>
          ) : null}
        </select>
      </div>
      <p className="field-hint">{t('ads.launchCaveat')}</p>
    </fieldset>
  );
}
