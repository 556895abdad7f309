import { z } from 'zod';
import { serializedApiErrorSchema } from '../messaging/api-error-schema';
import { recordList } from './records';
import { defineValidatedItem } from './validated-item';

/**
 * Board saves and removals waiting to land, as the background's save outbox stores them in
 * storage.local; pages read them (toasts, saved states), only the background writes them.
 */
export const outboxEntrySchema = z.object({
  id: z.string(),
  op: z.enum(['save', 'remove']),
  boardId: z.string(),
  boardName: z.string(),
  adId: z.string(),
  tags: z.array(z.string()),
  createdAt: z.number(),
  attempts: z.number().int().min(0),
  nextAttemptAt: z.number(),
  status: z.enum(['pending', 'done', 'failed']),
  error: serializedApiErrorSchema.optional(),
  doneAt: z.number().optional(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
export type OutboxRequest = Pick<OutboxEntry, 'op' | 'boardId' | 'boardName' | 'adId' | 'tags'>;

/** The outbox lives in storage.local, so a killed worker or a browser restart loses nothing. */
export const outboxItem = defineValidatedItem('local:saveOutbox', recordList(outboxEntrySchema), {
  fallback: [],
  version: 1,
});
