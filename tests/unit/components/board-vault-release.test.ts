import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { releaseWhenKept } from '@/components/boards/use-board-vault';
import { deleteVault, keptAdKey, vaultDb } from '@/lib/vault/db';
import { type VaultState, vaultStateItem } from '@/lib/vault/state';
import { TEST_NOW } from '../../support/clock';

/** Site access held for keeping a board, when the board's view is left before the keeper is done. */
beforeEach(() => fakeBrowser.reset());
afterEach(() => deleteVault());

const settle = async () => {
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};
const state = (serial: number, fields: Partial<VaultState> = {}): VaultState => ({
  stopped: null,
  message: null,
  board: null,
  at: TEST_NOW,
  serial,
  ...fields,
});
const keeping = (serial: number) => state(serial, { board: { id: 'b1', name: 'Tents', waiting: 1 } });
const ask = { boardId: 'b1', adIds: ['ad-1'], baseline: 4 };

/** The ad's job, waiting for the keeper's try (fresh) or tried already. */
async function job(fresh: boolean) {
  const db = await vaultDb();
  await db.put('jobs', {
    id: keptAdKey('b1', 'ad-1'),
    boardId: 'b1',
    boardName: 'Tents',
    adId: 'ad-1',
    urls: ['https://cdn.example/1.png'],
    createdAt: TEST_NOW,
    skipped: [],
    fresh,
  });
}

describe('site access held for keeping a board, its view left', () => {
  it('is given back once the keeper is done, not before, and once', async () => {
    await job(true);
    await vaultStateItem.set(keeping(4));
    let released = 0;
    releaseWhenKept(ask, () => (released += 1));
    await settle();
    expect(released).toBe(0);
    await vaultStateItem.set(keeping(5));
    await settle();
    expect(released).toBe(0);
    // Idle, but the ad's job is not tried yet (a pass that began before it was stored).
    await vaultStateItem.set(state(6));
    await settle();
    expect(released).toBe(0);
    await job(false);
    await vaultStateItem.set(state(7));
    await settle();
    expect(released).toBe(1);
    await vaultStateItem.set(state(8, { stopped: 'failed', message: 'x' }));
    await settle();
    expect(released).toBe(1);
  });

  it('is not given back for what the keeper wrote before the ask, whatever its clock said', async () => {
    await vaultStateItem.set(state(4, { at: TEST_NOW + 86_400_000 }));
    let released = 0;
    releaseWhenKept(ask, () => (released += 1));
    await settle();
    expect(released).toBe(0);
  });

  it('is given back when the keeper stopped short, or was done already', async () => {
    await job(true);
    await vaultStateItem.set({ ...keeping(5), stopped: 'full', message: 'Nearly full.' });
    let released = 0;
    releaseWhenKept(ask, () => (released += 1));
    await settle();
    expect(released).toBe(1);
  });
});
