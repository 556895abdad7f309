import type { SerializedApiError } from './api-error';
import { serializedApiErrorSchema } from './api-error-schema';

/** The worker's check of an error that crossed a boundary: by the zod schema it ships anyway (see serialized-check.ts). */
export function isSerializedApiError(value: unknown): value is SerializedApiError {
  return serializedApiErrorSchema.safeParse(value).success;
}
