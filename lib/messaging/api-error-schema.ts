import { z } from 'zod';
import { clientErrorCodes, REQUEST_ID_MAX_CHARS, REQUEST_ID_PATTERN, type SerializedApiError } from './api-error';

/**
 * A serialized ApiError in zod, for records validated on read (stored jobs and saves). Pages
 * that check a reply without zod use the JSON Schema derived from this one (lib/generated).
 */
export const serializedApiErrorSchema = z.object({
  code: z.union([z.number().int(), z.enum(clientErrorCodes)]),
  httpStatus: z.number().int().nullable(),
  message: z.string(),
  retryable: z.boolean(),
  field: z.string().optional(),
  retryAfterMs: z.number().nonnegative().optional(),
  details: z.unknown().optional(),
  requestId: z.string().min(1).max(REQUEST_ID_MAX_CHARS).regex(REQUEST_ID_PATTERN).optional(),
}) satisfies z.ZodType<SerializedApiError>;
