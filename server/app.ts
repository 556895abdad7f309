import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import './check-words';
import { handleAdmin } from './admin';
import { apiPipeline } from './api';
import { CORS_HEADERS, Code, sendEnvelope } from './envelope';
import { serveMedia } from './media-routes';
import { Router } from './router';
import { type ServerOptions, ServerState } from './state';

export { routes } from './api';

type TopHandler = (request: IncomingMessage, response: ServerResponse, url: URL) => unknown;

export interface RunningServer {
  server: Server;
  state: ServerState;
  baseUrl: string;
  close(): Promise<void>;
}

export function createAdscopeServer(options: ServerOptions = {}): { server: Server; state: ServerState } {
  const state = new ServerState(options);
  const api = apiPipeline();
  const toApi = (request: IncomingMessage, response: ServerResponse, url: URL, path: string) =>
    api({
      request,
      response,
      url,
      method: request.method ?? 'GET',
      path,
      state,
      faults: state.faults.take(request.method ?? 'GET', path),
    });
  // Everything the server answers, by path: the API (under both of its prefixes), the admin controls, media and demo pages.
  const top = new Router<TopHandler>()
    .add('OPTIONS', '/*', (_, response) => {
      response.writeHead(204, CORS_HEADERS);
      response.end();
    })
    // Demo pages ask for one; no content keeps their console clean.
    .add('*', '/favicon.ico', (_, response) => {
      response.writeHead(204, { 'Cache-Control': 'max-age=86400' });
      response.end();
    })
    .add('*', '/__admin/*', (request, response, url) => handleAdmin(request, response, url, state))
    .add('*', '/media/*', (_, response, url) => serveMedia(response, url.pathname, state))
    .add('*', '/demo/*', (_, response, url) => serveMedia(response, url.pathname, state))
    .add('*', '/open/v1/*', (request, response, url) => toApi(request, response, url, apiPathOf(url, '/open/v1')))
    .add('*', '/spi/v1/*', (request, response, url) => toApi(request, response, url, apiPathOf(url, '/spi/v1')));

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const matched = top.match(request.method ?? 'GET', url.pathname);
    const task = (async () => {
      if (matched === null || matched === 'wrong-method') {
        return sendEnvelope(
          response,
          Code.notFound,
          `No endpoint ${request.method} ${url.pathname}. The API lives under /open/v1.`,
        );
      }
      return matched.handler(request, response, url);
    })();
    task.catch((error: unknown) => {
      console.error('Request failed:', error);
      if (!response.headersSent)
        sendEnvelope(response, Code.upstream, 'The reference server failed.', undefined, {}, 500);
    });
  });
  return { server, state };
}

/** The path after the version prefix: "/open/v1/boards" → "/boards", "/open/v1" → "/". */
function apiPathOf(url: URL, prefix: string): string {
  return url.pathname.slice(prefix.length) || '/';
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
