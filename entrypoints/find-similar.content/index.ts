import { mountPageButton } from '@/lib/content/page-button';
import { askWords, pointedText, sendSignals, takeTrigger } from '@/lib/content/find-similar';

/**
 * The find-similar action inside a web page. It is never declared for any page in the
 * manifest: the background injects it on the user's gesture (runtime registration), or, when
 * the user opted in, registers it to show a button on text selection. It holds plain DOM
 * only: no React, no zod, nothing of the worker, and it can reach only `similar.show`.
 */
export default defineContentScript({
  registration: 'runtime',
  // The script-started notice WXT posts would tell the page that Adscope is here.
  noScriptStartedPostMessage: true,
  main() {
    const trigger = takeTrigger();
    // The newest copy of the script owns the button: injecting one stops the older copies.
    if (!trigger || trigger.button) mountPageButton((selection) => sendSignals('button', selection), askWords);
    if (!trigger) return 'button';
    return sendSignals(trigger.source, pointedText(trigger)).then(
      (reply) => (reply ? 'sent' : 'refused'),
      () => 'failed',
    );
  },
});
