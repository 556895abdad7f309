import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { sendJson } from './envelope';
import type { ServerState } from './state';
import { launchRequestSchema } from './news';

/**
 * Test and demo controls, off the API path: faults, clock, rate limit, request log, reset.
 * The server listens on loopback only, so these are reachable from this machine alone.
 */
const clockSchema = z
  .object({
    now: z.string().optional(),
    advanceMs: z.number().optional(),
    timeScale: z.number().min(0).max(10_000).optional(),
  })
  .strict();

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text.trim() === '' ? {} : JSON.parse(text);
}

export async function handleAdmin(request: IncomingMessage, response: ServerResponse, url: URL, state: ServerState) {
  const route = `${request.method} ${url.pathname}`;
  try {
    switch (route) {
      case 'GET /__admin/health':
        return sendJson(response, 200, { ok: true });
      case 'GET /__admin/state':
        return sendJson(response, 200, {
          seed: state.data.seed,
          clock: state.clock.describe(),
          faults: state.faults.list(),
          rateLimit: state.rateLimiter.perMinute,
          workspaces: state.data.workspaces.map((w) => ({ id: w.id, name: w.name, apiKey: w.apiKey, plan: w.plan })),
        });
      case 'GET /__admin/credits':
        return sendJson(response, 200, { workspaces: state.generations.credits(state.data.workspaces) });
      case 'POST /__admin/faults': {
        const body = await readJson(request);
        const rules = (Array.isArray(body) ? body : [body]).map((rule) => state.faults.add(rule));
        return sendJson(response, 200, { rules });
      }
      case 'DELETE /__admin/faults':
        state.faults.clear();
        return sendJson(response, 200, { rules: [] });
      case 'POST /__admin/clock': {
        const body = clockSchema.parse(await readJson(request));
        if (body.now !== undefined) state.clock.pin(body.now);
        if (body.advanceMs !== undefined) state.clock.advance(body.advanceMs);
        if (body.timeScale !== undefined) state.clock.setTimeScale(body.timeScale);
        return sendJson(response, 200, state.clock.describe());
      }
      case 'POST /__admin/rate-limit': {
        const body = z
          .object({ perMinute: z.number().int().min(0) })
          .strict()
          .parse(await readJson(request));
        state.rateLimiter.perMinute = body.perMinute;
        state.rateLimiter.reset();
        return sendJson(response, 200, { perMinute: body.perMinute });
      }
      case 'GET /__admin/requests': {
        const since = Number(url.searchParams.get('since') ?? 0);
        return sendJson(response, 200, { requests: state.requestLog.filter((entry) => entry.seq > since) });
      }
      case 'DELETE /__admin/requests':
        state.requestLog.length = 0;
        return sendJson(response, 200, { requests: [] });
      case 'GET /__admin/news':
        return sendJson(response, 200, state.news.describe());
      case 'POST /__admin/news': {
        const body = launchRequestSchema.parse(await readJson(request));
        return sendJson(response, 200, { ads: state.launchAds(body.brands, body.count, body.launchedDaysAgo) });
      }
      case 'POST /__admin/reset':
        state.reset();
        return sendJson(response, 200, { ok: true });
      default:
        return sendJson(response, 404, { error: `No admin route ${route}.` });
    }
  } catch (error) {
    const message =
      error instanceof z.ZodError
        ? error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
        : String(error);
    return sendJson(response, 400, { error: message });
  }
}
