import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boardZip, zipPlan } from '../../../components/boards/board-zip';
import { failureSummary } from '../../../components/ui/media-words';
import { countOf, formatCount } from '../../../lib/count';
import type { LibraryAd } from '../../../lib/contract/ad-library';
import { closeVault, VAULT_DB, vaultDb } from '../../../lib/vault/db';
import { TEST_NOW } from '../../support/clock';
import { testAd } from '../../support/ads';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9]);

function ad(id: string, title: string | null, urls: string[]): LibraryAd {
  return testAd({ id, title, images: urls.map((url) => ({ url })) });
}

beforeEach(async () => {
  await closeVault();
  globalThis.indexedDB = new IDBFactory();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A connection to the vault at an older version that never lets go: an open of the vault waits on it. */
function holdOlderVault(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(VAULT_DB, 1);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('could not open'));
  });
}

/** A media host: some URLs answer with an image, `hang` ones never answer until aborted, the rest 403. */
function host(images: Record<string, [Uint8Array, string]>, hang: string[] = []) {
  const fetched: string[] = [];
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    fetched.push(url);
    if (hang.includes(url))
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true }),
      );
    const image = images[url];
    if (!image) return Promise.resolve(new Response('no', { status: 403 }));
    return Promise.resolve(new Response(image[0].slice(), { headers: { 'content-type': image[1] } }));
  }) as typeof globalThis.fetch;
  return { fetch, fetched };
}

