import { describe, expect, it } from 'vitest';
import { JobGate } from '../../../lib/background/jobs/job-gate';

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
