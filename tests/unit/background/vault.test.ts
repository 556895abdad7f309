import 'fake-indexeddb/auto';
import { getEventListeners } from 'node:events';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SaveOutbox } from '../../../lib/background/jobs/save-outbox';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { VAULT_POLICY, VaultKeeper } from '../../../lib/background/vault/keeper';
import { JobGate } from '../../../lib/background/jobs/job-gate';
import type { OutboxEntry } from '../../../lib/storage/outbox';
import { outboxItem } from '../../../lib/storage/outbox';
import { closeVault, freeBoard, keptAd, keptFile, vaultDb, vaultSize } from '../../../lib/vault/db';
import { vaultStateItem } from '../../../lib/vault/state';
import { manualClock, TEST_NOW } from '../../support/clock';
import { currentWorkspace, readStoredConnection, writeConnection } from '../../../lib/background/api/credentials';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const MB = 1024 * 1024;

/** A media host in memory: each URL's answer, and a log of every request with what it carried. */
function mediaHost() {
  const answers = new Map<string, () => Response | Promise<Response>>();
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    requests.push({ url, init });
    const answer = answers.get(url);
    if (!answer) return new Response('gone', { status: 404 });
    return answer();
  };
  return {
    requests,
    fetch: fetch as typeof globalThis.fetch,
    image(url: string, bytes: Uint8Array = PNG, type = 'image/png') {
      answers.set(url, () => new Response(bytes.slice(), { headers: { 'content-type': type } }));
    },
    set(url: string, answer: () => Response | Promise<Response>) {
      answers.set(url, answer);
    },
  };
}

function saved(
  id: string,
  boardId: string,
  adId: string,
  media: string[],
  status: OutboxEntry['status'] = 'done',
): OutboxEntry {
  return {
    id,
    op: 'save',
    boardId,
    boardName: `Board ${boardId}`,
    adId,
    tags: [],
    createdAt: TEST_NOW,
    attempts: 1,
    nextAttemptAt: TEST_NOW,
    status,
    media,
  };
}

let host: ReturnType<typeof mediaHost>;
let clock: ReturnType<typeof manualClock>;
let usage: { usage: number; quota: number };
let wakes: (number | null)[];

/** The outbox's send as the background wraps it: the service confirms, and the vault writes its job first. */
async function confirm(vault: VaultKeeper, ...entries: OutboxEntry[]): Promise<void> {
  const send = vault.confirming(async () => ({}));
  for (const entry of entries) await send(entry);
}

let service: string | null;

function keeper(policy: ConstructorParameters<typeof VaultKeeper>[0]['policy'] = {}) {
  return new VaultKeeper({
    fetch: host.fetch,
    service: async () => service,
    clock,
    estimate: async () => usage,
    wakeAt: (at) => void wakes.push(at),
    policy,
  });
}

beforeEach(async () => {
  await closeVault();
  globalThis.indexedDB = new IDBFactory();
  fakeBrowser.reset();
  host = mediaHost();
  clock = manualClock();
  usage = { usage: 10 * MB, quota: 10_000 * MB };
  wakes = [];
  service = 'https://api.example';
});

afterEach(() => {
  vi.useRealTimers();
});

/** Lets IndexedDB's tasks run (fake-indexeddb schedules with setImmediate, which fake timers leave alone) until `done`. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !done(); i += 1) await new Promise((resolve) => setImmediate(resolve));
  expect(done()).toBe(true);
}

/** A fetch that never answers until its signal aborts. */
function hangs(init?: RequestInit): Promise<Response> {
  return new Promise<Response>((_, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
  });
}

