import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleAdmin } from './admin';
import { ApiFailure, CORS_HEADERS, Code, invalid, sendEnvelope } from './envelope';
import type { FaultRule } from './faults';
import { serveMedia } from './media-routes';
import { findRemovedPath } from './removed-paths';
import { type Route, Router } from './router';
import { adAccountRoutes } from './routes/ad-accounts';
import { adLibraryRoutes } from './routes/ad-library';
import { boardRoutes } from './routes/boards';
import { brandLibraryRoutes } from './routes/brand-library';
import { inspoBrandRoutes } from './routes/inspo-brands';
import { imageGenerationRoutes } from './routes/image-generations';
import { ownedBrandRoutes } from './routes/owned-brands';
import { altAnswer, altRequest } from './shapes';
import { type ServerOptions, ServerState } from './state';

const API_PREFIXES = ['/open/v1', '/spi/v1'] as const;
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

export interface RunningServer {
  server: Server;
  state: ServerState;
  baseUrl: string;
  close(): Promise<void>;
}

function apiKeyOf(request: IncomingMessage): { key: string | null; conflict: boolean } {
  const header = request.headers['x-api-key'];
  const fromHeader = typeof header === 'string' && header.trim() !== '' ? header.trim() : null;
  const auth = request.headers.authorization;
  const bearer = typeof auth === 'string' ? (/^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1] ?? null) : null;
  if (fromHeader && bearer && fromHeader !== bearer) return { key: null, conflict: true };
  return { key: fromHeader ?? bearer, conflict: false };
}

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