describe('a board as a portable archive', () => {
  it('holds the board’s JSON and each creative, from the vault or fetched now, named for a person', async () => {
    const db = await vaultDb();
    await db.put('files', {
      url: 'https://cdn.example/gone.png',
      mime: 'image/png',
      bytes: PNG.length,
      data: PNG.slice().buffer,
      keptAt: TEST_NOW,
    });
    const fetched: string[] = [];
    const fetch = (async (input: RequestInfo | URL) => {
      fetched.push(String(input));
      if (String(input).endsWith('live.jpg'))
        return new Response(new Uint8Array([0xff, 0xd8, 0xff, 1]), { headers: { 'content-type': 'image/jpeg' } });
      return new Response('gone', { status: 404 });
    }) as typeof globalThis.fetch;
    const ads = [
      ad('a1', 'Waterproof: our sleeping bag!', ['https://cdn.example/gone.png', 'https://cdn.example/live.jpg']),
      ad('a2', null, ['https://cdn.example/lost.png']),
    ];
    const { file, creatives } = await boardZip({ id: 'b1', name: 'Client picks' }, ads, {
      fetch,
      now: new Date(TEST_NOW),
    });
    expect(file.type).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await file.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      'board.json',
      'creatives/001-waterproof-our-sleeping-bag-1.png',
      'creatives/001-waterproof-our-sleeping-bag-2.jpg',
    ]);
    expect(files['creatives/001-waterproof-our-sleeping-bag-1.png']).toEqual(PNG);
    // The kept copy was used: the vault's creative was never fetched.
    expect(fetched).not.toContain('https://cdn.example/gone.png');
    const json = JSON.parse(strFromU8(files['board.json'] ?? new Uint8Array())) as {
      board: object;
      exported_at: string;
      ads: { id: string; creative_files: { file: string | null; from: string }[] }[];
    };
    expect(json.board).toEqual({ id: 'b1', name: 'Client picks' });
    expect(json.exported_at).toBe('2026-11-22T12:00:00.000Z');
    expect(json.ads.map((item) => item.creative_files.map((creative) => creative.from))).toEqual([
      ['vault', 'fetched'],
      ['could not be fetched (HTTP 404), and the vault has no copy'],
    ]);
    expect(creatives.filter((creative) => creative.file === null)).toHaveLength(1);
  });

  it('says its limits before it starts, and holds only the first creatives past them', async () => {
    const many = Array.from({ length: 2400 }, (_, i) => ad(`a${i}`, null, [`https://cdn.example/${i}.png`]));
    // Counts in the user's digits (2,400 in English, 2.400 in German).
    expect(zipPlan(many).text).toBe(
      `This board has ${countOf(2400, 'creative')}; the download holds the first ${formatCount(2000)} (1 GB at most).`,
    );
    expect(zipPlan(many.slice(0, 1)).text).toBe('This board has 1 creative; the download holds it (1 GB at most).');
    const media = host(
      Object.fromEntries(['0', '1', '2'].map((i) => [`https://cdn.example/${i}.png`, [PNG, 'image/png']])),
    );
    const { creatives } = await boardZip({ id: 'b1', name: 'Big' }, many.slice(0, 3), {
      fetch: media.fetch,
      now: new Date(TEST_NOW),
      limits: { creatives: 2, bytes: 1024 ** 3 },
    });
    expect(media.fetched).toHaveLength(2);
    expect(creatives.map((creative) => creative.from)).toEqual([
      'fetched',
      'fetched',
      'left out: the download holds the first 2',
    ]);
  });

  it('gives each creative 20 s, goes on past one that never answers, and says how many failed and why', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const media = host({ 'https://cdn.example/ok.png': [PNG, 'image/png'] }, ['https://cdn.example/slow.png']);
    const ads = [
      ad('a1', 'One', ['https://cdn.example/slow.png', 'https://cdn.example/ok.png', 'https://cdn.example/denied.png']),
    ];
    const zipping = boardZip({ id: 'b1', name: 'B' }, ads, { fetch: media.fetch, now: new Date(TEST_NOW) });
    await vi.waitUntil(() => media.fetched.length === 1, { interval: 0 });
    await vi.advanceTimersByTimeAsync(20_000);
    const { creatives, failures } = await zipping;
    expect(creatives.map((creative) => creative.from)).toEqual([
      'could not be fetched (did not answer in 20 s), and the vault has no copy',
      'fetched',
      'could not be fetched (HTTP 403), and the vault has no copy',
    ]);
    expect(failureSummary(failures)).toBe('2 creatives could not be fetched: 1 did not answer in 20 s, 1 HTTP 403');
  });

  it('Cancel stops a download held by a creative that never answers', async () => {
    const media = host({}, ['https://cdn.example/slow.png']);
    const controller = new AbortController();
    const zipping = boardZip({ id: 'b1', name: 'B' }, [ad('a1', 'One', ['https://cdn.example/slow.png'])], {
      fetch: media.fetch,
      now: new Date(TEST_NOW),
      signal: controller.signal,
    });
    await vi.waitUntil(() => media.fetched.length === 1, { interval: 0 });
    controller.abort();
    await expect(zipping).rejects.toThrow();
  });

  it('waits on a vault that does not open 5 s once for the whole download, then fetches every creative', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const blocker = await holdOlderVault();
    const urls = ['one', 'two', 'three'].map((name) => `https://cdn.example/${name}.png`);
    const media = host(
      Object.fromEntries(urls.map((url): [string, [Uint8Array, string]] => [url, [PNG, 'image/png']])),
    );
    const zipping = boardZip({ id: 'b1', name: 'B' }, [ad('a1', 'One', urls)], {
      fetch: media.fetch,
      now: new Date(TEST_NOW),
    });
    await vi.advanceTimersByTimeAsync(4_000);
    expect(media.fetched).toEqual([]);
    // Past the vault's 5 s, not 15: the creatives after the first do not wait on it again.
    await vi.advanceTimersByTimeAsync(2_000);
    const { creatives } = await zipping;
    expect(creatives.map((creative) => creative.from)).toEqual(['fetched', 'fetched', 'fetched']);
    blocker.close();
  });

  it('Cancel stops a download that waits on a vault that does not open, at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const blocker = await holdOlderVault();
    const media = host({ 'https://cdn.example/ok.png': [PNG, 'image/png'] });
    const controller = new AbortController();
    const zipping = boardZip({ id: 'b1', name: 'B' }, [ad('a1', 'One', ['https://cdn.example/ok.png'])], {
      fetch: media.fetch,
      now: new Date(TEST_NOW),
      signal: controller.signal,
    });
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    await expect(zipping).rejects.toThrow();
    expect(media.fetched).toEqual([]);
    blocker.close();
  });

  it('stores an SVG as text, so opening it runs no script, and never fetches a private address', async () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    );
    const media = host({
      'https://cdn.example/art.svg': [svg, 'image/svg+xml'],
      'http://192.168.1.1/router.png': [PNG, 'image/png'],
    });
    const { file, creatives } = await boardZip(
      { id: 'b1', name: 'B' },
      [ad('a1', 'Art', ['https://cdn.example/art.svg', 'http://192.168.1.1/router.png'])],
      { fetch: media.fetch, now: new Date(TEST_NOW), service: 'https://api.example' },
    );
    const files = unzipSync(new Uint8Array(await file.arrayBuffer()));
    expect(Object.keys(files).filter((name) => name.startsWith('creatives/'))).toEqual(['creatives/001-art-1.svg.txt']);
    expect(media.fetched).toEqual(['https://cdn.example/art.svg']);
    expect(creatives[1]?.from).toBe('could not be fetched (on a private or local address), and the vault has no copy');
  });
});
