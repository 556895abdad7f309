import { z } from 'zod';
import { generationChoiceSchema } from '../contract/generation-fields';
import { serializedApiErrorSchema } from '../messaging/api-error-schema';

/**
 * An image-generation job as the background's tracker stores it. The popup checks stored
 * jobs by the JSON Schema derived from this one (lib/generated), without zod.
 */
const imageStateSchema = z.object({
  id: z.string(),
  /** unreadable: the generation ended, and this image's result (its URL) could not be read. */
  status: z.enum(['processing', 'success', 'failed', 'unreadable']),
  url: z.string().nullable(),
  concept: z.string().nullable(),
  error: z.string().nullable(),
});
export type JobImage = z.infer<typeof imageStateSchema>;

export const generationJobSchema = z.object({
  /** The idempotency key: made and stored before the first send, reused by every retry. */
  id: z.string().min(8).max(200),
  createdAt: z.number(),
  choice: generationChoiceSchema,
  brandName: z.string().max(200),
  /**
   * submitting: the POST has not been answered; running: polling; done / failed: terminal here;
   * unconfirmed: a submit may have reached the service (its answer was lost) and the check with
   * the same key was refused (the plan's allowance): checked again later, never shown as failed.
   */
  phase: z.enum(['submitting', 'running', 'done', 'failed', 'unconfirmed']),
  /** A submit's answer was lost: the service may have created (and charged) the generation. */
  maybeCreated: z.boolean().optional(),
  submitAttempts: z.number().int().min(0),
  pollFailures: z.number().int().min(0),
  nextAt: z.number(),
  /** When nextAt was set: a clock now earlier than this went back, and the job is due. */
  scheduledAt: z.number().optional(),
  generationId: z.string().nullable(),
  /** The server's status as last read (it may be a value outside the documented five). */
  status: z.string().nullable(),
  imageIds: z.array(z.string()),
  images: z.array(imageStateSchema),
  error: serializedApiErrorSchema.nullable(),
  finishedAt: z.number().nullable(),
  /** The workspace (a digest of address and key) it was made in; sent and polled only with that connection. */
  workspace: z.string().max(64).optional(),
  /** The answer did not honour the choice (its record says another aspect ratio or language). */
  warning: z.string().max(500).optional(),
  /** Polls since the generation ended with images still unread; bounded, then polling stops. */
  terminalPolls: z.number().int().min(0).optional(),
  /** Not sent or polled for now: the key set now is another workspace's. */
  held: z.boolean().optional(),
});
export type GenerationJob = z.infer<typeof generationJobSchema>;
