// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type EraseDeps, eraseAllData } from '../../../lib/background/erase';
import { type GenerationApi, GenerationTracker } from '../../../lib/background/jobs/generation-tracker';
import { JobGate } from '../../../lib/background/jobs/job-gate';
import { SaveOutbox } from '../../../lib/background/jobs/save-outbox';
import { type ExecuteScript, findSimilarInTab } from '../../../lib/background/similar/trigger';
import { VaultKeeper } from '../../../lib/background/vault/keeper';
import type { Generation } from '../../../lib/contract/image-generations';
import { pendingSimilarItem } from '../../../lib/storage/pending-similar';
import { closeVault, deleteVault, VAULT_DB } from '../../../lib/vault/db';
import { VaultForm } from '../../../components/options/vault-form';
import { createQueryClient } from '../../../components/ui/mount';
import { t } from '../../../lib/i18n';
import { manualClock, TEST_NOW } from '../../support/clock';
import { reactRoot } from '../../support/react-root';

/**
 * Jobs and views that wait forever: each test holds one await in the product that may never
 * settle (an IndexedDB open that does not answer, a script injection into a page that never
 * reaches idle, a generation the service never finishes, the browser's storage estimate) and
 * lets a bounded stretch of (fake) time pass. In each, the job never ends, the jobs queued behind
 * it never start, or what the user sees stays "…ing" (or empty) with no way out. An open of the
 * vault that never answers is modelled by a connection at an older version that never lets go,
 * so the open waits on `blocked`; nothing here waits on a real clock.
 */

/** A connection to the vault at an older version that never lets go: the vault's own open (v2) waits on `blocked`. */
async function holdOlderVault(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(VAULT_DB, 1);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('could not open'));
  });
}

/** Lets `ms` of fake time pass a second at a time, IndexedDB's tasks (setImmediate, left real) running in between. */
async function passTime(ms: number): Promise<void> {
  for (let spent = 0; spent < ms; spent += 1000) {
    await vi.advanceTimersByTimeAsync(1000);
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  }
}

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const page = reactRoot();

let blocker: IDBDatabase | null = null;
/** Work the product left waiting: let go after each test, so nothing of it runs into the next. */
let leftovers: Promise<unknown>[] = [];

beforeEach(async () => {
  await closeVault();
  globalThis.indexedDB = new IDBFactory();
  fakeBrowser.reset();
  leftovers = [];
});

afterEach(async () => {
  vi.useRealTimers();
  // The connection lets go: the vault's open (and a deletion waiting on it) goes on.
  blocker?.close();
  blocker = null;
  await Promise.race([Promise.allSettled(leftovers), new Promise((resolve) => setTimeout(resolve, 200))]);
  await closeVault();
});

const noMedia = (async () => new Response('gone', { status: 404 })) as typeof globalThis.fetch;

function keeperOf(gate: JobGate, clock: () => number) {
  return new VaultKeeper({
    fetch: noMedia,
    clock,
    estimate: async () => ({}),
    service: async () => 'https://api.northwind.example',
    wakeAt: () => undefined,
    gate,
  });
}

