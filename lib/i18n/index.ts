import { DEMO_BUILD } from '../build-mode';
import { SOURCE_LANGUAGE, type ShownLanguage } from './languages';
import type { MessageId } from './parts';
import { type Message, type MessageValues, say } from './say';

export type { MessageId } from './parts';
export type { MessageValues } from './say';

/** A catalogue as the build compiles it: each message's text or tokens (lib/i18n/say.ts runs them). */
export type Messages = Record<string, Message>;

let locale: ShownLanguage = SOURCE_LANGUAGE;
const catalogues: Partial<Record<ShownLanguage, Messages>> = {};
const listeners = new Set<() => void>();

/**
 * The text of a message in the shown language, its placeholders filled. Every text a person sees
 * or hears goes through here; plurals and word order live in the message, never in the code.
 */
export function t(id: MessageId, values?: MessageValues): string {
  const catalogue = catalogues[locale];
  const message = catalogue && Object.prototype.hasOwnProperty.call(catalogue, id) ? catalogue[id] : undefined;
  if (message !== undefined) return say(message, values, locale);
  // A message a surface shows without carrying it: the e2e fixtures fail a test on a console error.
  if (DEMO_BUILD) console.error(`No message ${id} in ${locale}.`);
  return id;
}

function load(language: ShownLanguage, messages: Messages): void {
  catalogues[language] = Object.assign(catalogues[language] ?? {}, messages);
}

/** A bundle's English messages: its first load carries them (lib/i18n/parts.ts says which). */
export function addEnglish(messages: Messages): void {
  load(SOURCE_LANGUAGE, messages);
}

/** Shows a language from now on, with its messages when it is not English. */
export function showLanguage(language: ShownLanguage, messages?: Messages): void {
  if (messages) load(language, messages);
  if (locale === language) return;
  locale = language;
  for (const listener of listeners) listener();
}

/** The language texts are in now. */
export function shownLanguage(): ShownLanguage {
  return locale;
}

/** Calls `listener` whenever the shown language changes; returns its stop. */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
