import type { Clock } from '../../lib/clock';

/**
 * The instant unit tests run at, whatever the machine's date, time of day or time zone: the
 * reference server is pinned to it and the client is handed a clock that reads it.
 */
export const TEST_NOW_ISO = '2026-11-22T12:00:00.000Z';
export const TEST_NOW = Date.parse(TEST_NOW_ISO);
/** TEST_NOW's UTC day. */
export const TEST_DAY = TEST_NOW_ISO.slice(0, 10);

/** A clock that stands still until a test moves it. */
export function manualClock(start = TEST_NOW): Clock & { set(ms: number): void; advance(ms: number): void } {
  let now = start;
  return Object.assign(() => now, {
    set(ms: number) {
      now = ms;
    },
    advance(ms: number) {
      now += ms;
    },
  });
}

/** A clock fixed at `at`. */
export const fixedClock =
  (at = TEST_NOW): Clock =>
  () =>
    at;
