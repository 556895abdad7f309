import { useId } from 'react';
import { type Period, periods, resolveWindow, shiftUtcDay, utcToday } from '@/lib/contract/window';
import { systemClock } from '@/lib/clock';
import { type AccountsView, useAccountsStore } from './accounts-store';

const LABELS: Record<Period, string> = {
  yesterday: 'Yesterday',
  last_7d: 'Last 7 days',
  last_14d: 'Last 14 days',
  last_30d: 'Last 30 days',
  custom: 'Custom',
};

/** The chosen window in a few words: "Last 7 days", or "2026-10-01 to 2026-10-30". */
export function periodWords(view: Pick<AccountsView, 'period' | 'dateStart' | 'dateStop'>): string {
  return view.period === 'custom' ? `${view.dateStart || '…'} to ${view.dateStop || '…'}` : LABELS[view.period];
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

/** Presets end yesterday; a custom range takes both dates, stops today at the latest and spans at most 92 days. */
export function PeriodPicker() {
  const id = useId();
  const { period, dateStart, dateStop, set } = useAccountsStore();
  const now = new Date(systemClock());
  const today = utcToday(now);
  const problem = windowProblem({ period, dateStart, dateStop }, now);
  return (
    <fieldset className="period-picker">
      <legend>Period (UTC days)</legend>
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
            {LABELS[value]}
          </label>
        ))}
      </div>
      {period === 'custom' ? (
        <div className="period-custom">
          <div className="field">
            <label htmlFor={`${id}-start`}>From</label>
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
            <label htmlFor={`${id}-stop`}>To</label>
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
              {problem.message}
            </p>
          ) : (
            <p id={`${id}-hint`} className="field-hint">
              Both days count; at most 92 days, ending today ({today}) at the latest.
            </p>
          )}
        </div>
      ) : null}
    </fieldset>
  );
}
