import { describe, expect, it } from 'vitest';
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
