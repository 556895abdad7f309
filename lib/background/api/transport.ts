import ky, { HTTPError, isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import { z } from 'zod';
import { raceWithSignal } from '../../abort';
import { type Clock, systemClock } from '../../clock';
import { ApiCode } from '../../contract/envelope';
import { ApiError, readRequestId } from '../../messaging/api-error';
import { type ApiPath, type Query, toSearchParams } from '../../contract/path';
import { factsMemory, fitQuery, lessonOf, type ServiceFactsAccess, storedServiceFacts } from './learned-limits';

export interface Connection {
  baseUrl: string;
  apiKey: string;
}

export interface TransportOptions {
  /** Reads the base URL and key; throws `not_configured` when either is missing. */
  getConnection: () => Promise<Connection>;
  fetch?: typeof fetch;
  /** Per attempt; below the 30 s after which Chrome may stop an extension's pending fetch. @default 20000 */
  timeoutMs?: number;
  /** For requests marked `long`: work the service does while the caller waits (a transcription). @default 120000 */
  longTimeoutMs?: number;
  /** Retries after the first attempt, for requests that are safe to repeat. @default 3 */
  retryLimit?: number;
  /** First backoff step; each retry doubles it, then full jitter picks a delay below it. @default 500 */
  backoffBaseMs?: number;
  /** @default 8000 */
  backoffLimitMs?: number;
  /** A Retry-After longer than this is not waited out in the background: the error goes to the UI with its countdown. @default 30000 */
  maxRetryAfterMs?: number;
  /** Largest body accepted. @default 8 MiB */
  maxBodyBytes?: number;
  /** What "now" is when a Retry-After names a date, and what "today" is for the window rules. @default systemClock */
  clock?: Clock;
  /**
   * What was learned of each service from its refusals (a parameter's largest value, the search
   * filters it does not take): applied to every request, and taught by a refusal that names them.
   * @default the facts in extension storage (lib/storage/service-facts.ts)
   */
  facts?: ServiceFactsAccess;
}

export interface RequestOptions<T> {
  schema: z.ZodType<T>;
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** POSTs and DELETEs are retried only when the caller vouches that a repeat is harmless. */
  idempotent?: boolean;
  /** The service works while the caller waits: `longTimeoutMs` instead of `timeoutMs`. */
  long?: boolean;
}

export interface Transport {
  get<T>(path: ApiPath, options: RequestOptions<T>): Promise<T>;
  post<T>(path: ApiPath, options: RequestOptions<T>): Promise<T>;
  delete<T>(path: ApiPath, options: RequestOptions<T>): Promise<T>;
}

type Method = 'GET' | 'POST' | 'DELETE';

const envelopeSchema = z.object({
  code: z.number().int(),
  message: z.string().optional().default(''),
  data: z.unknown().optional(),
});

const NEVER_RETRIED = new Set<number>([ApiCode.invalid, ApiCode.planLimit, ApiCode.notFound]);
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** Parses Retry-After as delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function envelopeOf(data: unknown): z.infer<typeof envelopeSchema> | undefined {
  const parsed = envelopeSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/**
 * What the service's gateway answers outside the envelope (a refused key, a rate limit, a
 * failure): `{ error, message, request_id }`, at any HTTP status.
 */
const flatErrorSchema = z.object({
  error: z.string().trim().min(1),
  message: z.string().nullish(),
  request_id: z.unknown().optional(),
});
type FlatError = z.infer<typeof flatErrorSchema>;

/** A flat error body; never an envelope (a numeric `code` makes it one). */
function flatErrorOf(data: unknown): FlatError | undefined {
  if (envelopeOf(data)) return undefined;
  const parsed = flatErrorSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** An error body as ky read it: JSON when the Content-Type said so, else text that may still be JSON. */
const bodyOf = (error: HTTPError): unknown => (typeof error.data === 'string' ? parseJson(error.data) : error.data);

/** The id of the request: the body's `request_id`, else the `X-Request-Id` header; none when neither is readable. */
function requestIdOf(headers: Headers, body?: unknown): { requestId?: string } {
  const fromBody =
    typeof body === 'object' && body !== null && 'request_id' in body ? readRequestId(body.request_id) : undefined;
  const requestId = fromBody ?? readRequestId(headers.get('X-Request-Id'));
  return requestId === undefined ? {} : { requestId };
}

/** The service's error token as quoted in a message: short, one line. */
const tokenOf = (flat: FlatError) => flat.error.replace(/\s+/g, ' ').slice(0, 100);

/** How a flat error's token reads when its HTTP status does not say (a 2xx, a 400 or another 4xx). */
function kindOfToken(token: string): 'key' | 'allowed' | 'rate' | 'missing' | 'failed' | 'invalid' {
  if (/api[_-]?key|unauthori[sz]ed|unauthenticated|credential/i.test(token)) return 'key';
  if (/rate[_-]?limit|too[_-]?many/i.test(token)) return 'rate';
  if (/forbidden|permission|payment|not[_-]?allowed|(^|[_-])(plan|credits?|quota)([_-]|$)/i.test(token))
    return 'allowed';
  if (/not[_-]?found/i.test(token)) return 'missing';
  if (/internal|unavailable|server[_-]?error|timeout|gateway/i.test(token)) return 'failed';
  return 'invalid';
}

function kindOfFlat(status: number, token: string): ReturnType<typeof kindOfToken> {
  if (status === 401) return 'key';
  if (status === 402 || status === 403) return 'allowed';
  if (status === 404) return 'missing';
  if (status === 429) return 'rate';
  if (status >= 500) return 'failed';
  return kindOfToken(token);
}

/** A flat error in Adscope's terms, in the service's words, with its request id. */
function flatError(flat: FlatError, status: number, headers: Headers, now: number): ApiError {
  const token = tokenOf(flat);
  const words = flat.message?.trim() ?? '';
  const said = words || token;
  const common = { httpStatus: status, details: { error: token }, ...requestIdOf(headers, flat) };
  switch (kindOfFlat(status, token)) {
    case 'key':
      return new ApiError({
        ...common,
        code: 'key_refused',
        field: 'apiKey',
        message: `The service did not accept this key: ${token}.${words ? ` ${words}` : ''}`,
        retryable: false,
      });
    case 'allowed':
      return new ApiError({
        ...common,
        code: 'not_allowed',
        message: `The service refused this for your plan or permissions (HTTP ${status}): ${said}`,
        retryable: false,
      });
    case 'rate': {
      const retryAfterMs = parseRetryAfter(headers.get('Retry-After'), now);
      return new ApiError({
        ...common,
        code: 'rate_limited',
        message: words || 'The API is rate limiting this key.',
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      });
    }
    case 'missing':
      return new ApiError({
        ...common,
        code: ApiCode.notFound,
        message: words || `The service found no such thing: ${token}.`,
      });
    case 'failed':
      return new ApiError({
        ...common,
        code: 'service_error',
        message: GATEWAY_STATUSES.has(status)
          ? `The server or a proxy in front of it failed (HTTP ${status}): ${said}`
          : `The service failed (HTTP ${status}): ${said}`,
      });
    default:
      return new ApiError({
        ...common,
        code: ApiCode.invalid,
        message: words || `The service refused the request: ${token}.`,
      });
  }
}

function describeStatus(status: number): string {
  if (status === 404) return 'The server has no such endpoint (HTTP 404). Check the base URL.';
  if (GATEWAY_STATUSES.has(status)) return `The server or a proxy in front of it failed (HTTP ${status}).`;
  return `The server answered HTTP ${status} without an Open API v1 envelope.`;
}

const abortedError = () => new ApiError({ code: 'aborted', message: 'The request was cancelled.', retryable: false });

/** Maps whatever ky or fetch threw to an ApiError (`now` dates a Retry-After). Never includes the key or the request headers. */
export function toApiError(error: unknown, now: number): ApiError {
  if (error instanceof ApiError) return error;
  if (isHTTPError(error) || error instanceof HTTPError) {
    const { status, headers } = error.response;
    const body = bodyOf(error);
    const flat = flatErrorOf(body);
    if (flat) return flatError(flat, status, headers, now);
    const envelope = envelopeOf(body);
    const retryAfterMs = parseRetryAfter(headers.get('Retry-After'), now);
    const requestId = requestIdOf(headers);
    if (status === 429) {
      return new ApiError({
        code: 'rate_limited',
        httpStatus: status,
        message: envelope?.message || 'The API is rate limiting this key.',
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        details: envelope ? { apiCode: envelope.code } : undefined,
        ...requestId,
      });
    }
    if (envelope && envelope.code !== ApiCode.ok) {
      return new ApiError({
        code: envelope.code,
        httpStatus: status,
        message: envelope.message || `The API answered code ${envelope.code}.`,
        details: envelope.data,
        ...requestId,
      });
    }
    if (envelope) {
      return new ApiError({
        code: 'invalid_response',
        httpStatus: status,
        message: `The server answered HTTP ${status} but reported success.`,
        ...requestId,
      });
    }
    return new ApiError({
      code: 'invalid_response',
      httpStatus: status,
      message: describeStatus(status),
      retryable: GATEWAY_STATUSES.has(status),
      ...requestId,
    });
  }
  if (isTimeoutError(error)) {
    return new ApiError({ code: 'timeout', message: 'The API did not answer in time.' });
  }
  if (error instanceof DOMException && error.name === 'AbortError') return abortedError();
  if (isNetworkError(error) || error instanceof TypeError) {
    return new ApiError({ code: 'network', message: 'Could not reach the API server.' });
  }
  return new ApiError({
    code: 'internal',
    message: error instanceof Error ? error.message : 'Unexpected failure while calling the API.',
    retryable: false,
  });
}

/**
 * A redirect answered to a request: never followed, since `X-API-Key` would go with it to
 * wherever it points. Browsers hide an opaque redirect's target; where it is known it is named.
 */
export function redirectError(response: Response): ApiError {
  const location = response.headers.get('Location');
  const target = location && URL.canParse(location, response.url) ? new URL(location, response.url).href : null;
  return new ApiError({
    code: 'redirected',
    httpStatus: response.status || null,
    ...requestIdOf(response.headers),
    message: target
      ? `The server redirected the request to ${target}. Adscope follows no redirect, so your key goes nowhere else: if that is the service's address, use it as the base URL.`
      : 'The server answered with a redirect. Adscope follows no redirect, so your key goes nowhere else: check the base URL (https://, and the exact address of the service).',
    retryable: false,
    ...(target ? { details: { location: target } } : {}),
  });
}

const isRedirect = (response: Response) =>
  response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);

/** What a refusal teaches of the query that met it: only a 40001 (or a flat 400) that names a bound or a filter. */
function taught(error: unknown, path: string, query: Query | undefined) {
  if (!(error instanceof ApiError) || error.code !== ApiCode.invalid) return null;
  return lessonOf(path, query, error.message);
}

/** Bodies the retry check already parsed, by the answer it handed on: each body is parsed once. */
const parsedBodies = new WeakMap<Response, unknown>();

async function readEnvelope<T>(response: Response, schema: z.ZodType<T>, maxBytes: number, now: number): Promise<T> {
  const json = parsedBodies.has(response) ? parsedBodies.get(response) : await parseBody(response, maxBytes);
  return dataOf(json, response, schema, now);
}

async function parseBody(response: Response, maxBytes: number): Promise<unknown> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(response);
  const text = await response.text();
  if (text.length > maxBytes) throw tooLarge(response);
  if (text.trim() === '') {
    throw new ApiError({
      code: 'invalid_response',
      httpStatus: response.status,
      message: 'The server answered with an empty body.',
      retryable: true,
      ...requestIdOf(response.headers),
    });
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError({
      code: 'invalid_response',
      httpStatus: response.status,
      message: 'The server answered with a body that is not JSON (truncated, or an HTML page).',
      retryable: true,
      ...requestIdOf(response.headers),
    });
  }
}

function dataOf<T>(json: unknown, response: Response, schema: z.ZodType<T>, now: number): T {
  const { status, headers } = response;
  const flat = flatErrorOf(json);
  if (flat) throw flatError(flat, status, headers, now);
  const envelope = envelopeOf(json);
  if (!envelope) {
    throw new ApiError({
      code: 'invalid_response',
      httpStatus: status,
      message: 'The server answered without a numeric envelope code.',
      ...requestIdOf(headers),
    });
  }
  if (envelope.code !== ApiCode.ok) {
    throw new ApiError({
      code: envelope.code,
      httpStatus: status,
      message: envelope.message || `The API answered code ${envelope.code}.`,
      details: envelope.data,
      ...requestIdOf(headers),
    });
  }
  const data = schema.safeParse(envelope.data);
  if (!data.success) {
    const issue = data.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at data.${issue.path.join('.')}` : '';
    throw new ApiError({
      code: 'invalid_response',
      httpStatus: status,
      message: `The API's answer has an unexpected shape${where}: ${issue?.message ?? 'invalid'}.`,
      ...requestIdOf(headers),
    });
  }
  return data.data;
}

