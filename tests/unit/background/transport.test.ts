import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { ApiError } from '../../../lib/messaging/api-error';
import { boardsApi } from '../../../lib/background/api/boards';
import { ownedBrandsApi } from '../../../lib/background/api/owned-brands';
import { apiPath } from '../../../lib/contract/path';
import { createTransport, parseRetryAfter, type TransportOptions } from '../../../lib/background/api/transport';
import { DEMO_API_KEY } from '../../../lib/contract/demo';
import type { RunningServer } from '../../../server/app';
import { withServer } from '../../support/server';
import { failure } from '../../support/failure';

let server: RunningServer;
beforeAll(async () => {
  server = await withServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.state.faults.clear();
  server.state.requestLog.length = 0;
});

function client(options: Partial<TransportOptions> = {}, key = DEMO_API_KEY) {
  const transport = createTransport({
    getConnection: async () => ({ baseUrl: server.baseUrl, apiKey: key }),
    backoffBaseMs: 5,
    backoffLimitMs: 20,
    ...options,
  });
  return { transport, brands: ownedBrandsApi(transport) };
}

const attempts = () => server.state.requestLog.filter((entry) => entry.path === '/owned-brands').length;

describe('transport', () => {
  it('sends both auth headers and validates data', async () => {
    const { brands } = client();
    const result = await brands.list();
    expect(result.items.length).toBeGreaterThan(0);
  });

  it('retries 50001 on GET and succeeds once the fault clears', async () => {
    server.state.faults.add({ kind: 'upstream', times: 2 });
    const result = await client().brands.list();
    expect(result.items.length).toBeGreaterThan(0);
    expect(attempts()).toBe(3);
  });

  it('gives up after the attempt cap with a retryable 50001', async () => {
    server.state.faults.add({ kind: 'upstream', times: 10 });
    const error = await failure(client({ retryLimit: 2 }).brands.list());
    expect(error.code).toBe(50001);
    expect(error.httpStatus).toBe(503);
    expect(error.retryable).toBe(true);
    expect(attempts()).toBe(3);
  });

  it('reads and parses each answer once, the retry check included', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const result = await client().brands.list();
      expect(result.items.length).toBeGreaterThan(0);
      expect(parse.mock.calls.filter(([text]) => String(text).includes('"items"'))).toHaveLength(1);
    } finally {
      parse.mockRestore();
    }
  });

  describe('one retry rule for 50001, whatever carries it', () => {
    /** A fetch that answers 50001 `failures` times with this status and encoding, then the real server. */
    function flaky(status: number, chunked: boolean, failures: number): { fetch: typeof fetch; calls: () => number } {
      let calls = 0;
      const body = JSON.stringify({ code: 50001, message: 'upstream unavailable' });
      return {
        calls: () => calls,
        fetch: async (input, init) => {
          calls += 1;
          if (calls > failures) return fetch(input, init);
          const headers = new Headers({ 'Content-Type': 'application/json' });
          if (!chunked) headers.set('Content-Length', String(body.length));
          const stream = new ReadableStream<Uint8Array>({
            start(controller) {
              const bytes = new TextEncoder().encode(body);
              controller.enqueue(bytes.slice(0, 10));
              controller.enqueue(bytes.slice(10));
              controller.close();
            },
          });
          return new Response(chunked ? stream : body, { status, headers });
        },
      };
    }

    it.each([
      [200, true],
      [200, false],
      [400, true],
      [503, false],
      [500, true],
    ])('HTTP %i, chunked %s: retried, then the data is read', async (status, chunked) => {
      const stub = flaky(status, chunked, 2);
      const result = await client({ fetch: stub.fetch }).brands.list();
      expect(result.items.length).toBeGreaterThan(0);
      expect(stub.calls()).toBe(3);
    });

    it('a chunked 200 with 50001 past the cap is a retryable 50001, not a parse failure', async () => {
      const stub = flaky(200, true, 10);
      const error = await failure(client({ fetch: stub.fetch, retryLimit: 2 }).brands.list());
      expect(error.code).toBe(50001);
      expect(error.retryable).toBe(true);
      expect(stub.calls()).toBe(3);
    });

    it('a POST that is not idempotent is never resent, whatever carries the 50001', async () => {
      const stub = flaky(200, true, 1);
      const { transport } = client({ fetch: stub.fetch });
      const error = await failure(transport.post(apiPath('owned-brands'), { schema: z.unknown(), body: {} }));
      expect(error.code).toBe(50001);
      expect(stub.calls()).toBe(1);
    });
  });

  it.each([
    ['seconds', '1'],
    ['an HTTP date', 'date'],
  ])('honours Retry-After given as %s', async (_, kind) => {
    // An HTTP date has whole seconds: aim past the next full second so at least ~1 s remains.
    const retryAfter = kind === 'date' ? new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000).toUTCString() : kind;
    server.state.faults.add({ kind: 'rate-limit', times: 1, retryAfter });
    const started = Date.now();
    await client().brands.list();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(attempts()).toBe(2);
  });

  it('does not wait out a Retry-After above the cap: the UI gets the countdown', async () => {
    server.state.faults.add({ kind: 'rate-limit', times: 1, retryAfter: '120' });
    const error = await failure(client({ maxRetryAfterMs: 5000 }).brands.list());
    expect(error.code).toBe('rate_limited');
    expect(error.retryAfterMs).toBe(120_000);
    expect(attempts()).toBe(1);
  });

  it('never retries 40001', async () => {
    const error = await failure(client({}, 'wrong-key-123456').brands.list());
    expect(error.code).toBe(40001);
    expect(error.retryable).toBe(false);
    expect(attempts()).toBe(1);
  });

  it('times out each attempt and retries, then reports a timeout', async () => {
    server.state.faults.add({ kind: 'latency', latencyMs: 300 });
    const error = await failure(client({ timeoutMs: 100, retryLimit: 1 }).brands.list());
    expect(error.code).toBe('timeout');
    expect(error.retryable).toBe(true);
    // Let the server finish the abandoned attempts so they do not land in the next test's log.
    await new Promise((resolve) => setTimeout(resolve, 350));
  });

  it('times out an answer whose body starts and never ends, and tries again', async () => {
    let attempts = 0;
    const transport = createTransport({
      getConnection: async () => ({ baseUrl: 'https://api.example', apiKey: DEMO_API_KEY }),
      timeoutMs: 60,
      retryLimit: 1,
      backoffBaseMs: 1,
      // Headers at once, then the first bytes of a body that never finishes.
      fetch: async (_input, init) => {
        attempts += 1;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"code":0,"data":{"items":['));
            init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
      },
    });
    const error = await failure(ownedBrandsApi(transport).list());
    expect(error.code).toBe('timeout');
    expect(attempts).toBe(2);
  });

  it('reports a dropped connection as a network error after retrying', async () => {
    server.state.faults.add({ kind: 'drop-before', times: 10 });
    const error = await failure(client({ retryLimit: 1 }).brands.list());
    expect(error.code).toBe('network');
  });

  it('reports an unreachable server as a network error', async () => {
    const transport = createTransport({
      getConnection: async () => ({ baseUrl: 'http://127.0.0.1:9', apiKey: DEMO_API_KEY }),
      retryLimit: 0,
    });
    const error = await failure(ownedBrandsApi(transport).list());
    expect(error.code).toBe('network');
  });

  it.each([
    ['html', 'invalid_response', /not JSON|without an Open API v1 envelope|proxy/],
    ['empty', 'invalid_response', /empty body/],
    ['truncated', 'invalid_response', /not JSON/],
    ['code-string', 'invalid_response', /numeric envelope code/],
    ['missing-data', 'invalid_response', /unexpected shape/],
    ['status-backwards', 'invalid_response', /reported success/],
    ['huge', 'invalid_response', /too large/],
  ] as const)('turns a %s body into a clear error', async (body, code, message) => {
    server.state.faults.add({ kind: 'malformed', body });
    const error = await failure(client({ retryLimit: 0 }).brands.list());
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it("says where an answer's shape is wrong and how, in words", async () => {
    const { transport } = client({ retryLimit: 0 });
    const schema = z.looseObject({ items: z.array(z.looseObject({ id: z.number() })) });
    const error = await failure(transport.get(apiPath('owned-brands'), { schema }));
    expect(error.code).toBe('invalid_response');
    expect(error.message).toBe(
      "The API's answer has an unexpected shape at data.items.0.id: Invalid input: expected number, received string.",
    );
  });

  it('collapses identical in-flight GETs into one request', async () => {
    server.state.faults.add({ kind: 'latency', latencyMs: 100, times: 1 });
    const { brands } = client();
    const results = await Promise.all([brands.list(), brands.list(), brands.list()]);
    expect(results[0]).toEqual(results[2]);
    expect(attempts()).toBe(1);
  });

  it('keeps a collapsed request alive for other callers when one aborts', async () => {
    server.state.faults.add({ kind: 'latency', latencyMs: 100, times: 1 });
    const { brands } = client();
    const controller = new AbortController();
    const first = brands.list(controller.signal);
    const second = brands.list();
    controller.abort();
    expect((await failure(first)).code).toBe('aborted');
    expect((await second).items.length).toBeGreaterThan(0);
  });

  it('starts afresh when a request arrives just after the only waiter of an identical one aborted', async () => {
    server.state.faults.add({ kind: 'latency', latencyMs: 50, times: 1 });
    const { brands } = client();
    const controller = new AbortController();
    const first = brands.list(controller.signal);
    controller.abort();
    const second = brands.list();
    expect((await failure(first)).code).toBe('aborted');
    expect((await second).items.length).toBeGreaterThan(0);
  });

  it('does not retry a POST unless the caller marks it idempotent', async () => {
    server.state.faults.add({ kind: 'upstream', times: 5 });
    const { transport } = client();
    const path = apiPath('owned-brands');
    await failure(transport.post(path, { schema: z.unknown(), body: {} }));
    expect(server.state.requestLog.length).toBe(1);
  });

  it('encodes every path segment so an id cannot change the path', () => {
    expect(apiPath('boards', '../owned-brands', 'ads')).toBe('/open/v1/boards/..%2Fowned-brands/ads');
  });

  it.each(['.', '..', ''])('refuses the id %j, even one from the server, before anything is sent', async (id) => {
    const boards = boardsApi(client().transport);
    // The router turns whatever a handler throws into an ApiError; this one is bad input.
    const thrown = await Promise.resolve()
      .then(() => boards.ads(id, {}))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(ApiError.from(thrown)).toMatchObject({ code: 'invalid_input', field: 'id', retryable: false });
    expect(server.state.requestLog).toEqual([]);
  });

  it('follows no redirect: the key goes nowhere else, and the error names where it pointed', async () => {
    const elsewhere = `${server.baseUrl.replace('127.0.0.1', 'localhost')}/open/v1/owned-brands`;
    server.state.faults.add({ kind: 'redirect', path: '/owned-brands', location: elsewhere, times: 1 });
    const error = await failure(client().brands.list());
    expect(error).toMatchObject({ code: 'redirected', httpStatus: 307, retryable: false });
    expect(error.message).toContain(elsewhere);
    // One request, answered with the redirect; nothing reached the address it pointed at.
    expect(server.state.requestLog.map((entry) => entry.status)).toEqual([307]);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  it.each([
    ['5', 5000],
    ['0', 0],
    ['Sun, 22 Nov 2026 10:00:30 GMT', 30_000],
    ['Sun, 22 Nov 2026 09:00:00 GMT', 0],
    ['soon', undefined],
    [null, undefined],
  ] as const)('%s -> %s ms', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});
