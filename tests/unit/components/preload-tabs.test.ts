import { describe, expect, it } from 'vitest';
import { preloadOtherTabs } from '../../../components/sidepanel/side-panel-app';

/** Idle moments run by hand: each call of `idle` is one moment the test lets happen. */
function idleMoments() {
  const waiting: (() => void)[] = [];
  return {
    idle: (run: () => void) => void waiting.push(run),
    waiting,
    async runOne() {
      const run = waiting.shift();
      run?.();
      // The load's promise settles, then the next moment is asked for.
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe('the side panel loads its other views when idle', () => {
  it('one view per idle moment, the next asked for only once the last has loaded', async () => {
    const moments = idleMoments();
    const loaded: number[] = [];
    const loads = [0, 1, 2].map((index) => async () => void loaded.push(index));
    preloadOtherTabs(moments.idle, loads);
    expect(loaded).toEqual([]);
    expect(moments.waiting).toHaveLength(1);
    await moments.runOne();
    expect(loaded).toEqual([0]);
    expect(moments.waiting).toHaveLength(1);
    await moments.runOne();
    await moments.runOne();
    expect(loaded).toEqual([0, 1, 2]);
    expect(moments.waiting).toHaveLength(0);
  });

  it('goes on past a view that fails to load', async () => {
    const moments = idleMoments();
    const loaded: string[] = [];
    preloadOtherTabs(moments.idle, [
      () => Promise.reject(new Error('chunk gone')),
      async () => void loaded.push('boards'),
    ]);
    await moments.runOne();
    await moments.runOne();
    expect(loaded).toEqual(['boards']);
  });
});
