import { givenText } from './given-text';
import type { ConceptSummary } from '@/lib/concepts';
import { csvCell } from '../ui/download';
import { t } from '@/lib/i18n';
import { codeWords, formatDay, formats, formatNumber } from '../ui/format';
import { type BrandFigures, CADENCE_WEEKS, compareName, launchesNotGiven, shares, weekRead } from './figures';
import 'virtual:adscope-english/report';

/** A language's name in the language shown ("German"); an unknown code in capitals. */
export function languageWords(code: string | null | undefined): string | null {
  return code ? t('report.language.name', { code, fallback: code.toUpperCase() }) : null;
}

/** An ad format's name in the language shown ("Video"); an unknown one in words of its own. */
export function formatWords(format: string | null | undefined): string | null {
  return format ? t('report.format.name', { format, fallback: codeWords(format) ?? format }) : null;
}

/** A figure the service did not give, in the language shown ("not given"). */
export function notGiven(): string {
  return t('report.notGiven');
}

export interface CompareRow {
  label: string;
  values: string[];
}

function mixText(mix: Record<string, number> | null, label: (key: string) => string): string {
  const parts = shares(mix);
  if (parts.length === 0) return notGiven();
  return parts.map(([key, share]) => `${label(key)} ${formats.percent(share * 100, 0)}`).join(', ');
}

const count = (value: number | null) => (value === null ? notGiven() : formatNumber(value));

/** One idea in words: "‘Name’: 4 of 6 versions live, newest 20 Nov 2026, running 45 days". */
export function conceptText(concept: ConceptSummary): string {
  const versions = concept.versions.length;
  const live =
    concept.live === null
      ? t('report.concept.liveUnknown', { versions })
      : t('report.concept.live', { live: formatNumber(concept.live), versions });
  const newest = formatDay(concept.newest);
  return t('report.concept.text', {
    name: concept.name,
    live,
    newest: newest ? t('report.concept.newest', { day: newest }) : t('report.concept.newestUnknown'),
    run:
      concept.ranDays === null
        ? t('report.concept.runUnknown')
        : t('report.concept.running', { days: concept.ranDays }),
  });
}

/** The comparison's figures as rows of text, one value per brand: the panel's table, the CSV and the report. */
export function compareRows(figures: readonly BrandFigures[]): CompareRow[] {
  const row = (label: string, value: (brand: BrandFigures) => string): CompareRow => ({
    label,
    values: figures.map(value),
  });
  return [
    row(t('report.compare.adCount'), (brand) => count(brand.adCount)),
    row(t('report.compare.running'), (brand) => count(brand.activeCount)),
    row(t('report.compare.formats'), (brand) => mixText(brand.formats, (key) => formatWords(key) ?? key)),
    row(t('report.compare.languages'), (brand) => mixText(brand.languages, (key) => languageWords(key) ?? key)),
    row(t('report.compare.newest'), (brand) => formatDay(brand.newestLaunch) ?? notGiven()),
    row(t('report.compare.longest'), (brand) =>
      brand.longest
        ? t('report.compare.longestAd', {
            title: givenText(brand.longest.ad.title) ?? t('report.ad.untitled'),
            days: brand.longest.days,
          })
        : notGiven(),
    ),
    row(t('report.compare.topIdea'), (brand) => {
      const [top] = brand.concepts;
      return top ? conceptText(top) : t('report.compare.noIdea');
    }),
    row(t('report.compare.launches', { weeks: CADENCE_WEEKS }), (brand) => {
      if (launchesNotGiven(brand.cadence)) return notGiven();
      const total = formatNumber(brand.cadence.weeks.reduce((sum, week) => sum + week.count, 0));
      const undated = brand.cadence.undated ?? 0;
      const counted = brand.cadence.complete ? total : t('report.compare.launchesOrMore', { total });
      return undated > 0 ? t('report.compare.launchesUndated', { counted, undated }) : counted;
    }),
  ];
}

/**
 * The comparison as CSV: a row per figure, a column per brand, then a row per week of the chart.
 * Its words are in the language shown; the weeks' days stay ISO 8601 and their counts plain digits.
 */
export function compareToCsv(figures: readonly BrandFigures[]): string {
  const lines = [[t('report.csv.figure'), ...figures.map((brand) => compareName(brand.brand))]];
  for (const row of compareRows(figures)) lines.push([row.label, ...row.values]);
  const weeks = figures[0]?.cadence.weeks ?? [];
  weeks.forEach((week, index) => {
    lines.push([
      t('report.csv.week', { start: week.start, end: week.end }),
      ...figures.map((brand) => {
        const counted = brand.cadence.weeks[index];
        if (!counted || launchesNotGiven(brand.cadence)) return '';
        const read = weekRead(brand.cadence, counted);
        if (read === 'unread') return t('report.cadence.notRead');
        return read === 'partly' ? t('report.cadence.orMore', { count: counted.count }) : String(counted.count);
      }),
    ]);
  });
  return `${lines.map((line) => line.map((cell) => csvCell(cell)).join(',')).join('\r\n')}\r\n`;
}

/** The coverage caveats, stated once, in the language shown. */
export function coverageNote(): string {
  return t('report.compare.coverage');
}
