import { z } from 'zod/mini';
import { safeHttpUrl } from '../url';
import { LIMITS } from './limits';
import { checkWords } from './words';
import { lazily, once } from '../lazy';

/**
 * The image-generation request body (spec 4.16), shared by the client and the reference
 * server so both enforce the same rules. The contract names `idempotency_key`, `prompt`,
 * `brand_id`, `size` and `product_image_urls`, and `colors`; it leaves the other optional
 * fields unnamed. Our names for them, here and nowhere else (an assumption, see
 * docs/api-contract.md):
 * `aspect_ratio`, `output_language`, `reference_image_url`, `logo_url`, `correlation_id`.
 */
export const ASPECT_RATIOS = ['1:1', '4:5', '9:16', '16:9', '1.91:1'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** Output languages we offer (ISO 639-1); the contract's default is English. */
export const OUTPUT_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'sv', 'ja'] as const;

/** Credits per image: "the same per-image rate as the in-app feature", whose number is not shown (an assumption). */
export const CREDITS_PER_IMAGE = 4;

export const MAX_PRODUCT_IMAGES = 10;
export const MAX_COLORS = 10;
const MAX_KEY = 200;

export const generationStatuses = ['pending', 'processing', 'success', 'partial_success', 'failed'] as const;
export type GenerationStatus = (typeof generationStatuses)[number];
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['success', 'partial_success', 'failed']);

const sizeRange = {
  error: () =>
    checkWords('checks.range', { field: 'size', min: LIMITS.generationSize.min, max: LIMITS.generationSize.max }),
};
export const generationSizeSchema = lazily(() =>
  z
    .number({ error: () => checkWords('checks.number', { field: 'size' }) })
    .check(
      z.int({ error: () => checkWords('checks.whole', { field: 'size' }) }),
      z.gte(LIMITS.generationSize.min, sizeRange),
      z.lte(LIMITS.generationSize.max, sizeRange),
    ),
);

export const promptSchema = lazily(() =>
  z.string().check(
    z.refine((s) => s.trim().length > 0, { error: () => checkWords('checks.prompt.empty') }),
    z.superRefine((s, context) => {
      if (s.length > LIMITS.promptMaxChars) {
        context.addIssue({
          code: 'custom',
          message: checkWords('checks.prompt.tooLong', { length: s.length, limit: LIMITS.promptMaxChars }),
        });
      }
    }),
  ),
);

/** A web address field; `field` is the field's own name (`logo_url`), or null for each product image. */
const httpUrl = (field: string | null) => {
  const values = { field: field ?? '' };
  return z
    .string({
      error: () => (field ? checkWords('checks.url.notText', values) : checkWords('checks.url.productNotText')),
    })
    .check(
      z.maxLength(2048, {
        error: () => (field ? checkWords('checks.url.tooLong', values) : checkWords('checks.url.productTooLong')),
      }),
      z.refine((value) => safeHttpUrl(value) !== null, {
        error: () => (field ? checkWords('checks.url.notHttp', values) : checkWords('checks.url.productNotHttp')),
      }),
    );
};

const hexColorWords = { error: () => checkWords('checks.color.hex') };
const hexColor = once(() => z.string(hexColorWords).check(z.regex(/^#[0-9a-f]{6}$/i, hexColorWords)));

/** The body's fields after the idempotency key: what the user chooses. */
export const generationChoiceSchema = lazily(() =>
  z.object({
    prompt: promptSchema,
    brand_id: z
      .string({ error: () => checkWords('checks.brand.required') })
      .check(z.minLength(1, { error: () => checkWords('checks.brand.pick') }), z.maxLength(64)),
    aspect_ratio: z.optional(
      z.enum(ASPECT_RATIOS, {
        error: () => checkWords('checks.oneOf', { field: 'aspect_ratio', values: ASPECT_RATIOS.join(', ') }),
      }),
    ),
    size: z.optional(generationSizeSchema),
    output_language: z.optional(
      z.enum(OUTPUT_LANGUAGES, {
        error: () => checkWords('checks.oneOf', { field: 'output_language', values: OUTPUT_LANGUAGES.join(', ') }),
      }),
    ),
    reference_image_url: z.optional(httpUrl('reference_image_url')),
    logo_url: z.optional(httpUrl('logo_url')),
    product_image_urls: z.optional(
      z.array(httpUrl(null)).check(
        z.maxLength(MAX_PRODUCT_IMAGES, {
          error: () => checkWords('checks.productImages.tooMany', { count: MAX_PRODUCT_IMAGES }),
        }),
      ),
    ),
    colors: z.optional(
      z
        .array(hexColor())
        .check(z.maxLength(MAX_COLORS, { error: () => checkWords('checks.color.tooMany', { count: MAX_COLORS }) })),
    ),
    correlation_id: z.optional(
      z.string().check(
        z.maxLength(MAX_KEY, {
          error: () => checkWords('checks.atMostChars', { field: 'correlation_id', count: MAX_KEY }),
        }),
      ),
    ),
  }),
);
export type GenerationChoice = z.infer<typeof generationChoiceSchema>;

export const generationBodySchema = lazily(() =>
  z.extend(generationChoiceSchema, {
    idempotency_key: z.string({ error: () => checkWords('checks.required', { field: 'idempotency_key' }) }).check(
      z.minLength(8, { error: () => checkWords('checks.idempotencyKey.short') }),
      z.maxLength(MAX_KEY, {
        error: () => checkWords('checks.atMostChars', { field: 'idempotency_key', count: MAX_KEY }),
      }),
    ),
  }),
);
export type GenerationBody = z.infer<typeof generationBodySchema>;

/** Credits a submit reserves: the per-image rate times size. */
export function generationCost(size: number | undefined): number {
  return CREDITS_PER_IMAGE * (size ?? LIMITS.generationSize.default);
}
