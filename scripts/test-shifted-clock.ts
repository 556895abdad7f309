import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findFaketime } from './requirements';

/**
 * The unit suite, as `npm test` runs it: on a clock moved far from today, in a time zone far from
 * UTC and in another language, which proves on every run that no test depends on the day, the
 * hour, the zone or the language it runs in. (`npm run test:unit` runs it on the machine's own
 * clock, zone and language, for the edit-and-test loop.)
 *
 * faketime moves the whole process's clock (Date, Intl, the wall time behind timers) to a start
 * instant and lets it run: the last day of a month more than a year from today, five seconds
 * before UTC midnight, so each test file starts just before a month end and a UTC day boundary
 * and the longer ones cross both. The zone is Pacific/Kiritimati (UTC+14), where the local date
 * is already the next day, and the language is German (de-DE). SHIFTED_NOW (an ISO instant),
 * SHIFTED_TZ and SHIFTED_LOCALE override them, to replay a failure. The fault properties run
 * their own number of schedules (FAULT_RUNS sets one number for all of them).
 */
const ZONE = process.env.SHIFTED_TZ ?? 'Pacific/Kiritimati';

/** 23:59:55 UTC on the last day of the month 13 months after `now`. */
function shiftedInstant(now: number): Date {
  const today = new Date(now);
  const firstOfNextMonth = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 14, 1);
  return new Date(firstOfNextMonth - 5_000);
}

function fail(message: string): never {
  console.error(`Shifted-clock unit run: ${message}`);
  process.exit(1);
}

const faketime = findFaketime();
if (!faketime.ok) fail(`faketime ${faketime.problem}\n  ${faketime.fix.join('\n  ')}`);

const instant = process.env.SHIFTED_NOW ? new Date(process.env.SHIFTED_NOW) : shiftedInstant(Date.now());
if (Number.isNaN(instant.getTime())) fail(`SHIFTED_NOW is not an instant: ${process.env.SHIFTED_NOW}`);
// faketime reads its start through `date -d`, which takes an explicit zone.
const start = `${instant.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
// And in another language than the machine's, so no test depends on how numbers and dates read.
const LOCALE = process.env.SHIFTED_LOCALE ?? 'de_DE.UTF-8';
const env = { ...process.env, TZ: ZONE, LANG: LOCALE, LC_ALL: LOCALE };
// -m: the multi-threaded libfaketime, since Node reads the clock from more than one thread.
const run = (args: string[], capture: boolean) =>
  spawnSync(faketime.path, [start, process.execPath, ...args], {
    env,
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
  });

// First make sure the clock really moved, so a silent faketime cannot pass for a clean run.
const probe = run(['-e', 'process.stdout.write(JSON.stringify([Date.now(), new Date().getTimezoneOffset()]))'], true);
let seen: [number, number] = [0, 0];
try {
  seen = JSON.parse(probe.stdout) as [number, number];
} catch {
  fail(`faketime did not run Node (exit ${probe.status}).`);
}
if (Math.abs(seen[0] - instant.getTime()) > 60_000) {
  fail(
    `faketime did not move Node's clock: Node saw ${new Date(seen[0]).toISOString()}, not ${instant.toISOString()}.`,
  );
}
if (seen[1] === 0) fail(`TZ=${ZONE} did not reach Node: it still sees UTC.`);

console.info(
  `Unit suite at ${instant.toISOString()} (local time ${ZONE}, language ${LOCALE})${
    process.env.FAULT_RUNS ? `, fault properties at ${process.env.FAULT_RUNS} runs` : ''
  }…`,
);
const vitest = path.resolve('node_modules/vitest/vitest.mjs');
const result = run([vitest, 'run'], false);
if (result.status !== 0) {
  fail(
    `failed. Replay it with: SHIFTED_NOW=${instant.toISOString()} SHIFTED_TZ=${ZONE} SHIFTED_LOCALE=${LOCALE} npm run test:unit:shifted`,
  );
}
