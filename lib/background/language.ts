import { onLanguageChange } from '../i18n';
import { onLocaleChange } from '../locale';
import {
  applyLanguageChoice,
  browserLanguageSources,
  type LanguageSources,
  watchLanguageChoice,
} from '../i18n/runtime';

let ready: Promise<unknown> = Promise.resolve();

/**
 * The worker in the language chosen in Options (the browser's unless one is chosen): read at
 * start and again when the choice changes, so its notifications, menu titles and toolbar title
 * follow. The worker cannot import() a catalogue; it fetches it, as pages do.
 */
export function startWorkerLanguage(sources: LanguageSources = browserLanguageSources): () => void {
  ready = applyLanguageChoice(sources);
  return watchLanguageChoice(() => {
    ready = applyLanguageChoice(sources);
  });
}

/** Resolves once the chosen language's messages are in: a notification waits for it. */
export function workerLanguageReady(): Promise<unknown> {
  return ready;
}

/**
 * Calls `relabel` now that the language is known, and again whenever its words or its numbers'
 * locale change (menu titles, the toolbar's title): a language whose catalogue could not load
 * changes the digits alone, as open pages redraw theirs.
 */
export function labelInWorkerLanguage(relabel: () => void): void {
  void ready.then(relabel, relabel);
  onLanguageChange(relabel);
  onLocaleChange(relabel);
}
