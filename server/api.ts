import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WorkspaceState } from './demo-data';
import {
  atriaAnswer,
  atriaOffers,
  atriaRequest,
  gatewayBody,
  gatewayError,
  NO_MATCHING_API,
  newRequestId,
  workspaceForAtriaKey,
} from './atria-shapes';
import { ApiFailure, CORS_HEADERS, Code, invalid, sendEnvelope, sendJson } from './envelope';
import type { FaultRule } from './faults';
import { findRemovedPath } from './removed-paths';
import { compose, type Matched, type Middleware, type Route, type RouteContext, Router } from './router';
import { adAccountRoutes } from './routes/ad-accounts';
import { adLibraryRoutes } from './routes/ad-library';
import { boardRoutes } from './routes/boards';
import { brandLibraryRoutes } from './routes/brand-library';
import { imageGenerationRoutes } from './routes/image-generations';
import { inspoBrandRoutes } from './routes/inspo-brands';
import { ownedBrandRoutes } from './routes/owned-brands';
import { altAnswer, altRequest, minimalAnswer, minimalRefusal } from './shapes';
import type { ServerState } from './state';

const MAX_BODY_BYTES = 1024 * 1024;

export const routes: Route[] = [
  ...ownedBrandRoutes,
  ...adLibraryRoutes,
  ...brandLibraryRoutes,
  ...inspoBrandRoutes,
  ...boardRoutes,
  ...imageGenerationRoutes,
  ...adAccountRoutes,
];

type Handler = Route['handler'];

/** One API request on its way through the steps below: what each step learned, and how to answer. */
export interface ApiCall {
  request: IncomingMessage;
  response: ServerResponse;
  url: URL;
  method: string;
  /** The path after the version prefix. */
  path: string;
  state: ServerState;
  /** The fault rules this request meets (taken once, as it arrives). */
  faults: FaultRule[];
  route?: Matched<Handler>;
  workspace?: WorkspaceState;
  /** The API key the workspace was found by. */
  key?: string;
  body?: unknown;
  query?: URLSearchParams;
  /** What the handler answered, as it will be sent. */
  data?: unknown;
  /** On atria shapes: the id every answer carries in X-Request-Id (and a gateway error in its body). */
  requestId?: string;
}

