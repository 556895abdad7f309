import { browser } from 'wxt/browser';
import { readPageSignals } from '@/lib/similar/signals';
import { type PageTrigger, TRIGGER_GLOBAL, type TriggerSource } from '@/lib/similar/trigger-shared';
import { mountPageButton } from './page-button';

/** At most this many images or links are compared with what the context menu pointed at. */
const MAX_SCANNED = 2000;

/** The trigger the background left in this isolated world just before injecting us; read once. */
function takeTrigger(): PageTrigger | null {
  const scope = globalThis as Record<string, unknown>;
  const trigger = scope[TRIGGER_GLOBAL];
  delete scope[TRIGGER_GLOBAL];
  return trigger !== null && typeof trigger === 'object' ? (trigger as PageTrigger) : null;
}

/** The words the user pointed at: an image's alt text, a link's text, else the selection. */
function pointedText(trigger: PageTrigger): string {
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

export interface ShowReply {
  opened: boolean;
}

/** Sends this page's signals, and nothing else, to the background, which hands them to the panel. */
export async function sendSignals(source: TriggerSource, pointed: string): Promise<ShowReply | null> {
  const signals = readPageSignals(document, location.href, pointed);
  const reply = (await browser.runtime.sendMessage({ type: 'similar.show', payload: { source, signals } })) as
    { ok: true; data: ShowReply } | { ok: false } | undefined;
  return reply?.ok ? reply.data : null;
}

/**
 * The find-similar action inside a web page. It is never declared for any page in the
 * manifest: the background injects it on the user's gesture (runtime registration), or, when
 * the user opted in, registers it to show a button on text selection. It holds plain DOM
 * only: no React, no zod, nothing from lib/api, and it can reach only `similar.show`.
 */
export default defineContentScript({
  registration: 'runtime',
  // The script-started notice WXT posts would tell the page that Adscope is here.
  noScriptStartedPostMessage: true,
  main(ctx) {
    const trigger = takeTrigger();
    // The newest copy of the script owns the button: injecting one stops the older copies.
    if (!trigger || trigger.button) mountPageButton(ctx, (selection) => sendSignals('button', selection));
    if (!trigger) return 'button';
    return sendSignals(trigger.source, pointedText(trigger)).then(
      (reply) => (reply ? 'sent' : 'refused'),
      () => 'failed',
    );
  },
});
