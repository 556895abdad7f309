import { z } from 'zod/mini';
import { clientErrorCodes, REQUEST_ID_MAX_CHARS, REQUEST_ID_PATTERN, type SerializedApiError } from './api-error';
import { lazily } from '../lazy';

/**
 * A serialized ApiError in zod, for records validated on read (stored jobs and saves). Pages
 * that check a reply without zod use the JSON Schema derived from this one (lib/generated).
 */
export const serializedApiErrorSchema = lazily(
  () =>
    z.object({
      code: z.union([z.number().check(z.int()), z.enum(clientErrorCodes)]),
      httpStatus: z.nullable(z.number().check(z.int())),
      message: z.string(),
      retryable: z.boolean(),
      field: z.optional(z.string()),
      retryAfterMs: z.optional(z.number().check(z.nonnegative())),
      details: z.optional(z.unknown()),
      requestId: z.optional(
        z.string().check(z.minLength(1), z.maxLength(REQUEST_ID_MAX_CHARS), z.regex(REQUEST_ID_PATTERN)),
      ),
    }) satisfies z.ZodMiniType<SerializedApiError>,
);
