import { describe, expect, it } from 'vitest';
import { TEST_NOW } from '../../support/clock';
import {
  checkWeek,
  emptyMemory,
  figureProblem,
  type Observation,
  quietObservation,
  WEEK_LIMITS,
} from '../../support/week-invariants';

/**
 * The week's checker (tests/support/week-invariants.ts), on observations made by hand: a world
 * where all is well passes, and each invariant broken on its own is named.
 */

const HOUR = 3_600_000;
const at = TEST_NOW;
const save = { key: 'board-1\nad-000001', service: 'first', madeAt: at - HOUR };
const check = (change: Partial<Observation>, memory = emptyMemory()) =>
  checkWeek({ ...quietObservation(at), ...change }, memory).violations;

describe("the week's invariants", () => {
  it('pass a week where all is well', () => {
    expect(
      check({
        saves: [save],
        outbox: [{ key: save.key, status: 'done', held: false }],
        onBoards: { [save.key]: 1 },
        confirmedAt: { [save.key]: at - HOUR },
        vault: { kept: [save.key], waiting: [] },
        alarms: [['adscope-save-outbox', 'adscope-watch'], ['adscope-watch']],
        granted: ['http://127.0.0.1/*', 'https://cdn1.example/*'],
        allowedGrants: ['http://127.0.0.1/*', 'https://cdn1.example/*'],
        watchRequests: Array.from({ length: WEEK_LIMITS.watchBudget }, (_, n) => at - HOUR + n),
      }),
    ).toEqual([]);
  });

  it('fail for a lost save: not on its board, and gone from the outbox', () => {
    expect(check({ saves: [save], outbox: [], onBoards: { [save.key]: 0 } })).toEqual([
      'save board-1 / ad-000001 is lost: not on its board, and the outbox forgot it',
    ]);
    // Still pending, it is not lost; on its board twice, it was applied twice.
    expect(check({ saves: [save], outbox: [{ key: save.key, status: 'pending', held: false }] })).toEqual([]);
    expect(check({ saves: [save], onBoards: { [save.key]: 2 } })).toEqual([
      'save board-1 / ad-000001 is on its board 2 times',
    ]);
  });

  it('fail for a save sent again after it was confirmed', () => {
    expect(check({ saves: [save], onBoards: { [save.key]: 1 }, sentAfterConfirmed: [save.key] })).toEqual([
      'save board-1 / ad-000001 was sent again after it was confirmed',
    ]);
  });

  it('fail for a doubled alarm, or one with no known purpose', () => {
    expect(check({ alarms: [['adscope-watch'], ['adscope-watch', 'adscope-vault', 'adscope-watch']] })).toEqual([
      'alarm adscope-watch is set 2 times',
    ]);
    expect(check({ alarms: [['adscope-watch-again']] })).toEqual(['alarm adscope-watch-again has no known purpose']);
  });

  it('fail for site access left with no job running for it', () => {
    expect(check({ granted: ['https://cdn1.example/*'], allowedGrants: ['http://127.0.0.1/*'] })).toEqual([
      'site access to https://cdn1.example/* is held with no job running for it',
    ]);
  });

  it('fail for a write after Delete all, and for anything left', () => {
    expect(check({ erased: { writes: ['local: set saveOutbox'], notEmpty: [] } })).toEqual([
      'written after Delete all: local: set saveOutbox',
    ]);
    expect(check({ erased: { writes: [], notEmpty: ['the vault'] } })).toEqual([
      'not empty after Delete all: the vault',
    ]);
  });

  it('fail for a job pending past its limit, and a confirmed save the vault never took', () => {
    expect(check({ pending: [{ kind: 'generation', id: 'job-1', since: at - 4 * HOUR }] })).toEqual([
      'generation job-1 is still pending after 4.0 h',
    ]);
    expect(check({ confirmedAt: { [save.key]: at - 2 * HOUR } })).toEqual([
      'confirmed save board-1 / ad-000001 has nothing in the vault after 2.0 h',
    ]);
  });

  it('fail for an ad in New twice, again after it was marked seen, or never', () => {
    const launched = [{ adId: 'ad-000009', brandId: 'brand-1', at: at - 2 * HOUR }];
    const inNew = { ads: [{ adId: 'ad-000009', brandId: 'brand-1' }], more: {} };
    const first = checkWeek({ ...quietObservation(at), launched, news: inNew }, emptyMemory());
    expect(first.violations).toEqual([]);
    // Marked seen: gone from New, and it stays gone.
    const seen = checkWeek({ ...quietObservation(at), launched, markedSeen: ['ad-000009'] }, first.memory);
    expect(seen.violations).toEqual([]);
    expect(check({ launched, news: inNew }, seen.memory)).toEqual([
      'ad ad-000009 is in New again after it was marked seen',
    ]);
    // Gone without being marked seen; twice at once; never there a day and a half after its launch.
    expect(check({ launched }, first.memory)).toEqual(['ad ad-000009 left New without being marked seen']);
    expect(check({ launched, news: { ads: [...inNew.ads, ...inNew.ads], more: {} } })).toEqual([
      'ad ad-000009 is in New twice',
    ]);
    expect(
      check({ launched: [{ ...launched[0], adId: 'ad-000010', at: at - 40 * HOUR, brandId: 'brand-1' }] }),
    ).toEqual(['ad ad-000010 launched 40.0 h ago never came into New']);
    expect(check({ news: { ads: [{ adId: 'ad-000011', brandId: 'brand-1' }], more: {} } })).toEqual([
      'ad ad-000011 is in New but was never launched (New flooded)',
    ]);
  });

  it('fail past the hour’s request budget, counted in the windows the watchlist keeps', () => {
    const requests = (count: number, from: number) => Array.from({ length: count }, (_, n) => from + n * 1000);
    // Two windows back to back: 250 in each is within the budget.
    expect(check({ watchRequests: [...requests(250, at - 2 * HOUR), ...requests(250, at - HOUR)] })).toEqual([]);
    expect(check({ watchRequests: requests(251, at - HOUR) })[0]).toMatch(/over 250 requests in the hour/);
  });

  it('fail for storage past what docs/reliability.md states', () => {
    const storage = quietObservation(at).storage;
    expect(check({ storage: { ...storage, syncBytes: 102_401 } })).toEqual([
      'storage.sync bytes: 102401 over its limit of 102400',
    ]);
    expect(check({ storage: { ...storage, largestSyncItem: 9000 } })).toEqual([
      'storage.sync largest item: 9000 over its limit of 8192',
    ]);
  });
});

describe("the week's figures", () => {
  it('fail for one that grows every day with no stated bound, or passes its bound', () => {
    expect(figureProblem('heap', [10, 11, 12, 13, 14, 15, 16], null)).toBe(
      'heap grew every day with no stated bound: 10, 11, 12, 13, 14, 15, 16',
    );
    expect(figureProblem('heap', [10, 11, 12, 11, 14, 15, 16], null)).toBeNull();
    // Growth within the slack is noise.
    expect(figureProblem('heap', [10, 11, 12, 13, 14, 15, 16], null, 2)).toBeNull();
    expect(figureProblem('vault', [10, 20, 30, 40, 50, 60, 70], 100)).toBeNull();
    expect(figureProblem('vault', [10, 20, 30, 40, 50, 60, 170], 100)).toBe('vault reached 170, over its bound of 100');
  });
});
