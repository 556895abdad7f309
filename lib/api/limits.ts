import { z } from 'zod';
import { ApiError, invalidInput } from './errors';
import { resolveWindow, type WindowParams } from './window';

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
export function validateMetrics(ids: readonly string[], catalogue?: ReadonlySet<string>): void {
  if (ids.length > LIMITS.maxMetrics) {
    throw invalidInput('metrics', `Pick at most ${LIMITS.maxMetrics} metrics (${ids.length} selected).`);
  }
  if (new Set(ids).size !== ids.length) throw invalidInput('metrics', 'A metric is selected twice.');
  if (catalogue) {
    const unknown = ids.filter((id) => !catalogue.has(id));
    if (unknown.length > 0) {
      throw invalidInput('metrics', `Not in this account's metric catalogue: ${unknown.join(', ')}.`);
    }
  }
}

/** Throws the first window rule broken, naming the field. */
export function validateWindow(params: WindowParams, now: Date): void {
  const result = resolveWindow(params, now);
  if (!result.ok) throw invalidInput(result.problem.field, result.problem.message);
}

/** Runs a zod schema over user input and turns its first issue into an ApiError naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, field?: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path.map(String).join('.') || field || 'input';
  throw new ApiError({
    code: 'invalid_input',
    field: path,
    message: issue?.message ?? `${path} is invalid.`,
    retryable: false,
  });
}
