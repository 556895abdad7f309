import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { ApiCode } from '@/lib/contract/envelope';
import { ApiError } from '@/lib/messaging/api-error';
import { type GenerationJob, isActiveJob, type JobImage, storedGenerationJobs } from '@/lib/storage/generation-jobs';
import { useStoredItem } from '@/components/ui/use-stored-item';
import { systemClock } from '@/lib/clock';
import { callBackground } from '@/lib/messaging/client';
import { safeHttpUrl } from '@/lib/url';
import { countOf } from '../ui/format';

function useNow(active: boolean): number {
  const [now, setNow] = useState(systemClock);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(systemClock()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

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

function ImageViewer({ image, index, onClose }: { image: JobImage; index: number; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const url = safeHttpUrl(image.url);
  const [note, setNote] = useState('');
  const [showLink, setShowLink] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  async function download() {
    if (!url) return;
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(String(response.status));
      const blob = await response.blob();
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `adscope-${image.id}.${blob.type.includes('svg') ? 'svg' : 'png'}`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      setNote('Downloaded.');
    } catch {
      setNote('The download failed: the image service did not answer. Open the image in a tab and save it from there.');
    }
  }
  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setNote('Link copied.');
    } catch {
      setNote('The browser did not allow copying. Select the link below and copy it.');
      setShowLink(true);
    }
  }
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
  const size = job.choice.size ?? 1;
  const made = job.images.filter((image) => image.status === 'success').length;
  const unreadable = job.images.filter((image) => image.status === 'unreadable').length;
  const retry = useMutation({ mutationFn: () => callBackground('generation.retry', { jobId: job.id }) });
  const again = useMutation({
    mutationFn: () => callBackground('generation.submit', { choice: job.choice, brandName: job.brandName }),
  });
  const dismiss = useMutation({ mutationFn: () => callBackground('generation.dismiss', { jobId: job.id }) });
  const error = job.error ? ApiError.from(job.error) : null;
  // Input errors are never retried: the user changes something first. A plan refusal of the
  // submit may be tried again by hand with the same key (the browser itself may have resent a
  // dropped submit that was made): never by itself.
  const canRetry =
    job.phase === 'failed' &&
    error !== null &&
    (error.code !== ApiCode.planLimit || !job.generationId) &&
    error.code !== ApiCode.invalid &&
    error.code !== 'invalid_input' &&
    error.code !== 'generation_failed';
  const slots = Array.from({ length: size }, (_, index) => job.images[index] ?? null);
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
                  onClick={() => setViewing(index)}
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
        </div>
      ) : null}
      {error && (job.phase === 'failed' || job.phase === 'submitting') ? (
        <ErrorNotice
          title={job.phase === 'failed' ? 'This generation failed' : 'Waiting to reach the service'}
          error={error}
        />
      ) : null}
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
