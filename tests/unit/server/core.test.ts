import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '../../../lib/contract/demo';
import type { RunningServer } from '../../../server/app';
import { createDemoData } from '../../../server/demo-data';
import { REMOVED_PATHS } from '../../../server/removed-paths';
import { api, withServer } from '../../support/server';
import { TEST_NOW } from '../../support/clock';

let server: RunningServer;
beforeAll(async () => {
  server = await withServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.state.faults.clear();
  server.state.rateLimiter.perMinute = 0;
});

describe('auth and workspace context', () => {
  it.each([
    ['no key at all', { key: null }, 400, 40001],
    ['an unknown key', { key: 'nope-nope-nope' }, 400, 40001],
    ['X-API-Key', { key: DEMO_API_KEY }, 200, 0],
    ['Bearer only', { key: null, bearer: DEMO_API_KEY }, 200, 0],
    ['both, same key', { key: DEMO_API_KEY, bearer: DEMO_API_KEY }, 200, 0],
    ['both, different keys', { key: DEMO_API_KEY, bearer: DEMO_SECOND_API_KEY }, 400, 40001],
  ] as const)('%s', async (_, init, status, code) => {
    const result = await api(server, '/owned-brands', init);
    expect(result.status).toBe(status);
    expect(result.body.code).toBe(code);
    expect(typeof result.body.message).toBe('string');
  });

  it('answers each workspace with its own brands only', async () => {
    const acme = await api(server, '/owned-brands', { key: DEMO_API_KEY });
    const northwind = await api(server, '/owned-brands', { key: DEMO_SECOND_API_KEY });
    const ids = (body: { data?: unknown }) => (body.data as { items: { id: string }[] }).items.map((b) => b.id);
    expect(ids(acme.body).length).toBeGreaterThan(0);
    expect(ids(northwind.body).length).toBeGreaterThan(0);
    expect(ids(acme.body).filter((id) => ids(northwind.body).includes(id))).toEqual([]);
  });

  it('serves owned brands with a locked flag and a loopback logo URL', async () => {
    const { body } = await api(server, '/owned-brands');
    const items = (body.data as { items: { locked: boolean; logo_url: string }[] }).items;
    expect(items.some((b) => b.locked)).toBe(true);
    expect(items.every((b) => b.logo_url.startsWith(server.baseUrl))).toBe(true);
    const logo = await fetch(items[0]?.logo_url ?? '');
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
  });
});

describe('envelope and routing', () => {
  it('answers unknown routes with HTTP 404 and an envelope', async () => {
    const result = await api(server, '/no-such-thing');
    expect(result.status).toBe(404);
    expect(result.body.code).toBe(40401);
  });

  it('answers outside the API prefix with HTTP 404', async () => {
    const result = await api(server, '/owned-brands', { prefix: '/open/v2' });
    expect(result.status).toBe(404);
  });

  it('serves /spi/v1 as an alias of /open/v1', async () => {
    const open = await api(server, '/owned-brands');
    const spi = await api(server, '/owned-brands', { prefix: '/spi/v1' });
    expect(spi.status).toBe(200);
    expect(spi.body).toEqual(open.body);
  });

  it.each(REMOVED_PATHS.map((entry) => [entry.removed, entry.replacement, entry.method] as const))(
    'names the replacement of %s',
    async (removed, replacement, method) => {
      const path = removed.replace(/^\w+ \/open\/v1/, '').replace(/\{[^}]+\}/g, 'x1');
      const result = await api(server, path, { method, ...(method === 'POST' ? { body: {} } : {}) });
      expect(result.status).toBe(404);
      expect(result.body.code).toBe(40401);
      expect(result.body.message).toContain(replacement);
    },
  );

  it('answers CORS preflight for the API headers', async () => {
    const response = await fetch(`${server.baseUrl}/open/v1/owned-brands`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toContain('X-API-Key');
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After once a key exceeds its budget, per key', async () => {
    server.state.rateLimiter.perMinute = 3;
    server.state.rateLimiter.reset();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await api(server, '/owned-brands')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await api(server, '/owned-brands');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.code).toBe(42901);
    expect((await api(server, '/owned-brands', { key: DEMO_SECOND_API_KEY })).status).toBe(200);
  });
});

describe('fault injection', () => {
  it('injects 50001 a given number of times, then recovers', async () => {
    server.state.faults.add({ kind: 'upstream', path: '/owned-brands', times: 2 });
    expect((await api(server, '/owned-brands')).body.code).toBe(50001);
    expect((await api(server, '/owned-brands')).status).toBe(503);
    expect((await api(server, '/owned-brands')).body.code).toBe(0);
  });

  it('injects a 429 burst with the Retry-After given', async () => {
    server.state.faults.add({ kind: 'rate-limit', times: 1, retryAfter: '7' });
    const result = await api(server, '/owned-brands');
    expect(result.status).toBe(429);
    expect(result.headers.get('retry-after')).toBe('7');
  });

  it('drops the connection', async () => {
    server.state.faults.add({ kind: 'drop-after', times: 1 });
    await expect(api(server, '/owned-brands')).rejects.toThrow();
    expect(server.state.requestLog.at(-1)?.status).toBe('dropped');
  });

  it.each([
    ['html', 502, 'text/html'],
    ['empty', 200, 'application/json'],
    ['truncated', 200, 'application/json'],
  ] as const)('answers a malformed %s body', async (body, status, type) => {
    server.state.faults.add({ kind: 'malformed', body, times: 1 });
    const response = await fetch(`${server.baseUrl}/open/v1/owned-brands`, { headers: { 'X-API-Key': DEMO_API_KEY } });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain(type);
    await expect(response.clone().json()).rejects.toThrow();
  });

  it('adds latency', async () => {
    server.state.faults.add({ kind: 'latency', latencyMs: 150, times: 1 });
    const started = performance.now();
    await api(server, '/owned-brands');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('is controlled over HTTP without a restart', async () => {
    const set = await fetch(`${server.baseUrl}/__admin/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'upstream', times: 1 }),
    });
    expect(set.status).toBe(200);
    expect((await api(server, '/owned-brands')).body.code).toBe(50001);
    const bad = await fetch(`${server.baseUrl}/__admin/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'nope' }),
    });
    expect(bad.status).toBe(400);
  });
});

describe('demo data', () => {
  it('is the same for the same seed and differs for another', () => {
    const day = new Date(TEST_NOW);
    expect(createDemoData(7, day)).toEqual(createDemoData(7, day));
    expect(createDemoData(7, day).workspaces[0]?.id).not.toBe(createDemoData(8, day).workspaces[0]?.id);
  });

  it('has at least two workspaces with the fixed demo keys', () => {
    const keys = createDemoData(1, new Date(TEST_NOW)).workspaces.map((w) => w.apiKey);
    expect(keys).toEqual(expect.arrayContaining([DEMO_API_KEY, DEMO_SECOND_API_KEY]));
  });
});
