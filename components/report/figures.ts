import type { ConceptSummary } from '@/lib/concepts';
import { dayInZone, dayOf, userTimeZone } from '@/lib/contract/ad-dates';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { shiftUtcDay } from '@/lib/contract/window';
import { t } from '@/lib/i18n';
import { daysRunning } from '../ui/format';
import 'virtual:adscope-english/report';

/** Brands compared at once. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
/** The cadence chart's span: 13 weeks of 7 days, ending today. */
export const CADENCE_WEEKS = 13;
export const CADENCE_DAYS = CADENCE_WEEKS * 7;
/** Newest-first pages read per brand for the chart, 100 ads each. */
export const CADENCE_MAX_PAGES = 5;
export const CADENCE_PAGE_SIZE = 100;

export interface CompareBrand {
  id: string;
  /** null: the service gave it none (named in the language shown where it is drawn). */
  name: string | null;
}

/** A compared brand's name, or "Unnamed brand" in the language shown now. */
export function compareName(brand: CompareBrand): string {
  return brand.name ?? t('report.unnamedBrand');
}

export interface CadenceWeek {
  /** First and last UTC day of the week, both counted. */
  start: string;
  end: string;
  count: number;
}

export interface Cadence {
  weeks: CadenceWeek[];
  /** False when the page limit was reached before the span's first day: older weeks may be short. */
  complete: boolean;
  /** Ads read for it. */
  read: number;
  /** Ads read without a launch date: not counted in any week. */
  undated?: number;
  /** When not complete: the oldest launch day read. A week that ends before it was not read. */
  readFrom?: string | null;
}

/** What is known of one week: its count, a count that may be short (the week read in part), or nothing (not read). */
export type WeekRead = 'counted' | 'partly' | 'unread';
export function weekRead(cadence: Cadence, week: CadenceWeek): WeekRead {
  if (cadence.complete) return 'counted';
  const from = cadence.readFrom;
  if (!from || week.end < from) return 'unread';
  return week.start < from ? 'partly' : 'counted';
}

/** No launch was counted because none of the ads read gave its date. */
export function launchesNotGiven(cadence: Cadence): boolean {
  return cadence.read > 0 && (cadence.undated ?? 0) === cadence.read;
}

export interface BrandFigures {
  brand: CompareBrand;
  /** null: the service did not give it. */
  adCount: number | null;
  activeCount: number | null;
  formats: Record<string, number> | null;
  languages: Record<string, number> | null;
  newestLaunch: string | null;
  longest: { ad: LibraryAd; days: number } | null;
  cadence: Cadence;
  /** Ideas run in more than one version among the ads read, most live versions first. */
  concepts: ConceptSummary[];
}

/**
 * Today where the user is (YYYY-MM-DD): the day a report or a comparison is made on, and the
 * last day of its chart. Launches and days running are counted in the same zone (dayOf,
 * daysRunning), so an ad launched today there is counted today, wherever UTC's day is.
 */
export function userToday(now: number, timeZone: string | (() => string) = userTimeZone): string {
  return dayInZone(now, typeof timeZone === 'function' ? timeZone() : timeZone);
}

/** The weeks of the chart, oldest first, the last ending on `today` (a day, see userToday). */
export function cadenceWeeks(today: string): CadenceWeek[] {
  return Array.from({ length: CADENCE_WEEKS }, (_, index) => {
    const end = shiftUtcDay(today, -7 * (CADENCE_WEEKS - 1 - index));
    return { start: shiftUtcDay(end, -6), end, count: 0 };
  });
}

/** The first day the chart counts. */
export function cadenceStart(today: string): string {
  return shiftUtcDay(today, -(CADENCE_DAYS - 1));
}

/**
 * Launches per week from a brand's ads read newest first. An ad without a launch date, or one
 * dated after today, is not counted (and not guessed). `complete` says whether the pages
 * reached back past the chart's first day.
 */
