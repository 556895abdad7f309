import { storage } from 'wxt/utils/storage';
import { isSerializedApiError } from '../api/errors';
import type { GenerationJob, JobImage } from './generation-jobs';

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