describe('the vault keeps a saved ad’s creatives', () => {
  it('once its save is confirmed, never before; a save still pending elsewhere holds up nothing', async () => {
    // The rule was once "outbox first": no keeping while any save was pending. One save in a
    // long backoff (a Retry-After of a day) then held up keeping for everyone, and a confirmed
    // save pruned from the outbox after 10 minutes was never kept. Now the vault learns of each
    // confirmed save from the send itself, and a pending save elsewhere changes nothing.
    host.image('https://cdn.example/a.png');
    await outboxItem.set([saved('s0', 'b1', 'ad-0', ['https://cdn.example/other.png'], 'pending')]);
    const vault = keeper();
    expect(await vault.run()).toBe('done');
    expect(host.requests).toEqual([]);
    await confirm(vault, saved('s1', 'b1', 'ad-1', ['https://cdn.example/a.png'], 'pending'));
    expect(await vault.run()).toBe('done');
    expect((await keptFile('https://cdn.example/a.png'))?.mime).toBe('image/png');
    expect(await keptAd('b1', 'ad-1')).toMatchObject({ urls: ['https://cdn.example/a.png'] });
    // Kept once: another run fetches nothing.
    await keeper().run();
    expect(host.requests).toHaveLength(1);
  });

  it('sends no credentials, no referrer and no header of its own: the key never goes to a media host', async () => {
    host.image('https://cdn.example/a.png');
    const vault = keeper();
    await confirm(vault, saved('s1', 'b1', 'ad-1', ['https://cdn.example/a.png']));
    await vault.run();
    const [request] = host.requests;
    expect(request?.init?.credentials).toBe('omit');
    expect(request?.init?.referrerPolicy).toBe('no-referrer');
    expect(request?.init?.headers).toBeUndefined();
  });

  it('leaves nothing listening on a creative’s request once it is kept, so nothing of the fetch stays in memory', async () => {
    // A listener left on the joined signal (the creative's time limit and the job's own abort)
    // keeps the signal, and the whole call with the worker's fetch, for as long as the worker lives.
    for (const n of [1, 2, 3]) host.image(`https://cdn.example/${n}.png`);
    const vault = keeper();
    await confirm(vault, ...[1, 2, 3].map((n) => saved(`s${n}`, 'b1', `ad-${n}`, [`https://cdn.example/${n}.png`])));
    await vault.run();
    expect(host.requests).toHaveLength(3);
    for (const { init } of host.requests) {
      expect(init?.signal?.aborted).toBe(false);
      expect(getEventListeners(init?.signal ?? new EventTarget(), 'abort')).toEqual([]);
    }
  });

  it('refuses what is not an image and what is too large, by the bytes as much as the declared type, and says why', async () => {
    host.image('https://cdn.example/page.png', new TextEncoder().encode('<html>not an image</html>'), 'text/html');
    host.image('https://cdn.example/lies.png', new TextEncoder().encode('<script>'), 'application/octet-stream');
    host.image('https://cdn.example/sniffed', PNG, 'application/octet-stream');
    host.image('https://cdn.example/big.png', new Uint8Array(2048).fill(7), 'image/png');
    const urls = ['page.png', 'lies.png', 'sniffed', 'big.png'].map((name) => `https://cdn.example/${name}`);
    const vault = keeper({ maxFileBytes: 1024 });
    await confirm(vault, saved('s1', 'b1', 'ad-1', urls));
    await vault.run();
    expect(await keptFile('https://cdn.example/page.png')).toBeNull();
    expect(await keptFile('https://cdn.example/lies.png')).toBeNull();
    expect(await keptFile('https://cdn.example/big.png')).toBeNull();
    expect((await keptFile('https://cdn.example/sniffed'))?.mime).toBe('image/png');
    const ad = await keptAd('b1', 'ad-1');
    expect(ad?.urls).toEqual(['https://cdn.example/sniffed']);
    // Why, as data: the page that shows it says it in its language.
    expect(ad?.skipped.map((skip) => ('failure' in skip ? skip.failure : skip.reason))).toEqual([
      { kind: 'not-image' },
      { kind: 'not-image' },
      { kind: 'too-large', maxBytes: 1024 },
    ]);
  });

  it('goes on after a worker stopped mid-fetch, from the creative it was at', async () => {
    for (const name of ['1', '2', '3']) host.image(`https://cdn.example/${name}.png`);
    const urls = ['1', '2', '3'].map((name) => `https://cdn.example/${name}.png`);
    host.set('https://cdn.example/2.png', () => new Promise<Response>(() => undefined));
    const first = keeper();
    await confirm(first, saved('s1', 'b1', 'ad-1', urls));
    void first.run();
    await expect.poll(() => host.requests.length).toBe(2);
    // A new worker: a new keeper over the same database; the hanging fetch is gone with the old one.
    host.image('https://cdn.example/2.png');
    expect(await keeper().run()).toBe('done');
    expect(host.requests.map((request) => request.url)).toEqual(urls.slice(0, 2).concat(urls.slice(1)));
    expect((await keptAd('b1', 'ad-1'))?.urls).toEqual(urls);
  });

  it('rests after its byte budget for a run, and asks to be woken to go on', async () => {
    const urls = Array.from({ length: 4 }, (_, i) => `https://cdn.example/${i}.png`);
    for (const url of urls)
      host.image(
        url,
        new Uint8Array(600).fill(1).map((v, i) => (i < 8 ? (PNG[i] ?? v) : v)),
      );
    const vault = keeper({ runBytes: 1000 });
    await confirm(vault, saved('s1', 'b1', 'ad-1', urls));
    expect(await vault.run()).toBe('rested');
    expect(wakes.at(-1)).toBe(TEST_NOW + 60_000);
    expect(host.requests).toHaveLength(2);
    expect(await keeper({ runBytes: 10_000 }).run()).toBe('done');
    expect((await keptAd('b1', 'ad-1'))?.urls).toEqual(urls);
  });

  it('stops keeping near the quota, says so, and touches neither the outbox nor what it kept', async () => {
    host.image('https://cdn.example/a.png');
    host.image('https://cdn.example/b.png');
    const vault = keeper();
    const s1 = saved('s1', 'b1', 'ad-1', ['https://cdn.example/a.png']);
    const s2 = saved('s2', 'b1', 'ad-2', ['https://cdn.example/b.png']);
    await outboxItem.set([s1, s2]);
    await confirm(vault, s1);
    await vault.run();
    usage = { usage: 795 * MB, quota: 1000 * MB };
    await confirm(vault, s2);
    expect(await vault.run()).toBe('full');
    expect(await vaultStateItem.get()).toMatchObject({ stopped: 'full' });
    expect((await vaultStateItem.get()).message).toMatch(/nearly full.*nothing was removed/);
    expect(host.requests.map((request) => request.url)).toEqual(['https://cdn.example/a.png']);
    expect(await keptFile('https://cdn.example/a.png')).not.toBeNull();
    expect((await outboxItem.get()).map((entry) => entry.id)).toEqual(['s1', 's2']);
    // Room again: it goes on, and says nothing is wrong.
    usage = { usage: 10 * MB, quota: 1000 * MB };
    expect(await keeper().run()).toBe('done');
    expect(await vaultStateItem.get()).toMatchObject({ stopped: null });
  });

  it('asks the storage estimate within a time limit, and Delete all does not wait on one that never answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    host.image('https://cdn.example/a.png');
    const gate = new JobGate(true);
    const vault = new VaultKeeper({
      fetch: host.fetch,
      service: async () => service,
      clock,
      estimate: () => new Promise(() => undefined),
      wakeAt: (at) => void wakes.push(at),
      gate,
    });
    const s1 = saved('s1', 'b1', 'ad-1', ['https://cdn.example/a.png']);
    await outboxItem.set([s1]);
    await confirm(vault, s1);
    let ran: string | null = null;
    void vault.run().then((result) => (ran = result));
    // The estimate never answers: after its time limit the keeper goes on as if there were room.
    await until(() => vi.getTimerCount() > 0);
    await vi.advanceTimersByTimeAsync(VAULT_POLICY.estimateTimeoutMs);
    await until(() => ran !== null);
    expect(ran).toBe('done');
    expect(await keptFile('https://cdn.example/a.png')).not.toBeNull();

    // Asked again while an estimate hangs, Delete all's stop ends now.
    const s2 = saved('s2', 'b1', 'ad-2', ['https://cdn.example/b.png']);
    host.image('https://cdn.example/b.png');
    await confirm(vault, s2);
    void vault.run();
    await until(() => vi.getTimerCount() > 0);
    gate.close();
    let stopped = false;
    void vault.stop().then(() => (stopped = true));
    await until(() => stopped);
    expect(host.requests.map((request) => request.url)).toEqual(['https://cdn.example/a.png']);
  });

  it('frees a board completely: its ads, its jobs, and every file no other board uses', async () => {
    for (const name of ['shared', 'only-b1', 'only-b2', 'waiting']) host.image(`https://cdn.example/${name}.png`);
    const vault = keeper();
    await confirm(
      vault,
      saved('s1', 'b1', 'ad-1', ['https://cdn.example/shared.png', 'https://cdn.example/only-b1.png']),
      saved('s2', 'b2', 'ad-2', ['https://cdn.example/shared.png', 'https://cdn.example/only-b2.png']),
    );
    await vault.run();
    await vault.want([
      { boardId: 'b1', boardName: 'Board b1', adId: 'ad-3', urls: ['https://cdn.example/waiting.png'] },
    ]);
    const before = await vaultSize();
    expect(before.files).toBe(3);
    expect(before.boards.map((board) => board.boardId).sort()).toEqual(['b1', 'b2']);
    await freeBoard('b1');
    expect(await keptAd('b1', 'ad-1')).toBeNull();
    expect(await keptFile('https://cdn.example/only-b1.png')).toBeNull();
    expect(await keptFile('https://cdn.example/shared.png')).not.toBeNull();
    expect(await keptFile('https://cdn.example/only-b2.png')).not.toBeNull();
    const db = await vaultDb();
    expect(await db.count('jobs')).toBe(0);
    const after = await vaultSize();
    expect(after.boards.map((board) => board.boardId)).toEqual(['b2']);
    expect(after.bytes).toBe(PNG.length * 2);
  });

  it('keeps a board saved elsewhere when asked, and Cancel drops what still waits', async () => {
    const urls = Array.from({ length: 3 }, (_, i) => `https://cdn.example/elsewhere-${i}.png`);
    for (const url of urls) host.image(url);
    const vault = keeper();
    const ads = urls.map((url, i) => ({
      boardId: 'b9',
      boardName: 'Board b9',
      adId: `ad-${i}`,
      urls: [url, 'javascript:alert(1)'],
    }));
    expect(await vault.want(ads)).toBe(3);
    // The same ads again: nothing added.
    expect(await vault.want(ads)).toBe(0);
    await vault.cancel('b9');
    expect(await vault.run()).toBe('done');
    expect(host.requests).toEqual([]);
    expect(await vault.want(ads)).toBe(3);
    await vault.run();
    expect((await vaultSize()).boards).toEqual([
      { boardId: 'b9', boardName: 'Board b9', ads: 3, bytes: 3 * PNG.length },
    ]);
  });
});

