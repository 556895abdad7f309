import { browser } from 'wxt/browser';
import { raceWithSignal } from '../abort';
import { ApiError, isSerializedApiError } from './api-error';
import { t } from '../i18n';
import 'virtual:adscope-english/ui';
import type { Reply } from './reply';
import type { RequestInput, RequestResult, RequestType } from './protocol';
import { giveBackStartAnswer, rememberStartRequest, takeStartAnswer } from './start-requests';

/** The router's reply shape, checked by hand: pages that only call the background ship no schema library. */
function readReply(raw: unknown): Reply | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const reply = raw as Record<string, unknown>;
  if (reply.ok === true && 'data' in reply) return { ok: true, data: reply.data };
  if (reply.ok === false && isSerializedApiError(reply.error)) return { ok: false, error: reply.error };
  return null;
}

function abortedError(): ApiError {
  return new ApiError({ code: 'aborted', message: t('ui.background.cancelled'), retryable: false });
}

/**
 * Sends one typed request to the background and resolves with its result, or rejects with
 * an ApiError. With a signal, aborting cancels the background's work as well. Extension
 * pages only; the content script has its own tiny sender.
 */
export async function callBackground<K extends RequestType>(
  type: K,
  payload: RequestInput<K>,
  options: {
    signal?: AbortSignal | undefined;
    /** One of the requests the panel makes as it starts: sent again by its entry at the next start (start-requests.ts). */
    atStart?: boolean;
  } = {},
): Promise<RequestResult<K>> {
  const { signal } = options;
  if (signal?.aborted) throw abortedError();
  if (options.atStart) rememberStartRequest({ type, payload });
  // The same request sent as the page started: its answer is already on its way.
  const early = options.atStart ? takeStartAnswer({ type, payload }) : undefined;
  const requestId = signal && !early ? crypto.randomUUID() : undefined;
  // Cancelled while the answer sent at start is on its way (the view that asked left, or was
  // mounted again at once): given back as the cancel happens, so the same request asked next
  // takes it rather than asking the worker again.
  const giveBack = () => early && giveBackStartAnswer(early);
  if (early) signal?.addEventListener('abort', giveBack, { once: true });
  let raw: unknown;
  try {
    const sent: Promise<unknown> = early
      ? // The message sent at start found no worker to answer it (not an error reply): asked again, now.
        early.catch(() => browser.runtime.sendMessage({ type, payload }))
      : browser.runtime.sendMessage(requestId ? { type, payload, requestId } : { type, payload });
    raw =
      signal && requestId
        ? await raceWithSignal(sent, signal, () => {
            // The background aborts its side of the work too.
            void browser.runtime.sendMessage({ type: 'request.cancel', payload: { requestId } }).catch(() => undefined);
            return abortedError();
          })
        : signal
          ? await raceWithSignal(sent, signal, abortedError)
          : await sent;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError({
      code: 'internal',
      message:
        error instanceof Error ? t('ui.background.noAnswer', { said: error.message }) : t('ui.background.noReply'),
      retryable: true,
    });
  } finally {
    // Answered or failed: nothing to give back any more, whatever is cancelled later.
    signal?.removeEventListener('abort', giveBack);
  }
  const reply = readReply(raw);
  if (!reply) {
    throw new ApiError({
      code: 'internal',
      message: t('ui.background.unreadable'),

      retryable: true,
    });
  }
  if (!reply.ok) throw ApiError.from(reply.error);
  return reply.data as RequestResult<K>;
}
