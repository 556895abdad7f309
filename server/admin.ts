import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod/mini';
import { sendJson } from './envelope';
import type { ServerState } from './state';
import { launchRequestSchema } from './news';
import { Router } from './router';
import { IN_WORDS } from '../lib/contract/issue-words';

/**
 * Test and demo controls, off the API path: faults, clock, rate limit, request log, reset.
 * The server listens on loopback only, so these are reachable from this machine alone.
 */
const clockSchema = z.strictObject({
  now: z.optional(z.string()),
  advanceMs: z.optional(z.number()),
  timeScale: z.optional(z.number().check(z.gte(0), z.lte(10_000))),
});

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text.trim() === '' ? {} : JSON.parse(text);
}

type AdminHandler = (request: IncomingMessage, response: ServerResponse, url: URL, state: ServerState) => unknown;

const adminRoutes = new Router<AdminHandler>()
  .add('GET', '/__admin/health', (_, response) => sendJson(response, 200, { ok: true }))
  .add('GET', '/__admin/state', (_, response, __, state) =>
    sendJson(response, 200, {
      seed: state.data.seed,
      clock: state.clock.describe(),
      faults: state.faults.list(),
      rateLimit: state.rateLimiter.perMinute,
      workspaces: state.data.workspaces.map((w) => ({ id: w.id, name: w.name, apiKey: w.apiKey, plan: w.plan })),
    }),
  )
  .add('GET', '/__admin/credits', (_, response, __, state) =>
    sendJson(response, 200, { workspaces: state.generations.credits(state.data.workspaces) }),
  )
  .add('POST', '/__admin/faults', async (request, response, _, state) => {
    const body = await readJson(request);
    const rules = (Array.isArray(body) ? body : [body]).map((rule) => state.faults.add(rule));
    sendJson(response, 200, { rules });
  })
  .add('DELETE', '/__admin/faults', (_, response, __, state) => {
    state.faults.clear();
    sendJson(response, 200, { rules: [] });
  })
  .add('POST', '/__admin/clock', async (request, response, _, state) => {
    const body = clockSchema.parse(await readJson(request), IN_WORDS);
    if (body.now !== undefined) state.clock.pin(body.now);
    if (body.advanceMs !== undefined) state.clock.advance(body.advanceMs);
    if (body.timeScale !== undefined) state.clock.setTimeScale(body.timeScale);
    sendJson(response, 200, state.clock.describe());
  })
  .add('POST', '/__admin/rate-limit', async (request, response, _, state) => {
    const body = z
      .strictObject({ perMinute: z.number().check(z.int(), z.gte(0)) })
      .parse(await readJson(request), IN_WORDS);
    state.rateLimiter.perMinute = body.perMinute;
    state.rateLimiter.reset();
    sendJson(response, 200, { perMinute: body.perMinute });
  })
  .add('GET', '/__admin/requests', (_, response, url, state) => {
    const since = Number(url.searchParams.get('since') ?? 0);
    sendJson(response, 200, { requests: state.requestLog.filter((entry) => entry.seq > since) });
  })
  .add('DELETE', '/__admin/requests', (_, response, __, state) => {
    state.requestLog.length = 0;
    sendJson(response, 200, { requests: [] });
  })
  .add('GET', '/__admin/news', (_, response, __, state) => sendJson(response, 200, state.news.describe()))
  .add('POST', '/__admin/news', async (request, response, _, state) => {
    const body = launchRequestSchema.parse(await readJson(request), IN_WORDS);
    const ads = body.versionsOf
      ? state.launchVersions(body.versionsOf, body.count)
      : state.launchAds(body.brands ?? [], body.count, body.launchedDaysAgo);
    sendJson(response, 200, { ads });
  })
  // A creative's link expires (or its ad is removed): that media path answers 404 from now on.
  .add('POST', '/__admin/media/expire', async (request, response, _, state) => {
    const { path } = z
      .strictObject({ path: z.string().check(z.regex(/^\/media\/[\w./-]+$/, 'path is a /media/ path.')) })
      .parse(await readJson(request), IN_WORDS);
    state.expiredMedia.add(path);
    sendJson(response, 200, { expired: [...state.expiredMedia] });
  })
  .add('POST', '/__admin/reset', (_, response, __, state) => {
    state.reset();
    sendJson(response, 200, { ok: true });
  });

export async function handleAdmin(request: IncomingMessage, response: ServerResponse, url: URL, state: ServerState) {
  const matched = adminRoutes.match(request.method ?? 'GET', url.pathname);
  if (matched === null || matched === 'wrong-method')
    return sendJson(response, 404, { error: `No admin route ${request.method} ${url.pathname}.` });
  try {
    await matched.handler(request, response, url, state);
  } catch (error) {
    const message =
      error instanceof z.core.$ZodError
        ? error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
        : String(error);
    return sendJson(response, 400, { error: message });
  }
}
