import { useEffect, useState } from 'react';
import { ApiCode } from '@/lib/contract/envelope';
import { systemClock } from '@/lib/clock';
import { ApiError } from '@/lib/messaging/api-error';
import { callBackground } from '@/lib/messaging/client';
import type { GenerationJob } from '@/lib/storage/generation-jobs';
import { t } from '@/lib/i18n';
import { useAction } from '../ui/plain-read';
import 'virtual:adscope-english/jobs';

/** The clock, ticking each second while `active` (a job runs), so elapsed times move. */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(systemClock);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(systemClock()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** What the user can do with a job: retry (or check) it, run it again, or remove it from the list. */
export function useJobActions(job: GenerationJob) {
  const retry = useAction(() => callBackground('generation.retry', { jobId: job.id }));
  const again = useAction(() => callBackground('generation.submit', { choice: job.choice, brandName: job.brandName }));
  const dismiss = useAction(() => callBackground('generation.dismiss', { jobId: job.id }));
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
  // What the worker refused of the user's last click (storage full, say): said, not silently dropped.
  const refused = [retry, again, dismiss].find((action) => action.isError)?.error;
  const actionError = refused === undefined ? null : ApiError.from(refused);
  return { retry, again, dismiss, error, canRetry, actionError };
}

/** Download and copy of a generated image's link, each saying in words how it went. */
export function useImageActions(url: string | null, imageId: string) {
  const [note, setNote] = useState('');
  const [showLink, setShowLink] = useState(false);
  async function download() {
    if (!url) return;
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(String(response.status));
      const blob = await response.blob();
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `adscope-${imageId}.${blob.type.includes('svg') ? 'svg' : 'png'}`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      setNote(t('jobs.note.downloaded'));
    } catch {
      setNote(t('jobs.note.downloadFailed'));
    }
  }
  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setNote(t('jobs.note.linkCopied'));
    } catch {
      setNote(t('jobs.note.copyFailed'));
      setShowLink(true);
    }
  }
  return { note, showLink, download, copy };
}
