import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { VaultKeeper } from '../../../lib/background/vault/keeper';
import type { OutboxEntry } from '../../../lib/storage/outbox';
import { outboxItem } from '../../../lib/storage/outbox';
import { closeVault, freeBoard, keptAd, keptFile, vaultDb, vaultSize } from '../../../lib/vault/db';
import { vaultStateItem } from '../../../lib/vault/state';
import { manualClock, TEST_NOW } from '../../support/clock';

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

function keeper(policy: ConstructorParameters<typeof VaultKeeper>[0]['policy'] = {}) {
  return new VaultKeeper({
    fetch: host.fetch,
    clock,
    estimate: async () => usage,
    outbox: () => outboxItem.get(),
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
});

describe('the vault keeps a saved ad’s creatives', () => {
  it('once its save is confirmed, never before, and only after every pending save has gone', async () => {
    host.image('https://cdn.example/a.png');
    await outboxItem.set([saved('s1', 'b1', 'ad-1', ['https://cdn.example/a.png'], 'pending')]);
    expect(await keeper().run()).toBe('outbox-first');
    expect(host.requests).toEqual([]);
    await outboxItem.set([saved('s1', 'b1', 'ad-1', ['https://cdn.example/a.png'])]);
    expect(await keeper().run()).toBe('done');
    expect((await keptFile('https://cdn.example/a.png'))?.mime).toBe('image/png');
    expect(await keptAd('b1', 'ad-1')).toMatchObject({ urls: ['https://cdn.example/a.png'] });
    // Kept once: another run fetches nothing.
    await keeper().run();
    expect(host.requests).toHaveLength(1);
  });

  it('sends no credentials, no referrer and no header of its own: the key never goes to a media host', async () => {
    host.image('https://cdn.example/a.png');
    await outboxItem.set([saved('s1', 'b1', 'ad-1', ['https://cdn.example/a.png'])]);
    await keeper().run();
    const [request] = host.requests;
    expect(request?.init?.credentials).toBe('omit');
    expect(request?.init?.referrerPolicy).toBe('no-referrer');
    expect(request?.init?.headers).toBeUndefined();
  });

  it('refuses what is not an image and what is too large, by the bytes as much as the declared type, and says why', async () => {
    host.image('https://cdn.example/page.png', new TextEncoder().encode('<html>not an image</html>'), 'text/html');
    host.image('https://cdn.example/lies.png', new TextEncoder().encode('<script>'), 'application/octet-stream');
    host.image('https://cdn.example/sniffed', PNG, 'application/octet-stream');
    host.image('https://cdn.example/big.png', new Uint8Array(2048).fill(7), 'image/png');
    const urls = ['page.png', 'lies.png', 'sniffed', 'big.png'].map((name) => `https://cdn.example/${name}`);
    await outboxItem.set([saved('s1', 'b1', 'ad-1', urls)]);
    await keeper({ maxFileBytes: 1024 }).run();
    expect(await keptFile('https://cdn.example/page.png')).toBeNull();
    expect(await keptFile('https://cdn.example/lies.png')).toBeNull();
    expect(await keptFile('https://cdn.example/big.png')).toBeNull();
    expect((await keptFile('https://cdn.example/sniffed'))?.mime).toBe('image/png');
    const ad = await keptAd('b1', 'ad-1');
    expect(ad?.urls).toEqual(['https://cdn.example/sniffed']);
    expect(ad?.skipped.map((skip) => skip.reason)).toEqual([
      'Not an image, so not kept.',
      'Not an image, so not kept.',
      'Larger than 0 MB, so not kept.',
    ]);
  });

  it('goes on after a worker stopped mid-fetch, from the creative it was at', async () => {
    for (const name of ['1', '2', '3']) host.image(`https://cdn.example/${name}.png`);
    const urls = ['1', '2', '3'].map((name) => `https://cdn.example/${name}.png`);
    host.set('https://cdn.example/2.png', () => new Promise<Response>(() => undefined));
    await outboxItem.set([saved('s1', 'b1', 'ad-1', urls)]);
    void keeper().run();
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
    await outboxItem.set([saved('s1', 'b1', 'ad-1', urls)]);
    expect(await keeper({ runBytes: 1000 }).run()).toBe('rested');
    expect(wakes.at(-1)).toBe(TEST_NOW + 60_000);
    expect(host.requests).toHaveLength(2);
    expect(await keeper({ runBytes: 10_000 }).run()).toBe('done');
    expect((await keptAd('b1', 'ad-1'))?.urls).toEqual(urls);
  });

  it('stops keeping near the quota, says so, and touches neither the outbox nor what it kept', async () => {
    host.image('https://cdn.example/a.png');
    host.image('https://cdn.example/b.png');
    await outboxItem.set([saved('s1', 'b1', 'ad-1', ['https://cdn.example/a.png'])]);
    await keeper().run();
    const outboxBefore = await outboxItem.get();
    await outboxItem.set([...outboxBefore, saved('s2', 'b1', 'ad-2', ['https://cdn.example/b.png'])]);
    usage = { usage: 795 * MB, quota: 1000 * MB };
    expect(await keeper().run()).toBe('full');
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

  it('frees a board completely: its ads, its jobs, and every file no other board uses', async () => {
    for (const name of ['shared', 'only-b1', 'only-b2', 'waiting']) host.image(`https://cdn.example/${name}.png`);
    await outboxItem.set([
      saved('s1', 'b1', 'ad-1', ['https://cdn.example/shared.png', 'https://cdn.example/only-b1.png']),
      saved('s2', 'b2', 'ad-2', ['https://cdn.example/shared.png', 'https://cdn.example/only-b2.png']),
    ]);
    const vault = keeper();
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
