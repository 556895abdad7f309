import { z } from 'zod/mini';
import { Random } from './random';
import { IN_WORDS } from '../lib/contract/issue-words';

export const malformedKinds = [
  'html',
  'empty',
  'truncated',
  'code-string',
  'missing-data',
  'huge',
  'status-backwards',
] as const;
export type MalformedKind = (typeof malformedKinds)[number];

/**
 * A fault rule, set from tests through POST /__admin/faults. Off by default. A rule applies
 * to API requests whose method and path match, with probability `rate`, at most `times` times.
 */
export const faultRuleSchema = z.strictObject({
  kind: z.enum([
    'latency',
    'upstream',
    'rate-limit',
    'drop-before',
    'drop-after',
    'malformed',
    'redirect',
    'gateway',
    'gateway-status',
    'slow-work',
  ]),
  method: z.optional(z.enum(['GET', 'POST', 'DELETE'])),
  /** Substring of the path after the version prefix, e.g. "/owned-brands". */
  path: z.optional(z.string().check(z.maxLength(200))),
  times: z.optional(z.number().check(z.int(), z.positive())),
  rate: z._default(z.number().check(z.gte(0), z.lte(1)), 1),
  /** `latency`: a wait before the request is read; `slow-work`: the handler's own work takes this long. */
  latencyMs: z.optional(z.number().check(z.int(), z.gte(0), z.lte(60_000))),
  /** Retry-After header sent with a 429, as seconds or an HTTP date. */
  retryAfter: z.optional(z.string().check(z.maxLength(64))),
  body: z.optional(z.enum(malformedKinds)),
  /** Where a `redirect` (HTTP 307) points. */
  location: z.optional(z.url().check(z.maxLength(2048))),
  /** `gateway-status`: the gateway's HTTP status (default 403), and its flat body's `error` and `message`. */
  status: z.optional(z.number().check(z.int(), z.gte(400), z.lte(599))),
  error: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  message: z.optional(z.string().check(z.maxLength(500))),
});
export type FaultRuleInput = z.input<typeof faultRuleSchema>;
export type FaultRule = z.output<typeof faultRuleSchema> & { id: number; hits: number };

export class Faults {
  private rules: FaultRule[] = [];
  private nextId = 1;
  private readonly random: Random;

  constructor(seed: number) {
    this.random = new Random(seed).fork('faults');
  }

  add(input: unknown): FaultRule {
    const rule: FaultRule = { ...faultRuleSchema.parse(input, IN_WORDS), id: this.nextId++, hits: 0 };
    this.rules.push(rule);
    return rule;
  }

  clear(): void {
    this.rules = [];
  }

  list(): readonly FaultRule[] {
    return this.rules;
  }

  /** The rules that fire for this request, each consuming one of its `times`. */
  take(method: string, path: string): FaultRule[] {
    const fired: FaultRule[] = [];
    for (const rule of this.rules) {
      if (rule.method && rule.method !== method) continue;
      if (rule.path && !path.includes(rule.path)) continue;
      if (rule.rate < 1 && !this.random.chance(rule.rate)) continue;
      rule.hits += 1;
      if (rule.times !== undefined) rule.times -= 1;
      fired.push(rule);
    }
    this.rules = this.rules.filter((rule) => rule.times === undefined || rule.times > 0);
    return fired;
  }
}
