import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { closeVault, deleteVault, keptAd, keptAdKey, VAULT_DB, vaultDb, vaultSize } from '../../../lib/vault/db';
import { localBoardTree } from '../../../lib/vault/local-boards';
import { TEST_NOW } from '../../support/clock';

/**
 * What pages read of the vault never creates it: after Delete all it stays deleted, whatever a
 * page still open reads, and however its read meets the deletion.
 */

const exists = async () => (await indexedDB.databases()).some((db) => db.name === VAULT_DB);

/** Deletes the vault as another page or the background does: without closing this page's connection first. */
const deleteElsewhere = () =>
  new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(VAULT_DB);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('not deleted'));
  });

async function keepOne(): Promise<void> {
  await (
    await vaultDb()
  ).put('ads', {
    key: keptAdKey('b1', 'ad-1'),
    boardId: 'b1',
    boardName: 'Tents',
    adId: 'ad-1',
    urls: [],
    skipped: [],
    keptAt: TEST_NOW,
  });
}

afterEach(() => deleteVault());

describe('reading the vault', () => {
  it('finds nothing where there is no vault and creates none; a writer still creates it', async () => {
    await deleteVault();
    expect(await keptAd('b1', 'ad-1')).toBeNull();
    expect((await vaultSize()).files).toBe(0);
    expect(await localBoardTree()).toEqual([]);
    expect(await exists()).toBe(false);
    await keepOne();
    expect(await exists()).toBe(true);
    expect((await keptAd('b1', 'ad-1'))?.adId).toBe('ad-1');
  });

  it('lets go of its connection when the vault is deleted elsewhere, and does not bring it back', async () => {
    await keepOne();
    expect((await keptAd('b1', 'ad-1'))?.adId).toBe('ad-1');
    // Not blocked by this page's open connection.
    await deleteElsewhere();
    expect(await keptAd('b1', 'ad-1')).toBeNull();
    expect(await exists()).toBe(false);
  });

  it('does not make the vault again when its read meets the deletion under way', async () => {
    await keepOne();
    await closeVault();
    const deleting = deleteElsewhere();
    // The vault is still listed while its deletion waits; the read's open comes after it.
    const reading = keptAd('b1', 'ad-1');
    await deleting;
    expect(await reading).toBeNull();
    expect(await exists()).toBe(false);
  });
});
