/**
 * The week's agenda, drawn from one seed: what the user does and what the world does to the
 * background, hour by hour, before the week starts. The same seed gives the same agenda.
 */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const DAYS = 7;

/** A small, fast generator (mulberry32): the week's agenda and every random choice of its run. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => {
    const item = list[Math.floor(next() * list.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  };
  const shuffle = <T>(list: readonly T[]): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  return { next, int, pick, shuffle, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof seeded>;

export type Event =
  | { kind: 'install' }
  | { kind: 'setup' }
  | { kind: 'save'; index: number }
  | { kind: 'generate'; index: number; size: number }
  | { kind: 'launch'; brands: number[]; count: number; daysAgo: number }
  | { kind: 'mark-seen'; share: number }
  | { kind: 'outage'; on: boolean }
  | { kind: 'burst'; times: number; retryAfter: number }
  | { kind: 'fault'; path: string; fault: 'upstream' | 'gateway'; times: number }
  | { kind: 'keep'; job: number; minutes: number; closedMidway: boolean }
  | { kind: 'restart' }
  | { kind: 'rotate-key' }
  | { kind: 'connect-second' }
  | { kind: 'back-to-first' }
  | { kind: 'erase-while-running' }
  | { kind: 'reconnect' };

export interface Planned {
  /** Milliseconds from the start of the week. */
  at: number;
  event: Event;
}

export interface WeekPlan {
  events: Planned[];
  /** Saves of the week, then the few after connecting again. */
  saves: number;
  /** Saves whose first creative never answers, and whose first creative's link expires. */
  hanging: ReadonlySet<number>;
  expiring: ReadonlySet<number>;
  /** The day the first service's key is replaced, and the day on the second service. */
  secondServiceDay: number;
}

export const WEEK_SIZES = {
  brands: 50,
  saves: 300,
  savesAfterReconnect: 4,
  boards: 20,
  generations: 30,
} as const;

const at = (day: number, hour: number, minute = 0) => day * DAY + hour * HOUR + minute * MINUTE;

/** The week: seven days from midnight, the last one ending with Delete all and connecting again. */
export function planWeek(seed: number): WeekPlan {
  const random = seeded(seed);
  const events: Planned[] = [];
  const add = (time: number, event: Event) => events.push({ at: time, event });
  const secondServiceDay = 4;
  const onSecond = (time: number) => time >= at(secondServiceDay, 9) && time < at(secondServiceDay + 1, 9);

  add(at(0, 0), { kind: 'install' });
  add(at(0, 0, 1), { kind: 'setup' });
  for (let day = 1; day < DAYS; day += 1) add(at(day, 3), { kind: 'restart' });

  // 300 saves over the week's waking hours, before the last day's Delete all.
  const saveTimes: number[] = [];
  while (saveTimes.length < WEEK_SIZES.saves) {
    const time = random.int(at(0, 1), at(DAYS - 1, 16, 30));
    const hour = Math.floor((time % DAY) / HOUR);
    if (hour >= 7 || random.chance(0.1)) saveTimes.push(time);
  }
  saveTimes.sort((a, b) => a - b).forEach((time, index) => add(time, { kind: 'save', index }));
  const saveIndexes = random.shuffle(Array.from({ length: WEEK_SIZES.saves }, (_, index) => index));
  const hanging = new Set(saveIndexes.slice(0, 4));
  const expiring = new Set(saveIndexes.slice(4, 9));

  // 30 image generations, not on the day of the second service.
  let generations = 0;
  while (generations < WEEK_SIZES.generations) {
    const time = random.int(at(0, 2), at(DAYS - 1, 16));
    if (onSecond(time)) continue;
    add(time, { kind: 'generate', index: generations, size: random.int(1, 3) });
    generations += 1;
  }

  // News: three launches a day for a few brands, some indexed late (an old launch date).
  for (let day = 0; day < DAYS; day += 1) {
    for (let n = 0; n < 3; n += 1) {
      const time = random.int(at(day, day === 0 ? 4 : 0), at(day, day === DAYS - 1 ? 15 : 23, 59));
      const brands = random.shuffle(Array.from({ length: WEEK_SIZES.brands }, (_, i) => i)).slice(0, random.int(3, 8));
      const daysAgo = random.chance(0.25) ? random.int(2, 40) : 0;
      add(time, { kind: 'launch', brands, count: random.int(1, 2), daysAgo });
    }
    // The user looks at New and marks some of it seen.
    for (let n = 0; n < 2; n += 1) {
      const time = random.int(at(day, 8), at(day, day === DAYS - 1 ? 15 : 23));
      if (!onSecond(time)) add(time, { kind: 'mark-seen', share: random.pick([0.3, 0.6, 1]) });
    }
  }

  // The service goes away for two hours; another day answers a burst of 429s; a few 5xx.
  const outageDay = random.int(1, 3);
  const outageAt = at(outageDay, random.int(8, 14), random.int(0, 59));
  add(outageAt, { kind: 'outage', on: true });
  add(outageAt + 2 * HOUR, { kind: 'outage', on: false });
  const burstDay = random.pick([1, 2, 3, 5].filter((day) => day !== outageDay));
  add(at(burstDay, random.int(9, 20), random.int(0, 59)), { kind: 'burst', times: 30, retryAfter: random.int(20, 90) });
  for (let n = 0; n < 6; n += 1) {
    add(random.int(at(0, 6), at(DAYS - 1, 16)), {
      kind: 'fault',
      path: random.pick(['/boards', '/ad-library', '/image-generations']),
      fault: random.pick(['upstream', 'upstream', 'gateway']),
      times: random.int(1, 3),
    });
  }

  // Keep this board, twice a day: the page holds site access while the keeper works, and gives
  // it back when done, or is closed mid-way (the worker gives it back), or the browser quits
  // under it at night (the next start gives it back).
  for (let day = 0; day < DAYS - 1; day += 1) {
    const times = [at(day, random.int(10, 22), random.int(0, 59))];
    if (day > 0) times.push(at(day, random.int(1, 2), random.int(0, 59)));
    for (const time of times)
      add(time, { kind: 'keep', job: time, minutes: random.int(10, 120), closedMidway: random.chance(0.5) });
  }

  // Mid-week: a new key for the same service; then a day on a second service.
  add(at(3, random.int(10, 16), random.int(0, 59)), { kind: 'rotate-key' });
  add(at(secondServiceDay, 9), { kind: 'connect-second' });
  add(at(secondServiceDay + 1, 9), { kind: 'back-to-first' });

  // The last day: Delete all while a check and the keeper run, then connecting again.
  add(at(DAYS - 1, 17), { kind: 'erase-while-running' });
  add(at(DAYS - 1, 19), { kind: 'reconnect' });
  for (let n = 0; n < WEEK_SIZES.savesAfterReconnect; n += 1)
    add(at(DAYS - 1, 19, 30 + n * 7), { kind: 'save', index: WEEK_SIZES.saves + n });

  events.sort((a, b) => a.at - b.at);
  return {
    events,
    saves: WEEK_SIZES.saves + WEEK_SIZES.savesAfterReconnect,
    hanging,
    expiring,
    secondServiceDay,
  };
}
