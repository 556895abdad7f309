import { describe, expect, it } from 'vitest';
import { accountLabel } from '../../../components/accounts/account-label';
import { adsToCsv, exportFileName } from '../../../components/boards/export';
import { EMPTY_DRAFT } from '../../../components/generate/generate-store';
import { choiceFromDraft, problemWords } from '../../../components/generate/draft';
import { countOf, daysRunning, formatsFor, possessive } from '../../../components/ui/format';
import { libraryAdSchema } from '../../../lib/contract/ad-library';
import { launchedAfterFor } from '../../../components/search/filters';

const at = (iso: string) => Date.parse(iso);

describe('days read from an injected instant, in UTC whatever the zone', () => {
  it.each([
    ['2026-11-01', null, '2026-11-22T12:00:00Z', 22],
    ['2026-11-22', null, '2026-11-22T00:00:00Z', 1],
    ['2026-02-01', null, '2028-03-01T00:00:00Z', 760],
    ['2026-11-01', '2026-11-10', '2030-01-01T00:00:00Z', 10],
    ['not a day', null, '2026-11-22T12:00:00Z', null],
    [null, null, '2026-11-22T12:00:00Z', null],
  ])('an ad from %s to %s has run, at %s, %s days', (start, end, now, days) => {
    // Today is the day `now` falls on in the user's zone, as the start's is: UTC named here.
    expect(daysRunning(start, end, at(now), 'UTC')).toBe(days);
  });

  it.each([
    [7, '2028-03-01T00:00:00.000Z', '2028-02-24'],
    [30, '2027-01-01T23:59:59.999Z', '2026-12-03'],
    [1, '2026-11-22T23:59:59.999Z', '2026-11-22'],
  ])('"launched in the last %i days" at %s starts on %s', (days, now, first) => {
    expect(launchedAfterFor(days, at(now))).toBe(first);
  });

  it('names an export after the UTC day it was made', () => {
    expect(exportFileName('Q4 Tents & Tarps', 'csv', new Date('2026-12-31T23:59:59.999Z'))).toBe(
      'adscope-q4-tents-tarps-2026-12-31.csv',
    );
    expect(exportFileName('', 'json', new Date('2027-01-01T00:00:00.000Z'))).toBe('adscope-board-2027-01-01.json');
  });

  it('shows a launch day as the calendar day written, not shifted by the zone', () => {
    const { day } = formatsFor('en-GB', 'Pacific/Kiritimati');
    expect(day('2026-03-01')).toBe('1 Mar 2026');
    expect(day('2026-09-30')).toBe('30 Sept 2026');
  });

  it("shows a launch timestamp as the day it was in the user's zone, a naive one read as UTC", () => {
    expect(formatsFor('en-GB', 'America/Chicago').day('2026-07-14T23:30:00-05:00')).toBe('14 Jul 2026');
    expect(formatsFor('en-GB', 'Asia/Tokyo').day('2026-07-14T23:30:00-05:00')).toBe('15 Jul 2026');
    expect(formatsFor('en-GB', 'America/Los_Angeles').day('2026-07-15T06:40:16.666024')).toBe('14 Jul 2026');
    expect(formatsFor('en-GB', 'UTC').day('2026-07-15T06:40:16.666024')).toBe('15 Jul 2026');
  });

  it('counts the days of an ad given by timestamps from their days in the named zone', () => {
    const now = at('2026-07-20T12:00:00Z');
    // Launched late on the 14th in Chicago: the 14th there, the 15th in UTC.
    expect(daysRunning('2026-07-14T23:30:00-05:00', null, now, 'America/Chicago')).toBe(7);
    expect(daysRunning('2026-07-14T23:30:00-05:00', null, now, 'UTC')).toBe(6);
    expect(daysRunning('2026-07-14T23:30:00-05:00', '2026-07-16T01:00:00-05:00', now, 'America/Chicago')).toBe(3);
    expect(daysRunning('2026-07-14', '2026-07-16', now, 'Pacific/Kiritimati')).toBe(3);
  });
});

describe('copy', () => {
  it('a possessive never doubles the s', () => {
    expect(possessive('Zephyr Outfitters')).toBe("Zephyr Outfitters'");
    expect(possessive('Acme')).toBe("Acme's");
  });

  it('a count agrees with its noun', () => {
    expect(countOf(1, 'ad')).toBe('1 ad');
    expect(countOf(0, 'ad')).toBe('0 ads');
    expect(countOf(1200, 'ad', 'ads', 'en-US')).toBe('1,200 ads');
  });

  it('a rule of the request body reads in the form words', () => {
    const result = choiceFromDraft({ ...EMPTY_DRAFT, brandId: 'b', prompt: 'A brief', size: 21 });
    expect('choice' in result ? result : [result.field, problemWords(result)]).toEqual([
      'size',
      'Images must be between 1 and 20.',
    ]);
  });

  it('the CSV names the boards an ad is in, by their path', () => {
    const ad = libraryAdSchema.parse({ id: 'a1', saved_details: { boards: ['b1', 'b9'], tags: [] } });
    const csv = adsToCsv([ad], new Map([['b1', 'Competitors › Outdoor']]));
    expect(csv.split('\r\n')[1]?.endsWith(',Competitors › Outdoor; b9')).toBe(true);
  });
});

describe('an ad account in words', () => {
  it('names the platform once', () => {
    expect(accountLabel({ id: 'a', name: 'Acme Outdoor · Meta', platform: 'meta' })).toBe('Acme Outdoor · Meta');
    expect(accountLabel({ id: 'a', name: 'Acme Outdoor', platform: 'google' })).toBe('Acme Outdoor (Google Ads)');
    expect(accountLabel({ id: 'a', name: null, platform: null })).toBe('a');
  });
});
