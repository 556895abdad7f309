import 'fake-indexeddb/auto';
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { connectionItem, currentWorkspace, writeConnection } from '../../lib/background/api/credentials';
import { browserEraseDeps, eraseAllData } from '../../lib/background/erase';
import { GENERATION_ALARM } from '../../lib/background/jobs/generation-runner';
import { GenerationTracker } from '../../lib/background/jobs/generation-tracker';
import { JobGate } from '../../lib/background/jobs/job-gate';
import { followConnection } from '../../lib/background/jobs/connection-watch';
import { startSaveOutbox } from '../../lib/background/jobs/outbox-runner';
import { wakeScheduler } from '../../lib/background/jobs/wake-scheduler';
import { watchReportGrants } from '../../lib/background/report-grants';
import { startVault } from '../../lib/background/vault/start';
import { startWatch } from '../../lib/background/watch/watch-service';
import type { LibraryPage } from '../../lib/contract/ad-library';
import type { Generation } from '../../lib/contract/image-generations';
import type { Clock } from '../../lib/clock';
import { VAULT_DB } from '../../lib/vault/db';
import { brandId, watch } from './watch-service';

/**
 * A background worker's jobs over the fake browser, wired as lib/background/start.ts
 * wires them, with every request going through `net`, whose answers the test releases.
 */

/** A gate a killed worker leaves behind: its code never runs again (every wait waits forever). */
export class WorkerGate extends JobGate {
  private dead = false;
  kill(): void {
    this.dead = true;
  }
  override get open(): boolean {
    return !this.dead && super.open;
  }
  override allows(): Promise<boolean> {
    return this.dead ? new Promise<boolean>(() => undefined) : super.allows();
  }
  override race<T>(work: Promise<T>): Promise<T> {
    return this.dead ? new Promise<T>(() => undefined) : super.race(work);
  }
}

type Kind = 'save' | 'watch' | 'generation' | 'media';
interface Pending {
  worker: number;
  kind: Kind;
  answer: () => void;
}

/** Requests in flight; each waits until the test answers it. A killed worker's are never answered. */
export function fakeNet() {
  const pending: Pending[] = [];
  let worker = 0;
  function request<T>(kind: Kind, value: () => T): Promise<T> {
    return new Promise<T>((resolve) => pending.push({ worker, kind, answer: () => resolve(value()) }));
  }
  return {
    request,
    pending,
    set worker(id: number) {
      worker = id;
    },
    /** Answers the pending request at `index` (modulo how many wait). */
    answer(index: number): Kind | null {
      const live = pending.filter((entry) => entry.worker === worker);
      const chosen = live[index % Math.max(1, live.length)];
      if (!chosen) return null;
      pending.splice(pending.indexOf(chosen), 1);
      chosen.answer();
      return chosen.kind;
    },
    answerAll() {
      for (;;) if (this.answer(0) === null) return;
    },
  };
}
export type FakeNet = ReturnType<typeof fakeNet>;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

let serial = 0;
const pendingGeneration = (): Generation => ({
  generation_id: `gen-${(serial += 1)}`,
  status: 'pending',
  image_ids: [],
  concept_ids: [],
  images: [],
});
const emptyPage = (): LibraryPage => ({ items: [], cursor: '' });

/** Starts a worker's jobs, as the background's main() does. */
export function startWorker(net: FakeNet, clock: Clock, id: number) {
  net.worker = id;
  const gate = new WorkerGate(async () => (await connectionItem.get()) !== null);
  const vault = startVault(clock, gate);
  const outbox = startSaveOutbox(
    vault.confirming(() => net.request('save', () => ({ adNum: 1 }))),
    clock,
    gate,
  );
  const generations: GenerationTracker = new GenerationTracker({
    api: {
      submit: () => net.request('generation', pendingGeneration),
      get: (generationId) => net.request('generation', () => ({ ...pendingGeneration(), generation_id: generationId })),
      image: () => Promise.reject(new Error('no image in this test')),
    },
    workspace: currentWorkspace,
    now: clock,
    schedule: wakeScheduler(GENERATION_ALARM, () => void generations.drain(), clock, gate),
    gate,
  });
  void generations.drain();
  const watchService = startWatch({
    search: () => net.request('watch', emptyPage),
    clock,
    gate,
  });
  const grants = watchReportGrants({
    onConnect: { addListener: () => undefined },
    removeOrigins: async () => undefined,
    extensionOrigin: 'chrome-extension://abc/',
    gate,
  });
  followConnection(gate, { watch: watchService, vault, outbox, generations });
  const erase = () =>
    eraseAllData({
      ...browserEraseDeps,
      grantedOrigins: async () => [],
      removeOrigins: async () => undefined,
      pageButton: {
        hasOrigins: async () => false,
        registered: async () => false,
        register: async () => undefined,
        unregister: async () => undefined,
      },
      jobs: { gate, running: [watchService, vault, generations, outbox, grants] },
    });
  return { gate, outbox, generations, watch: watchService, vault, erase };
}
export type Worker = ReturnType<typeof startWorker>;

/** The global fetch and storage estimate the keeper uses, through `net`. */
export function stubMediaFetch(net: FakeNet) {
  vi.stubGlobal('fetch', () =>
    net.request('media', () => new Response(PNG, { headers: { 'content-type': 'image/png' } })),
  );
  vi.stubGlobal('navigator', { storage: { estimate: async () => ({ usage: 0, quota: 10 ** 12 }) } });
}

export async function connect(): Promise<void> {
  await writeConnection('https://api.example.com', 'k'.repeat(24));
  await watch(1, 2);
}

/** Lets every timer and settled promise of the jobs run. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Whether the vault's database exists (opening it to look would create it). */
export async function vaultExists(): Promise<boolean> {
  return (await indexedDB.databases()).some((db) => db.name === VAULT_DB);
}

/** What every storage area holds, and the alarms set. */
export async function everything() {
  return {
    local: await fakeBrowser.storage.local.get(null),
    session: await fakeBrowser.storage.session.get(null),
    sync: await fakeBrowser.storage.sync.get(null),
    alarms: (await fakeBrowser.alarms.getAll()).map((alarm) => alarm.name),
    vault: await vaultExists(),
  };
}

export const NOTHING = { local: {}, session: {}, sync: {}, alarms: [], vault: false };

/** Counts the writes to any storage area from now on. */
export function countWrites() {
  let writes: string[] = [];
  for (const area of ['local', 'session', 'sync'] as const) {
    const storage = fakeBrowser.storage[area];
    const set = storage.set.bind(storage);
    vi.spyOn(storage, 'set').mockImplementation(async (items) => {
      writes.push(`${area}:${Object.keys(items).join(',')}`);
      return set(items);
    });
  }
  return {
    get writes() {
      return writes;
    },
    reset() {
      writes = [];
    },
  };
}

export { brandId };
