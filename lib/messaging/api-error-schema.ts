import { z } from 'zod';
import { clientErrorCodes, type SerializedApiError } from './api-error';

/** The zod form of a serialized ApiError, for data validated on read (stored jobs and saves). */
export const serializedApiErrorSchema: z.ZodType<SerializedApiError> = z.object({
  code: z.union([z.number().int(), z.enum(clientErrorCodes)]),
  httpStatus: z.number().int().nullable(),
  message: z.string(),
  retryable: z.boolean(),
  field: z.string().optional(),
  retryAfterMs: z.number().nonnegative().optional(),
  details: z.unknown().optional(),
});
