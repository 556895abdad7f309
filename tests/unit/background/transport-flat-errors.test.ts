import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { boardsApi } from '../../../lib/background/api/boards';
import { ownedBrandsApi } from '../../../lib/background/api/owned-brands';
import { createTransport, type TransportOptions } from '../../../lib/background/api/transport';
import { isTransient, SaveOutbox } from '../../../lib/background/jobs/save-outbox';
import { createSettingsService } from '../../../lib/background/settings';
import { createTranscriber } from '../../../lib/background/transcripts';
import { apiPath } from '../../../lib/contract/path';
import { DEMO_API_KEY } from '../../../lib/contract/demo';
import {
  ApiError,
  isSerializedApiError,
  outcomeUnknown,
  REQUEST_ID_MAX_CHARS,
  storedError,
} from '../../../lib/messaging/api-error';
import { serializedApiErrorSchema } from '../../../lib/messaging/api-error-schema';
import { outboxItem } from '../../../lib/storage/outbox';
import { fixedClock, manualClock } from '../../support/clock';
import { connectTo } from '../../support/connection';
import { type Answer, factsInMemory, flat, json, ok, scriptedFetch } from '../../support/fake-fetch';
import { failure } from '../../support/failure';

const BASE = 'https://api.example.com';
const ID = '20a3d4af927efade86e6ff9f1cae3ff7';

function client(answers: Answer[], options: Partial<TransportOptions> = {}) {
  const service = scriptedFetch(...answers);
  const transport = createTransport({
    getConnection: async () => ({ baseUrl: BASE, apiKey: DEMO_API_KEY }),
    fetch: service.fetch,
    retryLimit: 0,
    backoffBaseMs: 1,
    backoffLimitMs: 2,
    facts: factsInMemory().access,
    clock: fixedClock(),
    ...options,
  });
  return { transport, brands: ownedBrandsApi(transport), boards: boardsApi(transport), requests: service.requests };
}