const fault = (call: ApiCall, kind: FaultRule['kind']) => call.faults.find((rule) => rule.kind === kind);
const delay = (call: ApiCall, kind: 'latency' | 'slow-work') =>
  call.faults.filter((rule) => rule.kind === kind).reduce((sum, rule) => sum + (rule.latencyMs ?? 0), 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function log(call: ApiCall, status: number | 'dropped'): void {
  call.state.log({
    method: call.method,
    path: call.path,
    query: call.url.search,
    status,
    workspace: call.workspace?.name ?? null,
  });
}

/** The connection goes away without an answer. */
function dropConnection(call: ApiCall): void {
  log(call, 'dropped');
  call.request.socket.destroy();
}

const atria = (call: ApiCall) => call.state.shapes === 'atria';

/**
 * Answers as a gateway in front of the service does: a flat `{ error, message, request_id }`
 * with no envelope (the real service's 401, 429 and 5xx; and the `gateway-status` fault's).
 */
function gatewayAnswer(
  call: ApiCall,
  status: number,
  named: { error?: string | undefined; message?: string | undefined } = {},
  headers: Record<string, string> = {},
): void {
  const requestId = call.requestId ?? newRequestId();
  const fallback = gatewayError(status);
  const body = gatewayBody(named.error ?? fallback.error, named.message ?? fallback.message, requestId);
  sendJson(call.response, status, body, { ...headers, 'X-Request-Id': requestId });
  log(call, status);
}

/** Answers with an envelope, and logs it. */
function finish(
  call: ApiCall,
  code: Parameters<typeof sendEnvelope>[1],
  message: string,
  data?: unknown,
  headers?: Record<string, string>,
  status?: number,
  stated = false,
): void {
  if (atria(call)) {
    // The real service: a rate limit is the gateway's flat 429; business errors are envelopes
    // with HTTP 200, except the statuses the contract states (a transcript's 404).
    if (code === Code.rateLimited) return gatewayAnswer(call, 429, { message }, headers);
    sendEnvelope(call.response, code, message, data, headers, code === Code.ok || stated ? status : 200);
    return log(call, call.response.statusCode);
  }
  // The alt shapes send every envelope code with HTTP 200 (spec 7.5: the status per code is not
  // shown), chunked; only the statuses the contract states (429, a transcript's 404) stay.
  const alt = call.state.shapes === 'alt';
  const sent = alt && code !== Code.ok && code !== Code.rateLimited && !stated ? 200 : status;
  sendEnvelope(call.response, code, message, data, headers, sent, alt);
  log(call, call.response.statusCode);
}

/** On atria shapes every answer carries X-Request-Id: 32 lower-case hex characters, new for each request. */
const requestIds: Middleware<ApiCall> = (call, next) => {
  if (atria(call)) {
    call.requestId = newRequestId();
    call.response.setHeader('X-Request-Id', call.requestId);
  }
  return next();
};

/** Scheduled news (--news) due by the server clock lands before the request is answered. */
const catchUpNews: Middleware<ApiCall> = (call, next) => {
  call.state.catchUpNews();
  return next();
};

/** The faults of the wire, before the service sees the request: latency, a failed proxy, a dropped socket, a redirect. */
const wireFaults: Middleware<ApiCall> = async (call, next) => {
  const latency = delay(call, 'latency');
  if (latency > 0) await sleep(latency);
  const gatewayStatus = fault(call, 'gateway-status');
  if (gatewayStatus) {
    const status = gatewayStatus.status ?? 403;
    const retry: Record<string, string> = status === 429 ? { 'Retry-After': gatewayStatus.retryAfter ?? '1' } : {};
    return gatewayAnswer(call, status, { error: gatewayStatus.error, message: gatewayStatus.message }, retry);
  }
  if (fault(call, 'gateway')) {
    // The real service's gateway answers its 5xx flat, in JSON; elsewhere a proxy's HTML page.
    if (atria(call)) return gatewayAnswer(call, 502);
    call.response.writeHead(502, { ...CORS_HEADERS, 'Content-Type': 'text/html' });
    call.response.end('<!doctype html><html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>');
    return log(call, 502);
  }
  if (fault(call, 'drop-before')) return dropConnection(call);
  // Before the key is read: a proxy in front of a service redirects whoever asks; clients must not follow.
  const redirect = fault(call, 'redirect');
  if (redirect) {
    call.response.writeHead(307, { Location: redirect.location ?? 'https://example.invalid/', ...CORS_HEADERS });
    call.response.end();
    return log(call, 307);
  }
  return next();
};

/** What fails later (a refused body, a handler's ApiFailure, a caller gone away) ends as the contract says. */
const failures: Middleware<ApiCall> = async (call, next) => {
  try {
    await next();
  } catch (error) {
    if (error instanceof ApiFailure)
      return finish(call, error.code, error.message, error.data, error.headers, error.httpStatus, error.statedStatus);
    if (call.request.destroyed || (error as { code?: unknown }).code === 'ECONNRESET') {
      // The caller went away (a timeout or a dropped connection) while its body was read: nothing was done.
      return log(call, 'dropped');
    }
    console.error('Handler failed:', error);
    if (atria(call)) return gatewayAnswer(call, 500);
    return finish(call, Code.upstream, 'The reference server failed while answering.', undefined, {}, 500);
  }
};

/** Paths removed in v0.2.0 say what replaced them (spec section 9). */
const removedPaths: Middleware<ApiCall> = (call, next) => {
  const removed = findRemovedPath(call.method, call.path);
  if (!removed) return next();
  return finish(call, Code.notFound, `${removed.removed} was removed in v0.2.0. Use ${removed.replacement} instead.`);
};

function matchRoute(router: Router<Handler>): Middleware<ApiCall> {
  return (call, next) => {
    const matched = router.match(call.method, call.path);
    // The real service answers any route it does not have alike, whatever the method.
    if (atria(call) && (matched === null || matched === 'wrong-method' || !atriaOffers(call.method, matched.pattern)))
      return finish(call, Code.notFound, NO_MATCHING_API);
    if (matched === null) return finish(call, Code.notFound, `No endpoint ${call.method} ${call.url.pathname}.`);
    if (matched === 'wrong-method') {
      const message = `${call.url.pathname} does not accept ${call.method}.`;
      return finish(call, Code.notFound, message, undefined, { Allow: 'GET, POST, DELETE' }, 405);
    }
    call.route = matched;
    return next();
  };
}

function apiKeyOf(request: IncomingMessage): { key: string | null; conflict: boolean } {
  const header = request.headers['x-api-key'];
  const fromHeader = typeof header === 'string' && header.trim() !== '' ? header.trim() : null;
  const auth = request.headers.authorization;
  const bearer = typeof auth === 'string' ? (/^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1] ?? null) : null;
  if (fromHeader && bearer && fromHeader !== bearer) return { key: null, conflict: true };
  return { key: fromHeader ?? bearer, conflict: false };
}

