import { z } from 'zod/mini';
import { lazily } from '../lazy';
import { ALTERNATIVE_NAMES, unwrapped, withNames } from './alternatives';
import { generationIdSchema } from './ids';
import { optionalCount, optionalText, tolerantArray } from './tolerant';

/**
 * An image generation (spec 2, OpenImageGeneration): generation_id, status and image_ids are
 * stated and required. `status` is kept as sent: a value outside the documented five is the
 * tracker's to tolerate, not a parse failure. The rest is not shown: a per-image list (the
 * reference server's `images`) and what the record says it made (aspect ratio, language),
 * each by any known name and each possibly absent.
 */
export const generationSchema = lazily(() =>
  withNames(
    {
      images: ALTERNATIVE_NAMES.generationImages,
      aspect_ratio: ALTERNATIVE_NAMES.aspectRatio,
      output_language: ALTERNATIVE_NAMES.outputLanguage,
    },
    z.looseObject({
      generation_id: generationIdSchema,
      status: z.string().check(z.maxLength(40)),
      image_ids: z.pipe(
        z.array(z.unknown(), { error: 'image_ids must be a list.' }),
        z.transform((ids) =>
          ids.flatMap((id) => (typeof id === 'string' && id.length > 0 && id.length <= 100 ? [id] : [])),
        ),
      ),
      concept_ids: tolerantArray(z.string().check(z.maxLength(100))),
      images: tolerantArray(
        withNames(
          { image_id: ALTERNATIVE_NAMES.imageId, status: ALTERNATIVE_NAMES.imageStatus },
          z.looseObject({
            image_id: z.string().check(z.minLength(1), z.maxLength(100)),
            status: z.string().check(z.maxLength(40)),
          }),
        ),
      ),
      aspect_ratio: z.catch(z.optional(z.string().check(z.maxLength(40))), undefined),
      output_language: z.catch(z.optional(z.string().check(z.maxLength(40))), undefined),
    }),
  ),
);
export type Generation = z.infer<typeof generationSchema>;

/**
 * One generated image (spec 4.18): `id` is stated; the URL's field name and every other field
 * are not shown, so they are read by any known name. Without a status, a URL means rendered.
 */
export const generatedImageSchema = lazily(() =>
  unwrapped(
    ['id'],
    withNames(
      {
        url: ALTERNATIVE_NAMES.generatedUrl,
        status: ALTERNATIVE_NAMES.imageStatus,
        concept: ALTERNATIVE_NAMES.concept,
        error: ALTERNATIVE_NAMES.imageError,
      },
      z.looseObject({
        id: z.string().check(z.minLength(1), z.maxLength(100)),
        status: optionalText(),
        url: optionalText(),
        concept: optionalText(),
        error: optionalText(),
        width: optionalCount(),
        height: optionalCount(),
      }),
    ),
  ),
);
export type GeneratedImage = z.infer<typeof generatedImageSchema>;
