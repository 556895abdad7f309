/**
 * Reads the time as epoch milliseconds. Code that needs "now" takes one of these (or a `now`
 * argument), so a test can fix the instant and nothing depends on the day it runs.
 */
export type Clock = () => number;

/** The real clock: the one place outside server/clock.ts that reads the time (ESLint keeps it so). */
export const systemClock: Clock = () => Date.now();
