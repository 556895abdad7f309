import { useId, useState } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { RequestIdDetails } from '@/components/ui/request-id-details';
import { ApiCode } from '@/lib/contract/envelope';
import type { ApiError } from '@/lib/messaging/api-error';
import { type GenerationJob, isActiveJob, type JobImage, storedGenerationJobs } from '@/lib/storage/generation-jobs';
import { useStoredItem } from '@/components/ui/use-stored-item';
import { safeHttpUrl } from '@/lib/url';
import { countOf } from '../ui/format';
import { useModal } from '../ui/use-modal';
import { elapsed, statusWords } from './job-words';
import { useImageActions, useJobActions, useNow } from './use-job-actions';

function ImageViewer({ image, index, onClose }: { image: JobImage; index: number; onClose: () => void }) {
  const ref = useModal(true);
  const id = useId();
  const url = safeHttpUrl(image.url);
  const { note, showLink, download, copy } = useImageActions(url, image.id);
  return (
    <dialog ref={ref} className="image-viewer" aria-labelledby={`${id}-title`} onClose={onClose}>
      <h3 id={`${id}-title`}>Image {index + 1}</h3>
      {url ? <img src={url} alt={image.concept ?? `Generated image ${index + 1}`} /> : null}
      {image.concept ? <p className="muted">{image.concept}</p> : null}
      <div className="notice-actions">
        <button type="button" className="btn btn-primary" onClick={() => void download()}>
          Download
        </button>
        <button type="button" className="btn" onClick={() => void copy()}>
          Copy link
        </button>
        {url ? (
          <a className="btn" href={url} target="_blank" rel="noopener noreferrer">
            Open in a tab
          </a>
        ) : null}
        <button type="button" className="btn" onClick={() => ref.current?.close()}>
          Close
        </button>
      </div>
      <p role="status" className="muted">
        {note}
      </p>
      {url && showLink ? (
        <input
          className="viewer-link"
          readOnly
          aria-label="Image link"
          value={url}
          onFocus={(event) => event.target.select()}
        />
      ) : null}
    </dialog>
  );
}

function JobCard({ job, now }: { job: GenerationJob; now: number }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const { retry, again, dismiss, error, canRetry } = useJobActions(job);
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
        {made} of {countOf(size, 'image')} · {elapsed((job.finishedAt ?? now) - job.createdAt)}
        {job.phase === 'running' && job.error ? ' · reconnecting' : ''}
      </p>
      <JobImages job={job} onView={setViewing} />
      <JobNotices job={job} error={error} />
      <div className="notice-actions">
        {canRetry ? (
          <button type="button" className="btn" disabled={retry.isPending} onClick={() => retry.mutate()}>
            Retry
          </button>
        ) : null}
        {job.phase === 'unconfirmed' && !job.held ? (
          <button type="button" className="btn" disabled={retry.isPending} onClick={() => retry.mutate()}>
            Check now
          </button>
        ) : null}
        {job.phase === 'failed' && error?.code === 'generation_failed' ? (
          <button type="button" className="btn" disabled={again.isPending} onClick={() => again.mutate()}>
            Run again
          </button>
        ) : null}
        {!isActiveJob(job) || job.held ? (
          <button type="button" className="btn btn-link" onClick={() => dismiss.mutate()}>
            Remove from list
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
    <ul className="job-images list-plain" aria-label={`Images for ${job.brandName}`}>
      {slots.map((image, index) => {
        const url = safeHttpUrl(image?.url);
        return (
          <li key={image?.id ?? `slot-${index}`}>
            {image?.status === 'success' && url ? (
              <button
                type="button"
                className="job-thumb"
                aria-label={`View image ${index + 1}${image.concept ? `: ${image.concept}` : ''}`}
                onClick={() => onView(index)}
              >
                <img src={url} alt="" />
              </button>
            ) : image?.status === 'failed' ? (
              <span className="job-thumb is-failed" title={image.error ?? undefined}>
                Failed, refunded
              </span>
            ) : image?.status === 'unreadable' || (image?.status === 'success' && !url) ? (
              <span className="job-thumb is-failed" title={image.error ?? undefined}>
                <span className="visually-hidden">Image {index + 1}: </span>
                No readable address
              </span>
            ) : (
              <span className="job-thumb is-waiting">
                <span className="visually-hidden">Image {index + 1} </span>
                {job.phase === 'failed' ? 'Not made' : job.phase === 'unconfirmed' ? 'Waiting' : 'Rendering…'}
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
            <strong>Not what was asked.</strong> {job.warning}
          </p>
        </div>
      ) : null}
      {unreadable > 0 ? (
        <p className="muted" role="status">
          {unreadable === 1 ? 'One image' : `${unreadable} images`} ended without an address Adscope can read: the
          service may name the image URL differently. Open the generation in the service to see{' '}
          {unreadable === 1 ? 'it' : 'them'}.
        </p>
      ) : null}
      {job.held ? (
        <div className="notice notice-warning" role="status">
          <p>
            <strong>Held for its workspace.</strong> It was made with another workspace&apos;s key, and is never sent or
            checked with the key set now. Set that key again in the options and it goes on where it stopped.
          </p>
        </div>
      ) : null}
      {job.phase === 'unconfirmed' && !job.held ? (
        <div className="notice notice-warning" role="status">
          <p>
            <strong>This generation may have been made.</strong> Its answer was lost
            {error?.code === ApiCode.planLimit
              ? ', and the check was refused by your plan: '
              : ', and the service cannot be reached to check: '}
            {error?.message ?? 'no answer'}
          </p>
          <p className="muted">
            Checking sends the same request, so you are never charged twice for it. Adscope checks again by itself{' '}
            {error?.code === ApiCode.planLimit ? 'after midnight UTC, when plan allowances reset' : 'every 15 minutes'},
            or now if you ask.
          </p>
          <RequestIdDetails requestId={error?.requestId} />
        </div>
      ) : null}
      {error && (job.phase === 'failed' || job.phase === 'submitting') ? (
        <ErrorNotice
          title={job.phase === 'failed' ? 'This generation failed' : 'Waiting to reach the service'}
          error={error}
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
    return (
      <p className="muted">
        No image generations yet. Start one from the side panel's Generate tab, or “Generate” on any ad; jobs appear
        here with their progress.
      </p>
    );
  }
  return (
    <ul className="list-plain jobs" aria-label="Image generations">
      {[...list]
        .sort((a, b) => b.createdAt - a.createdAt)
        .map((job) => (
          <JobCard key={job.id} job={job} now={now} />
        ))}
    </ul>
  );
}