describe('the service’s flat errors, at every status', () => {
  it.each([
    {
      status: 400,
      error: 'bad_request',
      message: 'cursor is malformed',
      code: 40001,
      field: undefined,
      words: 'cursor is malformed',
      retryable: false,
    },
    {
      status: 401,
      error: 'invalid_api_key',
      message: 'The API key is invalid or revoked.',
      code: 'key_refused',
      field: 'apiKey',
      words: 'The service did not accept this key: invalid_api_key. The API key is invalid or revoked.',
      retryable: false,
    },
    {
      status: 402,
      error: 'payment_required',
      message: 'Your plan has run out of credits.',
      code: 'not_allowed',
      field: undefined,
      words: 'The service refused this for your plan or permissions (HTTP 402): Your plan has run out of credits.',
      retryable: false,
    },
    {
      status: 403,
      error: 'forbidden',
      message: 'This key may not read ad accounts.',
      code: 'not_allowed',
      field: undefined,
      words: 'The service refused this for your plan or permissions (HTTP 403): This key may not read ad accounts.',
      retryable: false,
    },
    {
      status: 404,
      error: 'not_found',
      message: 'No such board.',
      code: 40401,
      field: undefined,
      words: 'No such board.',
      retryable: false,
    },
    {
      status: 429,
      error: 'rate_limited',
      message: 'Slow down: 60 requests a minute.',
      code: 'rate_limited',
      field: undefined,
      words: 'Slow down: 60 requests a minute.',
      retryable: true,
    },
    {
      status: 500,
      error: 'internal_error',
      message: 'Something broke on our side.',
      code: 'service_error',
      field: undefined,
      words: 'The service failed (HTTP 500): Something broke on our side.',
      retryable: true,
    },
    {
      status: 502,
      error: 'bad_gateway',
      message: 'Upstream did not answer.',
      code: 'service_error',
      field: undefined,
      words: 'The server or a proxy in front of it failed (HTTP 502): Upstream did not answer.',
      retryable: true,
    },
    {
      status: 503,
      error: 'service_unavailable',
      message: 'Down for maintenance.',
      code: 'service_error',
      field: undefined,
      words: 'The server or a proxy in front of it failed (HTTP 503): Down for maintenance.',
      retryable: true,
    },
  ])('HTTP $status $error → $code', async ({ status, error, message, code, field, words, retryable }) => {
    const { brands } = client([() => flat(status, error, message, ID, { 'Retry-After': '7' })]);
    const thrown = await failure(brands.list());
    expect(thrown).toMatchObject({ code, httpStatus: status, message: words, retryable, requestId: ID });
    expect(thrown.field).toBe(field);
    expect(thrown.details).toEqual({ error });
    if (code === 'rate_limited') expect(thrown.retryAfterMs).toBe(7000);
    // What crosses to a page is what was thrown.
    expect(ApiError.from(JSON.parse(JSON.stringify(thrown)))).toMatchObject({ code, message: words, requestId: ID });
  });

  it('reads a flat error in a 2xx answer, and one sent as text/plain', async () => {
    const inOk = await failure(client([() => flat(200, 'invalid_api_key', 'Key revoked.')]).brands.list());
    expect(inOk).toMatchObject({ code: 'key_refused', field: 'apiKey', requestId: ID });
    const asText = await failure(
      client([
        () =>
          new Response(JSON.stringify({ error: 'unauthorized', message: 'No key.', request_id: 'abc-1' }), {
            status: 401,
            headers: { 'Content-Type': 'text/plain' },
          }),
      ]).brands.list(),
    );
    expect(asText).toMatchObject({
      code: 'key_refused',
      message: 'The service did not accept this key: unauthorized. No key.',
      requestId: 'abc-1',
    });
  });

  it('does not retry a flat 401, 402 or 403, and retries a flat 5xx on a GET as it does a gateway page', async () => {
    for (const status of [401, 402, 403]) {
      const { brands, requests } = client([() => flat(status, 'no', 'no')], { retryLimit: 3 });
      await failure(brands.list());
      expect(requests).toHaveLength(1);
    }
    const { brands, requests } = client(
      [() => flat(502, 'bad_gateway', 'try later'), () => flat(500, 'internal', 'oops'), () => ok({ items: [] })],
      { retryLimit: 3 },
    );
    await expect(brands.list()).resolves.toMatchObject({ items: [] });
    expect(requests).toHaveLength(3);
  });

  it('keeps a flat 5xx’s words after the retries run out', async () => {
    const { brands, requests } = client([() => flat(503, 'unavailable', 'Down for maintenance.')], { retryLimit: 2 });
    const thrown = await failure(brands.list());
    expect(thrown).toMatchObject({ code: 'service_error', retryable: true, requestId: ID });
    expect(thrown.message).toContain('Down for maintenance.');
    expect(requests).toHaveLength(3);
  });

  it('an envelope with a numeric code stays an envelope, even beside an `error` field', async () => {
    const thrown = await failure(
      client([() => json(400, { code: 40001, message: 'bad cursor', error: 'bad_request' })]).brands.list(),
    );
    expect(thrown).toMatchObject({ code: 40001, message: 'bad cursor' });
  });
});

