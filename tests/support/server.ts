import { type RunningServer, startAdscopeServer } from '../../server/app';
import type { ServerOptions } from '../../server/state';
import { TEST_NOW_ISO } from './clock';

/** Starts the reference server on a free loopback port for one test file, its wall clock pinned to TEST_NOW. */
export async function withServer(options: ServerOptions = {}): Promise<RunningServer> {
  return startAdscopeServer({ port: 0, rateLimit: 0, now: TEST_NOW_ISO, ...options });
}

/**
 * A request to a test server on 127.0.0.1. A pooled connection the server closed as it was
 * reused fails with ECONNRESET on a loaded machine: a read (GET) is asked again once; a write
 * is not, as it may have landed.
 */
export function fetchLocal(url: string, init: RequestInit = {}): Promise<Response> {
  const reset = (error: unknown) => (error as { cause?: { code?: unknown } } | null)?.cause?.code === 'ECONNRESET';
  return fetch(url, init).catch((error: unknown) => {
    if ((init.method ?? 'GET') !== 'GET' || !reset(error)) throw error;
    return fetch(url, init);
  });
}

export async function api(
  server: RunningServer,
  path: string,
  init: { method?: string; key?: string | null; bearer?: string; body?: unknown; prefix?: string } = {},
): Promise<{ status: number; body: { code: unknown; message: unknown; data?: unknown }; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (init.key !== null) headers['X-API-Key'] = init.key ?? server.state.data.workspaces[0]?.apiKey ?? '';
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetchLocal(`${server.baseUrl}${init.prefix ?? '/open/v1'}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}
