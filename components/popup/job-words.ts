import { type GenerationJob, isActiveJob } from '@/lib/storage/generation-jobs';

/** A duration in words: "42 s", "3 min 5 s", "1 h 2 min". */
export function elapsed(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min ${seconds % 60} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const STATUS_WORDS: Record<string, string> = {
  submitting: 'Submitting',
  pending: 'Queued',
  processing: 'Rendering',
  success: 'Done',
  partial_success: 'Partly done',
  failed: 'Failed',
};

/** The job's state in words: our phase while submitting or failed, else the server's status. */
export function statusWords(job: GenerationJob): string {
  if (job.held && (isActiveJob(job) || job.phase === 'unconfirmed')) return 'Held';
  if (job.phase === 'submitting') return job.error ? 'Reconnecting' : 'Submitting';
  if (job.phase === 'failed') return 'Failed';
  if (job.phase === 'unconfirmed') return 'Not confirmed yet';
  return STATUS_WORDS[job.status ?? ''] ?? (job.phase === 'done' ? 'Done' : 'In progress');
}
