import { describeMissing, type Requirement } from './requirements';

/**
 * Runs before `npm start`, `npm run tour`, `npm test` and `npm run bench` (npm's pre-scripts):
 * checks that the machine has what the command needs and, when it does not, says exactly
 * what to install, before any build or download starts.
 */
const NEEDS: Record<string, Requirement[]> = {
  start: ['node', 'chromium'],
  tour: ['node', 'chromium'],
  bench: ['node', 'chromium'],
  test: ['node', 'faketime', 'chromium', 'firefox'],
};

const command = process.argv[2] ?? '';
const needs = NEEDS[command];
if (!needs) {
  console.error(`preflight: unknown command "${command}"; expected one of ${Object.keys(NEEDS).join(', ')}.`);
  process.exit(2);
}
const missing = describeMissing(
  command === 'test' || command === 'start' ? `npm ${command}` : `npm run ${command}`,
  needs,
);
if (missing) {
  console.error(missing);
  process.exit(1);
}