describe('the request id', () => {
  it('is read from X-Request-Id on an envelope error, at an error status and in a 2xx', async () => {
    const atError = await failure(
      client([() => json(400, { code: 40001, message: 'bad' }, { 'X-Request-Id': 'req-400' })]).brands.list(),
    );
    expect(atError).toMatchObject({ code: 40001, requestId: 'req-400' });
    const inOk = await failure(
      client([() => json(200, { code: 40401, message: 'gone' }, { 'x-request-id': 'req-200' })]).brands.list(),
    );
    expect(inOk).toMatchObject({ code: 40401, requestId: 'req-200' });
  });

  it('is read from the header on a 429, a gateway page and an unreadable answer', async () => {
    const limited = await failure(
      client([() => json(429, { code: 42901, message: 'slow' }, { 'X-Request-Id': 'req-429' })]).brands.list(),
    );
    expect(limited).toMatchObject({ code: 'rate_limited', requestId: 'req-429' });
    const gateway = await failure(
      client([
        () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'X-Request-Id': 'req-502' } }),
      ]).brands.list(),
    );
    expect(gateway).toMatchObject({ code: 'invalid_response', requestId: 'req-502' });
    const notJson = await failure(
      client([() => new Response('<html>', { status: 200, headers: { 'X-Request-Id': 'req-html' } })]).brands.list(),
    );
    expect(notJson).toMatchObject({ code: 'invalid_response', requestId: 'req-html' });
  });

  it('prefers the body’s request_id to the header', async () => {
    const thrown = await failure(
      client([() => flat(401, 'invalid_api_key', 'no', 'from-body', { 'X-Request-Id': 'from-header' })]).brands.list(),
    );
    expect(thrown.requestId).toBe('from-body');
  });

  it('is not kept when it is too long or not printable, and none is made up', async () => {
    const long = 'a'.repeat(REQUEST_ID_MAX_CHARS + 1);
    expect((await failure(client([() => flat(401, 'invalid_api_key', 'no', long)]).brands.list())).requestId).toBe(
      undefined,
    );
    expect(
      (await failure(client([() => flat(401, 'invalid_api_key', 'no', 'two words')]).brands.list())).requestId,
    ).toBe(undefined);
    expect((await failure(client([() => json(400, { code: 40001, message: 'x' })]).brands.list())).requestId).toBe(
      undefined,
    );
    expect(
      new ApiError({ code: 'internal', message: 'x', requestId: 'a'.repeat(REQUEST_ID_MAX_CHARS) }).requestId,
    ).toBe('a'.repeat(REQUEST_ID_MAX_CHARS));
  });

  it('survives toJSON, from, storedError, the zod schema and the derived JSON Schema', () => {
    const error = new ApiError({ code: 'service_error', message: 'x'.repeat(5000), httpStatus: 500, requestId: ID });
    const json = error.toJSON();
    expect(json.requestId).toBe(ID);
    expect(isSerializedApiError(json)).toBe(true);
    expect(serializedApiErrorSchema.safeParse(json).success).toBe(true);
    expect(ApiError.from(json).requestId).toBe(ID);
    const stored = storedError(error);
    expect(stored.requestId).toBe(ID);
    expect(isSerializedApiError(stored)).toBe(true);
    // Out of bounds, both schemas refuse it alike.
    const tooLong = { ...json, requestId: 'a'.repeat(REQUEST_ID_MAX_CHARS + 1) };
    expect(isSerializedApiError(tooLong)).toBe(false);
    expect(serializedApiErrorSchema.safeParse(tooLong).success).toBe(false);
    expect(isSerializedApiError({ ...json, requestId: 'has space' })).toBe(false);
    expect(serializedApiErrorSchema.safeParse({ ...json, requestId: 'has space' }).success).toBe(false);
  });
});

describe('a write that meets a flat 5xx', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('is outcome unknown and transient, and a POST that is not idempotent is sent once', async () => {
    const { transport, requests } = client([() => flat(500, 'internal_error', 'Timed out writing.')], {
      retryLimit: 3,
    });
    const thrown = await failure(transport.post(apiPath('image-generations'), { schema: z.unknown(), body: {} }));
    expect(thrown).toMatchObject({ code: 'service_error', requestId: ID });
    expect(outcomeUnknown(thrown)).toBe(true);
    expect(isTransient(thrown)).toBe(true);
    expect(requests).toHaveLength(1);
  });

  it('a transcription that meets one says it may still run, and keeps the request id', async () => {
    const { transport } = client([() => flat(502, 'bad_gateway', 'Upstream timed out.', 'req-tx')]);
    const transcribe = createTranscriber(
      {
        transcribe: () =>
          transport.post(apiPath('ad-accounts', 'a1', 'videos', 'v1', 'transcript'), { schema: z.never() }),
        transcript: async () => null,
      },
      async () => undefined,
    );
    const thrown = await failure(transcribe('a1', 'v1'));
    expect(thrown).toMatchObject({ code: 'service_error', requestId: 'req-tx' });
    expect(thrown.message).toContain('may still be running');
    expect(outcomeUnknown(thrown)).toBe(true);
  });

  it.each([
    ['a flat 401', () => flat(401, 'invalid_api_key', 'revoked'), false],
    ['a flat 403', () => flat(403, 'forbidden', 'read-only key'), false],
    ['a flat 400', () => flat(400, 'bad_request', 'tags too long'), false],
  ])('is known refused after %s: not outcome unknown, not transient', async (_, answer, unknown) => {
    const thrown = await failure(
      client([answer]).transport.delete(apiPath('boards', 'b1', 'ads', 'a1'), { schema: z.unknown() }),
    );
    expect(outcomeUnknown(thrown)).toBe(unknown);
    expect(isTransient(thrown)).toBe(false);
  });

  it('leaves the save pending in the outbox with the request id, then lands it; a flat 401 fails it', async () => {
    const clock = manualClock();
    const { boards, requests } = client(
      [
        () => flat(503, 'service_unavailable', 'Saving is paused.', 'req-save-1'),
        () => ok({ board_id: 'b1', ad_id: 'ad-1', ad_num: 3 }),
        () => flat(401, 'invalid_api_key', 'Key revoked.', 'req-save-2'),
      ],
      { retryLimit: 0 },
    );
    const outbox = new SaveOutbox({
      send: async (entry) => ({ adNum: (await boards.save(entry.boardId, entry.adId, entry.tags)).ad_num }),
      schedule: () => undefined,
      autoDrain: false,
      now: clock,
      random: () => 0,
      newId: (() => {
        let n = 0;
        return () => `e${++n}`;
      })(),
    });
    const entry = await outbox.enqueue({ op: 'save', boardId: 'b1', boardName: 'Tents', adId: 'ad-1', tags: [] });
    await outbox.drain();
    const [pending] = await outboxItem.get();
    expect(pending).toMatchObject({ id: entry.id, status: 'pending', attempts: 1 });
    expect(pending?.error).toMatchObject({ code: 'service_error', requestId: 'req-save-1' });

    clock.advance(60_000);
    await outbox.drain();
    expect((await outboxItem.get())[0]).toMatchObject({ status: 'done', adNum: 3 });

    await outbox.enqueue({ op: 'save', boardId: 'b1', boardName: 'Tents', adId: 'ad-2', tags: [] });
    await outbox.drain();
    const refused = (await outboxItem.get()).find((e) => e.adId === 'ad-2');
    expect(refused).toMatchObject({ status: 'failed' });
    expect(refused?.error).toMatchObject({ code: 'key_refused', field: 'apiKey', requestId: 'req-save-2' });
    expect(requests.map((r) => r.method)).toEqual(['POST', 'POST', 'POST']);
  });
});