describe('a vault whose database never opens', () => {
  it('does not hold every later save behind the one save the service confirmed', async () => {
    // The user saves ad-1 (it has a creative) and then ad-2 to "Tents". The browser's IndexedDB
    // does not answer the vault's open (a damaged profile, a connection that never lets go: here
    // one at an older version, so the open waits on `blocked`). The service confirms ad-1 at
    // once, but the panel says "Saving…" for ad-1 and ad-2, and for every save after them, for
    // as long as the worker lives (and again in the next one, which sends ad-1 again).
    // Cause: lib/background/vault/keeper.ts VaultKeeper.confirming() awaits `this.noted(this.want(…))`
    // before it returns the service's answer; want() awaits vaultDb() (lib/vault/db.ts openVault,
    // no `blocked` handler and no time limit), and noted() catches a failure but not a wait. The
    // outbox's work (lib/background/jobs/durable-queue.ts DurableQueue.run) awaits that send with
    // no bound, one record at a time, so ad-2 is never sent and every drain() joins the stuck one.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: TEST_NOW });
    blocker = await holdOlderVault();
    const clock = manualClock();
    const gate = new JobGate(true);
    const keeper = keeperOf(gate, clock);
    const sent: string[] = [];
    let id = 0;
    const outbox = new SaveOutbox({
      send: keeper.confirming(async (entry) => {
        sent.push(entry.adId);
        return {};
      }),
      schedule: () => undefined,
      autoDrain: false,
      now: clock,
      random: () => 0.5,
      newId: () => `entry-${(id += 1)}`,
      gate,
    });
    await outbox.enqueue({
      op: 'save',
      boardId: 'b1',
      boardName: 'Tents',
      adId: 'ad-1',
      tags: [],
      media: ['https://cdn.example/1.png'],
    });
    await outbox.enqueue({ op: 'save', boardId: 'b1', boardName: 'Tents', adId: 'ad-2', tags: [] });
    leftovers.push(outbox.drain());

    // A minute: the service answered both at once; the vault's open never does.
    await passTime(60_000);
    expect(sent).toEqual(['ad-1', 'ad-2']);
    expect((await outbox.list()).map((entry) => [entry.adId, entry.status])).toEqual([
      ['ad-1', 'done'],
      ['ad-2', 'done'],
    ]);
  });

  it('"Delete all Adscope data" ends, and deletes the key, instead of saying "Deleting…" forever', async () => {
    // The vault's open does not answer (as above). A worker starts: startVault
    // (lib/background/vault/start.ts) runs the keeper at once, which waits on vaultDb(). The user,
    // seeing Adscope misbehave, presses Delete all in Options: the button says "Deleting…" and
    // stays so; the key, the outbox and the watchlist are never deleted, and the jobs' gate is
    // closed, so nothing else runs either until a connection is saved again.
    // Cause: lib/background/erase.ts eraseAllData() awaits every job's stop() with no bound before
    // it deletes anything; VaultKeeper.stop() (lib/background/vault/keeper.ts) awaits the run under
    // way, whose pass() awaits vaultDb() unraced (only fetches and the estimate race the gate).
    // deleteVault() (lib/vault/db.ts) then awaits the same open in closeVault(), and its
    // deleteDatabase request has no `onblocked` either.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: TEST_NOW });
    blocker = await holdOlderVault();
    await fakeBrowser.storage.local.set({
      connection: {
        baseUrl: 'https://api.northwind.example',
        origin: 'https://api.northwind.example',
        apiKey: 'k'.repeat(24),
      },
    });
    const gate = new JobGate(true);
    const keeper = keeperOf(gate, manualClock());
    // As a new worker does.
    leftovers.push(keeper.run());
    const deps: EraseDeps = {
      clearAlarms: async () => undefined,
      grantedOrigins: async () => [],
      removeOrigins: async () => undefined,
      clearVault: deleteVault,
      pageButton: {
        hasOrigins: async () => false,
        registered: async () => false,
        register: async () => undefined,
        unregister: async () => undefined,
      },
      jobs: { gate, running: [keeper] },
    };
    let ended = false;
    const erase = eraseAllData(deps).then(
      () => (ended = true),
      () => (ended = true),
    );
    leftovers.push(erase);

    // A minute after the click.
    await passTime(60_000);
    expect(ended).toBe(true);
    expect(await fakeBrowser.storage.local.get('connection')).toEqual({});
  });
});

describe('find similar on a page that never lets the script in', () => {
  it('says the page did not answer, instead of "Reading this page…" for good', async () => {
    // The user presses the find-similar command on a tab that is still loading (a third-party
    // script that never finishes holds the parser, so the page never reaches document_idle) or
    // that shows a modal alert(): Chrome's scripting.executeScript waits for the page and never
    // settles. The panel opens on "Reading this page…" and stays there; the popup's Find similar
    // (components/popup/use-find-similar-here.ts, awaiting similar.inTab) stays disabled and
    // never closes.
    // Cause: lib/background/similar/trigger.ts findSimilarInTab() awaits executeScript() (in
    // inject()) with no time limit; failHandover() (lib/background/similar/handover.ts), which
    // ends the hand-over with words, runs only after the injection settles.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: TEST_NOW });
    const tab = { id: 7, windowId: 1, url: 'https://tents.example/trail', title: 'Trail tents | Tents' };
    const neverInjected: ExecuteScript = () => new Promise(() => undefined);
    let ended = false;
    leftovers.push(
      findSimilarInTab(tab, { source: 'command', button: false }, 0, neverInjected).then(() => (ended = true)),
    );

    // Two minutes on the same page.
    await passTime(120_000);
    expect(await pendingSimilarItem.get()).toMatchObject({ state: 'failed', tabId: 7 });
    expect(ended).toBe(true);
  });
});

