import { z } from 'zod';

/** A rule a request breaks, naming the field: the client shows it on the field, the server answers 40001 with it. */
export interface Problem {
  field: string;
  message: string;
}

/** Documented limits of spec section 8, enforced before any request is sent. */
export const LIMITS = {
  maxMetrics: 20,
  adsLimit: { min: 1, max: 50, default: 10 },
  generationSize: { min: 1, max: 20, default: 1 },
  promptMaxChars: 10_000,
} as const;

const DASHED_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COMPACT_UUID = /^[0-9a-f]{32}$/i;

export function isUuid(value: string): boolean {
  return DASHED_UUID.test(value) || COMPACT_UUID.test(value);
}

/** A UUID in either accepted form as dashed lower case, or null when it is not one. */
export function canonicalUuid(value: string): string | null {
  if (DASHED_UUID.test(value)) return value.toLowerCase();
  if (!COMPACT_UUID.test(value)) return null;
  const v = value.toLowerCase();
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`;
}

/** A UUID in dashed form or as 32 hex characters (spec 2, ad account). */
export const uuidSchema = (field: string) =>
  z.string().refine(isUuid, `${field} must be a UUID (dashed, or 32 hex characters).`);

export const adsLimitSchema = z
  .number({ error: 'limit must be a number.' })
  .int('limit must be a whole number.')
  .min(LIMITS.adsLimit.min, `limit must be between ${LIMITS.adsLimit.min} and ${LIMITS.adsLimit.max}.`)
  .max(LIMITS.adsLimit.max, `limit must be between ${LIMITS.adsLimit.min} and ${LIMITS.adsLimit.max}.`);

export const generationSizeSchema = z
  .number({ error: 'size must be a number.' })
  .int('size must be a whole number.')
  .min(LIMITS.generationSize.min, `size must be between ${LIMITS.generationSize.min} and ${LIMITS.generationSize.max}.`)
  .max(
    LIMITS.generationSize.max,
    `size must be between ${LIMITS.generationSize.min} and ${LIMITS.generationSize.max}.`,
  );

export const promptSchema = z
  .string()
  .refine((s) => s.trim().length > 0, 'prompt cannot be empty: describe the ad you want.')
  .superRefine((s, context) => {
    if (s.length > LIMITS.promptMaxChars) {
      context.addIssue({
        code: 'custom',
        message: `prompt is ${s.length} characters; the limit is ${LIMITS.promptMaxChars}.`,
      });
    }
  });

/** Metric ids: at most 20, each one from the account's catalogue when the catalogue is known. */
export function metricsProblem(ids: readonly string[], catalogue?: ReadonlySet<string>): Problem | null {
  if (ids.length > LIMITS.maxMetrics) {
    return {
      field: 'metrics',
      message: `At most ${LIMITS.maxMetrics} metric ids per request (${ids.length} selected).`,
    };
  }
  const unknown = catalogue ? ids.filter((id) => !catalogue.has(id)) : [];
  if (unknown.length > 0) {
    return { field: 'metrics', message: `Not in this account's metric catalogue: ${unknown.join(', ')}.` };
  }
  return null;
}
