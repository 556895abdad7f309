import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { JobGate } from '../../../lib/background/jobs/job-gate';
import { wakeScheduler } from '../../../lib/background/jobs/wake-scheduler';

/** The gate every background job answers to: closed by Delete all, open again when a connection is saved. */
describe('the jobs gate', () => {
  it('is closed while its first check runs, then as the check says', async () => {
    let answer: (open: boolean) => void = () => undefined;
    const gate = new JobGate(() => new Promise<boolean>((resolve) => (answer = resolve)));
    expect(gate.open).toBe(false);
    const allowed = gate.allows();
    answer(true);
    expect(await allowed).toBe(true);
    expect(gate.open).toBe(true);
  });

  it('stays closed when Delete all closes it before the first check answers', async () => {
    let answer: (open: boolean) => void = () => undefined;
    const gate = new JobGate(() => new Promise<boolean>((resolve) => (answer = resolve)));
    gate.close();
    answer(true);
    expect(await gate.allows()).toBe(false);
  });

  it('gives up a request under way the moment it closes, and refuses new ones until it opens again', async () => {
    const gate = new JobGate(true);
    const never = new Promise<string>(() => undefined);
    const racing = gate.race(never);
    gate.close();
    await expect(racing).rejects.toThrow(/Connect it again/);
    await expect(gate.race(Promise.resolve('late'))).rejects.toThrow(/Connect it again/);
    gate.reopen();
    await expect(gate.race(Promise.resolve('now'))).resolves.toBe('now');
  });

  it('keeps nothing of the work it raced once that work has answered, however long it stays open', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const gate = new JobGate(true);
    // A creative the keeper fetched, a page the watchlist read: answered, used, and let go.
    const answers: WeakRef<object>[] = [];
    const fetchOne = async () => {
      const answer = { bytes: new Uint8Array(1024 * 1024) };
      answers.push(new WeakRef(answer));
      await gate.race(Promise.resolve(answer));
    };
    for (let n = 0; n < 3; n += 1) await fetchOne();
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(answers.map((answer) => answer.deref() === undefined)).toEqual([true, true, true]);
    expect(gate.open).toBe(true);
  });
});

describe('a wake-up by timer', () => {
  it('never comes before its time, so a queue woken for a fraction of a millisecond ahead does not spin', async () => {
    fakeBrowser.reset();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], now: 1_000_000 });
    try {
      const clock = () => vi.getMockedSystemTime()?.getTime() ?? 0;
      let woken = 0;
      const schedule = wakeScheduler('test-timer', () => (woken += 1), clock);
      // A backoff with jitter: due 0.677 ms from now. Woken before then, the queue finds nothing
      // due and asks again for the same instant, over and over.
      schedule(clock() + 0.677);
      await vi.advanceTimersByTimeAsync(0);
      expect(woken).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(woken).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a wake-up by alarm in a new worker', () => {
  it('waits for the gate to read whether a connection is stored, then wakes only an open gate', async () => {
    fakeBrowser.reset();
    let answer: (open: boolean) => void = () => undefined;
    const gate = new JobGate(() => new Promise<boolean>((resolve) => (answer = resolve)));
    let woken = 0;
    wakeScheduler(
      'test-alarm',
      () => (woken += 1),
      () => 0,
      gate,
    );
    // The alarm that woke this worker fires before the gate's first check has answered.
    await fakeBrowser.alarms.onAlarm.trigger({ name: 'test-alarm', scheduledTime: 0, persistAcrossSessions: false });
    expect(woken).toBe(0);
    answer(true);
    await gate.allows();
    await Promise.resolve();
    expect(woken).toBe(1);

    // After Delete all closes it, an alarm wakes nothing.
    gate.close();
    await fakeBrowser.alarms.onAlarm.trigger({ name: 'test-alarm', scheduledTime: 0, persistAcrossSessions: false });
    await Promise.resolve();
    expect(woken).toBe(1);
  });
});
