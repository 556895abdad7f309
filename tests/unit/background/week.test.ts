import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runWeek, WEEK_QUOTA, weekTable } from '../../support/week';
import { figureProblems } from '../../support/week-invariants';

/**
 * A week in a minute: the whole background, every job at once, through seven simulated days
 * (tests/support/week.ts). Each simulated hour checks the invariants of
 * tests/support/week-invariants.ts; a failure names the seed, the day and the hour. Two fixed
 * seeds here; `npm run soak -- --seeds N` runs more (docs/testing.md). WEEK_SEEDS=1,2,3 runs
 * those instead; WEEK_FIGURES=<file> writes the figures there (the bench's week).
 */
const SEEDS = (process.env.WEEK_SEEDS ?? '20261201,20261202').split(',').map(Number);

describe('a week in a minute', () => {
  it.each(SEEDS)(
    'seed %i: nothing lost, doubled, overdue, left held or written after Delete all',
    { timeout: 180_000 },
    async (seed) => {
      const result = await runWeek({ seed });
      console.info(weekTable(result));
      // `npm run bench -- --only=week` reads the figures from here (bench/week.ts).
      if (process.env.WEEK_FIGURES)
        writeFileSync(process.env.WEEK_FIGURES, JSON.stringify({ ...result, table: weekTable(result) }));
      expect(figureProblems(result.days, WEEK_QUOTA)).toEqual([]);
      expect(result.hours).toBe(7 * 24);
      // The week met what it was meant to: every kind of trouble, and the news it must find.
      expect(result.met.refused).toBeGreaterThan(0);
      expect(result.met.rateLimited).toBeGreaterThan(0);
      expect(result.met.serverErrors).toBeGreaterThan(0);
      expect(result.met.hung).toBeGreaterThan(0);
      expect(result.met.launched).toBeGreaterThan(50);
      // Every launch is found by the next check of its brand; those of the last hours before Delete all may not be yet.
      expect(result.met.newsFound).toBeGreaterThan(result.met.launched * 0.8);
      expect(result.met.pageJobs).toBeGreaterThan(5);
      expect(result.restarts).toBe(6);
      expect(result.kills).toBeGreaterThan(20);
      expect(result.saves).toBe(304);
    },
  );
});
