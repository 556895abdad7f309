import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type EraseDeps, eraseAllData } from '../../../lib/background/erase';
import { deleteVault, vaultDb, vaultSize } from '../../../lib/vault/db';

/** "Delete all Adscope data": every storage area empty, no alarm left, granted access given back. */
beforeEach(() => fakeBrowser.reset());

function fakeDeps(granted: string[], registered: boolean) {
  const state = { alarms: 2, registered, removed: [] as string[][] };
  const deps: EraseDeps = {
    clearAlarms: async () => {
      state.alarms = 0;
    },
    grantedOrigins: async () => granted,
    removeOrigins: async (origins) => {
      state.removed.push(origins);
    },
    clearVault: deleteVault,
    pageButton: {
      hasOrigins: async () => true,
      registered: async () => state.registered,
      register: async () => {
        state.registered = true;
      },
      unregister: async () => {
        state.registered = false;
      },
    },
  };
  return { state, deps };
}

describe('deleting all Adscope data', () => {
  it('empties local, session and synced storage and the vault, clears the alarms, unregisters the page button and gives back granted sites', async () => {
    await fakeBrowser.storage.local.set({
      connection: { baseUrl: 'https://api.example.com', origin: 'https://api.example.com', apiKey: 'k'.repeat(20) },
      saveOutbox: [{ id: 'x' }],
      pageButton: { enabled: true },
    });
    await fakeBrowser.storage.session.set({ similarPending: { id: 'p' } });
    await fakeBrowser.storage.sync.set({ 'watch.b1': { id: 'b1', name: 'Acme' }, watchSettings: { intervalHours: 6 } });
    const { state, deps } = fakeDeps(['https://api.example.com/*', 'https://*/*'], true);
    const vault = await vaultDb();
    await vault.put('files', {
      url: 'https://cdn.example/a.png',
      mime: 'image/png',
      bytes: 3,
      data: new ArrayBuffer(3),
      keptAt: 1,
    });

    await eraseAllData(deps);

    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
    expect(state.alarms).toBe(0);
    expect(state.registered).toBe(false);
    expect(state.removed).toEqual([['https://api.example.com/*', 'https://*/*']]);
    // The vault's kept creatives are gone with the rest.
    expect((await vaultSize()).files).toBe(0);
  });

  it('asks the browser to give back nothing when nothing was granted', async () => {
    const { state, deps } = fakeDeps([], false);
    await eraseAllData(deps);
    expect(state.removed).toEqual([]);
  });
});
