import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FIGURE_BOUNDS, WEEK_LIMITS } from '../tests/support/week-invariants';
import type { Figure } from './report';

/** One seed of the simulated week, the one docs/performance.md shows. */
export const BENCH_WEEK_SEED = 20261201;

interface WeekFigures {
  seed: number;
  table: string;
  days: {
    requests: { total: number };
    localBytes: number;
    syncBytes: number;
    vaultBytes: number;
    heapBytes: number;
  }[];
}

/**
 * The simulated week (tests/unit/background/week.test.ts) on one seed, run by vitest as in
 * `npm test`: its figures per day (requests, each storage area, the heap after a forced
 * collection) are written to .bench/week.md as the table docs/performance.md shows, and the
 * week's largest of each against the bound the week's invariants hold it to.
 */
export function benchWeek(): Figure[] {
  const dir = path.resolve('.bench');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'week.json');
  execFileSync('npx', ['vitest', 'run', 'tests/unit/background/week.test.ts'], {
    stdio: 'ignore',
    env: { ...process.env, WEEK_SEEDS: String(BENCH_WEEK_SEED), WEEK_FIGURES: file },
  });
  const week = JSON.parse(readFileSync(file, 'utf8')) as WeekFigures;
  writeFileSync(path.join(dir, 'week.md'), `${week.table}\n`);
  const most = (read: (day: WeekFigures['days'][number]) => number) => Math.max(...week.days.map(read));
  const heaps = week.days.map((day) => day.heapBytes);
  // Growth past the noise, as the week's invariant reads it: a day may grow (the second service's
  // catalogue comes on day 4), every day must not.
  const grew = heaps.slice(1).filter((heap, i) => heap > (heaps[i] ?? heap) + FIGURE_BOUNDS.heapSlackBytes).length;
  const note = `seed ${week.seed}, the table per day in .bench/week.md`;
  return [
    {
      name: 'week: requests on its busiest day',
      value: most((day) => day.requests.total),
      unit: 'requests',
      budget: FIGURE_BOUNDS.requestsPerDay,
      note,
    },
    {
      name: 'week: storage.local at most',
      value: most((day) => day.localBytes) / 1024,
      unit: 'KB',
      budget: WEEK_LIMITS.localBytes / 1024,
    },
    {
      name: 'week: storage.sync at most',
      value: most((day) => day.syncBytes) / 1024,
      unit: 'KB',
      budget: FIGURE_BOUNDS.syncBytes / 1024,
    },
    { name: 'week: vault at most', value: most((day) => day.vaultBytes) / 1024, unit: 'KB' },
    { name: 'week: days the heap after GC grew past 2 MB', value: grew, unit: 'days', budget: heaps.length - 2 },
    {
      name: 'week: heap after GC at the end (the background and both servers)',
      value: (heaps.at(-1) ?? 0) / 1024 ** 2,
      unit: 'MB',
    },
  ];
}
