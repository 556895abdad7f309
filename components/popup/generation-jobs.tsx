import { useId, useState } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { RequestIdDetails } from '@/components/ui/request-id-details';
import { ApiCode } from '@/lib/contract/envelope';
import { ApiError } from '@/lib/messaging/api-error';
import { type GenerationJob, isActiveJob, type JobImage, storedGenerationJobs } from '@/lib/storage/generation-jobs';
import { useStoredItem } from '@/components/ui/use-stored-item';
import { safeHttpUrl } from '@/lib/url';
import { t } from '@/lib/i18n';
import { useModal } from '../ui/use-modal';
import { askedToWait, elapsed, statusWords } from './job-words';
import { useImageActions, useJobActions, useNow } from './use-job-actions';
import 'virtual:adscope-english/common';
import 'virtual:adscope-english/jobs';

function ImageViewer({ image, index, onClose }: { image: JobImage; index: number; onClose: () => void }) {
  const ref = useModal(true);
  const id = useId();
  const url = safeHttpUrl(image.url);
  const { note, showLink, download, copy } = useImageActions(url, image.id);
  return (
    <dialog ref={ref} className="image-viewer" aria-labelledby={`${id}-title`} onClose={onClose}>
      <h3 id={`${id}-title`}>{t('jobs.image.title', { number: index + 1 })}</h3>
      {url ? <img src={url} alt={image.concept ?? t('jobs.image.alt', { number: index + 1 })} /> : null}
      {image.concept ? <p className="muted">{image.concept}</p> : null}
      <div className="notice-actions">
        <button type="button" className="btn btn-primary" onClick={() => void download()}>
          {t('common.download')}
        </button>
        <button type="button" className="btn" onClick={() => void copy()}>
          {t('jobs.copyLink')}
        </button>
        {url ? (
          <a className="btn" href={url} target="_blank" rel="noopener noreferrer">
            {t('jobs.openInTab')}
          </a>
        ) : null}
        <button type="button" className="btn" onClick={() => ref.current?.close()}>
          {t('common.close')}
        </button>
      </div>
      <p role="status" className="muted">
        {note}
      </p>
      {url && showLink ? (
        <input
          className="viewer-link"
          readOnly
          aria-label={t('jobs.image.link')}
          value={url}
          onFocus={(event) => event.target.select()}
        />
      ) : null}
    </dialog>
  );
}

function JobCard({ job, now }: { job: GenerationJob; now: number }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const { retry, again, dismiss, error, canRetry, actionError } = useJobActions(job);
  const size = job.choice.size ?? 1;
  const made = job.images.filter((image) => image.status === 'success').length;
  return (
    <li className="card job">
      <div className="job-header">
        <strong>{job.brandName}</strong>
        <span className={`chip job-status is-${job.held ? 'held' : job.phase}`}>{statusWords(job)}</span>
      </div>
      <p className="job-brief">{job.choice.prompt.slice(0, 140)}</p>
      <p className="muted job-meta">
        {t('jobs.progress', { made, size })} · {elapsed((job.finishedAt ?? now) - job.createdAt)}
        {job.phase === 'running' && job.error
          ? ` · ${t(askedToWait(job) ? 'jobs.asked' : job.error.code === 'key_refused' ? 'jobs.keyRefused' : 'jobs.reconnecting')}`
          : ''}
      </p>
      <JobImages job={job} onView={setViewing} />
      <JobNotices job={job} error={error} />
      {actionError ? <ErrorNotice title={t('jobs.actionFailed')} error={actionError} /> : null}
      <div className="notice-actions">
        {canRetry ? (
          <button type="button" className="btn" disabled={retry.isPending} onClick={() => retry.mutate()}>
            {t('common.retry')}
          </button>
        ) : null}
        {job.phase === 'unconfirmed' && !job.held ? (
          <button type="button" className="btn" disabled={retry.isPending} onClick={() => retry.mutate()}>
            {t('jobs.checkNow')}
          </button>
        ) : null}
        {job.phase === 'failed' && error?.code === 'generation_failed' ? (
          <button type="button" className="btn" disabled={again.isPending} onClick={() => again.mutate()}>
            {t('jobs.runAgain')}
          </button>
        ) : null}
        {!isActiveJob(job) || job.held ? (
          <button type="button" className="btn btn-link" onClick={() => dismiss.mutate()}>
            {t('jobs.remove')}
          </button>
        ) : null}
      </div>
      {viewing !== null && job.images[viewing] ? (
        <ImageViewer image={job.images[viewing]} index={viewing} onClose={() => setViewing(null)} />
      ) : null}
    </li>
  );
}

