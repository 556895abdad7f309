import { defineConfig } from '@playwright/test';
import type { WorkerOptions } from './tests/e2e/fixtures';

export default defineConfig<object, WorkerOptions>({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // Each worker keeps one Chromium, emptied between its tests (tests/e2e/fixtures.ts); two cores fit two at once.
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // A journey takes 35 to 50 s while another runs beside it on a loaded two-core machine (AMD EPYC):
  // the limit catches a hung test, not a slow machine.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // No trace by default: recording one for every test (snapshots at each action) made the suite
  // a fifth slower on two cores, to keep the few of failing tests. Add `--trace retain-on-failure`
  // to a run to keep them (`npx playwright show-trace` opens one).
  use: { trace: 'off' },
  projects: [
    { name: 'chromium', testIgnore: ['**/small-truths.spec.ts', '**/real-service.spec.ts'] },
    // The main journeys again, against a service that answers in other legal shapes (server/shapes.ts).
    { name: 'alt-shapes', testMatch: '**/main-journey.spec.ts', use: { shapes: 'alt' } },
    // Surfaces against a service that gives less of what the contract leaves unshown (server/shapes.ts).
    { name: 'minimal-shapes', testMatch: '**/small-truths.spec.ts', use: { shapes: 'minimal' } },
    // The main journey against the real service's shapes: flat gateway errors, read-only boards, opaque ids (server/atria-shapes.ts).
    { name: 'atria-shapes', testMatch: '**/real-service.spec.ts', use: { shapes: 'atria' } },
  ],
});
