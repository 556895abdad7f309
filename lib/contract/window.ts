import { checkWords } from './words';

/** Reporting periods of spec 4.0. */
export const periods = ['yesterday', 'last_7d', 'last_14d', 'last_30d', 'custom'] as const;
export type Period = (typeof periods)[number];
export const DEFAULT_PERIOD: Period = 'last_7d';
export const MAX_WINDOW_DAYS = 92;

const PRESET_DAYS: Record<Exclude<Period, 'custom'>, number> = {
  yesterday: 1,
  last_7d: 7,
  last_14d: 14,
  last_30d: 30,
};

export interface WindowParams {
  period?: string | undefined;
  date_start?: string | undefined;
  date_stop?: string | undefined;
}

/** A resolved window: inclusive UTC days. */
export interface ResolvedWindow {
  period: Period;
  dateStart: string;
  dateStop: string;
  days: number;
}

export interface WindowProblem {
  field: 'period' | 'date_start' | 'date_stop';
  message: string;
}

/** A UTC day is this long: no summer time in UTC, so days are counted in milliseconds. */
const DAY_MS = 86_400_000;

/**
 * Parses a strict YYYY-MM-DD as the start of its UTC day; undefined when malformed or not a
 * calendar date (2026-02-30 is refused: it would not read back as itself). UTC days are
 * counted in milliseconds: no date library in the worker (one built three date formats as
 * the worker loaded, docs/performance.md).
 */
export function parseUtcDay(value: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || formatUtcDay(date) !== value ? undefined : date;
}

/** The UTC day of a date as YYYY-MM-DD. */
export function formatUtcDay(date: Date): string {
  return new Date(date.getTime()).toISOString().slice(0, 10);
}

/** The UTC day of `now` as YYYY-MM-DD. */
export function utcToday(now: Date): string {
  return formatUtcDay(now);
}

/** Adds whole days to a UTC day string. */
export function shiftUtcDay(day: string, delta: number): string {
  const date = parseUtcDay(day);
  if (!date) throw new RangeError(`Not a day: ${day}`);
  return formatUtcDay(new Date(date.getTime() + delta * DAY_MS));
}

export function daysBetweenInclusive(start: string, stop: string): number {
  const a = parseUtcDay(start);
  const b = parseUtcDay(stop);
  if (!a || !b) throw new RangeError('Not a day');
  return Math.round((b.getTime() - a.getTime()) / DAY_MS) + 1;
}

/**
 * Applies every window rule of spec 4.0 / 7.4: period enum, custom needs both dates,
 * other periods take none, date_stop not in the future (UTC), at most 92 days, equal
 * dates are one day. Presets end yesterday and count back from there.
 */
export function resolveWindow(
  params: WindowParams,
  now: Date,
): { ok: true; window: ResolvedWindow } | { ok: false; problem: WindowProblem } {
  const period = (params.period ?? DEFAULT_PERIOD) as Period;
  if (!periods.includes(period)) {
    return fail('period', checkWords('checks.oneOf', { field: 'period', values: periods.join(', ') }));
  }
  const today = utcToday(now);
  const yesterday = shiftUtcDay(today, -1);
  if (period !== 'custom') {
    if (params.date_start !== undefined)
      return fail('date_start', checkWords('checks.window.onlyCustom', { field: 'date_start' }));
    if (params.date_stop !== undefined)
      return fail('date_stop', checkWords('checks.window.onlyCustom', { field: 'date_stop' }));
    const days = PRESET_DAYS[period];
    return { ok: true, window: { period, dateStart: shiftUtcDay(yesterday, -(days - 1)), dateStop: yesterday, days } };
  }
  if (params.date_start === undefined)
    return fail('date_start', checkWords('checks.window.customNeeds', { field: 'date_start' }));
  if (params.date_stop === undefined)
    return fail('date_stop', checkWords('checks.window.customNeeds', { field: 'date_stop' }));
  if (!parseUtcDay(params.date_start))
    return fail('date_start', checkWords('checks.window.realDate', { field: 'date_start' }));
  if (!parseUtcDay(params.date_stop))
    return fail('date_stop', checkWords('checks.window.realDate', { field: 'date_stop' }));
  if (params.date_stop > today) return fail('date_stop', checkWords('checks.window.future', { today }));
  if (params.date_start > params.date_stop) return fail('date_start', checkWords('checks.window.order'));
  const days = daysBetweenInclusive(params.date_start, params.date_stop);
  if (days > MAX_WINDOW_DAYS) {
    return fail('date_start', checkWords('checks.window.tooLong', { max: MAX_WINDOW_DAYS, days }));
  }

  return { ok: true, window: { period, dateStart: params.date_start, dateStop: params.date_stop, days } };
}

function fail(field: WindowProblem['field'], message: string): { ok: false; problem: WindowProblem } {
  return { ok: false, problem: { field, message } };
}

/** The window of the same length just before `window` (for a change against the previous period). */
export function previousWindow(window: Pick<ResolvedWindow, 'dateStart' | 'days'>): WindowParams {
  return {
    period: 'custom',
    date_start: shiftUtcDay(window.dateStart, -window.days),
    date_stop: shiftUtcDay(window.dateStart, -1),
  };
}