export function countCadence(
  ads: readonly LibraryAd[],
  today: string,
  reachedEnd: boolean,
  timeZone: string | (() => string) = userTimeZone,
): Cadence {
  const weeks = cadenceWeeks(today);
  const first = cadenceStart(today);
  let oldestSeen: string | null = null;
  let undated = 0;
  const seen = new Set<string>();
  for (const ad of ads) {
    if (seen.has(ad.id)) continue;
    seen.add(ad.id);
    const day = dayOf(ad.start_date, timeZone);
    if (!day) {
      undated += 1;
      continue;
    }
    if (oldestSeen === null || day < oldestSeen) oldestSeen = day;
    if (day < first || day > today) continue;
    const week = weeks.find((candidate) => candidate.start <= day && day <= candidate.end);
    if (week) week.count += 1;
  }
  const complete = reachedEnd || (oldestSeen !== null && oldestSeen < first);
  return { weeks, complete, read: seen.size, undated, readFrom: complete ? null : oldestSeen };
}

/**
 * The longest-running ad among `ads` (read most active first), with its days counted in `timeZone`
 * (the user's unless given, see daysRunning); null when none has dates.
 */
export function longestRunning(
  ads: readonly LibraryAd[],
  now: number,
  timeZone: string | (() => string) = userTimeZone,
): { ad: LibraryAd; days: number } | null {
  let best: { ad: LibraryAd; days: number } | null = null;
  for (const ad of ads) {
    const days = ad.end_date || ad.is_active ? daysRunning(ad.start_date, ad.end_date, now, timeZone) : null;
    if (days !== null && (!best || days > best.days)) best = { ad, days };
  }
  return best;
}

/** The newest launch date among ads read newest first. */
export function newestLaunch(ads: readonly LibraryAd[]): string | null {
  let newest: string | null = null;
  for (const ad of ads) {
    const day = dayOf(ad.start_date);
    if (day && (newest === null || day > newest)) newest = day;
  }
  return newest;
}

/** A mix as shares, largest first: [["video", 0.6], …]. */
export function shares(mix: Record<string, number> | null): [string, number][] {
  if (!mix) return [];
  const entries = Object.entries(mix).filter(([, value]) => Number.isFinite(value) && value > 0);
  const total = entries.reduce((sum, [, value]) => sum + value, 0);
  if (total === 0) return [];
  return entries.map(([key, value]): [string, number] => [key, value / total]).sort((a, b) => b[1] - a[1]);
}

/** The chart's geometry, shared by the panel and the report: one bar per week, scaled to the largest week of all brands. */
export const CHART = { width: 182, height: 48, gap: 2 } as const;
export function chartBars(
  cadence: Cadence,
  scaleMax: number,
): { x: number; y: number; width: number; height: number; week: CadenceWeek }[] {
  const barWidth = (CHART.width - CHART.gap * (cadence.weeks.length - 1)) / cadence.weeks.length;
  return cadence.weeks.map((week, index) => {
    const height = scaleMax > 0 ? Math.max(week.count > 0 ? 2 : 0, (week.count / scaleMax) * (CHART.height - 2)) : 0;
    return { x: index * (barWidth + CHART.gap), y: CHART.height - height, width: barWidth, height, week };
  });
}

/** The chart in words, for its accessible name and the report: a week not read is said so, never 0. */
export function cadenceSummary(brand: string, cadence: Cadence): string {
  if (launchesNotGiven(cadence)) return t('report.cadence.notGiven', { brand });
  const total = cadence.weeks.reduce((sum, week) => sum + week.count, 0);
  const counts = cadence.weeks
    .map((week) => {
      const read = weekRead(cadence, week);
      if (read === 'unread') return t('report.cadence.notRead');
      return read === 'partly' ? t('report.cadence.orMore', { count: week.count }) : String(week.count);
    })
    .join(', ');
  const weeks = cadence.weeks.length;
  return cadence.complete
    ? t('report.cadence.summary', { brand, total, weeks, counts })
    : t('report.cadence.summaryOrMore', { brand, total, weeks, counts });
}

/** One week's bar in words: its days and what was counted in it. */
export function weekWords(cadence: Cadence, week: CadenceWeek, days: { start: string; end: string }): string {
  const read = weekRead(cadence, week);
  if (read === 'unread') return t('report.cadence.weekNotRead', days);
  return read === 'partly'
    ? t('report.cadence.weekOrMore', { ...days, count: week.count })
    : t('report.chart.week', { ...days, count: week.count });
}