describe('a generation the service never finishes', () => {
  it('is not polled every few seconds, shown running and kept from removal for as long as the service says "processing"', async () => {
    // The user generates one image. The service accepts it, then answers "processing" at every
    // poll: its per-image task was lost (an upstream worker died), and nothing will ever end it.
    // An hour later (about a thousand polls), the popup still shows the job as running with its
    // elapsed time climbing, the badge still counts it, the worker is still woken every 2 to 5 s
    // to poll it, and the job has no Remove (only finished or held jobs do).
    // Cause: lib/background/jobs/generation-tracker.ts GenerationTracker.poll() schedules the
    // next poll after any non-terminal answer with no limit on the job's age or its count of
    // polls (maxPollFailures counts only failed polls), and dismiss() refuses an active job.
    const clock = manualClock();
    const wakes: (number | null)[] = [];
    const processing: Generation = {
      generation_id: 'gen-1',
      status: 'processing',
      image_ids: ['img-1'],
      concept_ids: [],
      images: [{ image_id: 'img-1', status: 'processing' }],
    };
    let polls = 0;
    const api: GenerationApi = {
      submit: async () => ({ ...processing, status: 'pending', image_ids: [], images: [] }),
      get: async () => {
        polls += 1;
        return processing;
      },
      image: async () => {
        throw new Error('not asked while the image is processing');
      },
    };
    const tracker = new GenerationTracker({
      api,
      schedule: (at) => void wakes.push(at),
      now: clock,
      random: () => 0.5,
      newId: () => 'generation-job-1',
    });
    await tracker.submit({ prompt: 'Trail shoes for spring', brand_id: 'brand-1', size: 1 }, 'Northwind');
    await tracker.drain();

    // An hour of polls, each when the tracker asked to be woken.
    const end = TEST_NOW + 60 * 60_000;
    while (clock() < end) {
      const next = wakes.at(-1);
      if (next === null || next === undefined) break;
      clock.set(Math.max(next, clock() + 1));
      await tracker.drain();
    }
    expect(polls).toBeGreaterThan(0);
    const [job] = await tracker.list();
    expect(job?.phase).not.toBe('running');
    expect(wakes.at(-1)).toBeNull();
  });
});

describe("Options' vault card while the browser's storage estimate does not answer", () => {
  it('shows what the vault holds, and its Free buttons, without waiting on the estimate for good', async () => {
    // The user opens Options to see what the vault keeps (or to free a board). The browser's
    // storage estimate does not answer (its quota bookkeeping busy or stuck, as the keeper itself
    // allows for: VAULT_POLICY.estimateTimeoutMs, "one that does not answer by then is taken as
    // unknown"). The vault card shows its title and nothing else, no summary, no board, no Free
    // button, no error, for as long as the page is open.
    // Cause: components/options/use-vault.ts useVault() queries
    // Promise.all([vaultSize(), localBoardsSize(), navigator.storage.estimate()]) and catches a
    // rejected estimate but not one that never settles: the whole query stays pending, and
    // components/options/vault-form.tsx VaultForm() renders nothing while `size.data` is absent.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: TEST_NOW });
    const storage = Object.getOwnPropertyDescriptor(navigator, 'storage');
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { estimate: () => new Promise<StorageEstimate>(() => undefined) },
    });
    try {
      await act(async () =>
        page.root.render(
          <QueryClientProvider client={createQueryClient()}>
            <VaultForm />
          </QueryClientProvider>,
        ),
      );
      // Half a minute with Options open.
      await act(async () => passTime(30_000));
      expect(page.host.textContent).toContain(t('options.vault.nothing'));
    } finally {
      if (storage) Object.defineProperty(navigator, 'storage', storage);
      else Reflect.deleteProperty(navigator, 'storage');
    }
  });
});
