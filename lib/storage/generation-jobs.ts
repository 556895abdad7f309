import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { generationChoiceSchema } from '../contract/generation-fields';
import { isSerializedApiError } from '../messaging/api-error';
import { serializedApiErrorSchema } from '../messaging/api-error-schema';
import { defineValidatedItem } from './validated-item';

/**
 * The popup's read of the stored generation jobs. The background validates them with zod
 * when it writes and reads them; the popup only shows them, so it checks the fields it
 * renders by hand and skips anything else, and ships no schema library (its 100 KB budget).
 */
/** A job still submitting or being polled. */
export const isActiveJob = (job: Pick<GenerationJob, 'phase'>) => job.phase === 'submitting' || job.phase === 'running';

const PHASES = new Set(['submitting', 'running', 'done', 'failed']);
const IMAGE_STATES = new Set(['processing', 'success', 'failed']);
const text = (value: unknown): value is string => typeof value === 'string';
const textOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';
const count = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function isImage(value: unknown): value is JobImage {
  if (typeof value !== 'object' || value === null) return false;
  const image = value as Record<string, unknown>;
  return (
    text(image.id) &&
    text(image.status) &&
    IMAGE_STATES.has(image.status) &&
    textOrNull(image.url) &&
    textOrNull(image.concept) &&
    textOrNull(image.error)
  );
}

export function isGenerationJob(value: unknown): value is GenerationJob {
  if (typeof value !== 'object' || value === null) return false;
  const job = value as Record<string, unknown>;
  const choice = job.choice as Record<string, unknown> | null | undefined;
  return (
    text(job.id) &&
    count(job.createdAt) &&
    text(job.brandName) &&
    text(job.phase) &&
    PHASES.has(job.phase) &&
    typeof choice === 'object' &&
    choice !== null &&
    text(choice.prompt) &&
    text(choice.brand_id) &&
    (choice.size === undefined || count(choice.size)) &&
    textOrNull(job.status) &&
    Array.isArray(job.images) &&
    job.images.every(isImage) &&
    (job.error === null || isSerializedApiError(job.error)) &&
    (job.finishedAt === null || count(job.finishedAt))
  );
}

export function readGenerationJobs(raw: unknown): GenerationJob[] {
  return Array.isArray(raw) ? raw.filter(isGenerationJob) : [];
}

const KEY = 'local:generationJobs';

export async function loadGenerationJobs(): Promise<GenerationJob[]> {
  return readGenerationJobs(await storage.getItem(KEY));
}

export function watchGenerationJobs(callback: (jobs: GenerationJob[]) => void): () => void {
  return storage.watch(KEY, (value) => callback(readGenerationJobs(value)));
}

const imageStateSchema = z.object({
  id: z.string(),
  status: z.enum(['processing', 'success', 'failed']),
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
  /** submitting: the POST has not been answered; running: polling; done / failed: terminal here. */
  phase: z.enum(['submitting', 'running', 'done', 'failed']),
  submitAttempts: z.number().int().min(0),
  pollFailures: z.number().int().min(0),
  nextAt: z.number(),
  generationId: z.string().nullable(),
  /** The server's status as last read (it may be a value outside the documented five). */
  status: z.string().nullable(),
  imageIds: z.array(z.string()),
  images: z.array(imageStateSchema),
  error: serializedApiErrorSchema.nullable(),
  finishedAt: z.number().nullable(),
});
export type GenerationJob = z.infer<typeof generationJobSchema>;

export const generationJobsItem = defineValidatedItem('local:generationJobs', z.array(generationJobSchema), {
  fallback: [],
  version: 1,
});
