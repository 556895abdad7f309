import { defineStoredItem } from './stored-item';
import { generationJob as generationJobSchema } from '../generated/record-schemas.json';
import { matchesSchema } from '../json-check';
import type { GenerationJob } from './generation-job-schema';

export type { GenerationJob, JobImage } from './generation-job-schema';
export { isActiveJob } from './job-phase';

/** Stored jobs read one by one by the derived JSON Schema: a job that fails is skipped, the others kept. */
export function readGenerationJobs(raw: unknown): GenerationJob[] {
  return Array.isArray(raw) ? raw.filter((job): job is GenerationJob => matchesSchema(generationJobSchema, job)) : [];
}

/**
 * The jobs as pages read them (the popup's list), zod-free; the background reads and writes
 * the same key through the zod schema (lib/background/jobs/generation-tracker).
 */
export const storedGenerationJobs = defineStoredItem('local:generationJobs', {
  read: readGenerationJobs,
  version: 1,
}).stored;
