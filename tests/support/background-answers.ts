import { vi } from 'vitest';
import { browser } from 'wxt/browser';

/** A message a page sends the background. */
export interface Message {
  type: string;
  payload: Record<string, unknown>;
}

/**
 * The background as the views see it: each request answered by `answer` (its data, or a promise
 * of a whole reply, held as it is); a cancel is taken. Returns what was asked, in order.
 */
export function answerAsBackground(answer: (message: Message) => unknown): Message[] {
  const asked: Message[] = [];
  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: Message) => {
    asked.push(message);
    if (message.type === 'request.cancel') return { ok: true, data: {} };
    const data = answer(message);
    return data instanceof Promise ? data : { ok: true, data };
  }) as typeof browser.runtime.sendMessage);
  return asked;
}
