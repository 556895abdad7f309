import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/app';
import { DEMO_SECOND_API_KEY } from '../../../lib/contract/demo';
import { api, withServer } from '../../support/server';

interface Node {
  board_id: string;
  name: string;
  ad_num: number;
  children: Node[];
}
interface BoardAd {
  id: string;
  saved_details: { saved_at: string; boards: string[]; tags: string[] };
}

let server: RunningServer;
beforeAll(async () => {
  server = await withServer();
});
afterAll(() => server.close());

const flatten = (nodes: Node[], depth = 1): (Node & { depth: number })[] =>
  nodes.flatMap((node) => [{ ...node, depth }, ...flatten(node.children, depth + 1)]);

async function tree(): Promise<Node[]> {
  return ((await api(server, '/boards')).body.data as { items: Node[] }).items;
}

async function walk(boardId: string, order: string, size = 100): Promise<BoardAd[]> {
  const all: BoardAd[] = [];
  let cursor = '';
  for (let i = 0; i < 200; i += 1) {
    const result = await api(
      server,
      `/boards/${boardId}/ads?sort_by=${order}&page_size=${size}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(result.body.code).toBe(0);
    const data = result.body.data as { items: BoardAd[]; cursor: string };
    all.push(...data.items);
    if (!data.cursor) return all;
    cursor = encodeURIComponent(data.cursor);
  }
  throw new Error('paging did not end');
}

describe('GET /boards', () => {
  it('answers a tree of board_id, name, ad_num, children, nested at least three levels', async () => {
    const flat = flatten(await tree());
    expect(Math.max(...flat.map((node) => node.depth))).toBeGreaterThanOrEqual(3);
    for (const node of flat) {
      expect(Object.keys(node)).toEqual(expect.arrayContaining(['board_id', 'name', 'ad_num', 'children']));
    }
    expect(flat.some((node) => node.ad_num >= 2000)).toBe(true);
  });

  it('keeps workspaces apart', async () => {
    const acme = flatten(await tree()).map((n) => n.board_id);
    const other = (await api(server, '/boards', { key: DEMO_SECOND_API_KEY })).body.data as { items: Node[] };
    const otherIds = flatten(other.items).map((n) => n.board_id);
    expect(acme.filter((id) => otherIds.includes(id))).toEqual([]);
    const result = await api(server, `/boards/${acme[0]}/ads`, { key: DEMO_SECOND_API_KEY });
    expect(result.body.code).toBe(40401);
  });
});

describe('the demo saves', () => {
  it('are never dated before the ad launched', () => {
    const early: string[] = [];
    for (const workspace of server.state.data.workspaces) {
      for (const board of workspace.boards) {
        for (const save of board.saves) {
          const launched = server.state.adById(save.adId)?.start_date;
          if (launched && save.savedAt < launched)
            early.push(`${save.adId}: saved ${save.savedAt}, launched ${launched}`);
        }
      }
    }
    expect(early).toEqual([]);
  });
});

describe('GET /boards/{board_id}/ads', () => {
  it.each(['saved_newest', 'saved_oldest'])('pages a 2,000-ad board %s with no duplicates or gaps', async (order) => {
    const big = flatten(await tree()).find((node) => node.ad_num >= 2000);
    const ads = await walk(big?.board_id ?? '', order, 100);
    expect(ads).toHaveLength(big?.ad_num ?? -1);
    expect(new Set(ads.map((ad) => ad.id)).size).toBe(ads.length);
    const times = ads.map((ad) => ad.saved_details.saved_at);
    expect(times).toEqual(order === 'saved_newest' ? [...times].sort().reverse() : [...times].sort());
    for (const ad of ads.slice(0, 20)) expect(ad.saved_details.boards).toContain(big?.board_id);
  });

  it.each([
    ['sort_by=best_match', 'best_match'],
    ['sort_by=newest', 'sort_by'],
    ['page_size=0', 'page_size'],
    ['cursor=zzz', 'cursor'],
  ])('%s is 40001 naming %s', async (query, name) => {
    const [board] = await tree();
    const result = await api(server, `/boards/${board?.board_id}/ads?${query}`);
    expect(result.body.code).toBe(40001);
    expect(result.body.message).toContain(name);
  });

  it('answers 40401 for an unknown board', async () => {
    expect((await api(server, '/boards/board-nope/ads')).body.code).toBe(40401);
  });
});

describe('writes (assumed endpoints)', () => {
  it('saves an ad to a nested board once, however often it is sent, with consistent ad_num and saved_details', async () => {
    const nested = flatten(await tree()).find((node) => node.depth === 3);
    const id = nested?.board_id ?? '';
    const before = nested?.ad_num ?? 0;
    const ad = 'ad-000777';
    const first = await api(server, `/boards/${id}/ads`, { method: 'POST', body: { ad_id: ad, tags: ['hook'] } });
    const second = await api(server, `/boards/${id}/ads`, { method: 'POST', body: { ad_id: ad, tags: ['q4'] } });
    expect(first.body.data).toMatchObject({ created: true, ad_num: before + 1 });
    expect(second.body.data).toMatchObject({ created: false, ad_num: before + 1 });
    const after = flatten(await tree()).find((node) => node.board_id === id);
    expect(after?.ad_num).toBe(before + 1);
    const page = (await api(server, `/boards/${id}/ads?sort_by=saved_newest&page_size=1`)).body.data as {
      items: BoardAd[];
    };
    expect(page.items[0]?.id).toBe(ad);
    expect(page.items[0]?.saved_details.tags).toEqual(['hook', 'q4']);
    const saved = (await api(server, `/ad-library/${ad}`)).body.data as BoardAd;
    expect(saved.saved_details.boards).toContain(id);

    const removed = await api(server, `/boards/${id}/ads/${ad}`, { method: 'DELETE' });
    expect(removed.body.data).toMatchObject({ ad_num: before });
    expect((await api(server, `/boards/${id}/ads/${ad}`, { method: 'DELETE' })).body.code).toBe(40401);
  });

  it('keeps paging stable when a save lands between pages', async () => {
    const nested = flatten(await tree()).find((node) => node.ad_num > 30 && node.ad_num < 100);
    const id = nested?.board_id ?? '';
    const first = (await api(server, `/boards/${id}/ads?page_size=10`)).body.data as {
      items: BoardAd[];
      cursor: string;
    };
    await api(server, `/boards/${id}/ads`, { method: 'POST', body: { ad_id: 'ad-000999' } });
    const rest = await (async () => {
      const all: BoardAd[] = [];
      let cursor = first.cursor;
      while (cursor) {
        const data = (await api(server, `/boards/${id}/ads?page_size=10&cursor=${encodeURIComponent(cursor)}`)).body
          .data as { items: BoardAd[]; cursor: string };
        all.push(...data.items);
        cursor = data.cursor;
      }
      return all;
    })();
    const ids = [...first.items, ...rest].map((ad) => ad.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(nested?.ad_num ?? -1);
    await api(server, `/boards/${id}/ads/ad-000999`, { method: 'DELETE' });
  });

  it('creates a board, at the root or under a parent', async () => {
    const [parent] = await tree();
    const root = await api(server, '/boards', { method: 'POST', body: { name: '  Q1 ideas ' } });
    expect(root.body.data).toMatchObject({ name: 'Q1 ideas', ad_num: 0, children: [] });
    const child = await api(server, '/boards', {
      method: 'POST',
      body: { name: 'Hooks', parent_id: parent?.board_id },
    });
    const id = (child.body.data as { board_id: string }).board_id;
    const found = flatten(await tree()).find((node) => node.board_id === id);
    expect(found?.depth).toBe(2);
  });

  it.each([
    ['POST', '/boards', {}, 40001, 'name'],
    ['POST', '/boards', { name: '   ' }, 40001, 'name'],
    ['POST', '/boards', { name: 'x'.repeat(81) }, 40001, 'name'],
    ['POST', '/boards', { name: 'ok', parent_id: 'board-nope' }, 40401, 'parent'],
    ['POST', '/boards/board-nope/ads', { ad_id: 'ad-000001' }, 40401, 'board'],
    ['POST', 'BOARD/ads', {}, 40001, 'ad_id'],
    ['POST', 'BOARD/ads', { ad_id: 'ad-999999' }, 40401, 'ad'],
    ['POST', 'BOARD/ads', { ad_id: 'ad-000001', tags: 'hook' }, 40001, 'tags'],
    ['POST', 'BOARD/ads', { ad_id: 'ad-000001', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 40001, 'tags'],
  ])('%s %s %j is %i', async (method, rawPath, body, code, word) => {
    const [board] = await tree();
    const path = rawPath.replace('BOARD', `/boards/${board?.board_id}`);
    const result = await api(server, path, { method, body });
    expect(result.body.code).toBe(code);
    expect(String(result.body.message).toLowerCase()).toContain(word);
  });
});

describe('--data-dir', () => {
  it('persists writes and restores them on restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'adscope-data-'));
    const first = await withServer({ dataDir: dir });
    const created = await api(first, '/boards', { method: 'POST', body: { name: 'Kept' } });
    const id = (created.body.data as { board_id: string }).board_id;
    await api(first, `/boards/${id}/ads`, { method: 'POST', body: { ad_id: 'ad-000123' } });
    await first.close();
    const second = await withServer({ dataDir: dir });
    const nodes = ((await api(second, '/boards')).body.data as { items: Node[] }).items;
    expect(nodes.find((node) => node.board_id === id)).toMatchObject({ name: 'Kept', ad_num: 1 });
    await second.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
