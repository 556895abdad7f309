import { z } from 'zod';

/**
 * The ad ids of one brand Adscope has seen, with when each was first and last seen. "New" means
 * an id not in here, whatever its launch date: a late-indexed ad can carry an old one (spec 4.10).
 */
export interface SeenSet {
  /** [ad id, first seen, last seen], in no particular order. */
  entries: [string, number, number][];
}

export const seenSetSchema = z.object({
  entries: z.array(z.tuple([z.string().min(1).max(200), z.number(), z.number()])),
});

/** Most ids kept per brand: well above the ads a check looks at, so every id still in view stays. */
export const SEEN_LIMIT = 500;

export interface Diff {
  /** Ads not seen before, in the order the service listed them. */
  fresh: string[];
  seen: SeenSet;
}

/**
 * Compares one page of a brand's ads with what was seen: unseen ids are new and recorded as
 * first seen now; seen ones are refreshed. Past `limit`, the ids least recently seen go first,
 * so an id still on the brand's first pages is never dropped and so never counted twice.
 */
export function diffPage(seen: SeenSet, ids: readonly string[], now: number, limit = SEEN_LIMIT): Diff {
  const byId = new Map(seen.entries.map((entry) => [entry[0], entry] as const));
  const fresh: string[] = [];
  for (const id of ids) {
    const known = byId.get(id);
    if (known) {
      byId.set(id, [id, known[1], now]);
    } else if (!fresh.includes(id)) {
      fresh.push(id);
      byId.set(id, [id, now, now]);
    }
  }
  let entries = [...byId.values()];
  if (entries.length > limit) {
    entries.sort((a, b) => b[2] - a[2] || b[1] - a[1]);
    entries = entries.slice(0, limit);
  }
  return { fresh, seen: { entries } };
}
