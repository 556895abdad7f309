import { z } from 'zod/mini';
import { generationChoiceSchema } from '../contract/generation-fields';
import { serializedApiErrorSchema } from '../messaging/api-error-schema';
import { lazily, once } from '../lazy';

/**
 * An image-generation job as the background's tracker stores it. The popup checks stored
 * jobs by the JSON Schema derived from this one (lib/generated), without zod.
 */
const imageStateSchema = once(() =>
  z.object({
    id: z.string(),
    /** unreadable: the generation ended, and this image's result (its URL) could not be read. */
    status: z.enum(['processing', 'success', 'failed', 'unreadable']),
    url: z.nullable(z.string()),
    concept: z.nullable(z.string()),
    error: z.nullable(z.string()),
  }),
);
export type JobImage = z.infer<ReturnType<typeof imageStateSchema>>;

export const generationJobSchema = lazily(() =>
  z.object({
    /** The idempotency key: made and stored before the first send, reused by every retry. */
    id: z.string().check(z.minLength(8), z.maxLength(200)),
    createdAt: z.number(),
    choice: generationChoiceSchema,
    brandName: z.string().check(z.maxLength(200)),
    /**
     * submitting: the POST has not been answered; running: polling; done / failed: terminal here;
     * unconfirmed: a submit may have reached the service (its answer was lost) and the check with
     * the same key was refused (the plan's allowance): checked again later, never shown as failed.
     */
    phase: z.enum(['submitting', 'running', 'done', 'failed', 'unconfirmed']),
    /** A submit's answer was lost: the service may have created (and charged) the generation. */
    maybeCreated: z.optional(z.boolean()),
    /** A submit was on its way; still set when a worker stopped before its answer was read. */
    sending: z.optional(z.boolean()),
    /** Polls since the service accepted it (or Retry checked it again): one running far longer is no longer polled. */
    runningPolls: z.optional(z.number().check(z.int(), z.gte(0))),
    submitAttempts: z.number().check(z.int(), z.gte(0)),
    pollFailures: z.number().check(z.int(), z.gte(0)),
    nextAt: z.number(),
    /** When nextAt was set: a clock now earlier than this went back, and the job is due. */
    scheduledAt: z.optional(z.number()),
    generationId: z.nullable(z.string()),
    /** The server's status as last read (it may be a value outside the documented five). */
    status: z.nullable(z.string()),
    imageIds: z.array(z.string()),
    images: z.array(imageStateSchema()),
    error: z.nullable(serializedApiErrorSchema),
    finishedAt: z.nullable(z.number()),
    /** The workspace (a digest of address and key) it was made in; sent and polled only with that connection. */
    workspace: z.optional(z.string().check(z.maxLength(64))),
    /** The answer did not honour the choice (its record says another aspect ratio or language). */
    warning: z.optional(z.string().check(z.maxLength(500))),
    /** Polls since the generation ended with images still unread; bounded, then polling stops. */
    terminalPolls: z.optional(z.number().check(z.int(), z.gte(0))),
    /** Not sent or polled for now: the key set now is another workspace's. */
    held: z.optional(z.boolean()),
  }),
);
export type GenerationJob = z.infer<typeof generationJobSchema>;
