import type { ConceptSummary } from '@/lib/concepts';
import { csvCell } from '../ui/download';
import { countOf, formatDay, formatLabel, formats, languageName, formatNumber } from '../ui/format';
import { type BrandFigures, shares } from './figures';

export { NOT_GIVEN } from '../ui/format';
import { NOT_GIVEN } from '../ui/format';

export interface CompareRow {
  label: string;
  values: string[];
}

function mixText(mix: Record<string, number> | null, label: (key: string) => string): string {
  const parts = shares(mix);
  if (parts.length === 0) return NOT_GIVEN;
  return parts.map(([key, share]) => `${label(key)} ${formats.percent(share * 100, 0)}`).join(', ');
}

const count = (value: number | null) => (value === null ? NOT_GIVEN : formatNumber(value));

/** One idea in words: "‘Name’: 4 of 6 versions live, newest 20 Nov 2026, running 45 days". */
export function conceptText(concept: ConceptSummary): string {
  const versions = countOf(concept.versions.length, 'version');
  const live =
    concept.live === null ? `${versions} (live ${NOT_GIVEN})` : `${formatNumber(concept.live)} of ${versions} live`;
  const newest = formatDay(concept.newest);
  const parts = [
    live,
    newest ? `newest ${newest}` : `newest launch ${NOT_GIVEN}`,
    concept.ranDays === null ? `run ${NOT_GIVEN}` : `running ${countOf(concept.ranDays, 'day')}`,
  ];
  return `‘${concept.name}’: ${parts.join(', ')}`;
}

/** The comparison's figures as rows of text, one value per brand: the panel's table, the CSV and the report. */
export function compareRows(figures: readonly BrandFigures[]): CompareRow[] {
  const row = (label: string, value: (brand: BrandFigures) => string): CompareRow => ({
    label,
    values: figures.map(value),
  });
  return [
    row('Ads in the library', (brand) => count(brand.adCount)),
    row('Running now', (brand) => count(brand.activeCount)),
    row('Formats', (brand) => mixText(brand.formats, (key) => formatLabel(key) ?? key)),
    row('Languages', (brand) => mixText(brand.languages, (key) => languageName(key) ?? key)),
    row('Newest launch', (brand) => formatDay(brand.newestLaunch) ?? NOT_GIVEN),
    row('Longest-running ad', (brand) =>
      brand.longest ? `${brand.longest.ad.title ?? 'Untitled ad'} (${countOf(brand.longest.days, 'day')})` : NOT_GIVEN,
    ),
    row('Idea in most live versions', (brand) => {
      const [top] = brand.concepts;
      return top ? conceptText(top) : 'none in more than one version among the ads read';
    }),
    row('Launches in the last 13 weeks', (brand) => {
      const total = brand.cadence.weeks.reduce((sum, week) => sum + week.count, 0);
      return `${formatNumber(total)}${brand.cadence.complete ? '' : ' or more (older weeks not all read)'}`;
    }),
  ];
}

/** The comparison as CSV: a row per figure, a column per brand, then a row per week of the chart. */
export function compareToCsv(figures: readonly BrandFigures[]): string {
  const lines = [['figure', ...figures.map((brand) => brand.brand.name)]];
  for (const row of compareRows(figures)) lines.push([row.label, ...row.values]);
  const weeks = figures[0]?.cadence.weeks ?? [];
  weeks.forEach((week, index) => {
    lines.push([
      `launched ${week.start} to ${week.end}`,
      ...figures.map((brand) => String(brand.cadence.weeks[index]?.count ?? '')),
    ]);
  });
  return `${lines.map((line) => line.map((cell) => csvCell(cell)).join(',')).join('\r\n')}\r\n`;
}

/** The coverage caveats, stated once. */
export const COVERAGE_NOTE =
  'Counts come from the service’s tracked coverage: a brand with few or no ads here may still run ads the service has not indexed. Launch dates are not discovery dates, so a late-indexed ad can appear in an older week. Formats and languages are the service’s own mix for each brand.';
