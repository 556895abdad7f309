import { type Messages, setupI18n } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
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
  // A plural's count (`#`, see countsApart) reads as every other number of the page does.
  const filled: MessageValues = { ...values };
  for (const name in values) {
    const value = values[name];
    if (typeof value === 'number') filled[`#${name}`] = formatCount(value);
  }
  return i18n._(id, filled);
}

/**
 * Lingui picks a plural's category and writes its `#` by one locale. The category must follow the
 * language the words are in (English words, shown while French's catalogue could not load, say
 * "0 ads", never French's "0 ad"), and the digits the user's locale (`2 400`): so lingui runs in the
 * words' language, and each `#` becomes a placeholder (`#count`) that t() fills with the count
 * in the user's digits. A `#` in a select within a plural stays a `#`, as lingui leaves it.
 */
function countsApart(messages: Messages): Messages {
  const apart: Messages = {};
  for (const [id, message] of Object.entries(messages)) {
    apart[id] = typeof message === 'string' ? message : tokensApart(message);
  }
  return apart;
}

function tokensApart(tokens: CompiledMessage, count?: string): CompiledMessage {
  return tokens.map((token) => {
    if (typeof token === 'string') return token === '#' && count ? [`#${count}`] : token;
    const [name, type, cases] = token;
    if (typeof cases !== 'object' || !cases) return token;
    const counted = type === 'plural' || type === 'selectordinal' ? name : undefined;
    const choices: Record<string, unknown> = {};
    for (const [key, choice] of Object.entries(cases)) {
      choices[key] = Array.isArray(choice) ? tokensApart(choice as CompiledMessage, counted) : choice;
    }
    return [name, type, choices];
  });
}

/** A bundle's English messages: its first load carries them (lib/i18n/parts.ts says which). */
export function addEnglish(messages: Messages): void {
  i18n.load(SOURCE_LANGUAGE, countsApart(messages));
}

/** Shows a language from now on, with its messages when it is not English. */
export function showLanguage(language: ShownLanguage, messages?: Messages): void {
  if (messages) i18n.load(language, countsApart(messages));
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