export function createAdscopeServer(options: ServerOptions = {}): { server: Server; state: ServerState } {
  const state = new ServerState(options);
  const router = new Router(routes);

  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL, apiPath: string) {
    const method = request.method ?? 'GET';
    // Scheduled news (--news) due by the server clock lands before the request is answered.
    state.catchUpNews();
    let workspaceName: string | null = null;
    const finish = (
      code: Parameters<typeof sendEnvelope>[1],
      message: string,
      data?: unknown,
      headers?: Record<string, string>,
      status?: number,
      stated = false,
    ) => {
      // The alt shapes send every envelope code with HTTP 200 (spec 7.5: the status per code is not
      // shown), chunked; only the statuses the contract states (429, a transcript's 404) stay.
      const alt = state.shapes === 'alt';
      const sent = alt && code !== Code.ok && code !== Code.rateLimited && !stated ? 200 : status;
      sendEnvelope(response, code, message, data, headers, sent, alt);
      state.log({ method, path: apiPath, status: response.statusCode, workspace: workspaceName });
    };

    const faults = state.faults.take(method, apiPath);
    const fault = (kind: FaultRule['kind']) => faults.find((rule) => rule.kind === kind);
    const latency = faults
      .filter((rule) => rule.kind === 'latency')
      .reduce((sum, rule) => sum + (rule.latencyMs ?? 0), 0);
    if (latency > 0) await sleep(latency);
    const workMs = faults
      .filter((rule) => rule.kind === 'slow-work')
      .reduce((sum, rule) => sum + (rule.latencyMs ?? 0), 0);
    if (fault('gateway')) {
      // A proxy in front of the service failed: the service never saw the request.
      response.writeHead(502, { ...CORS_HEADERS, 'Content-Type': 'text/html' });
      response.end('<!doctype html><html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>');
      state.log({ method, path: apiPath, status: 502, workspace: null });
      return;
    }
    if (fault('drop-before')) {
      state.log({ method, path: apiPath, status: 'dropped', workspace: null });
      request.socket.destroy();
      return;
    }
    // Before the key is read: a proxy in front of a service redirects whoever asks.
    const redirect = fault('redirect');
    if (redirect) {
      // A service (or a proxy in front of it) moving requests elsewhere: clients must not follow.
      response.writeHead(307, { Location: redirect.location ?? 'https://example.invalid/', ...CORS_HEADERS });
      response.end();
      state.log({ method, path: apiPath, status: 307, workspace: null });
      return;
    }

    const removed = findRemovedPath(method, apiPath);
    if (removed) {
      return finish(Code.notFound, `${removed.removed} was removed in v0.2.0. Use ${removed.replacement} instead.`);
    }
    const matched = router.match(method, apiPath);
    if (matched === null) return finish(Code.notFound, `No endpoint ${method} ${url.pathname}.`);
    if (matched === 'wrong-method') {
      return finish(
        Code.notFound,
        `${url.pathname} does not accept ${method}.`,
        undefined,
        { Allow: 'GET, POST, DELETE' },
        405,
      );
    }

    const { key, conflict } = apiKeyOf(request);
    if (conflict)
      return finish(
        Code.invalid,
        'Missing workspace context: X-API-Key and the Bearer credential name different keys.',
      );
    if (!key) return finish(Code.invalid, 'Missing workspace context: send your API key in the X-API-Key header.');
    const workspace = state.workspaceForKey(key);
    if (!workspace) return finish(Code.invalid, 'Missing workspace context: this API key is not recognised.');
    workspaceName = workspace.name;

    const limited = state.rateLimiter.hit(key, state.clock.realNow());
    const rateFault = fault('rate-limit');
    if (limited !== null || rateFault) {
      const retryAfter = rateFault?.retryAfter ?? String(limited ?? 1);
      return finish(Code.rateLimited, 'Rate limit exceeded for this API key.', undefined, {
        'Retry-After': retryAfter,
      });
    }
    if (fault('upstream')) return finish(Code.upstream, 'The upstream service is unavailable (injected fault).');

    try {
      const sent = method === 'POST' ? await readBody(request) : undefined;
      const alt = state.shapes === 'alt' ? altRequest(method, matched.route.pattern, url.searchParams, sent) : null;
      if (alt?.refused) throw invalid(alt.refused.message, { field: alt.refused.field });
      const host = request.headers.host ?? '127.0.0.1';
      const answer = await matched.route.handler({
        workspace,
        params: matched.params,
        query: alt?.query ?? url.searchParams,
        body: alt ? alt.body : sent,
        request,
        state,
        mediaUrl: (path) => `http://${host}${path}`,
        work: async () => {
          if (workMs > 0) await sleep(workMs);
        },
      });
      const data = alt ? altAnswer(method, matched.route.pattern, answer) : answer;
      if (fault('drop-after')) {
        // The write above is committed; the caller never hears about it.
        state.log({ method, path: apiPath, status: 'dropped', workspace: workspaceName });
        request.socket.destroy();
        return;
      }
      const malformed = fault('malformed');
      if (malformed) {
        sendMalformed(response, malformed.body ?? 'html', data);
        state.log({ method, path: apiPath, status: response.statusCode, workspace: workspaceName });
        return;
      }
      finish(Code.ok, 'ok', data);
    } catch (error) {
      if (error instanceof ApiFailure)
        return finish(error.code, error.message, error.data, error.headers, error.httpStatus, error.statedStatus);
      if (request.destroyed || (error as { code?: unknown }).code === 'ECONNRESET') {
        // The caller went away (a timeout or a dropped connection) while its body was read: nothing was done.
        state.log({ method, path: apiPath, status: 'dropped', workspace: workspaceName });
        return;
      }
      console.error('Handler failed:', error);
      return finish(Code.upstream, 'The reference server failed while answering.', undefined, {}, 500);
    }
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS_HEADERS);
      response.end();
      return;
    }
    if (url.pathname === '/favicon.ico') {
      // Demo pages ask for one; no content keeps their console clean.
      response.writeHead(204, { 'Cache-Control': 'max-age=86400' });
      response.end();
      return;
    }
    const task = (async () => {
      if (url.pathname.startsWith('/__admin/')) return handleAdmin(request, response, url, state);
      if (url.pathname.startsWith('/media/') || url.pathname.startsWith('/demo/')) {
        return serveMedia(response, url.pathname, state);
      }
      const prefix = API_PREFIXES.find((p) => url.pathname === p || url.pathname.startsWith(`${p}/`));
      if (!prefix) {
        return sendEnvelope(
          response,
          Code.notFound,
          `No endpoint ${request.method} ${url.pathname}. The API lives under /open/v1.`,
        );
      }
      const apiPath = url.pathname.slice(prefix.length) || '/';
      return handleApi(request, response, url, apiPath);
    })();
    task.catch((error: unknown) => {
      console.error('Request failed:', error);
      if (!response.headersSent)
        sendEnvelope(response, Code.upstream, 'The reference server failed.', undefined, {}, 500);
    });
  });
  return { server, state };
}

/** Starts the server on 127.0.0.1 (port 0 picks a free one). */
export async function startAdscopeServer(options: ServerOptions = {}): Promise<RunningServer> {
  const { server, state } = createAdscopeServer(options);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://${host}:${port}`;
  return {
    server,
    state,
    baseUrl,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
