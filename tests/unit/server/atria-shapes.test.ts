import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_API_KEY } from '../../../lib/contract/demo';
import type { RunningServer } from '../../../server/app';
import { atriaAdId, atriaInstant, atriaKeyOf } from '../../../server/atria-shapes';
import { SHAPES } from '../../../server/shapes';
import { api, fetchLocal, withServer } from '../../support/server';
import { TEST_NOW } from '../../support/clock';

/**
 * The real service's shapes (`--shapes atria`), checked fact by fact over HTTP, and the
 * `platform` and `status` filters in every set of shapes.
 */
let ours: RunningServer;
let alt: RunningServer;
let minimal: RunningServer;
let atria: RunningServer;
beforeAll(async () => {
  [ours, alt, minimal, atria] = await Promise.all([
    withServer({ timeScale: 0 }),
    withServer({ timeScale: 0, shapes: 'alt' }),
    withServer({ timeScale: 0, shapes: 'minimal' }),
    withServer({ timeScale: 0, shapes: 'atria' }),
  ]);
});
afterAll(() => Promise.all([ours.close(), alt.close(), minimal.close(), atria.close()]));
beforeEach(() => {
  atria.state.faults.clear();
  atria.state.rateLimiter.perMinute = 0;
  atria.state.rateLimiter.reset();
});

type Json = Record<string, unknown>;
const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const rows = (value: unknown): Json[] => (Array.isArray(value) ? value.map(record) : []);

/** A search's rows, wherever the shapes put them (alt: `items`; brand ads in alt: `ads`). */
async function rowsOf(server: RunningServer, path: string): Promise<Json[]> {
  const { body } = await api(server, path);
  expect(body.code, `${path}: ${String(body.message)}`).toBe(0);
  const data = record(body.data);
  return rows(data.items ?? data.ads);
}

/** The record of an ad by its id, from the catalogue: what the filters are checked against. */
const adRecord = (server: RunningServer, id: string) => server.state.data.catalogue.ads.find((ad) => ad.id === id);