function tooLarge(response: Response): ApiError {
  return new ApiError({
    code: 'invalid_response',
    httpStatus: response.status,
    message: 'The server answered with a body too large to be an API response.',
    retryable: false,
    ...requestIdOf(response.headers),
  });
}

interface SharedRequest {
  promise: Promise<unknown>;
  controller: AbortController;
  waiters: number;
}

/** Races a shared promise against one caller's signal; the shared request aborts when its last waiter leaves. */
function joinShared<T>(shared: SharedRequest, signal: AbortSignal | undefined, onAbandoned: () => void): Promise<T> {
  shared.waiters += 1;
  const leave = () => {
    shared.waiters -= 1;
    if (shared.waiters === 0) {
      // Forget it first, so a request arriving now starts afresh instead of joining an aborted one.
      onAbandoned();
      shared.controller.abort();
    }
  };
  if (!signal) return shared.promise as Promise<T>;
  return raceWithSignal(shared.promise as Promise<T>, signal, () => {
    leave();
    return abortedError();
  });
}

export function createTransport(options: TransportOptions): Transport {
  const timeout = options.timeoutMs ?? 20_000;
  const longTimeout = options.longTimeoutMs ?? 120_000;
  const retryLimit = options.retryLimit ?? 3;
  const backoffBase = options.backoffBaseMs ?? 500;
  const backoffLimit = options.backoffLimitMs ?? 8000;
  const maxRetryAfter = options.maxRetryAfterMs ?? 30_000;
  const maxBytes = options.maxBodyBytes ?? 8 * 1024 * 1024;
  const clock = options.clock ?? systemClock;
  const inflight = new Map<string, SharedRequest>();
  const facts = factsMemory(options.facts ?? storedServiceFacts);

  /**
   * One request as the service takes it: its query fitted to what was learned of the service.
   * A 40001 that teaches something of this query (a bound it went over, a filter the service
   * does not take) is learned, and the request is sent once more, fitted; never a second time.
   */
  async function send<T>(method: Method, path: ApiPath, request: RequestOptions<T>, signal?: AbortSignal): Promise<T> {
    const connection = await options.getConnection();
    const { baseUrl } = connection;
    const hasQuery = request.query !== undefined && Object.keys(request.query).length > 0;
    // A request without a query has nothing to fit: it reads no facts.
    const fitted = hasQuery ? fitQuery(path, request.query, await facts.read(baseUrl)) : request.query;
    try {
      return await attempt(method, connection, path, fitted, request, signal);
    } catch (error) {
      const lesson = taught(error, path, fitted);
      if (!lesson) throw error;
      await facts.learn(baseUrl, lesson);
      const refitted = fitQuery(path, fitted, await facts.read(baseUrl));
      try {
        return await attempt(method, connection, path, refitted, request, signal);
      } catch (again) {
        // Learned for the next request; this one has had its one more try.
        const next = taught(again, path, refitted);
        if (next) await facts.learn(baseUrl, next);
        throw again;
      }
    }
  }

  async function attempt<T>(
    method: Method,
    { baseUrl, apiKey }: Connection,
    path: ApiPath,
    query: Query | undefined,
    request: RequestOptions<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    const url = new URL(`${baseUrl}${path}`);
    url.search = toSearchParams(query).toString();
    const retriable = method === 'GET' || request.idempotent === true;
    try {
      const response = await ky(url, {
        method,
        ...(request.body === undefined ? {} : { json: request.body }),
        headers: { 'X-API-Key': apiKey, Authorization: `Bearer ${apiKey}`, Accept: 'application/json' },
        timeout: request.long ? longTimeout : timeout,
        // A redirect would carry the key to another address: it is an error, never followed.
        redirect: 'manual',
        ...(signal ? { signal } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        retry: retriable
          ? {
              limit: retryLimit,
              methods: ['get', 'post', 'delete'],
              statusCodes: [429, 500, 502, 503, 504],
              afterStatusCodes: [429, 503],
              maxRetryAfter,
              backoffLimit,
              delay: (attempt) => backoffBase * 2 ** (attempt - 1),
              jitter: true,
              retryOnTimeout: true,
              shouldRetry: ({ error }) => {
                if (!isHTTPError(error)) return undefined;
                const envelope = envelopeOf(bodyOf(error));
                if (envelope && NEVER_RETRIED.has(envelope.code)) return false;
                // 50001 is retried with any status (a 400 or a 500 carries it as well as a 503).
                if (envelope?.code === ApiCode.upstream && error.response.status !== 429) return true;
                if (error.response.status === 429) {
                  const wait = parseRetryAfter(error.response.headers.get('Retry-After'), clock());
                  return wait !== undefined && wait > maxRetryAfter ? false : undefined;
                }
                return envelope ? false : undefined;
              },
            }
          : { limit: 0 },
        hooks: {
          afterResponse: [
            ({ response }) => {
              if (isRedirect(response)) throw redirectError(response);
            },
            async ({ response, retryCount }) => {
              // One retry rule: an answer that carries 50001 is retried whatever its HTTP status and
              // transfer encoding (a declared length or chunks). Error statuses reach shouldRetry;
              // here the 2xx ones, read once and handed on as the answer.
              if (!retriable || !response.ok || retryCount >= retryLimit) return;
              const declared = Number(response.headers.get('content-length'));
              if (Number.isFinite(declared) && declared > maxBytes) return;
              const text = await response.text().catch(() => undefined);
              if (text === undefined || text.length > maxBytes) return;
              const json = parseJson(text);
              if (envelopeOf(json)?.code === ApiCode.upstream) return ky.retry();
              const answer = new Response(text, {
                status: response.status,
                statusText: response.statusText,
                headers: response.headers,
              });
              if (json !== undefined) parsedBodies.set(answer, json);
              return answer;
            },
          ],
        },
      });
      return await readEnvelope(response, request.schema, maxBytes, clock());
    } catch (error) {
      throw toApiError(error, clock());
    }
  }

  function get<T>(path: ApiPath, request: RequestOptions<T>): Promise<T> {
    const query = toSearchParams(request.query).toString();
    const key = `${path}?${query}`;
    let shared = inflight.get(key);
    if (!shared || shared.controller.signal.aborted) {
      const controller = new AbortController();
      const entry: SharedRequest = {
        controller,
        waiters: 0,
        promise: send('GET', path, request, controller.signal).finally(() => {
          if (inflight.get(key) === entry) inflight.delete(key);
        }),
      };
      // A failure nobody waits for any more must not surface as an unhandled rejection.
      entry.promise.catch(() => undefined);
      inflight.set(key, entry);
      shared = entry;
    }
    const entry = shared;
    return joinShared<T>(entry, request.signal, () => {
      if (inflight.get(key) === entry) inflight.delete(key);
    });
  }

  return {
    get,
    post: (path, request) => send('POST', path, request, request.signal),
    delete: (path, request) => send('DELETE', path, request, request.signal),
  };
}
