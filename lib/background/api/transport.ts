import { z } from 'zod/mini';
import { raceWithSignal } from '../../abort';
import { type Clock, systemClock } from '../../clock';
import { IN_WORDS } from '../../contract/issue-words';
import { fitText } from '../../fit-text';
import { ApiCode } from '../../contract/envelope';
import { ApiError, readRequestId } from '../../messaging/api-error';
import { t } from '../../i18n';
import 'virtual:adscope-english/api';
import { type ApiPath, type Query, toSearchParams } from '../../contract/path';
import { factsMemory, fitQuery, lessonOf, type ServiceFactsAccess, storedServiceFacts } from './learned-limits';
import { lazily } from '../../lazy';

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
  schema: z.ZodMiniType<T>;
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

const envelopeSchema = lazily(() =>
  z.object({
    code: z.number().check(z.int()),
    message: z._default(z.optional(z.string()), ''),
    data: z.optional(z.unknown()),
  }),
);

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
const flatErrorSchema = lazily(() =>
  z.object({
    error: z.string().check(z.trim(), z.minLength(1)),
    message: z.nullish(z.string()),
    request_id: z.optional(z.unknown()),
  }),
);
type FlatError = z.infer<typeof flatErrorSchema>;

/** A flat error body; never an envelope (a numeric `code` makes it one). */
function flatErrorOf(data: unknown): FlatError | undefined {
  if (envelopeOf(data)) return undefined;
  const parsed = flatErrorSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

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

/** A token that names the plan's allowance (a quota, credits), which waiting does not renew. */
const isQuotaToken = (token: string) => /(^|[_-])(plan|credits?|quota)([_-]|$)/i.test(token);

function kindOfFlat(status: number, token: string): ReturnType<typeof kindOfToken> {
  if (status === 401) return 'key';
  if (status === 402 || status === 403) return 'allowed';
  if (status === 404) return 'missing';
  // The contract: "Do not automatically retry quota errors"; a 429 that names one is a refusal, not a wait.
  if (status === 429) return isQuotaToken(token) ? 'allowed' : 'rate';
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
        message: words ? t('api.transport.keyRefusedSaid', { token, words }) : t('api.transport.keyRefused', { token }),
        retryable: false,
      });
    case 'allowed':
      return new ApiError({
        ...common,
        code: 'not_allowed',
        message: t('api.transport.notAllowed', { status: String(status), said }),
        retryable: false,
      });
    case 'rate': {
      const retryAfterMs = parseRetryAfter(headers.get('Retry-After'), now);
      return new ApiError({
        ...common,
        code: 'rate_limited',
        message: words || t('api.transport.rateLimited'),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      });
    }
    case 'missing':
      return new ApiError({
        ...common,
        code: ApiCode.notFound,
        message: words || t('api.transport.notFound', { token }),
      });
    case 'failed':
      return new ApiError({
        ...common,
        ...unavailableFor(status, headers, now),
        code: 'service_error',
        message: GATEWAY_STATUSES.has(status)
          ? t('api.transport.gatewaySaid', { status: String(status), said })
          : t('api.transport.serviceFailed', { status: String(status), said }),
      });
    default:
      return new ApiError({
        ...common,
        code: ApiCode.invalid,
        message: words || t('api.transport.refused', { token }),
      });
  }
}

function describeStatus(status: number): string {
  if (status === 404) return t('api.transport.noEndpoint');
  if (GATEWAY_STATUSES.has(status)) return t('api.transport.gateway', { status: String(status) });
  return t('api.transport.noEnvelopeStatus', { status: String(status) });
}

const abortedError = () => new ApiError({ code: 'aborted', message: t('api.cancelled'), retryable: false });

/** An answer at an error status in Adscope's terms; `body` is what could be read of it as JSON (`now` dates a Retry-After). */
function statusError({ status, headers }: Response, body: unknown, now: number): ApiError {
  const flat = flatErrorOf(body);
  if (flat) return flatError(flat, status, headers, now);
  const envelope = envelopeOf(body);
  const retryAfterMs = parseRetryAfter(headers.get('Retry-After'), now);
  const requestId = requestIdOf(headers);
  // A gateway's 401 in a shape of its own is still the key refused (the service's docs: gateway
  // errors bypass the envelope, so check the HTTP status first), in its words when it gave any.
  if (status === 401 && !envelope)
    return flatError({ error: 'HTTP 401', message: wordsOf(body) }, status, headers, now);
  if (status === 429) {
    return new ApiError({
      code: 'rate_limited',
      httpStatus: status,
      message: envelope?.message || t('api.transport.rateLimited'),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      details: envelope ? { apiCode: envelope.code } : undefined,
      ...requestId,
    });
  }
  if (envelope && envelope.code !== ApiCode.ok) {
    return new ApiError({
      code: envelope.code,
      httpStatus: status,
      message: envelope.message || t('api.transport.answeredCode', { code: String(envelope.code) }),
      details: envelope.data,
      ...requestId,
    });
  }
  if (envelope) {
    return new ApiError({
      code: 'invalid_response',
      httpStatus: status,
      message: t('api.transport.successAtError', { status: String(status) }),
      ...requestId,
    });
  }
  return new ApiError({
    code: 'invalid_response',
    httpStatus: status,
    message: describeStatus(status),
    retryable: GATEWAY_STATUSES.has(status),
    ...unavailableFor(status, headers, now),
    ...requestId,
  });
}