const GATEWAY_401 = {
  missing: { error: 'unauthorized', message: 'No valid credentials provided' },
  /** Unknown, or X-API-Key and the Bearer credential naming different keys. */
  unknown: { error: 'invalid_api_key', message: 'The provided API key is invalid' },
};

/** The workspace context: X-API-Key, or the same key as a Bearer credential. */
const workspaceKey: Middleware<ApiCall> = (call, next) => {
  const { key, conflict } = apiKeyOf(call.request);
  if (atria(call)) {
    // The real service's gateway: 401, flat. Its demo keys and their atria-sk_ forms are both known.
    if (!key && !conflict) return gatewayAnswer(call, 401, GATEWAY_401.missing);
    const workspace = key ? workspaceForAtriaKey(call.state, key) : undefined;
    if (!workspace) return gatewayAnswer(call, 401, GATEWAY_401.unknown);
    call.workspace = workspace;
    call.key = key ?? undefined;
    return next();
  }
  if (conflict) {
    const message = 'Missing workspace context: X-API-Key and the Bearer credential name different keys.';
    return finish(call, Code.invalid, message);
  }
  if (!key) return finish(call, Code.invalid, 'Missing workspace context: send your API key in the X-API-Key header.');
  const workspace = call.state.workspaceForKey(key);
  if (!workspace) return finish(call, Code.invalid, 'Missing workspace context: this API key is not recognised.');
  call.workspace = workspace;
  call.key = key;
  return next();
};

/** Requests per minute per key (and the injected 429), with Retry-After. */
const rateLimit: Middleware<ApiCall> = (call, next) => {
  const limited = call.key ? call.state.rateLimiter.hit(call.key, call.state.clock.realNow()) : null;
  const rateFault = fault(call, 'rate-limit');
  if (limited === null && !rateFault) return next();
  const retryAfter = rateFault?.retryAfter ?? String(limited ?? 1);
  return finish(call, Code.rateLimited, 'Rate limit exceeded for this API key.', undefined, {
    'Retry-After': retryAfter,
  });
};

/** The upstream ad platform is down (injected fault): code 50001. */
const upstreamFault: Middleware<ApiCall> = (call, next) =>
  fault(call, 'upstream')
    ? finish(call, Code.upstream, 'The upstream service is unavailable (injected fault).')
    : next();

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new ApiFailure(Code.invalid, 'The request body is larger than 1 MiB.');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiFailure(Code.invalid, 'The request body is not valid JSON.');
  }
}

/** A POST's JSON body. */
const body: Middleware<ApiCall> = async (call, next) => {
  call.body = call.method === 'POST' ? await readBody(call.request) : undefined;
  call.query = call.url.searchParams;
  return next();
};

/**
 * Sends what the handler answered, after the faults that strike once the service has done its
 * work: the connection dropped after the write committed, or an answer broken on purpose.
 */
const deliver: Middleware<ApiCall> = async (call, next) => {
  await next();
  // The write is committed; the caller never hears about it.
  if (fault(call, 'drop-after')) return dropConnection(call);
  const malformed = fault(call, 'malformed');
  if (malformed) {
    sendMalformed(call.response, malformed.body ?? 'html', call.data);
    return log(call, call.response.statusCode);
  }
  finish(call, Code.ok, 'ok', call.data);
};

