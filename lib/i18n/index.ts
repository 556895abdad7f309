import { type Messages, setupI18n } from '@lingui/core';
import { DEMO_BUILD } from '../build-mode';
import { formatCount } from '../count';
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
  if (!values) return i18n._(id);
  // A plural's count (`#`, written `#count` by the build: lib/i18n/counts-apart.ts) reads as every
  // other number of the page does; a catalogue compiled without it keeps lingui's own `#`.
  const filled: MessageValues = { ...values };
  for (const name in values) {
    const value = values[name];
    if (typeof value === 'number') filled[`#${name}`] = formatCount(value);
  }
  return i18n._(id, filled);
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
