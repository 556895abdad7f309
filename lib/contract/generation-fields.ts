import { z } from 'zod';
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

const httpUrl = (field: string) =>
  z
    .string({ error: `${field} must be a web address.` })
    .max(2048, `${field} is longer than 2048 characters.`)
    .refine((value) => safeHttpUrl(value) !== null, `${field} must be an http(s) address without credentials.`);

const hexColor = z
  .string({ error: 'Each color must be a hex code such as #1f6f4a.' })
  .regex(/^#[0-9a-f]{6}$/i, 'Each color must be a hex code such as #1f6f4a.');

/** The body's fields after the idempotency key: what the user chooses. */
export const generationChoiceSchema = z.object({
  prompt: promptSchema,
  brand_id: z
    .string({ error: 'brand_id is required: pick one of your brands.' })
    .min(1, 'Pick one of your brands.')
    .max(64),
  aspect_ratio: z.enum(ASPECT_RATIOS, { error: `aspect_ratio must be one of ${ASPECT_RATIOS.join(', ')}.` }).optional(),
  size: generationSizeSchema.optional(),
  output_language: z
    .enum(OUTPUT_LANGUAGES, { error: `output_language must be one of ${OUTPUT_LANGUAGES.join(', ')}.` })
    .optional(),
  reference_image_url: httpUrl('reference_image_url').optional(),
  logo_url: httpUrl('logo_url').optional(),
  product_image_urls: z
    .array(httpUrl('Each product image'))
    .max(MAX_PRODUCT_IMAGES, `At most ${MAX_PRODUCT_IMAGES} product images.`)
    .optional(),
  colors: z.array(hexColor).max(MAX_COLORS, `At most ${MAX_COLORS} colors.`).optional(),
  correlation_id: z.string().max(MAX_KEY, `correlation_id is at most ${MAX_KEY} characters.`).optional(),
});
export type GenerationChoice = z.infer<typeof generationChoiceSchema>;

export const generationBodySchema = generationChoiceSchema.extend({
  idempotency_key: z
    .string({ error: 'idempotency_key is required.' })
    .min(8, 'idempotency_key must be at least 8 characters: use a UUID per attempt.')
    .max(MAX_KEY, `idempotency_key is at most ${MAX_KEY} characters.`),
});
export type GenerationBody = z.infer<typeof generationBodySchema>;

/** Credits a submit reserves: the per-image rate times size. */
export function generationCost(size: number | undefined): number {
  return CREDITS_PER_IMAGE * (size ?? LIMITS.generationSize.default);
}