/** The other sets of shapes (--shapes alt|minimal|atria): the request as the route reads it, the answer as that service gives it. */
const shapes: Middleware<ApiCall> = async (call, next) => {
  if (atria(call) && call.route && call.workspace) {
    const { route, workspace } = call;
    const request = atriaRequest(call.state, workspace, route.pattern, route.params, call.url.searchParams);
    call.query = request.query;
    call.route = { ...route, params: request.params };
    await next();
    const context = { state: call.state, workspace, nowMs: call.state.clock.now().getTime() };
    call.data = atriaAnswer(call.method, route.pattern, call.data, context, request);
    return;
  }
  if (call.state.shapes === 'minimal' && call.route) {
    const refused = minimalRefusal(call.route.pattern, call.url.searchParams);
    if (refused) throw invalid(refused.message, { field: refused.field });
    await next();
    call.data = minimalAnswer(call.method, call.route.pattern, call.data);
    return;
  }
  if (call.state.shapes !== 'alt' || !call.route) return next();
  const alt = altRequest(call.method, call.route.pattern, call.url.searchParams, call.body);
  if (alt.refused) throw invalid(alt.refused.message, { field: alt.refused.field });
  call.query = alt.query;
  call.body = alt.body;
  await next();
  call.data = altAnswer(call.method, call.route.pattern, call.data);
};

/** The endpoint itself. */
const handle: Middleware<ApiCall> = async (call) => {
  const { route, workspace } = call;
  if (!route || !workspace) throw new Error('handle runs after the route and the workspace are known');
  const workMs = delay(call, 'slow-work');
  const host = call.request.headers.host ?? '127.0.0.1';
  const context: RouteContext = {
    workspace,
    params: route.params,
    query: call.query ?? call.url.searchParams,
    body: call.body,
    request: call.request,
    state: call.state,
    mediaUrl: (path) => `http://${host}${path}`,
    work: async () => {
      if (workMs > 0) await sleep(workMs);
    },
  };
  call.data = await route.handler(context);
};

/** The API, one concern a step, in the order a request meets them. */
export function apiPipeline(): (call: ApiCall) => Promise<void> {
  const router = new Router<Handler>();
  for (const route of routes) router.add(route.method, route.pattern, route.handler);
  const served = [upstreamFault, body, deliver, shapes, handle];
  const contract = compose([
    requestIds,
    catchUpNews,
    wireFaults,
    failures,
    removedPaths,
    matchRoute(router),
    workspaceKey,
    rateLimit,
    ...served,
  ]);
  // The real service (--shapes atria): its gateway reads the key and counts requests before any
  // route is matched, and it names no removed path (an unknown route is "no matching open API").
  const real = compose([
    requestIds,
    catchUpNews,
    wireFaults,
    failures,
    workspaceKey,
    rateLimit,
    matchRoute(router),
    ...served,
  ]);
  return (call) => (atria(call) ? real : contract)(call);
}

/** Writes a deliberately broken answer for the `malformed` fault. */
function sendMalformed(response: ServerResponse, kind: NonNullable<FaultRule['body']>, data: unknown): void {
  const headers = { ...CORS_HEADERS, 'Cache-Control': 'no-store' };
  switch (kind) {
    case 'html':
      response.writeHead(502, { ...headers, 'Content-Type': 'text/html' });
      response.end('<!doctype html><html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>');
      return;
    case 'empty':
      response.writeHead(200, { ...headers, 'Content-Type': 'application/json', 'Content-Length': '0' });
      response.end();
      return;
    case 'truncated': {
      const text = JSON.stringify({ code: 0, message: 'ok', data });
      response.writeHead(200, { ...headers, 'Content-Type': 'application/json' });
      response.end(text.slice(0, Math.max(1, Math.floor(text.length / 2))));
      return;
    }
    case 'code-string':
      response.writeHead(200, { ...headers, 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ code: '0', message: 'ok', data }));
      return;
    case 'missing-data':
      response.writeHead(200, { ...headers, 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ code: 0, message: 'ok' }));
      return;
    case 'huge': {
      response.writeHead(200, { ...headers, 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ code: 0, message: 'ok', data, padding: 'x'.repeat(10 * 1024 * 1024) }));
      return;
    }
    case 'status-backwards':
      response.writeHead(500, { ...headers, 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ code: 0, message: 'ok', data }));
      return;
  }
}
