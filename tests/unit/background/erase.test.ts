import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type EraseDeps, eraseAllData } from '../../../lib/background/erase';
import { deleteVault, vaultDb, vaultSize } from '../../../lib/vault/db';
import { manualClock } from '../../support/clock';
import {
  connect,
  countWrites,
  everything,
  fakeNet,
  NOTHING,
  settle,
  startWorker,
  stubMediaFetch,
} from '../../support/job-world';

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

describe('deleting all Adscope data while jobs run', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('stops a watch check and a save mid-request: nothing is written after, no alarm comes back, storage stays empty', async () => {
    const net = fakeNet();
    stubMediaFetch(net);
    const clock = manualClock();
    await connect();
    const worker = startWorker(net, clock, 1);
    await settle();
    await worker.outbox.enqueue({ op: 'save', boardId: 'b1', boardName: 'Board', adId: 'ad-1', tags: [] });
    expect(await worker.watch.checkNow()).toEqual({ started: true });
    await settle();
    expect(net.pending.map((request) => request.kind).sort()).toEqual(['save', 'watch']);
    const writes = countWrites();

    await worker.erase();
    expect(await everything()).toEqual(NOTHING);
    writes.reset();

    // The answers come after the erase: what they say is not written, and nothing is scheduled.
    net.answerAll();
    clock.advance(60 * 60_000);
    await settle(10);
    expect(await everything()).toEqual(NOTHING);
    expect(writes.writes).toEqual([]);
    // Asked again before a connection is saved: refused, and still nothing written.
    await expect(
      worker.outbox.enqueue({ op: 'save', boardId: 'b1', boardName: 'Board', adId: 'ad-2', tags: [] }),
    ).rejects.toThrow(/Connect it again/);
    expect(await worker.watch.checkNow()).toEqual({ started: false });
    await settle();
    expect(await everything()).toEqual(NOTHING);
    expect(writes.writes).toEqual([]);
  });

  it('sets no alarm in a new worker after the erase, and runs again once a connection is saved', async () => {
    const net = fakeNet();
    stubMediaFetch(net);
    const clock = manualClock();
    await connect();
    const first = startWorker(net, clock, 1);
    await settle();
    expect((await fakeBrowser.alarms.getAll()).map((alarm) => alarm.name)).toContain('adscope-watch');
    await first.erase();
    first.gate.kill();
    const second = startWorker(net, clock, 2);
    await settle();
    expect(await everything()).toEqual(NOTHING);
    await connect();
    await settle();
    expect((await fakeBrowser.alarms.getAll()).map((alarm) => alarm.name)).toContain('adscope-watch');
    await second.outbox.enqueue({ op: 'save', boardId: 'b1', boardName: 'Board', adId: 'ad-1', tags: [] });
    expect((await second.outbox.list()).map((entry) => entry.adId)).toEqual(['ad-1']);
  });
});
