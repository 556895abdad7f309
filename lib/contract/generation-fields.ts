import { z } from 'zod/mini';
import { safeHttpUrl } from '../url';
import { LIMITS } from './limits';

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

export const generationSizeSchema = z
  .number({ error: 'size must be a number.' })
  .check(
    z.int('size must be a whole number.'),
    z.gte(
      LIMITS.generationSize.min,
      `size must be between ${LIMITS.generationSize.min} and ${LIMITS.generationSize.max}.`,
    ),
    z.lte(
      LIMITS.generationSize.max,
      `size must be between ${LIMITS.generationSize.min} and ${LIMITS.generationSize.max}.`,
    ),
  );

export const promptSchema = z.string().check(
  z.refine((s) => s.trim().length > 0, 'prompt cannot be empty: describe the ad you want.'),
  z.superRefine((s, context) => {
    if (s.length > LIMITS.promptMaxChars) {
      context.addIssue({
        code: 'custom',
        message: `prompt is ${s.length} characters; the limit is ${LIMITS.promptMaxChars}.`,
      });
    }
  }),
);

const httpUrl = (field: string) =>
  z.string({ error: `${field} must be a web address.` }).check(
    z.maxLength(2048, `${field} is longer than 2048 characters.`),
    z.refine((value) => safeHttpUrl(value) !== null, `${field} must be an http(s) address without credentials.`),
  );

const hexColor = z
  .string({ error: 'Each color must be a hex code such as #1f6f4a.' })
  .check(z.regex(/^#[0-9a-f]{6}$/i, 'Each color must be a hex code such as #1f6f4a.'));

/** The body's fields after the idempotency key: what the user chooses. */
export const generationChoiceSchema = z.object({
  prompt: promptSchema,
  brand_id: z
    .string({ error: 'brand_id is required: pick one of your brands.' })
    .check(z.minLength(1, 'Pick one of your brands.'), z.maxLength(64)),
  aspect_ratio: z.optional(
    z.enum(ASPECT_RATIOS, { error: `aspect_ratio must be one of ${ASPECT_RATIOS.join(', ')}.` }),
  ),
  size: z.optional(generationSizeSchema),
  output_language: z.optional(
    z.enum(OUTPUT_LANGUAGES, { error: `output_language must be one of ${OUTPUT_LANGUAGES.join(', ')}.` }),
  ),
  reference_image_url: z.optional(httpUrl('reference_image_url')),
  logo_url: z.optional(httpUrl('logo_url')),
  product_image_urls: z.optional(
    z
      .array(httpUrl('Each product image'))
      .check(z.maxLength(MAX_PRODUCT_IMAGES, `At most ${MAX_PRODUCT_IMAGES} product images.`)),
  ),
  colors: z.optional(z.array(hexColor).check(z.maxLength(MAX_COLORS, `At most ${MAX_COLORS} colors.`))),
  correlation_id: z.optional(
    z.string().check(z.maxLength(MAX_KEY, `correlation_id is at most ${MAX_KEY} characters.`)),
  ),
});
export type GenerationChoice = z.infer<typeof generationChoiceSchema>;

export const generationBodySchema = z.extend(generationChoiceSchema, {
  idempotency_key: z
    .string({ error: 'idempotency_key is required.' })
    .check(
      z.minLength(8, 'idempotency_key must be at least 8 characters: use a UUID per attempt.'),
      z.maxLength(MAX_KEY, `idempotency_key is at most ${MAX_KEY} characters.`),
    ),
});
export type GenerationBody = z.infer<typeof generationBodySchema>;

/** Credits a submit reserves: the per-image rate times size. */
export function generationCost(size: number | undefined): number {
  return CREDITS_PER_IMAGE * (size ?? LIMITS.generationSize.default);
}