describe('the vault’s jobs hold when the world changes under them', () => {
  it('leaves a creative that never answers after 20 s, keeps the others, and tries it again later with a growing delay', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    host.image('https://cdn.example/ok.png');
    host.image('https://cdn.example/next.png');
    host.set('https://cdn.example/slow.png', () => hangs(host.requests.at(-1)?.init));
    const vault = keeper();
    await vault.want([
      {
        boardId: 'b1',
        boardName: 'Board b1',
        adId: 'ad-1',
        urls: ['https://cdn.example/slow.png', 'https://cdn.example/ok.png'],
      },
      { boardId: 'b1', boardName: 'Board b1', adId: 'ad-2', urls: ['https://cdn.example/next.png'] },
    ]);
    const run = vault.run();
    await until(() => host.requests.length === 1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await run).toBe('done');
    // The other creative and the next job were not held up.
    expect(await keptFile('https://cdn.example/ok.png')).not.toBeNull();
    expect(await keptAd('b1', 'ad-2')).toMatchObject({ urls: ['https://cdn.example/next.png'] });
    const ad = await keptAd('b1', 'ad-1');
    expect(ad?.urls).toEqual(['https://cdn.example/ok.png']);
    expect(ad?.skipped).toEqual([{ url: 'https://cdn.example/slow.png', failure: { kind: 'timeout', ms: 20_000 } }]);
    // Its job rests a minute, and the keeper asks to be woken then.
    expect(wakes.at(-1)).toBe(TEST_NOW + 60_000);
    expect(await vault.run()).toBe('done');
    expect(host.requests.filter((request) => request.url.endsWith('slow.png'))).toHaveLength(1);
    // A minute on it is tried again; it fails again, and rests twice as long.
    clock.advance(60_000);
    const again = vault.run();
    await until(() => host.requests.length === 4);
    await vi.advanceTimersByTimeAsync(20_000);
    await again;
    expect(host.requests.filter((request) => request.url.endsWith('slow.png'))).toHaveLength(2);
    expect(wakes.at(-1)).toBe(TEST_NOW + 60_000 + 120_000);
    // It answers at last: kept, and the job is gone.
    clock.advance(120_000);
    host.image('https://cdn.example/slow.png');
    expect(await vault.run()).toBe('done');
    expect((await keptAd('b1', 'ad-1'))?.urls).toEqual(['https://cdn.example/slow.png', 'https://cdn.example/ok.png']);
    expect(await (await vaultDb()).count('jobs')).toBe(0);
  });

  it('writes the job before the outbox marks the save done, so a save pruned from the outbox is still kept', async () => {
    host.image('https://cdn.example/a.png');
    const vault = keeper();
    const seen: { jobs: number; status: string | undefined }[] = [];
    const confirming = vault.confirming(async () => ({}));
    const outbox = new SaveOutbox({
      // What the vault holds the moment the send resolves, before the outbox writes the save as done.
      send: async (entry) => {
        const answer = await confirming(entry);
        const db = await vaultDb();
        seen.push({
          jobs: (await db.count('jobs')) + (await db.count('ads')),
          status: (await outboxItem.get())[0]?.status,
        });
        return answer;
      },
      schedule: () => undefined,
      now: clock,
      autoDrain: false,
    });
    await outbox.enqueue({
      op: 'save',
      boardId: 'b1',
      boardName: 'Board b1',
      adId: 'ad-1',
      tags: [],
      media: ['https://cdn.example/a.png'],
    });
    await outbox.drain();
    expect(seen).toEqual([{ jobs: 1, status: 'pending' }]);
    expect((await outboxItem.get())[0]?.status).toBe('done');
    // Ten minutes on, the outbox forgets the save; the vault does not.
    clock.advance(11 * 60_000);
    await outbox.drain();
    expect(await outboxItem.get()).toEqual([]);
    await vault.run();
    expect(await keptAd('b1', 'ad-1')).toMatchObject({ urls: ['https://cdn.example/a.png'] });
  });

  it('writes the job again when a worker stopped between the answer and the outbox’s write re-sends the save', async () => {
    host.image('https://cdn.example/a.png');
    const entry = saved('s1', 'b1', 'ad-1', ['https://cdn.example/a.png'], 'pending');
    // The first worker: the service answered, the job was written, then the worker stopped.
    await confirm(keeper(), entry);
    const db = await vaultDb();
    expect(await db.count('jobs')).toBe(1);
    // The second worker re-sends the same (idempotent) save: one job still, then kept.
    const second = keeper();
    await confirm(second, entry);
    expect(await db.count('jobs')).toBe(1);
    expect(await second.run()).toBe('done');
    expect(await keptAd('b1', 'ad-1')).toMatchObject({ urls: ['https://cdn.example/a.png'] });
  });

  it('keeps a save kept in this browser instead under the board it ended on', async () => {
    host.image('https://cdn.example/a.png');
    const vault = keeper();
    const send = vault.confirming(async () => ({
      movedTo: { boardId: 'local:1', boardName: 'Picks (here)', reason: 'read-only' },
    }));
    await send(saved('s1', 'b1', 'ad-1', ['https://cdn.example/a.png'], 'pending'));
    await vault.run();
    expect(await keptAd('b1', 'ad-1')).toBeNull();
    expect(await keptAd('local:1', 'ad-1')).toMatchObject({ boardName: 'Picks (here)' });
  });

  it('frees an ad’s kept copies when its removal is confirmed, and files no other ad uses', async () => {
    host.image('https://cdn.example/shared.png');
    host.image('https://cdn.example/own.png');
    const vault = keeper();
    await confirm(
      vault,
      saved('s1', 'b1', 'ad-1', ['https://cdn.example/shared.png', 'https://cdn.example/own.png']),
      saved('s2', 'b2', 'ad-2', ['https://cdn.example/shared.png']),
    );
    await vault.run();
    await confirm(vault, { ...saved('r1', 'b1', 'ad-1', []), op: 'remove' });
    expect(await keptAd('b1', 'ad-1')).toBeNull();
    expect(await keptFile('https://cdn.example/own.png')).toBeNull();
    expect(await keptFile('https://cdn.example/shared.png')).not.toBeNull();
  });

  it('never fetches a creative on a private or local address, unless the service itself lives there', async () => {
    const urls = [
      'http://127.0.0.1:8787/media/a.png',
      'http://10.0.0.7/b.png',
      'http://[::1]/c.png',
      'http://localhost/d.png',
    ];
    for (const url of urls) host.image(url);
    const vault = keeper();
    await vault.want([{ boardId: 'b1', boardName: 'Board b1', adId: 'ad-1', urls }]);
    await vault.run();
    expect(host.requests).toEqual([]);
    expect(
      (await keptAd('b1', 'ad-1'))?.skipped.map((skip) => ('failure' in skip ? skip.failure : skip.reason)),
    ).toEqual(Array(4).fill({ kind: 'private' }));
    // The reference server on 127.0.0.1 serves its own demo creatives: those are fetched.
    service = 'http://127.0.0.1:8787';
    await vault.want([{ boardId: 'b2', boardName: 'Board b2', adId: 'ad-1', urls }]);
    await vault.run();
    expect(host.requests.map((request) => request.url)).toEqual(['http://127.0.0.1:8787/media/a.png']);
  });

  it('Cancel stops the fetch under way and writes nothing back for the board', async () => {
    host.set('https://cdn.example/slow.png', () => hangs(host.requests.at(-1)?.init));
    const vault = keeper();
    await vault.want([{ boardId: 'b1', boardName: 'Board b1', adId: 'ad-1', urls: ['https://cdn.example/slow.png'] }]);
    const run = vault.run();
    await expect.poll(() => host.requests.length).toBe(1);
    await vault.cancel('b1');
    expect(await run).toBe('done');
    const db = await vaultDb();
    expect(await db.count('jobs')).toBe(0);
    expect(await db.count('ads')).toBe(0);
  });

  it('never fails a save the service took when the vault cannot write; the next worker keeps it from the outbox', async () => {
    host.image('https://cdn.example/a.png');
    host.image('https://cdn.example/b.png');
    const first = keeper();
    vi.spyOn(first, 'want').mockRejectedValueOnce(new Error('The vault could not be written.'));
    const entry = saved('s1', 'b1', 'ad-1', ['https://cdn.example/a.png'], 'pending');
    await expect(first.confirming(async () => ({ adNum: 3 }))(entry)).resolves.toEqual({ adNum: 3 });
    expect(await vaultStateItem.get()).toMatchObject({ stopped: 'failed' });
    // The next worker: the outbox still holds the confirmed save (ten minutes); a save followed by its removal is left.
    const second = keeper();
    await second.catchUp([
      { ...entry, status: 'done' },
      saved('s2', 'b1', 'ad-2', ['https://cdn.example/b.png']),
      { ...saved('r2', 'b1', 'ad-2', []), op: 'remove', createdAt: TEST_NOW + 1 },
    ]);
    expect(await second.run()).toBe('done');
    expect(await keptAd('b1', 'ad-1')).toMatchObject({ urls: ['https://cdn.example/a.png'] });
    expect(await keptAd('b1', 'ad-2')).toBeNull();
  });

  it('tries a resting job again at once when its board is asked to be kept again', async () => {
    host.set('https://cdn.example/a.png', () => new Response('busy', { status: 503 }));
    const vault = keeper();
    const job = { boardId: 'b1', boardName: 'Board b1', adId: 'ad-1', urls: ['https://cdn.example/a.png'] };
    await vault.want([job]);
    await vault.run();
    expect((await keptAd('b1', 'ad-1'))?.skipped).toEqual([
      { url: 'https://cdn.example/a.png', failure: { kind: 'http', status: 503 } },
    ]);
    expect(wakes.at(-1)).toBe(TEST_NOW + 60_000);
    host.image('https://cdn.example/a.png');
    expect(await vault.want([job])).toBe(1);
    await vault.run();
    expect(await keptAd('b1', 'ad-1')).toMatchObject({ urls: ['https://cdn.example/a.png'], skipped: [] });
  });
});