/** What a body of another shape says in words: its `message` or `detail`, when it is text. */
function wordsOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const words = [record.message, record.detail].find((value): value is string => typeof value === 'string');
  return words === undefined ? null : fitText(words.replace(/\s+/g, ' ').trim(), 300) || null;
}

/** A 503's Retry-After: how long the service expects to be unavailable (RFC 9110), kept with the error. */
function unavailableFor(status: number, headers: Headers, now: number): { retryAfterMs?: number } {
  const retryAfterMs = status === 503 ? parseRetryAfter(headers.get('Retry-After'), now) : undefined;
  return retryAfterMs === undefined ? {} : { retryAfterMs };
}

const timeoutError = () => new ApiError({ code: 'timeout', message: t('api.transport.timeout') });

/**
 * What fetch rejects with when the network failed (Chrome, Firefox, Node's undici): such an
 * attempt is sent again. Another TypeError is a request that could not be made at all.
 */
const NETWORK_FAILURE =
  /^(?:Failed to fetch(?: \(.*\))?|NetworkError when attempting to fetch resource\.|network error|fetch failed|terminated)$/;
const isNetworkFailure = (error: unknown) => error instanceof TypeError && NETWORK_FAILURE.test(error.message);

/** Maps whatever an attempt threw (fetch, the abort, or our own ApiError) to an ApiError. Never includes the key or the request headers. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DOMException && error.name === 'AbortError') return abortedError();
  if (error instanceof TypeError) {
    return new ApiError({ code: 'network', message: t('api.transport.network') });
  }
  return new ApiError({
    code: 'internal',
    message: error instanceof Error ? error.message : t('api.transport.unexpected'),
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
    message: target ? t('api.transport.redirectedTo', { target }) : t('api.transport.redirected'),
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

/**
 * The body as text; one too large (as declared, or as read) is an error. It is read a chunk at a
 * time, and reading stops (the body cancelled) once past `maxBytes`: a body that never ends is
 * never held whole.
 */
