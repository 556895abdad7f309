import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { strFromU8, unzipSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import { boardZip } from '../../../components/boards/board-zip';
import type { LibraryAd } from '../../../lib/contract/ad-library';
import { closeVault, vaultDb } from '../../../lib/vault/db';
import { TEST_NOW } from '../../support/clock';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9]);

function ad(id: string, title: string | null, urls: string[]): LibraryAd {
  return {
    id,
    title,
    body: null,
    brand_name: 'Trailhead Outfitters',
    cta_type: null,
    link_url: null,
    display_format: 'image',
    start_date: '2026-11-01',
    end_date: null,
    language: 'en',
    unified_brand_id: null,
    is_active: true,
    images: urls.map((url) => ({ url })),
    videos: [],
  };
}

beforeEach(async () => {
  await closeVault();
  globalThis.indexedDB = new IDBFactory();
});

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
});
