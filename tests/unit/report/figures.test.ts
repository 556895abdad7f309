import { describe, expect, it } from 'vitest';
import { libraryAdSchema, type LibraryAd } from '../../../lib/contract/ad-library';
import { compareRows, compareToCsv } from '../../../components/report/figure-rows';
import { topConcepts } from '../../../lib/concepts';
import {
  type BrandFigures,
  cadenceStart,
  cadenceWeeks,
  countCadence,
  longestRunning,
  newestLaunch,
  userToday,
} from '../../../components/report/figures';
import { TEST_DAY, TEST_NOW } from '../../support/clock';
import { formatDay, formatNumber, formats } from '../../../components/ui/format';

/** What the comparison says of a figure the service did not give (the report's words, in English). */
const NOT_GIVEN = 'not given';

const ad = (id: string, start: string | null, end: string | null = null): LibraryAd =>
  libraryAdSchema.parse({ id, title: `Ad ${id}`, start_date: start, end_date: end, images: [], videos: [] });

describe('launch cadence', () => {
  it('has 13 weeks of 7 days, the last ending today', () => {
    const weeks = cadenceWeeks('2026-11-22');
    expect(weeks).toHaveLength(13);
    expect(weeks.at(-1)).toEqual({ start: '2026-11-16', end: '2026-11-22', count: 0 });
    expect(weeks[0]?.start).toBe(cadenceStart('2026-11-22'));
    expect(cadenceStart('2026-11-22')).toBe('2026-08-24');
  });

  it('counts each ad once in its launch week, and leaves out undated, future and older ads', () => {
    const ads = [
      ad('a', '2026-11-22'),
      ad('a', '2026-11-22'),
      ad('b', '2026-11-16'),
      ad('c', '2026-11-15'),
      ad('d', '2026-08-24'),
      ad('e', null),
      ad('f', '2026-11-23'),
      ad('g', '2026-08-23'),
    ];
    const cadence = countCadence(ads, '2026-11-22', false);
    expect(cadence.weeks.map((week) => week.count)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]);
    expect(cadence.complete).toBe(true);
    expect(cadence.read).toBe(7);
  });

  it('ends on today where the user is, and counts a launch of that day in it', () => {
    // 20:30 UTC on 22 November is already the 23rd in Tokyo and still the 22nd in New York.
    const now = Date.UTC(2026, 10, 22, 20, 30);
    expect(userToday(now, 'Asia/Tokyo')).toBe('2026-11-23');
    expect(userToday(now, 'America/New_York')).toBe('2026-11-22');
    // Launched at 09:00 in Tokyo on the 23rd (00:00 UTC): today's launch there, counted in the last week.
    const launched = [ad('a', '2026-11-23T00:00:00Z')];
    const tokyo = countCadence(launched, userToday(now, 'Asia/Tokyo'), true, 'Asia/Tokyo');
    expect(tokyo.weeks.at(-1)).toEqual({ start: '2026-11-17', end: '2026-11-23', count: 1 });
    expect(countCadence(launched, userToday(now, 'UTC'), true, 'UTC').weeks.at(-1)?.count).toBe(0);
  });

  it('says when the pages stopped before the chart’s first day', () => {
    expect(countCadence([ad('a', '2026-11-01')], '2026-11-22', false).complete).toBe(false);
    expect(countCadence([ad('a', '2026-11-01')], '2026-11-22', true).complete).toBe(true);
  });
});

describe('brand figures', () => {
  it('finds the longest-running ad, counting a running one to today, and the newest launch', () => {
    const ads = [ad('ended', '2026-01-01', '2026-03-01'), ad('running', '2026-05-01'), ad('undated', null)];
    // Today is TEST_NOW's day where the user is: UTC named, so the count holds in any machine's zone.
    expect(longestRunning(ads, TEST_NOW, 'UTC')).toMatchObject({ ad: { id: 'running' }, days: 206 });
    expect(newestLaunch(ads)).toBe('2026-05-01');
    expect(longestRunning([ad('undated', null)], TEST_NOW)).toBeNull();
  });

  const figures = (name: string, fields: Partial<BrandFigures> = {}): BrandFigures => ({
    brand: { id: name, name },
    adCount: 1200,
    activeCount: 40,
    formats: { video: 3, image: 1 },
    languages: { en: 1 },
    newestLaunch: '2026-11-20',
    longest: null,
    cadence: countCadence([ad('x', '2026-11-21')], TEST_DAY, true),
    concepts: [],
    ...fields,
  });

  it('says "not given" for what the service left out, never zero', () => {
    const rows = compareRows([
      figures('Acme'),
      figures('Zephyr', { adCount: null, formats: null, newestLaunch: null }),
    ]);
    const byLabel = Object.fromEntries(rows.map((row) => [row.label, row.values]));
    // In the user's digits and days, whatever language the machine speaks.
    expect(byLabel['Ads in the library']).toEqual([formatNumber(1200), NOT_GIVEN]);
    expect(byLabel.Formats).toEqual([`Video ${formats.percent(75, 0)}, Image ${formats.percent(25, 0)}`, NOT_GIVEN]);
    expect(byLabel['Newest launch']).toEqual([formatDay('2026-11-20'), NOT_GIVEN]);
    expect(byLabel['Longest-running ad']).toEqual([NOT_GIVEN, NOT_GIVEN]);
  });

  it('names the idea a brand runs in the most live versions, its newest version and how long it has run', () => {
    const version = (id: string, start: string, fields: Partial<LibraryAd> = {}) => ({
      ...ad(id, start),
      title: 'Waterproof: our sleeping bag',
      link_url: `https://shop.example/bag?utm_content=${id}`,
      ...fields,
    });
    const concepts = topConcepts(
      [
        version('a', '2026-10-01'),
        version('b', '2026-11-20'),
        version('c', '2026-11-01', { is_active: false, end_date: '2026-11-10' }),
      ],
      TEST_NOW,
    );
    const rows = compareRows([figures('Acme', { concepts }), figures('Zephyr')]);
    const [scaled, none] = rows.find((row) => row.label === 'Idea in most live versions')?.values ?? [];
    expect(scaled).toBe(
      `‘Waterproof: our sleeping bag’: 2 of 3 versions live, newest ${formatDay('2026-11-20')}, running 52 days`,
    );
    expect(none).toBe('none in more than one version among the ads read');
  });

  it('exports a row per figure and per week, a column per brand, with spreadsheet formulas made inert', () => {
    const csv = compareToCsv([figures('=cmd|calc'), figures('Zephyr, Inc.')]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(`figure,'=cmd|calc,"Zephyr, Inc."`);
    expect(lines).toHaveLength(1 + 8 + 13);
    expect(lines.at(-1)).toBe('launched 2026-11-16 to 2026-11-22,1,1');
  });
});
