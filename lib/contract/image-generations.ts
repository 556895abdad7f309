import { z } from 'zod';
import { optionalCount, optionalText, tolerantArray } from './tolerant';

/**
 * An image generation (spec 2, OpenImageGeneration). `status` is kept as sent: a value
 * outside the documented five is the tracker's to tolerate, not a parse failure. `images`
 * (each image's status) is the reference server's extra; without it, image details tell.
 */
export const generationSchema = z.looseObject({
  generation_id: z.string().min(1).max(64),
  status: z.string().max(40),
  image_ids: tolerantArray(z.string().min(1).max(100)),
  concept_ids: tolerantArray(z.string().max(100)),
  images: tolerantArray(z.looseObject({ image_id: z.string().min(1).max(100), status: z.string().max(40) })),
});
export type Generation = z.infer<typeof generationSchema>;

/** One generated image (spec 4.18); the URL's field name is not shown: `url` is the reference server's. */
export const generatedImageSchema = z.looseObject({
  id: z.string().min(1).max(100),
  status: optionalText,
  url: optionalText,
  concept: optionalText,
  error: optionalText,
  width: optionalCount,
  height: optionalCount,
});
export type GeneratedImage = z.infer<typeof generatedImageSchema>;
