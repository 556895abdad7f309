/**
 * The find-similar script's work inside a web page: take the trigger the background left,
 * read what the user pointed at, and send the page's signals. Plain DOM, no zod, no React.
 */
import { browser } from 'wxt/browser';
import type { RequestResult } from '../messaging/protocol';
import type { Reply } from '../messaging/reply';
import { type PageButtonWords, type PageTrigger, TRIGGER_GLOBAL, type TriggerSource } from '../messaging/page-trigger';
import { readPageSignals } from './signals';

/** At most this many images or links are compared with what the context menu pointed at. */
const MAX_SCANNED = 2000;

/** The trigger the background left in this isolated world just before injecting us; read once. */
export function takeTrigger(): PageTrigger | null {
  const scope = globalThis as Record<string, unknown>;
  const trigger = scope[TRIGGER_GLOBAL];
  delete scope[TRIGGER_GLOBAL];
  return trigger !== null && typeof trigger === 'object' ? (trigger as PageTrigger) : null;
}

/** The words the user pointed at: an image's alt text, a link's text, else the selection. */
export function pointedText(trigger: PageTrigger): string {
  if (trigger.source === 'image' && trigger.srcUrl) {
    const images = document.images;
    for (let i = 0; i < images.length && i < MAX_SCANNED; i += 1) {
      const image = images[i];
      if (image && (image.currentSrc === trigger.srcUrl || image.src === trigger.srcUrl)) {
        return image.alt || image.title;
      }
    }
  }
  if (trigger.source === 'link' && trigger.linkUrl) {
    const links = document.links;
    for (let i = 0; i < links.length && i < MAX_SCANNED; i += 1) {
      const link = links[i];
      if (link && link.href === trigger.linkUrl) {
        return (link.textContent ?? '').slice(0, 500) || link.title || (link.getAttribute('aria-label') ?? '');
      }
    }
  }
  return window.getSelection()?.toString().slice(0, 2000) ?? '';
}

type ShowReply = RequestResult<'similar.show'>;

/** The page button's words in the language chosen in Options, from the worker: this script carries none; null when it cannot answer. */
export async function askWords(): Promise<PageButtonWords | null> {
  const reply = (await browser.runtime
    .sendMessage({ type: 'pageButton.words', payload: {} })
    .catch(() => undefined)) as Reply<PageButtonWords> | undefined;
  return reply?.ok ? reply.data : null;
}

/** Sends this page's signals, and nothing else, to the background, which hands them to the panel. */

export async function sendSignals(source: TriggerSource, pointed: string): Promise<ShowReply | null> {
  const signals = readPageSignals(document, location.href, pointed);
  const reply = (await browser.runtime.sendMessage({ type: 'similar.show', payload: { source, signals } })) as
    Reply<ShowReply> | undefined;
  return reply?.ok ? reply.data : null;
}
