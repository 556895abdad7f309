import type { ServiceFactsAccess } from '../../lib/background/api/learned-limits';
import { createTransport, type TransportOptions } from '../../lib/background/api/transport';
import { fixedClock } from './clock';
import type { ServiceFacts } from '../../lib/storage/service-facts';

/** One request as the fake service saw it. */
export interface SeenRequest {
  method: string;
  url: URL;
}

/** What the fake service answers a request with. */
export type Answer = (request: SeenRequest) => Response;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** An Open API v1 success. */
export const ok = (data: unknown, headers: Record<string, string> = {}) =>
  json(200, { code: 0, message: 'ok', data }, headers);

/** The real service's gateway error, outside the envelope. */
export const flat = (
  status: number,
  error: string,
  message: string,
  requestId = '20a3d4af927efade86e6ff9f1cae3ff7',
  headers: Record<string, string> = {},
) => json(status, { error, message, request_id: requestId }, headers);

/**
 * A fetch that answers from a script: each request takes the next answer (the last one repeats),
 * and every request is logged with its method and URL.
 */
export function scriptedFetch(...answers: Answer[]) {
  const requests: SeenRequest[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const seen = { method: request.method, url: new URL(request.url) };
    requests.push(seen);
    const answer = answers[Math.min(requests.length - 1, answers.length - 1)];
    if (!answer) throw new Error('the fake service has no answer');
    return answer(seen);
  };
  return { fetch, requests };
}

/** Service facts in memory, with a count of reads: what a transport learned, without extension storage. */
export function factsInMemory(initial: Record<string, ServiceFacts> = {}) {
  const all = new Map(Object.entries(initial));
  let reads = 0;
  const access: ServiceFactsAccess = {
    read: async (baseUrl) => {
      reads += 1;
      return structuredClone(all.get(baseUrl) ?? {});
    },
    learnMax: async (baseUrl, param, max) => {
      const facts = { ...all.get(baseUrl), maxima: { ...all.get(baseUrl)?.maxima, [param]: max } };
      all.set(baseUrl, facts);
      return structuredClone(facts);
    },
    learnRefused: async (baseUrl, params, message) => {
      const before = all.get(baseUrl) ?? {};
      const facts = {
        ...before,
        refusedParams: [...new Set([...(before.refusedParams ?? []), ...params])],
        refusedParamsMessage: message,
      };
      all.set(baseUrl, facts);
      return structuredClone(facts);
    },
  };
  return {
    access,
    of: (baseUrl: string) => all.get(baseUrl) ?? {},
    get reads() {
      return reads;
    },
  };
}

/** A real service's address and a key of its documented shape, for transports over a scripted service. */
export const REAL_BASE = 'https://api.example.com';
export const REAL_KEY = 'atria-sk_0123456789abcdef0123456789abcdef';

/** A transport over a scripted service, with a fixed clock and facts kept in memory. */
export function scriptedTransport(answers: Answer[], options: Partial<TransportOptions> = {}) {
  const service = scriptedFetch(...answers);
  const transport = createTransport({
    getConnection: async () => ({ baseUrl: REAL_BASE, apiKey: REAL_KEY }),
    fetch: service.fetch,
    backoffBaseMs: 1,
    backoffLimitMs: 2,
    facts: factsInMemory().access,
    clock: fixedClock(),
    ...options,
  });
  return { transport, requests: service.requests };
}
