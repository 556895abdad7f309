import { z } from 'zod/mini';
import { serializedApiErrorSchema } from '../lib/messaging/api-error-schema';
import { generationJobSchema } from '../lib/storage/generation-job-schema';

/** The records checked without zod, as JSON Schema derived from their zod schemas. */
export function derivedSchemas() {
  // Refinements (a URL's scheme, a prompt's words) stay with zod: the background checked them on write.
  const options = { io: 'output', unrepresentable: 'any' } as const;
  return {
    serializedApiError: z.toJSONSchema(serializedApiErrorSchema, options),
    generationJob: z.toJSONSchema(generationJobSchema, options),
  };
}
