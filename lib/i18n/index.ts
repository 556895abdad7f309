import { type Messages, setupI18n } from '@lingui/core';
import { DEMO_BUILD } from '../build-mode';
import { userLocale } from '../locale';
import { SOURCE_LANGUAGE, type ShownLanguage } from './languages';
import type { MessageId } from './parts';

export type { MessageId } from './parts';
/** Values for a message's placeholders: text as it is, numbers formatted by the message (plural, number). */
export type MessageValues = Record<string, string | number>;

const i18n = setupI18n({ locale: SOURCE_LANGUAGE, messages: { [SOURCE_LANGUAGE]: {} } });
if (DEMO_BUILD) {
  // A message a surface shows without carrying it: the e2e fixtures fail a test on a console error.
  i18n.on('missing', ({ id, locale }) => console.error(`No message ${id} in ${locale}.`));
}

const listeners = new Set<() => void>();

/**
 * The text of a message in the shown language, its placeholders filled. Every text a person sees
 * or hears goes through here; plurals and word order live in the message, never in the code.
 */
export function t(id: MessageId, values?: MessageValues): string {
  // A number in a message (`{count, plural, … #}`) reads as every other number of the page does.
  const locale = userLocale();
  if (i18n.locales?.[0] !== locale) i18n.activate(i18n.locale, [locale, i18n.locale]);
  return i18n._(id, values);
}

/** A bundle's English messages: its first load carries them (lib/i18n/parts.ts says which). */
export function addEnglish(messages: Messages): void {
  i18n.load(SOURCE_LANGUAGE, messages);
}

/** Shows a language from now on, with its messages when it is not English. */
export function showLanguage(language: ShownLanguage, messages?: Messages): void {
  if (messages) i18n.load(language, messages);
  if (i18n.locale === language) return;
  i18n.activate(language);
  for (const listener of listeners) listener();
}

/** The language texts are in now. */
export function shownLanguage(): ShownLanguage {
  return i18n.locale as ShownLanguage;
}

/** Calls `listener` whenever the shown language changes; returns its stop. */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
