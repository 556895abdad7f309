import { browser } from 'wxt/browser';
import { z } from 'zod';
import { ApiError, serializedApiErrorSchema } from '../api/errors';
import type { RequestInput, RequestResult, RequestType } from './protocol';

const replySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: serializedApiErrorSchema }),
]);

/**
 * Sends one typed request to the background and resolves with its result, or rejects with
 * an ApiError. Extension pages only; the content script has its own tiny sender.
 */
export async function callBackground<K extends RequestType>(
  type: K,
  payload: RequestInput<K>,
): Promise<RequestResult<K>> {
  let raw: unknown;
  try {
    raw = await browser.runtime.sendMessage({ type, payload });
  } catch (error) {
    throw new ApiError({
      code: 'internal',
      message: `Adscope's background did not answer (${error instanceof Error ? error.message : 'no reply'}). Reload the extension.`,
      retryable: true,
    });
  }
  const reply = replySchema.safeParse(raw);
  if (!reply.success) {
    throw new ApiError({
      code: 'internal',
      message: "Adscope's background sent an unreadable reply.",
      retryable: true,
    });
  }
  if (!reply.data.ok) throw ApiError.from(reply.data.error);
  return reply.data.data as RequestResult<K>;
}
