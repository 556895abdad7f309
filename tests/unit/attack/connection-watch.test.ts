/*
 * lib/background/jobs/connection-watch.ts: the one wiring by which the worker and the test
 * worlds follow the stored connection. PASSES (coverage): the worker's rule, now shared.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { connectionItem, forgetKey, writeConnection } from '@/lib/background/api/credentials';
import { followConnection } from '@/lib/background/jobs/connection-watch';
import { JobGate } from '@/lib/background/jobs/job-gate';

function jobs() {
  return {
    watch: { resume: vi.fn(async () => undefined), followService: vi.fn(async () => undefined) },
    vault: { run: vi.fn(async () => undefined) },
    outbox: { drain: vi.fn(async () => undefined) },
    generations: { drain: vi.fn(async () => undefined) },
  };
}

/** Lets the storage's change events reach their listeners. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('jobs following the stored connection', () => {
  beforeEach(() => fakeBrowser.reset());

  it('opens a closed gate and resumes the watchlist and the vault once, and looks at the queues on every change', async () => {
    const gate = new JobGate(false);
    const set = jobs();
    const stop = followConnection(gate, set);
    await writeConnection('https://api.example', 'key-1111');
    await settle();
    expect(gate.open).toBe(true);
    expect(set.watch.resume).toHaveBeenCalledTimes(1);
    expect(set.vault.run).toHaveBeenCalledTimes(1);
    expect(set.outbox.drain).toHaveBeenCalledTimes(1);
    expect(set.generations.drain).toHaveBeenCalledTimes(1);
    // A new key for an open gate: the queues look again (it may release what waited), nothing resumes twice.
    await writeConnection('https://api.example', 'key-2222');
    await settle();
    expect(set.watch.resume).toHaveBeenCalledTimes(1);
    // New follows every change of connection.
    expect(set.watch.followService).toHaveBeenCalledTimes(2);
    expect(set.outbox.drain).toHaveBeenCalledTimes(2);
    expect(set.generations.drain).toHaveBeenCalledTimes(2);
    stop();
    await forgetKey();
    await settle();
    expect(set.outbox.drain).toHaveBeenCalledTimes(2);
  });

  it('keeps the gate Delete all closed when the connection is then removed, and only looks at the queues', async () => {
    await writeConnection('https://api.example', 'key-1111');
    const gate = new JobGate(true);
    const set = jobs();
    followConnection(gate, set);
    gate.close();
    await connectionItem.remove();
    await settle();
    expect(set.outbox.drain).toHaveBeenCalledTimes(1);
    expect(gate.open).toBe(false);
    expect(set.watch.resume).not.toHaveBeenCalled();
    expect(set.vault.run).not.toHaveBeenCalled();
  });
});
