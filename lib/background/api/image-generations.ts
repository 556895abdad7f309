import { type GenerationBody, generationBodySchema } from '../../contract/generation-fields';
import { generatedImageSchema, generationSchema } from '../../contract/image-generations';
import { apiPath } from '../../contract/path';
import { parseInput } from '../parse-input';
import type { Transport } from './transport';

/**
 * POST /image-generations is sent once per call, never retried here: the generation tracker
 * (lib/background/jobs) decides, keeping the same idempotency key, and never retries quota or plan errors.
 */
export function imageGenerationsApi(transport: Transport) {
  return {
    submit: (body: GenerationBody, signal?: AbortSignal) =>
      transport.post(apiPath('image-generations'), {
        schema: generationSchema,
        body: parseInput(generationBodySchema, body),
        ...(signal ? { signal } : {}),
      }),
    get: (generationId: string, signal?: AbortSignal) =>
      transport.get(apiPath('image-generations', generationId), {
        schema: generationSchema,
        ...(signal ? { signal } : {}),
      }),
    image: (generationId: string, imageId: string, signal?: AbortSignal) =>
      transport.get(apiPath('image-generations', generationId, 'images', imageId), {
        schema: generatedImageSchema,
        ...(signal ? { signal } : {}),
      }),
  };
}
