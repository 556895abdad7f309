import { setupI18n } from '@lingui/core';
import type { MessageId, MessageValues } from '../../lib/i18n';
import { compiledLanguage } from '../../scripts/i18n/catalogues';

/** A language's words as the extension shows them: a test finds a button by the name its catalogue gives it. */
export type Words = (id: MessageId, values?: MessageValues) => string;

/** The words of `language`, compiled from its catalogue file as the build compiles them. */
export function wordsOf(language: string): Words {
  const i18n = setupI18n({ locale: language, messages: { [language]: compiledLanguage(language) } });
  return (id, values) => {
    const text = i18n._(id, values);
    if (text === id) throw new Error(`No message ${id} in ${language}.`);
    return text;
  };
}