/** A slot per image asked for: the made ones open in the viewer, the others say why not yet. */
function JobImages({ job, onView }: { job: GenerationJob; onView: (index: number) => void }) {
  const slots = Array.from({ length: job.choice.size ?? 1 }, (_, index) => job.images[index] ?? null);
  return (
    <ul className="job-images list-plain" aria-label={t('jobs.images', { brand: job.brandName })}>
      {slots.map((image, index) => {
        const url = safeHttpUrl(image?.url);
        return (
          <li key={image?.id ?? `slot-${index}`}>
            {image?.status === 'success' && url ? (
              <button
                type="button"
                className="job-thumb"
                aria-label={
                  image.concept
                    ? t('jobs.image.viewConcept', { number: index + 1, concept: image.concept })
                    : t('jobs.image.view', { number: index + 1 })
                }
                onClick={() => onView(index)}
              >
                <img src={url} alt="" />
              </button>
            ) : image?.status === 'failed' ? (
              <span className="job-thumb is-failed" title={image.error ?? undefined}>
                {t('jobs.image.failed')}
              </span>
            ) : image?.status === 'unreadable' || (image?.status === 'success' && !url) ? (
              <span className="job-thumb is-failed" title={image.error ?? undefined}>
                <span className="visually-hidden">{t('jobs.image.slot', { number: index + 1 })} </span>
                {t('jobs.image.unreadable')}
              </span>
            ) : (
              <span className="job-thumb is-waiting">
                <span className="visually-hidden">{t('jobs.image.slot', { number: index + 1 })} </span>
                {job.phase === 'failed' || job.phase === 'done'
                  ? t('jobs.image.notMade')
                  : job.phase === 'unconfirmed'
                    ? t('jobs.image.waiting')
                    : t('jobs.image.rendering')}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** What is off with a job, in words: not what was asked, unreadable images, held, unconfirmed, failed. */
function JobNotices({ job, error }: { job: GenerationJob; error: ApiError | null }) {
  const unreadable = job.images.filter((image) => image.status === 'unreadable').length;
  return (
    <>
      {job.warning ? (
        <div className="notice notice-warning" role="status">
          <p>
            <strong>{t('jobs.notice.warning')}</strong> {job.warning}
          </p>
        </div>
      ) : null}
      {unreadable > 0 ? (
        <p className="muted" role="status">
          {t('jobs.notice.unreadable', { count: unreadable })}
        </p>
      ) : null}
      {job.held ? (
        <div className="notice notice-warning" role="status">
          <p>
            <strong>{t('jobs.notice.held')}</strong> {t('jobs.notice.heldBody')}
          </p>
        </div>
      ) : null}
      {job.phase === 'unconfirmed' && !job.held ? (
        <div className="notice notice-warning" role="status">
          <p>
            <strong>{t('jobs.notice.unconfirmed')}</strong>{' '}
            {t(error?.code === ApiCode.planLimit ? 'jobs.notice.lostPlan' : 'jobs.notice.lostOffline', {
              reason: error?.message ?? t('jobs.notice.noAnswer'),
            })}
          </p>
          <p className="muted">
            {t(error?.code === ApiCode.planLimit ? 'jobs.notice.checkPlan' : 'jobs.notice.checkSoon')}
          </p>
          <RequestIdDetails requestId={error?.requestId} />
        </div>
      ) : null}
      {error?.field === 'unfinished' && job.phase === 'failed' ? (
        <div className="notice notice-warning" role="status">
          <p>
            <strong>{t('jobs.notice.unfinished')}</strong> {t('jobs.notice.unfinishedBody')}
          </p>
        </div>
      ) : error && (job.phase === 'failed' || job.phase === 'submitting') ? (
        <ErrorNotice
          title={t(
            job.phase === 'failed' ? 'jobs.failedTitle' : askedToWait(job) ? 'jobs.askedTitle' : 'jobs.waitingTitle',
          )}
          // The worker's own sentence for a failed generation, in the language shown now, not the one it failed in.
          error={
            error.code === 'generation_failed'
              ? new ApiError({ ...error.toJSON(), message: t('jobs.notice.generationFailed') })
              : error
          }
        />
      ) : null}
    </>
  );
}

/** Recent image generations, newest first, with their progress and results. */
export function GenerationJobs() {
  // Read straight from storage (no worker wake-up), and kept live as the tracker writes.
  const jobs = useStoredItem(storedGenerationJobs);
  const list = jobs ?? [];
  const now = useNow(list.some(isActiveJob));
  if (jobs === undefined) return null;
  if (list.length === 0) {
    return <p className="muted">{t('jobs.empty')}</p>;
  }
  return (
    <ul className="list-plain jobs" aria-label={t('jobs.list')}>
      {/* In the tracker's order, newest first: a clock set back between two jobs does not reorder them. */}
      {list.map((job) => (
        <JobCard key={job.id} job={job} now={now} />
      ))}
    </ul>
  );
}
