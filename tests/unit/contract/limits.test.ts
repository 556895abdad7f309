import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/messaging/api-error';
import { parseInput } from '../../../lib/background/parse-input';
import { isUuid, LIMITS, metricsProblem } from '../../../lib/contract/limits';
import { generationSizeSchema, promptSchema } from '../../../lib/contract/generation-fields';
import { adsLimitSchema } from '../../../lib/contract/ad-accounts';
import { resolveWindow, type WindowParams } from '../../../lib/contract/window';

/** The field a window breaks at `now`, or undefined when it is valid. */
const windowField = (params: WindowParams, now: Date) => {
  const result = resolveWindow(params, now);
  return result.ok ? undefined : result.problem.field;
};

const NOW = new Date('2026-11-22T15:00:00Z');

function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('invalid_input');
    return (error as ApiError).field;
  }
  return undefined;
}

describe('reporting window (spec 4.0)', () => {
  it.each([
    [{}, '2026-11-15', '2026-11-21', 7],
    [{ period: 'yesterday' }, '2026-11-21', '2026-11-21', 1],
    [{ period: 'last_7d' }, '2026-11-15', '2026-11-21', 7],
    [{ period: 'last_14d' }, '2026-11-08', '2026-11-21', 14],
    [{ period: 'last_30d' }, '2026-10-23', '2026-11-21', 30],
    [{ period: 'custom', date_start: '2026-11-01', date_stop: '2026-11-01' }, '2026-11-01', '2026-11-01', 1],
    [{ period: 'custom', date_start: '2026-08-23', date_stop: '2026-11-22' }, '2026-08-23', '2026-11-22', 92],
  ])('%j resolves to %s..%s (%i days)', (params, start, stop, days) => {
    const result = resolveWindow(params, NOW);
    expect(result).toEqual({ ok: true, window: expect.objectContaining({ dateStart: start, dateStop: stop, days }) });
  });

  it.each([
    [{ period: 'last_90d' }, 'period'],
    [{ period: 'last_7d', date_start: '2026-11-01' }, 'date_start'],
    [{ period: 'yesterday', date_stop: '2026-11-01' }, 'date_stop'],
    [{ period: 'custom' }, 'date_start'],
    [{ period: 'custom', date_start: '2026-11-01' }, 'date_stop'],
    [{ period: 'custom', date_start: '2026-11-01', date_stop: '2026-11-23' }, 'date_stop'],
    [{ period: 'custom', date_start: '2026-08-22', date_stop: '2026-11-22' }, 'date_start'],
    [{ period: 'custom', date_start: '2026-11-10', date_stop: '2026-11-01' }, 'date_start'],
    [{ period: 'custom', date_start: '2026-02-30', date_stop: '2026-03-01' }, 'date_start'],
    [{ period: 'custom', date_start: '2026-1-01', date_stop: '2026-03-01' }, 'date_start'],
  ])('%j is refused on %s', (params, field) => {
    expect(windowField(params, NOW)).toBe(field);
  });

  // The day is the UTC day of the injected instant, whatever the machine's zone: a leap day,
  // a month end and the last and first millisecond of a UTC day.
  it.each([
    ['2028-03-01T00:00:00.000Z', 'last_7d', '2028-02-23', '2028-02-29'],
    ['2028-02-29T23:59:59.999Z', 'yesterday', '2028-02-28', '2028-02-28'],
    ['2027-01-01T00:00:00.000Z', 'last_30d', '2026-12-02', '2026-12-31'],
    ['2026-12-31T23:59:59.999Z', 'last_14d', '2026-12-17', '2026-12-30'],
  ])('at %s, %s is %s..%s', (at, period, start, stop) => {
    const result = resolveWindow({ period }, new Date(at));
    expect(result).toEqual({ ok: true, window: expect.objectContaining({ dateStart: start, dateStop: stop }) });
  });

  it('lets a custom window end today and not a millisecond into tomorrow', () => {
    const lastMs = new Date('2028-02-29T23:59:59.999Z');
    const range = { period: 'custom', date_start: '2028-02-01', date_stop: '2028-02-29' };
    expect(windowField(range, lastMs)).toBeUndefined();
    expect(windowField({ ...range, date_stop: '2028-03-01' }, lastMs)).toBe('date_stop');
  });
});

describe('documented limits (spec 8)', () => {
  it.each([
    [adsLimitSchema, 1, true],
    [adsLimitSchema, 50, true],
    [adsLimitSchema, 0, false],
    [adsLimitSchema, 51, false],
    [adsLimitSchema, 2.5, false],
    [generationSizeSchema, 1, true],
    [generationSizeSchema, 20, true],
    [generationSizeSchema, 21, false],
    [generationSizeSchema, 0, false],
  ])('%#: %s accepts %s: %s', (schema, value, ok) => {
    expect(schema.safeParse(value).success).toBe(ok);
  });

  it('refuses a prompt over 10000 characters and an empty one, naming the field', () => {
    expect(fieldOf(() => parseInput(promptSchema, 'x'.repeat(LIMITS.promptMaxChars), 'prompt'))).toBeUndefined();
    expect(fieldOf(() => parseInput(promptSchema, 'x'.repeat(LIMITS.promptMaxChars + 1), 'prompt'))).toBe('prompt');
    expect(fieldOf(() => parseInput(promptSchema, '   ', 'prompt'))).toBe('prompt');
  });

  it('refuses more than 20 metrics, duplicates, and ids outside the catalogue', () => {
    const catalogue = new Set(Array.from({ length: 30 }, (_, i) => `m${i}`));
    expect(metricsProblem(['m1', 'm2'], catalogue)?.field).toBeUndefined();
    expect(metricsProblem([...catalogue].slice(0, 21), catalogue)?.field).toBe('metrics');
    expect(metricsProblem(['m1', 'm1'], catalogue)).toBeNull();
    expect(metricsProblem(['made_up'], catalogue)?.field).toBe('metrics');
  });

  it.each([
    ['7c9e6679-7425-40de-944b-e07fc1f90ae7', true],
    ['7C9E6679742540DE944BE07FC1F90AE7', true],
    ['7c9e6679-7425-40de-944b-e07fc1f90ae', false],
    ['7c9e6679742540de944be07fc1f90ae7a', false],
    ['not-a-uuid', false],
    ['', false],
  ])('UUID %s: %s', (value, ok) => {
    expect(isUuid(value)).toBe(ok);
  });
});
