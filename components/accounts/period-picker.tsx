import { useId } from 'react';
import {
  daysBetweenInclusive,
  MAX_WINDOW_DAYS,
  type Period,
  parseUtcDay,
  periods,
  resolveWindow,
  shiftUtcDay,
  utcToday,
} from '@/lib/contract/window';
import { systemClock } from '@/lib/clock';
import { t } from '@/lib/i18n';
import { type AccountsView, useAccountsStore } from './accounts-store';
import 'virtual:adscope-english/accounts';

/** A period's name on its chip: "Last 7 days". */
export function periodLabel(period: Period): string {
  switch (period) {
    case 'yesterday':
      return t('accounts.period.yesterday');
    case 'last_7d':
      return t('accounts.period.last7d');
    case 'last_14d':
      return t('accounts.period.last14d');
    case 'last_30d':
      return t('accounts.period.last30d');
    case 'custom':
      return t('accounts.period.custom');
  }
}

/** A custom window's days as chosen: "2026-10-01 to 2026-10-30" (ISO days, "…" for one not chosen). */
export function customRange(view: Pick<AccountsView, 'dateStart' | 'dateStop'>): string {
  return t('accounts.period.range', { start: view.dateStart || '…', stop: view.dateStop || '…' });
}

/** The chosen window in a few words: "Last 7 days", or "2026-10-01 to 2026-10-30". */
export function periodWords(view: Pick<AccountsView, 'period' | 'dateStart' | 'dateStop'>): string {
  return view.period === 'custom' ? customRange(view) : periodLabel(view.period);
}

/** The window problem of the current choice at `now`, if any, as the API would state it. */
export function windowProblem(view: Pick<AccountsView, 'period' | 'dateStart' | 'dateStop'>, now: Date) {
  if (view.period !== 'custom') return null;
  const result = resolveWindow(
    {
      period: 'custom',
      date_start: view.dateStart || undefined,
      date_stop: view.dateStop || undefined,
    },
    now,
  );
  return result.ok ? null : result.problem;
}

/**
 * A window problem in the language shown: the rules of `resolveWindow`, in its order, each in a
 * message of its own; one it does not know keeps the contract's words.
 */
export function windowProblemWords(
  view: Pick<AccountsView, 'dateStart' | 'dateStop'>,
  today: string,
  problem: { message: string },
): string {
  const { dateStart, dateStop } = view;
  if (!dateStart) return t('accounts.period.problem.startMissing');
  if (!dateStop) return t('accounts.period.problem.stopMissing');
  if (!parseUtcDay(dateStart)) return t('accounts.period.problem.startInvalid');
  if (!parseUtcDay(dateStop)) return t('accounts.period.problem.stopInvalid');
  if (dateStop > today) return t('accounts.period.problem.future', { today });
  if (dateStart > dateStop) return t('accounts.period.problem.order');
  const days = daysBetweenInclusive(dateStart, dateStop);
  if (days > MAX_WINDOW_DAYS) return t('accounts.period.problem.tooLong', { max: MAX_WINDOW_DAYS, days });
  return problem.message;
}

/** Presets end yesterday; a custom range takes both dates, stops today at the latest and spans at most 92 days. */
export function PeriodPicker() {
  const id = useId();
  const { period, dateStart, dateStop, set } = useAccountsStore();
  const now = new Date(systemClock());
  const today = utcToday(now);
  const problem = windowProblem({ period, dateStart, dateStop }, now);
  return (
    <fieldset className="period-picker">
      <legend>{t('accounts.period.legend')}</legend>
      <div className="period-presets">
        {periods.map((value) => (
          <label key={value} className="chip-choice">
            <input
              type="radio"
              name={`${id}-period`}
              value={value}
              checked={period === value}
              onChange={() =>
                set(
                  value === 'custom'
                    ? {
                        period: value,
                        dateStop: dateStop || shiftUtcDay(today, -1),
                        dateStart: dateStart || shiftUtcDay(today, -30),
                        openAdId: null,
                      }
                    : { period: value },
                )
              }
            />{' '}
            {periodLabel(value)}
          </label>
        ))}
      </div>
      {period === 'custom' ? (
        <div className="period-custom">
          <div className="field">
            <label htmlFor={`${id}-start`}>{t('accounts.period.from')}</label>
            <input
              id={`${id}-start`}
              type="date"
              value={dateStart}
              max={dateStop || today}
              min={dateStop ? shiftUtcDay(dateStop, -91) : undefined}
              aria-invalid={problem?.field === 'date_start' ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
              onChange={(event) => set({ dateStart: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-stop`}>{t('accounts.period.to')}</label>
            <input
              id={`${id}-stop`}
              type="date"
              value={dateStop}
              min={dateStart || undefined}
              max={today}
              aria-invalid={problem?.field === 'date_stop' ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
              onChange={(event) => set({ dateStop: event.target.value })}
            />
          </div>
          {problem ? (
            <p id={`${id}-problem`} className="field-error" role="alert">
              {windowProblemWords({ dateStart, dateStop }, today, problem)}
            </p>
          ) : (
            <p id={`${id}-hint`} className="field-hint">
              {t('accounts.period.hint', { max: MAX_WINDOW_DAYS, today })}
            </p>
          )}
        </div>
      ) : null}
    </fieldset>
  );
}
