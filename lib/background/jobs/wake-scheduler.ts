import { type Browser, browser } from 'wxt/browser';
import type { Clock } from '../../clock';
import type { EventSource } from '../held-event';
import type { JobGate } from './job-gate';

/** Where a job hears its alarms: the browser's event, or the worker's held one (lib/background/start.ts). */
export type AlarmEvents = EventSource<[Browser.alarms.Alarm]>;

/** Alarms fire no sooner than this after they are set (Chrome's floor for MV3). */
const ALARM_FLOOR_MS = 30_000;

/**
 * Wakes a queue at the time it asks for: a timer while the worker lives, and an alarm, no
 * sooner than 30 s, for when it does not (a stopped worker, a restarted browser). The queue
 * asks again after every pass, so at most one timer and one alarm are set per queue; null
 * clears both, including an alarm a previous worker left behind. While `gate` is closed (after
 * Delete all, until a connection is saved) no alarm is set and a wake-up wakes nothing.
 */
export function wakeScheduler(
  alarmName: string,
  wake: () => void,
  clock: Clock,
  gate?: JobGate,
  alarms: AlarmEvents = browser.alarms.onAlarm,
): (at: number | null) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // An alarm may be what woke a new worker, before its gate has read whether a connection is
  // stored: the wake waits for that answer, and wakes only an open gate.
  const fire = () => {
    if (!gate) wake();
    else
      void gate.allows().then((open) => {
        if (open) wake();
      });
  };
  alarms.addListener((alarm) => {
    if (alarm.name === alarmName) fire();
  });
  return (at) => {
    clearTimeout(timer);
    if (at === null || gate?.open === false) {
      void browser.alarms.clear(alarmName);
      return;
    }
    // Rounded up: a timer takes whole milliseconds, and one that fired a fraction early would find
    // nothing due yet and ask again for the same instant.
    timer = setTimeout(fire, Math.max(0, Math.ceil(at - clock())));
    void browser.alarms.create(alarmName, { when: Math.max(at, clock() + ALARM_FLOOR_MS) });
  };
}