describe('the connection test', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function service(answer: Answer) {
    const fake = scriptedFetch(answer);
    vi.stubGlobal('fetch', fake.fetch);
    return createSettingsService({ clock: fixedClock(), hasOriginAccess: async () => 'own' });
  }

  it('puts a 401 on the key field in the service’s words, not on the base URL, and saves nothing', async () => {
    const settings = service(() => flat(401, 'invalid_api_key', 'The API key is invalid.', ID));
    const thrown = await failure(settings.save({ baseUrl: BASE, apiKey: DEMO_API_KEY }));
    expect(thrown).toMatchObject({
      code: 'key_refused',
      field: 'apiKey',
      message: 'The service did not accept this key: invalid_api_key. The API key is invalid.',
      retryable: false,
      requestId: ID,
    });
    expect((await settings.view()).hasApiKey).toBe(false);
  });

  it('testing the stored connection again: a 401 is the key’s, with its request id', async () => {
    const settings = service(() => flat(401, 'unauthorized', 'Key revoked.', 'req-test'));
    await connectTo(BASE);
    const thrown = await failure(settings.test());
    expect(thrown).toMatchObject({ code: 'key_refused', field: 'apiKey', requestId: 'req-test' });
    expect(thrown.message).toContain('Key revoked.');
  });

  it('a flat 403 or 5xx is said as it is, on no field; a flat 404 points at the base URL', async () => {
    const forbidden = await failure(
      service(() => flat(403, 'forbidden', 'Read-only key.')).save({ baseUrl: BASE, apiKey: DEMO_API_KEY }),
    );
    expect(forbidden).toMatchObject({ code: 'not_allowed', field: undefined, requestId: ID });
    const failed = await failure(
      service(() => flat(500, 'internal', 'Oops.')).save({ baseUrl: BASE, apiKey: DEMO_API_KEY }),
    );
    expect(failed).toMatchObject({ code: 'service_error', field: undefined });
    expect(failed.message).toContain('Oops.');
    const missing = await failure(
      service(() => flat(404, 'not_found', 'No route.')).save({ baseUrl: BASE, apiKey: DEMO_API_KEY }),
    );
    expect(missing).toMatchObject({ code: 40401, field: 'baseUrl', requestId: ID });
    expect(missing.message).toContain('No route');
  });

  it('an envelope error keeps its X-Request-Id through the rewrite into the field to fix', async () => {
    const settings = service(() =>
      json(400, { code: 40001, message: 'workspace missing' }, { 'X-Request-Id': 'req-env' }),
    );
    const thrown = await failure(settings.save({ baseUrl: BASE, apiKey: DEMO_API_KEY }));
    expect(thrown).toMatchObject({ code: 40001, field: 'apiKey', requestId: 'req-env' });
  });
});