describe('the platform and status filters (fact 6) in the default and alt shapes', () => {
  it.each([
    ['default', () => ours],
    ['alt', () => alt],
  ] as const)(
    '%s: platform and status narrow the search and a brand’s ads, and are honoured together',
    async (_, of) => {
      const server = of();
      const all = await rowsOf(server, '/ad-library/search?page_size=100');
      const instagram = await rowsOf(server, '/ad-library/search?page_size=100&platform=instagram');
      const active = await rowsOf(server, '/ad-library/search?page_size=100&status=active');
      const inactive = await rowsOf(server, '/ad-library/search?page_size=100&status=inactive');
      const both = await rowsOf(server, '/ad-library/search?page_size=100&platform=facebook&status=active');
      expect(instagram.length).toBe(100);
      expect(instagram.map((ad) => ad.id)).not.toEqual(all.map((ad) => ad.id));
      for (const ad of instagram) expect(adRecord(server, String(ad.id))?.platforms).toContain('instagram');
      for (const ad of active) expect(adRecord(server, String(ad.id))?.end_date).toBeNull();
      for (const ad of inactive) expect(adRecord(server, String(ad.id))?.end_date).not.toBeNull();
      expect(active.length + inactive.length).toBe(200);
      expect(both.length).toBeGreaterThan(0);
      for (const ad of both) {
        expect(adRecord(server, String(ad.id))?.platforms).toContain('facebook');
        expect(adRecord(server, String(ad.id))?.end_date).toBeNull();
      }
      // TikTok brands' ads run on TikTok: the filter finds them, and nothing else.
      const tiktok = await rowsOf(server, '/ad-library/search?page_size=100&platform=tiktok');
      expect(tiktok.length).toBeGreaterThan(0);
      for (const ad of tiktok) expect(adRecord(server, String(ad.id))?.platforms).toEqual(['tiktok']);

      // A brand whose ads fit one page, so its running ones are all among them.
      const brand = String(
        all.find((ad) => server.state.library.adsOfBrand(String(ad.unified_brand_id)).length <= 100)
          ?.unified_brand_id ?? '',
      );
      const brandActive = await rowsOf(server, `/brand-library/${brand}/ads?page_size=100&status=active`);
      const brandAll = await rowsOf(server, `/brand-library/${brand}/ads?page_size=100`);
      const running = brandAll.filter((ad) => adRecord(server, String(ad.id))?.end_date === null);
      expect(running.length).toBeGreaterThan(0);
      expect(running.length).toBeLessThan(brandAll.length);
      expect(brandActive.map((ad) => ad.id)).toEqual(running.map((ad) => ad.id));
    },
  );

  it('refuses a platform or status outside the lists with 40001 naming the parameter', async () => {
    for (const [param, value] of [
      ['platform', 'myspace'],
      ['status', 'paused'],
    ]) {
      const { body } = await api(ours, `/ad-library/search?${param}=${value}`);
      expect(body.code).toBe(40001);
      expect(String(body.message)).toContain(param);
    }
  });

  it('the minimal shapes refuse them: unknown parameter, named', async () => {
    const one = await api(minimal, '/ad-library/search?platform=facebook');
    expect(one.body).toMatchObject({ code: 40001, message: 'unknown parameter: platform' });
    const brand = minimal.state.data.catalogue.brands[0]?.id ?? '';
    const other = await api(minimal, `/brand-library/${brand}/ads?status=active`);
    expect(other.body).toMatchObject({ code: 40001, message: 'unknown parameter: status' });
    const two = await api(minimal, '/ad-library/search?status=active&platform=tiktok');
    expect(two.body).toMatchObject({ code: 40001, message: 'unknown parameters: platform, status' });
    // Without them, the same search answers.
    expect((await api(minimal, '/ad-library/search?page_size=5')).body.code).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// --shapes atria

const HEX32 = /^[0-9a-f]{32}$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/;
const NAIVE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

/** A raw request to the atria server: its status, headers and parsed body, whatever its shape. */
async function raw(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const response = await fetchLocal(`${atria.baseUrl}/open/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.headers ?? { 'X-API-Key': DEMO_API_KEY }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, headers: response.headers, body: record(await response.json()) };
}

/** A successful envelope's data from the atria server. */
async function data(path: string, init: Parameters<typeof api>[2] = {}): Promise<Json> {
  const { status, body } = await api(atria, path, init);
  expect([status, body.code], `${path}: ${String(body.message)}`).toEqual([200, 0]);
  return record(body.data);
}

/** A flat gateway error: the status, `{ error, message, request_id }` and nothing else, the id also in X-Request-Id. */
function expectFlat(answer: Awaited<ReturnType<typeof raw>>, status: number, error: string, message?: string) {
  expect(answer.status).toBe(status);
  expect(Object.keys(answer.body).sort()).toEqual(['error', 'message', 'request_id']);
  expect(answer.body.error).toBe(error);
  if (message !== undefined) expect(answer.body.message).toBe(message);
  expect(String(answer.body.request_id)).toMatch(HEX32);
  expect(answer.headers.get('x-request-id')).toBe(answer.body.request_id);
}

describe('atria, fact 1: gateway errors bypass the envelope; business errors are envelopes with HTTP 200', () => {
  it('no X-API-Key and no Bearer: 401 unauthorized, flat', async () => {
    expectFlat(await raw('/owned-brands', { headers: {} }), 401, 'unauthorized', 'No valid credentials provided');
  });

  it('a key present but unknown, or two keys that disagree: 401 invalid_api_key, flat', async () => {
    const unknown = await raw('/owned-brands', { headers: { 'X-API-Key': 'atria-sk_0000' } });
    expectFlat(unknown, 401, 'invalid_api_key', 'The provided API key is invalid');
    const conflict = await raw('/owned-brands', {
      headers: { 'X-API-Key': DEMO_API_KEY, Authorization: `Bearer ${atria.state.data.workspaces[1]?.apiKey ?? ''}` },
    });
    expectFlat(conflict, 401, 'invalid_api_key');
  });

  it('the gateway reads the key before any route: an unknown route without a key is 401 too', async () => {
    expectFlat(await raw('/no-such-route', { headers: {} }), 401, 'unauthorized');
  });

  it('the demo key, its atria-sk_ form and the Bearer credential all name the workspace', async () => {
    const key = atriaKeyOf(DEMO_API_KEY);
    expect(key).toMatch(/^atria-sk_[0-9a-f]{32}$/);
    const byDemo = await raw('/owned-brands');
    const byAtria = await raw('/owned-brands', { headers: { 'X-API-Key': key } });
    const byBearer = await raw('/owned-brands', { headers: { Authorization: `Bearer ${key}` } });
    expect([byDemo.status, byAtria.status, byBearer.status]).toEqual([200, 200, 200]);
    expect(byAtria.body.data).toEqual(byDemo.body.data);
    expect(byBearer.body.data).toEqual(byDemo.body.data);
  });

  it('rate limited: 429 flat with Retry-After, from the limiter and from the fault', async () => {
    atria.state.rateLimiter.perMinute = 1;
    expect((await raw('/owned-brands')).status).toBe(200);
    const limited = await raw('/owned-brands');
    expectFlat(limited, 429, 'rate_limit_exceeded');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    atria.state.rateLimiter.perMinute = 0;
    atria.state.faults.add({ kind: 'rate-limit', retryAfter: '7', times: 1 });
    const injected = await raw('/ad-library/search');
    expectFlat(injected, 429, 'rate_limit_exceeded');
    expect(injected.headers.get('retry-after')).toBe('7');
  });

  it('the gateway fault: a flat JSON 502, not an HTML page', async () => {
    atria.state.faults.add({ kind: 'gateway', times: 1 });
    const answer = await raw('/owned-brands');
    expectFlat(answer, 502, 'bad_gateway');
    expect(answer.headers.get('content-type')).toContain('application/json');
  });

  it('the gateway-status fault: a flat 402, 403 or 503 as asked, in every set of shapes', async () => {
    atria.state.faults.add({ kind: 'gateway-status', status: 402, times: 1 });
    expectFlat(await raw('/ad-library/search'), 402, 'payment_required');
    atria.state.faults.add({
      kind: 'gateway-status',
      status: 403,
      error: 'plan_forbidden',
      message: 'No API on this plan',
    });
    expectFlat(await raw('/ad-library/search'), 403, 'plan_forbidden', 'No API on this plan');
    atria.state.faults.clear();
    atria.state.faults.add({ kind: 'gateway-status', status: 503, times: 1 });
    expectFlat(await raw('/owned-brands'), 503, 'service_unavailable');
    ours.state.faults.add({ kind: 'gateway-status', status: 403, times: 1 });
    const elsewhere = await fetch(`${ours.baseUrl}/open/v1/owned-brands`, { headers: { 'X-API-Key': DEMO_API_KEY } });
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.json()).toMatchObject({ error: 'forbidden' });
  });

  it('a failure of the server itself: a flat 500', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const adById = vi.spyOn(atria.state, 'adById').mockImplementation(() => {
      throw new Error('injected');
    });
    try {
      expectFlat(await raw(`/ad-library/${atriaAdId('ad-000001')}`), 500, 'internal_server_error');
    } finally {
      adById.mockRestore();
      error.mockRestore();
    }
  });

  it('the upstream fault is the route reporting its upstream failed: envelope 50001 with HTTP 200', async () => {
    atria.state.faults.add({ kind: 'upstream', times: 1 });
    const answer = await raw('/owned-brands');
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(50001);
    expect(String(answer.headers.get('x-request-id'))).toMatch(HEX32);
  });

  it('business errors: envelope with HTTP 200 (40001, 40401), and every answer carries a new X-Request-Id', async () => {
    const invalid = await raw('/ad-library/search?page_size=0');
    const missing = await raw('/brand-library/m100000000000000');
    const ok = await raw('/owned-brands');
    expect([invalid.status, invalid.body.code]).toEqual([200, 40001]);
    expect([missing.status, missing.body.code]).toEqual([200, 40401]);
    const ids = [invalid, missing, ok].map((answer) => String(answer.headers.get('x-request-id')));
    for (const id of ids) expect(id).toMatch(HEX32);
    expect(new Set(ids).size).toBe(3);
  });

  it('40301 from a route is an envelope with HTTP 200', async () => {
    const locked = atria.state.data.workspaces[0]?.ownedBrands.find((brand) => brand.locked);
    expect(locked).toBeDefined();
    const answer = await raw('/image-generations', {
      method: 'POST',
      body: { idempotency_key: 'atria-locked-0001', prompt: 'A tent at dawn', brand_id: locked?.id },
    });
    expect([answer.status, answer.body.code]).toEqual([200, 40301]);
  });

  it('the transcript GET keeps its HTTP 404 (spec 4.7)', async () => {
    const workspace = atria.state.data.workspaces[0]?.id;
    const account = atria.state.adAccounts.find((candidate) => candidate.workspaceId === workspace);
    const video = account?.ads
      .flatMap((ad) => ad.videos)
      .find((candidate) => !account.transcripts.has(candidate.videoId));
    expect(video).toBeDefined();
    const answer = await raw(`/ad-accounts/${account?.id}/videos/${video?.videoId}/transcript`);
    expect([answer.status, answer.body.code]).toEqual([404, 40401]);
    expect(String(answer.headers.get('x-request-id'))).toMatch(HEX32);
  });
});

describe('atria, fact 2: boards are read-only through the API', () => {
  it('board writes answer 40401 "no matching open API" and change nothing', async () => {
    const before = await data('/boards');
    const board = String(rows(before.items)[0]?.board_id);
    const ad = String(rows((await data(`/boards/${board}/ads?page_size=1`)).items)[0]?.id);
    const writes = [
      raw('/boards', { method: 'POST', body: { name: 'New board' } }),
      raw(`/boards/${board}/ads`, { method: 'POST', body: { ad_id: atriaAdId('ad-000002') } }),
      raw(`/boards/${board}/ads/${ad}`, { method: 'DELETE' }),
    ];
    for (const answer of await Promise.all(writes)) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ code: 40401, message: 'no matching open API' });
    }
    expect(await data('/boards')).toEqual(before);
  });

  it('any route it does not have answers alike: unknown, wrong method, or removed in v0.2.0', async () => {
    for (const [path, method] of [
      ['/no-such-route', 'GET'],
      ['/owned-brands', 'DELETE'],
      ['/ads', 'GET'],
      ['/library-ads/m1', 'GET'],
    ] as const) {
      const answer = await raw(path, { method });
      expect([path, answer.status, answer.body]).toEqual([path, 200, { code: 40401, message: 'no matching open API' }]);
    }
  });

  it('GET /boards and GET /boards/{id}/ads work, with page_size up to 100', async () => {
    const tree = rows((await data('/boards')).items);
    const big = tree.find((node) => Number(node.ad_num) > 100);
    expect(big).toBeDefined();
    const page = await data(`/boards/${String(big?.board_id)}/ads?page_size=100`);
    expect(rows(page.items)).toHaveLength(100);
    expect(typeof page.cursor).toBe('string');
    const next = await data(`/boards/${String(big?.board_id)}/ads?page_size=100&cursor=${String(page.cursor)}`);
    expect(rows(next.items)).toHaveLength(100);
    expect(rows(next.items)[0]?.id).not.toBe(rows(page.items)[0]?.id);
  });
});

describe('atria, fact 3: opaque ids, read back everywhere', () => {
  const BRAND = /^(m\d{15,16}|t\d{19})$/;
  const AD = /^m\d{16}$/;
  const BOARD = /^board_[0-9a-f]{12}$/;

  it('brand ids: m and a page id for Meta brands, t for a few TikTok ones; all distinct', async () => {
    const brands = atria.state.data.catalogue.brands;
    const seen = new Set<string>();
    for (let page = 0, cursor = ''; page < 50; page += 1) {
      const found = await data(`/brand-library/search?page_size=100${cursor ? `&cursor=${cursor}` : ''}`);
      for (const row of rows(found.items)) seen.add(String(row.id));
      cursor = String(found.cursor ?? '');
      if (!cursor) break;
    }
    expect(seen.size).toBe(brands.length);
    for (const id of seen) expect(id).toMatch(BRAND);
    const tiktok = [...seen].filter((id) => id.startsWith('t'));
    expect(tiktok.length).toBe(brands.filter((brand) => brand.network === 'tiktok').length);
    expect(tiktok.length).toBeGreaterThan(0);
    expect([...seen].some((id) => id.length === 16)).toBe(true);
    expect([...seen].some((id) => id.length === 17)).toBe(true);
  });

  it('every answer with a brand id uses the opaque one, and every request reads it back', async () => {
    const search = rows((await data('/ad-library/search?page_size=50')).items);
    const ad = search[0] ?? {};
    const brand = String(ad.brand_id);
    expect(brand).toMatch(BRAND);
    expect(ad.unified_brand_id).toBe(brand);

    const detail = await data(`/brand-library/${brand}`);
    expect(detail.id).toBe(brand);
    const brandAds = rows((await data(`/brand-library/${brand}/ads?page_size=50`)).items);
    expect(brandAds.length).toBeGreaterThan(0);
    for (const row of brandAds) expect([row.brand_id, row.unified_brand_id]).toEqual([brand, brand]);
    const scoped = rows((await data(`/ad-library/search?unified_brand_id=${brand}&page_size=50`)).items);
    expect(scoped.map((row) => row.id)).toEqual(brandAds.map((row) => row.id));

    const followed = rows((await data('/brand-library/followed?page_size=20')).items);
    const inspo = rows(
      (
        await data('/inspo-brands/search', {
          method: 'POST',
          body: { scope: 'followed', followed: { offset: 0, limit: 20 } },
        })
      ).items,
    );
    expect(followed.length).toBe(20);
    for (const row of [...followed, ...inspo]) expect(String(row.id)).toMatch(BRAND);
    expect(inspo.map((row) => row.id)).toEqual(followed.map((row) => row.id));
    // The same brand as the default server's: its name and ads.
    const uuid = atria.state.data.catalogue.ads.find(
      (candidate) => atriaAdId(candidate.id) === ad.id,
    )?.unified_brand_id;
    const ourDetail = await api(ours, `/brand-library/${uuid}`);
    expect(record(ourDetail.body.data).name).toBe(detail.name);
  });

  it('an unknown brand id is 40401, the catalogue UUID included', async () => {
    const uuid = atria.state.data.catalogue.brands[0]?.id ?? '';
    for (const path of [
      `/brand-library/${uuid}`,
      `/brand-library/${uuid}/ads`,
      '/brand-library/m1000000000000001',
      `/ad-library/search?unified_brand_id=${uuid}`,
      '/ad-library/search?unified_brand_id=t7000000000000000000',
    ]) {
      const answer = await raw(path);
      expect([path, answer.status, answer.body.code]).toEqual([path, 200, 40401]);
    }
  });

  it('library ad ids: m and 16 digits, the same ads as the default shapes, read back by the detail', async () => {
    const [fromOurs, fromAtria] = await Promise.all([
      api(ours, '/ad-library/search?page_size=20&order=newest'),
      data('/ad-library/search?page_size=20&order=newest'),
    ]);
    const ourIds = rows(record(fromOurs.body.data).items).map((row) => String(row.id));
    const atriaIds = rows(fromAtria.items).map((row) => String(row.id));
    expect(atriaIds).toEqual(ourIds.map(atriaAdId));
    for (const id of atriaIds) expect(id).toMatch(AD);
    expect(new Set(atriaIds).size).toBe(20);
    const detail = await data(`/ad-library/${atriaIds[3]}`);
    expect(detail.id).toBe(atriaIds[3]);
    expect(detail.platform_native_id).toBe(atriaIds[3]?.slice(1));
    expect(rows(record(fromOurs.body.data).items)[3]?.title).toBe(detail.title);
    for (const id of [ourIds[3], 'm1000000000000000', 'm12']) {
      const answer = await raw(`/ad-library/${id}`);
      expect([answer.status, answer.body.code]).toEqual([200, 40401]);
    }
  });

  it('board ids: board_ and hex, in the tree, in saved_details, in saved ads, and read back', async () => {
    const tree = rows((await data('/boards')).items);
    const all: string[] = [];
    const visit = (nodes: Json[]) => {
      for (const node of nodes) {
        all.push(String(node.board_id));
        visit(rows(node.children));
      }
    };
    visit(tree);
    expect(all.length).toBeGreaterThan(3);
    for (const id of all) expect(id).toMatch(BOARD);
    const board = all[1] ?? '';
    const ads = rows((await data(`/boards/${board}/ads?page_size=10`)).items);
    expect(ads.length).toBeGreaterThan(0);
    for (const ad of ads) {
      expect(String(ad.id)).toMatch(AD);
      const boards = rows([record(ad.saved_details)]).flatMap((saved) =>
        Array.isArray(saved.boards) ? saved.boards : [],
      );
      expect(boards).toContain(board);
      for (const id of boards) expect(all).toContain(id);
    }
    const saved = rows((await data('/ad-library/saved?page_size=10')).items);
    expect(saved.length).toBe(10);
    for (const ad of saved) {
      expect(String(ad.id)).toMatch(AD);
      for (const id of record(ad.saved_details).boards as string[]) expect(all).toContain(id);
    }
    const internal = atria.state.data.workspaces[0]?.boards[0]?.board_id ?? '';
    const answer = await raw(`/boards/${internal}/ads`);
    expect([answer.status, answer.body.code]).toEqual([200, 40401]);
  });

  it('owned brands, ad accounts and generations keep their ids', async () => {
    const owned = rows((await data('/owned-brands')).items);
    const accounts = rows((await data('/ad-accounts')).items);
    const ourOwned = rows(record((await api(ours, '/owned-brands')).body.data).items);
    expect(owned.map((row) => row.id)).toEqual(ourOwned.map((row) => row.id));
    expect(String(accounts[0]?.id)).toMatch(/^[0-9a-f-]{36}$/);
    const brand = owned.find((row) => row.locked === false);
    const made = await data('/image-generations', {
      method: 'POST',
      body: { idempotency_key: 'atria-ids-0001', prompt: 'A tent at dawn', brand_id: brand?.id },
    });
    expect((await data(`/image-generations/${String(made.generation_id)}`)).generation_id).toBe(made.generation_id);
  });
});

describe('atria, fact 4: page_size 1 to 50 on searches; answers carry items, cursor, total, page_size', () => {
  it('default 20, up to 50; outside is 40001 with the service’s message', async () => {
    const brand = String(rows((await data('/ad-library/search?page_size=1')).items)[0]?.brand_id);
    for (const base of ['/ad-library/search?', `/brand-library/${brand}/ads?`]) {
      const plain = await data(base);
      expect(plain.page_size).toBe(20);
      for (const size of ['0', '51', '100', 'ten', '-1', '2.5']) {
        const answer = await raw(`${base}page_size=${size}`);
        expect([size, answer.status, answer.body.code, answer.body.message]).toEqual([
          size,
          200,
          40001,
          'page_size must be between 1 and 50',
        ]);
      }
    }
    const fifty = await data('/ad-library/search?page_size=50');
    expect(rows(fifty.items)).toHaveLength(50);
    expect(fifty.page_size).toBe(50);
    expect(rows((await data('/ad-library/search')).items)).toHaveLength(20);
  });

  it('items, cursor (null on the last page), total (at most 10,000) and page_size', async () => {
    const all = await data('/ad-library/search?page_size=5');
    expect(Object.keys(all).sort()).toEqual(['cursor', 'items', 'page_size', 'total']);
    expect(all.total).toBe(10_000);
    expect(typeof all.cursor).toBe('string');

    const brand = atria.state.data.catalogue.brands.find(
      (candidate) => atria.state.library.adsOfBrand(candidate.id).length === 7,
    );
    const opaque = String(
      rows((await data(`/ad-library/search?page_size=1&query=${encodeURIComponent(brand?.name ?? '')}`)).items)[0]
        ?.brand_id,
    );
    const first = await data(`/brand-library/${opaque}/ads?page_size=5`);
    expect([first.total, rows(first.items).length, first.page_size]).toEqual([7, 5, 5]);
    expect(typeof first.cursor).toBe('string');
    const last = await data(`/brand-library/${opaque}/ads?page_size=5&cursor=${String(first.cursor)}`);
    expect([last.total, rows(last.items).length, last.cursor]).toEqual([7, 2, null]);
    const ids = [...rows(first.items), ...rows(last.items)].map((row) => row.id);
    expect(new Set(ids).size).toBe(7);
    // The total follows the filters.
    const active = await data(`/brand-library/${opaque}/ads?page_size=50&status=active`);
    expect(active.total).toBe(rows(active.items).length);
    expect(active.cursor).toBeNull();
  });
});

describe('atria, fact 5: the ad fields', () => {
  async function sample(): Promise<Json[]> {
    const ads: Json[] = [];
    let cursor = '';
    for (let page = 0; page < 6; page += 1) {
      const found = await data(`/ad-library/search?page_size=50${cursor ? `&cursor=${cursor}` : ''}`);
      ads.push(...rows(found.items));
      cursor = String(found.cursor ?? '');
    }
    return ads;
  }
  const catalogueAd = (id: unknown) => atria.state.data.catalogue.ads.find((ad) => atriaAdId(ad.id) === id);

  it('cta_text, status, platforms, brand_id; no cta_type or is_active', async () => {
    const ads = await sample();
    expect(ads).toHaveLength(300);
    for (const ad of ads) {
      const source = catalogueAd(ad.id);
      expect(ad).not.toHaveProperty('cta_type');
      expect(ad).not.toHaveProperty('is_active');
      expect(ad.status).toBe(source?.end_date === null ? 'active' : 'inactive');
      expect(Array.isArray(ad.platforms)).toBe(true);
      expect(ad.brand_id).toBe(ad.unified_brand_id);
      if (source?.cta_type === null) expect(ad.cta_text).toBeNull();
      else expect(String(ad.cta_text)).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)*$/);
    }
    expect(ads.some((ad) => ad.cta_text === 'Shop Now')).toBe(true);
    expect(new Set(ads.map((ad) => ad.status))).toEqual(new Set(['active', 'inactive']));
    expect(ads.some((ad) => JSON.stringify(ad.platforms) === '["facebook","instagram"]')).toBe(true);
  });

  it('images and videos are { url, width, height }; about half the videos have no preview image; a video is served', async () => {
    const ads = await sample();
    const images = ads.flatMap((ad) => rows(ad.images));
    const videos = ads.flatMap((ad) => rows(ad.videos));
    expect(images.length).toBeGreaterThan(50);
    expect(videos.length).toBeGreaterThan(30);
    for (const media of [...images, ...videos]) {
      expect(typeof media.url).toBe('string');
      expect(typeof media.width).toBe('number');
      expect(typeof media.height).toBe('number');
    }
    const withPoster = videos.filter((video) => 'preview_image_url' in video).length;
    expect(withPoster / videos.length).toBeGreaterThan(0.3);
    expect(withPoster / videos.length).toBeLessThan(0.7);
    for (const video of videos)
      expect(Object.keys(video).sort()).toEqual(
        'preview_image_url' in video ? ['height', 'preview_image_url', 'url', 'width'] : ['height', 'url', 'width'],
      );
    const film = await fetchLocal(String(videos[0]?.url));
    expect([film.status, film.headers.get('content-type')]).toEqual([200, 'video/mp4']);
    expect(new TextDecoder().decode(new Uint8Array(await film.arrayBuffer()).slice(4, 8))).toBe('ftyp');
  });

  it('start_date and end_date: ISO timestamps, zone-aware and naive, on the right UTC day', async () => {
    const ads = await sample();
    const stamps: { stamp: string; day: string | null }[] = [];
    for (const ad of ads) {
      const source = catalogueAd(ad.id);
      if (ad.start_date !== null) stamps.push({ stamp: String(ad.start_date), day: source?.start_date ?? null });
      if (source?.end_date) stamps.push({ stamp: String(ad.end_date), day: source.end_date });
    }
    expect(stamps.length).toBeGreaterThan(300);
    for (const { stamp, day } of stamps) {
      expect(ZONED.test(stamp) || NAIVE.test(stamp), stamp).toBe(true);
      // A naive one means UTC: read so, every stamp falls on the catalogue's day, never after now.
      expect(new Date(atriaInstant(stamp)).toISOString().slice(0, 10), stamp).toBe(day);
      expect(atriaInstant(stamp)).toBeLessThanOrEqual(TEST_NOW + 1000);
    }
    const zoned = stamps.filter(({ stamp }) => ZONED.test(stamp));
    const naive = stamps.filter(({ stamp }) => NAIVE.test(stamp));
    expect(zoned.length).toBeGreaterThan(naive.length);
    expect(naive.length).toBeGreaterThan(10);
    expect(zoned.some(({ stamp }) => stamp.endsWith('+00:00'))).toBe(true);
    // The first ten characters are not the day: a local offset puts it on the day before or after.
    const misleading = zoned.filter(({ stamp, day }) => !stamp.endsWith('+00:00') && stamp.slice(0, 10) !== day);
    expect(misleading.some(({ stamp }) => stamp.endsWith('-05:00'))).toBe(true);
    expect(misleading.some(({ stamp }) => stamp.endsWith('+09:00'))).toBe(true);
  });

  it('a running ad’s end_date is when the service last saw it, hours ago; an ended ad ends after it launched', async () => {
    const ads = await sample();
    for (const ad of ads) {
      if (ad.status === 'active') {
        const seen = atriaInstant(String(ad.end_date));
        expect(seen).toBeLessThanOrEqual(TEST_NOW);
        expect(TEST_NOW - seen).toBeLessThan(86_400_000);
      }
      if (ad.start_date !== null && ad.end_date !== null)
        expect(atriaInstant(String(ad.end_date))).toBeGreaterThanOrEqual(atriaInstant(String(ad.start_date)));
    }
  });
});

describe('atria, fact 6: the platform and status filters', () => {
  it('platform=tiktok finds the TikTok brands’ ads; status=active only running ones', async () => {
    const tiktok = rows((await data('/ad-library/search?platform=tiktok&page_size=50')).items);
    expect(tiktok.length).toBeGreaterThan(0);
    for (const ad of tiktok) {
      expect(ad.platforms).toEqual(['tiktok']);
      expect(String(ad.brand_id)).toMatch(/^t\d{19}$/);
    }
    const active = await data('/ad-library/search?platform=facebook&status=active&page_size=50');
    expect(rows(active.items)).toHaveLength(50);
    for (const ad of rows(active.items)) {
      expect(ad.status).toBe('active');
      expect(ad.platforms).toContain('facebook');
    }
    const everything = await data('/ad-library/search?page_size=1&query=shoes');
    const filtered = await data('/ad-library/search?page_size=1&query=shoes&status=active');
    expect(Number(filtered.total)).toBeLessThan(Number(everything.total));
  });
});

describe('atria, fact 7: the flag', () => {
  it('is one of the shapes, and server/main.ts starts with it', async () => {
    expect(SHAPES).toContain('atria');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--shapes', 'atria', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const lines = createInterface({ input: child.stdout });
      const output: string[] = [];
      for await (const line of lines) {
        output.push(line);
        if (line.includes('workspace "Acme Outdoor"')) break;
      }
      const { baseUrl } = JSON.parse(output[0] ?? '{}') as { baseUrl: string };
      expect(output.join('\n')).toContain('atria shapes');
      expect(output.join('\n')).toContain(atriaKeyOf(DEMO_API_KEY));
      const answer = await fetch(`${baseUrl}/open/v1/owned-brands`);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ error: 'unauthorized' });
    } finally {
      child.kill();
    }
  }, 30_000);
});
