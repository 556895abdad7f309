import type { SerializedApiError } from './api-error';
import { serializedApiError as serializedApiErrorSchema } from '../generated/record-schemas.json';
import { matchesSchema } from '../json-check';

/**
 * Checks an error that crossed a boundary, by the JSON Schema derived from the zod schema in
 * api-error-schema.ts: pages that only show errors (the popup) ship no schema library. The
 * worker, which ships zod anyway, is built with serialized-check-zod.ts in this module's place
 * (wxt.config.ts); a unit test proves the two agree.
 */
export function isSerializedApiError(value: unknown): value is SerializedApiError {
  return matchesSchema(serializedApiErrorSchema, value);
}
