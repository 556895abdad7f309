import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { releaseWhenKept } from '@/components/boards/use-board-vault';
import { vaultStateItem } from '@/lib/vault/state';

/** Site access asked for keeping a board, when the board's view is left before the keeper is done. */
beforeEach(() => fakeBrowser.reset());

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const keeping = (at: number) => ({ stopped: null, message: null, board: { id: 'b1', name: 'Tents', waiting: 3 }, at });

describe('site access held for keeping a board, its view left', () => {
  it('is given back once the keeper is done, not before, and once', async () => {
    await vaultStateItem.set(keeping(100));
    let released = 0;
    releaseWhenKept(50, () => (released += 1));
    await settle();
    expect(released).toBe(0);
    await vaultStateItem.set(keeping(150));
    await settle();
    expect(released).toBe(0);
    await vaultStateItem.set({ stopped: null, message: null, board: null, at: 200 });
    await settle();
    expect(released).toBe(1);
    await vaultStateItem.set({ stopped: 'failed', message: 'x', board: null, at: 300 });
    await settle();
    expect(released).toBe(1);
  });

  it('is given back when the keeper stopped short, or was done already', async () => {
    await vaultStateItem.set({ ...keeping(100), stopped: 'full', message: 'Nearly full.' });
    let released = 0;
    releaseWhenKept(50, () => (released += 1));
    await settle();
    expect(released).toBe(1);
  });
});