async function readText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(response);
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (let bytes = 0; reader;) {
    const { done, value } = await reader.read();
    if (done) break;
    if ((bytes += value.length) > maxBytes) {
      void reader.cancel().catch(() => undefined);
      throw tooLarge(response);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/** A 2xx answer's body, read and parsed once. */
async function parseBody(response: Response, maxBytes: number): Promise<unknown> {
  const text = await readText(response, maxBytes);
  if (text.trim() === '') {
    throw new ApiError({
      code: 'invalid_response',
      httpStatus: response.status,
      message: t('api.transport.emptyBody'),
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
      message: t('api.transport.notJson'),
      retryable: true,
      ...requestIdOf(response.headers),
    });
  }
}

function dataOf<T>(json: unknown, response: Response, schema: z.ZodMiniType<T>, now: number): T {
  const { status, headers } = response;
  const flat = flatErrorOf(json);
  if (flat) throw flatError(flat, status, headers, now);
  const envelope = envelopeOf(json);
  if (!envelope) {
    throw new ApiError({
      code: 'invalid_response',
      httpStatus: status,
      message: t('api.transport.noEnvelopeCode'),
      ...requestIdOf(headers),
    });
  }
  if (envelope.code !== ApiCode.ok) {
    throw new ApiError({
      code: envelope.code,
      httpStatus: status,
      message: envelope.message || t('api.transport.answeredCode', { code: String(envelope.code) }),
      details: envelope.data,
      ...requestIdOf(headers),
    });
  }
  const data = schema.safeParse(envelope.data, IN_WORDS);
  if (!data.success) {
    const issue = data.error.issues[0];
    const problem = issue?.message ?? 'invalid';
    throw new ApiError({
      code: 'invalid_response',
      httpStatus: status,
      message:
        issue && issue.path.length > 0
          ? t('api.transport.shapeAt', { path: `data.${issue.path.join('.')}`, problem })
          : t('api.transport.shape', { problem }),
      ...requestIdOf(headers),
    });
  }
  return data.data;
}

function tooLarge(response: Response): ApiError {
  return new ApiError({
    code: 'invalid_response',
    httpStatus: response.status,
    message: t('api.transport.tooLarge'),

    retryable: false,
    ...requestIdOf(response.headers),
  });
}

/** Settles as `work` does, unless `ms` pass first: then the attempt is aborted and this rejects with a timeout. */
function within<T>(work: Promise<T>, ms: number, controller: AbortController): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(timeoutError());
      controller.abort();
    }, ms);
    void work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Waits `ms`, unless the signal aborts first: then this rejects with the abort's reason. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', abort, { once: true });
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
  async function send<T>(
    method: Method,
    path: ApiPath,
    request: RequestOptions<T>,
    signal?: AbortSignal,
    /** The connection read as the request was asked for; read now when none is given. */
    given?: Connection,
  ): Promise<T> {
    const connection = given ?? (await options.getConnection());
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

  /** Full jitter: a delay below the step for this retry (`backoffBase`, doubled for each retry before it), at most `backoffLimit`. */
  const backoff = (count: number) => Math.min(backoffLimit, Math.random() * backoffBase * 2 ** count);

  /**
   * How long to wait before sending again after an error status; undefined when it is not sent
   * again. An envelope's 40001, 40301 and 40401 never are; its 50001 always is, whatever the status.
   * A 429 waits out its Retry-After, unless that is longer than `maxRetryAfter`: then the error
   * goes to the UI with its countdown. A 500 or a gateway's 502, 503 or 504 is sent again when
   * no envelope came with it; a 503 waits its Retry-After the same way (a longer one goes to the
   * UI with its wait). A 429 whose flat error names a quota is never sent again (contract 4.16).
   */
  function statusWait({ status, headers }: Response, body: unknown, count: number): number | undefined {
    const envelope = envelopeOf(body);
    if (envelope && NEVER_RETRIED.has(envelope.code)) return undefined;
    if (status === 429) {
      const flat = flatErrorOf(body);
      if (flat && isQuotaToken(tokenOf(flat))) return undefined;
      const after = parseRetryAfter(headers.get('Retry-After'), clock());
      if (after === undefined) return backoff(count);
      return after > maxRetryAfter ? undefined : after;
    }
    if (envelope) return envelope.code === ApiCode.upstream ? backoff(count) : undefined;
    if (status !== 500 && !GATEWAY_STATUSES.has(status)) return undefined;
    const after = status === 503 ? parseRetryAfter(headers.get('Retry-After'), clock()) : undefined;
    if (after === undefined) return backoff(count);
    // Longer than it is worth holding the request for: the error goes to the UI with its wait.
    return after > maxRetryAfter ? undefined : after;
  }

  /**
   * Sends the request until it is answered, or retries run out: each attempt within its timeout,
   * no redirect followed. Only a GET, or a request the caller vouches is harmless to repeat, is
   * sent again: after a network failure, a timeout, an error status that `statusWait` retries, or
   * an answer of any status that carries 50001.
   */
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
    const limit = method === 'GET' || request.idempotent === true ? retryLimit : 0;
    const ms = request.long ? longTimeout : timeout;
    const fetchOnce = options.fetch ?? fetch;

    const run = async (count: number): Promise<T> => {
      /** Waits and sends again while retries are left; otherwise (or with no wait) throws `error`. */
      const again = async (wait: number | undefined, error: unknown): Promise<T> => {
        if (wait === undefined || count >= limit) throw error;
        await sleep(wait, signal);
        return run(count + 1);
      };
      const controller = new AbortController();
      let response: Response;
      try {
        response = await within(
          fetchOnce(url, {
            method,
            headers: {
              'X-API-Key': apiKey,
              Authorization: `Bearer ${apiKey}`,
              Accept: 'application/json',
              ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
            },
            ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
            // A redirect would carry the key to another address: it is an error, never followed.
            redirect: 'manual',
            signal: signal ? AbortSignal.any([signal, controller.signal]) : controller.signal,
          }),
          ms,
          controller,
        );
      } catch (error) {
        // An abort, or a request that could not be made, is not sent again.
        const failed = (error instanceof ApiError && error.code === 'timeout') || isNetworkFailure(error);
        return again(failed ? backoff(count) : undefined, error);
      }
      if (isRedirect(response)) throw redirectError(response);
      if (!response.ok) {
        // An error body has as long to arrive as the answer had; unreadable or too large, it is no JSON.
        const body = await within(readText(response, maxBytes), ms, controller).then(parseJson, () => undefined);
        return again(statusWait(response, body, count), statusError(response, body, clock()));
      }
      let json: unknown;
      try {
        // The body has the attempt's time too: one that starts and never ends is a timeout, not a hang.
        json = await within(parseBody(response, maxBytes), ms, controller);
      } catch (error) {
        const timedOut = error instanceof ApiError && error.code === 'timeout';
        return again(timedOut ? backoff(count) : undefined, error);
      }
      try {
        return dataOf(json, response, request.schema, clock());
      } catch (error) {
        // 50001 in a 2xx answer is retried as it is at an error status.
        const upstream = error instanceof ApiError && error.code === ApiCode.upstream;
        return again(upstream ? backoff(count) : undefined, error);
      }
    };

    try {
      return await run(0);
    } catch (error) {
      throw toApiError(error);
    }
  }

  async function get<T>(path: ApiPath, request: RequestOptions<T>): Promise<T> {
    const query = toSearchParams(request.query).toString();
    // Shared only by requests of the same connection: one asked after another key was saved is
    // sent with that key, never answered with the other workspace's data.
    const connection = await options.getConnection();
    const key = JSON.stringify([connection.baseUrl, connection.apiKey, path, query]);
    let shared = inflight.get(key);
    if (!shared || shared.controller.signal.aborted) {
      const controller = new AbortController();
      const entry: SharedRequest = {
        controller,
        waiters: 0,
        promise: send('GET', path, request, controller.signal, connection).finally(() => {
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
