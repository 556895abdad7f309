/**
 * A job still submitting or being polled. Apart from the job's schemas: the popup reads jobs
 * without zod, the worker without the popup's JSON Schema.
 */
export const isActiveJob = (job: { phase: string }) => job.phase === 'submitting' || job.phase === 'running';