describe('the vault’s keeper when the connection or the clock changes', () => {
  /** A keeper as the background makes one: the service it asks is the connection stored now. */
  const connectedKeeper = () =>
    new VaultKeeper({
      fetch: host.fetch,
      service: async () => (await readStoredConnection())?.baseUrl ?? null,
      clock,
      estimate: async () => usage,
      wakeAt: (at) => void wakes.push(at),
    });

  it('goes on when the key changes for the same service while it keeps: no key in a media request, held saves hold up nothing, confirmed saves kept', async () => {
    const FIRST = 'sk_test_first_key_0001';
    const SECOND = 'sk_test_second_key_0002';
    await writeConnection('https://api.example', FIRST);
    const vault = connectedKeeper();
    const outbox = new SaveOutbox({
      send: vault.confirming(async () => ({})),
      schedule: () => undefined,
      workspace: currentWorkspace,
      now: clock,
      autoDrain: false,
    });
    host.set('https://cdn.example/a.png', async () => {
      // The key is changed in Options while the keeper fetches.
      await writeConnection('https://api.example', SECOND);
      return new Response(PNG.slice(), { headers: { 'content-type': 'image/png' } });
    });
    host.image('https://cdn.example/b.png');
    host.image('https://cdn.example/c.png');
    const save = (adId: string, media: string[]) =>
      outbox.enqueue({ op: 'save', boardId: 'b1', boardName: 'Board b1', adId, tags: [], media });
    await save('ad-1', ['https://cdn.example/a.png']);
    await save('ad-2', ['https://cdn.example/b.png']);
    await outbox.drain();
    // Made with the first key, not sent before the change: held for that workspace.
    await save('ad-3', ['https://cdn.example/c.png']);
    expect(await vault.run()).toBe('done');
    await outbox.drain();
    expect((await outbox.list()).find((entry) => entry.adId === 'ad-3')).toMatchObject({
      status: 'pending',
      held: true,
    });
    expect(await vault.run()).toBe('done');

    expect(await keptAd('b1', 'ad-1')).toMatchObject({ urls: ['https://cdn.example/a.png'] });
    expect(await keptAd('b1', 'ad-2')).toMatchObject({ urls: ['https://cdn.example/b.png'] });
    expect(await keptAd('b1', 'ad-3')).toBeNull();
    expect(host.requests.map((request) => request.url)).toEqual([
      'https://cdn.example/a.png',
      'https://cdn.example/b.png',
    ]);
    for (const request of host.requests) {
      expect(request.init?.credentials).toBe('omit');
      expect([...new Headers(request.init?.headers).keys()]).toEqual([]);
      expect(JSON.stringify(request.init)).not.toMatch(/sk_test_/);
    }
  });

  it('keeps what it kept when the connection moves to another service: kept creatives belong to their boards', async () => {
    await writeConnection('https://api.example', 'sk_test_first_key_0001');
    host.image('https://cdn.example/a.png');
    host.image('https://cdn.example/b.png');
    const vault = connectedKeeper();
    await confirm(vault, saved('s1', 'b1', 'ad-1', ['https://cdn.example/a.png']));
    expect(await vault.run()).toBe('done');
    await writeConnection('https://api.other.example', 'sk_test_other_key_0003');
    await confirm(vault, saved('s2', 'b2', 'ad-2', ['https://cdn.example/b.png']));
    expect(await vault.run()).toBe('done');
    expect(await keptAd('b1', 'ad-1')).toMatchObject({ urls: ['https://cdn.example/a.png'] });
    expect(await keptFile('https://cdn.example/a.png')).not.toBeNull();
    expect(await keptAd('b2', 'ad-2')).toMatchObject({ urls: ['https://cdn.example/b.png'] });
    expect((await vaultSize()).boards.map((board) => board.boardId).sort()).toEqual(['b1', 'b2']);
  });

  it('takes a clock moved back a week or on a year as pacing and stamps only: a resting job is tried again, the progress is said', async () => {
    const DAY = 86_400_000;
    const vault = keeper();
    host.set('https://cdn.example/a.png', () => new Response('busy', { status: 503 }));
    await vault.want([{ boardId: 'b1', boardName: 'Board b1', adId: 'ad-1', urls: ['https://cdn.example/a.png'] }]);
    expect(await vault.run()).toBe('done');
    expect(wakes.at(-1)).toBe(TEST_NOW + 60_000);

    // Set back a week while the job rests a minute: it is due at once, not in a week.
    clock.set(TEST_NOW - 7 * DAY);
    host.image('https://cdn.example/a.png');
    expect(await vault.run()).toBe('done');
    expect(await keptAd('b1', 'ad-1')).toMatchObject({
      urls: ['https://cdn.example/a.png'],
      keptAt: TEST_NOW - 7 * DAY,
    });
    expect(await keptFile('https://cdn.example/a.png')).toMatchObject({ keptAt: TEST_NOW - 7 * DAY });

    // On a year while another rests: it is due too (the rest is over by that clock), and stamped so.
    host.set('https://cdn.example/b.png', () => new Response('busy', { status: 503 }));
    await vault.want([{ boardId: 'b1', boardName: 'Board b1', adId: 'ad-2', urls: ['https://cdn.example/b.png'] }]);
    await vault.run();
    clock.set(TEST_NOW + 365 * DAY);
    host.image('https://cdn.example/b.png');
    expect(await vault.run()).toBe('done');
    expect(await keptAd('b1', 'ad-2')).toMatchObject({
      urls: ['https://cdn.example/b.png'],
      keptAt: TEST_NOW + 365 * DAY,
    });

    // The progress line, paced at a second, is still said after the clock went back in the middle of a run.
    const said: number[] = [];
    const stop = vaultStateItem.watch((state) => {
      if (state?.board) said.push(state.board.waiting);
    });
    for (const n of [3, 4, 5]) host.image(`https://cdn.example/${n}.png`);
    await vault.want(
      [3, 4, 5].map((n) => ({
        boardId: 'b1',
        boardName: 'Board b1',
        adId: `ad-${n}`,
        urls: [`https://cdn.example/${n}.png`],
      })),
    );
    let fetches = 0;
    const moving = new VaultKeeper({
      fetch: (input, init) => {
        fetches += 1;
        if (fetches === 1) clock.set(TEST_NOW - 7 * DAY);
        else clock.advance(1000);
        return host.fetch(input, init);
      },
      service: async () => service,
      clock,
      estimate: async () => usage,
      wakeAt: () => undefined,
    });
    expect(await moving.run()).toBe('done');
    stop();
    await until(() => said.length >= 3);
    expect(said).toEqual([3, 2, 1]);
  });
});
