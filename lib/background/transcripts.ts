import type { Transcript } from '../contract/ad-accounts';
import { ApiError, outcomeUnknown } from '../messaging/api-error';
import { t } from '../i18n';
import 'virtual:adscope-english/api';

export interface TranscriptApi {
  transcript: (accountId: string, videoId: string, signal?: AbortSignal) => Promise<Transcript | null>;
  transcribe: (accountId: string, videoId: string) => Promise<Transcript>;
}

/**
 * Keeps the service worker alive while `work` runs: Chrome may stop a worker whose only task is
 * a fetch that has not answered, and a transcription can take minutes. Each call to an extension
 * API resets the idle timer, so one is made every 25 s.
 */
export async function whileWorking<T>(work: Promise<T>, ping: () => Promise<unknown>, everyMs = 25_000): Promise<T> {
  const timer = setInterval(() => void ping().catch(() => undefined), everyMs);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}

/**
 * Transcribe, charged once per click (4.6 charges each cache miss, and the service transcribes
 * while the caller waits):
 * - one POST per video at a time: a second click, or another page, joins the one in flight;
 * - never sent again by itself;
 * - when its answer is lost (dropped, timed out, a gateway's 502), the cache is read (4.7, free):
 *   the transcript is returned when it is there, else an error that says the work may still be
 *   running and to check before transcribing again.
 */
export function createTranscriber(api: TranscriptApi, ping: () => Promise<unknown>) {
  const inflight = new Map<string, Promise<Transcript>>();

  async function once(accountId: string, videoId: string): Promise<Transcript> {
    try {
      return await api.transcribe(accountId, videoId);
    } catch (error) {
      const failure = ApiError.from(error);
      if (!outcomeUnknown(failure)) throw failure;
      const cached = await api.transcript(accountId, videoId).catch(() => null);
      if (cached) return cached;
      throw new ApiError({
        code: failure.code,
        httpStatus: failure.httpStatus,
        retryable: failure.retryable,
        ...(failure.requestId === undefined ? {} : { requestId: failure.requestId }),
        message: t('api.transcripts.maybeRunning', { said: failure.message }),
      });
    }
  }

  return (accountId: string, videoId: string): Promise<Transcript> => {
    const key = JSON.stringify([accountId, videoId]);
    let running = inflight.get(key);
    if (!running) {
      running = whileWorking(once(accountId, videoId), ping).finally(() => inflight.delete(key));
      inflight.set(key, running);
    }
    return running;
  };
}
