import { t } from '@/lib/i18n';
import { type GenerationJob, isActiveJob } from '@/lib/storage/generation-jobs';
import 'virtual:adscope-english/common';
import 'virtual:adscope-english/jobs';

/** A duration in words: "42 s", "3 min 5 s", "1 h 2 min" (in the language shown). */
export function elapsed(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return t('common.seconds', { seconds });
  const minutes = Math.floor(seconds / 60);
  return minutes < 60
    ? t('common.minutesSeconds', { minutes, seconds: seconds % 60 })
    : t('common.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** The service's status of a generation, in words. */
function serverStatus(status: string | null | undefined): string | null {
  switch (status) {
    case 'submitting':
      return t('jobs.status.submitting');
    case 'pending':
      return t('jobs.status.queued');
    case 'processing':
      return t('jobs.status.rendering');
    case 'success':
      return t('jobs.status.done');
    case 'partial_success':
      return t('jobs.status.partlyDone');
    case 'failed':
      return t('jobs.status.failed');
    default:
      return null;
  }
}

/** The service answered "too many requests": it asked to wait, it was reached. */
export const askedToWait = (job: GenerationJob): boolean => job.error?.code === 'rate_limited';

/** The job's state in words: our phase while submitting or failed, else the server's status. */
export function statusWords(job: GenerationJob): string {
  if (job.held && (isActiveJob(job) || job.phase === 'unconfirmed')) return t('jobs.status.held');
  if (job.phase === 'submitting')
    return t(
      job.error ? (askedToWait(job) ? 'jobs.status.asked' : 'jobs.status.reconnecting') : 'jobs.status.submitting',
    );
  if (job.phase === 'failed') return t('jobs.status.failed');
  if (job.phase === 'unconfirmed') return t('jobs.status.unconfirmed');
  // The service has ended it, but Adscope is still reading its images: not done here yet.
  if (job.phase === 'running' && ['success', 'partial_success', 'failed'].includes(job.status ?? ''))
    return t('jobs.status.inProgress');
  return serverStatus(job.status) ?? (job.phase === 'done' ? t('jobs.status.done') : t('jobs.status.inProgress'));
}
