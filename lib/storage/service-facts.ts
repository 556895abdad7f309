import { z } from 'zod/mini';
import { defineValidatedItem } from './validated-item';
import { lazily } from '../lazy';
import { inTurn } from '../in-turn';

/**
 * What Adscope learned about each service it was connected to, from the service's own answers,
 * kept per service (its base URL) so a new key for the same service keeps it and another
 * service starts without it. Only the background writes it; pages read it to say, before they
 * ask, where a save will go and which filters the service takes.
 */
export const serviceFactsSchema = lazily(() =>
  z.object({
    /**
     * Whether the service accepts board writes through its API: `refused` once a write was
     * answered "no such endpoint" (40401, HTTP 404 or 405) for a board its board list still shows.
     */
    boardWrites: z.optional(z.enum(['accepted', 'refused'])),
    /** When boardWrites was learned (ms). */
    boardWritesAt: z.optional(z.number()),
    /** The service's words when it refused a board write, for the save dialog's "why". */
    boardWritesMessage: z.optional(z.string().check(z.maxLength(300))),
    /** Largest value a query parameter may take, learned from a 40001 that named it and its bound: `{ page_size: 50 }`. */
    maxima: z.optional(z.record(z.string().check(z.maxLength(64)), z.number().check(z.int(), z.positive()))),
    /** Search parameters the service refused by name (a 40001 naming them): their filters are hidden for it. */
    refusedParams: z.optional(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(20))),
    /** The service's words when it refused those parameters. */
    refusedParamsMessage: z.optional(z.string().check(z.maxLength(300))),
  }),
);
export type ServiceFacts = z.infer<typeof serviceFactsSchema>;

/** Services are few (one at a time, a second for a day): at most this many are remembered, newest kept. */
export const MAX_SERVICES = 8;

const serviceFactsMapSchema = lazily(() =>
  z
    .record(z.string().check(z.maxLength(2048)), serviceFactsSchema)
    .check(
      z.refine((map) => Object.keys(map).length <= MAX_SERVICES, `At most ${MAX_SERVICES} services are remembered.`),
    ),
);

export const serviceFactsItem = defineValidatedItem('local:serviceFacts', serviceFactsMapSchema, {
  fallback: {},
  version: 1,
});

/** The service a base URL names: its URL without a trailing slash. */
export function serviceKey(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

/** The facts learned about one service; empty when none. */
export async function factsOf(baseUrl: string): Promise<ServiceFacts> {
  return (await serviceFactsItem.get())[serviceKey(baseUrl)] ?? {};
}

const factChanges = inTurn();

/** Changes one service's facts; the oldest other services are forgotten past MAX_SERVICES. */
export function updateFacts(baseUrl: string, change: (facts: ServiceFacts) => ServiceFacts): Promise<ServiceFacts> {
  // In turn: two lessons learned at once (a bound, a refused filter) each read what the other wrote.
  return factChanges(async () => {
    const key = serviceKey(baseUrl);
    const all = await serviceFactsItem.get();
    const next = serviceFactsSchema.parse(change({ ...(all[key] ?? {}) }));
    const { [key]: _old, ...others } = all;
    const kept = Object.entries(others).slice(-(MAX_SERVICES - 1));
    await serviceFactsItem.set({ ...Object.fromEntries(kept), [key]: next });
    return next;
  });
}
