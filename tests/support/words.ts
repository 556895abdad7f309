import type { MessageId, MessageValues } from '../../lib/i18n';
import { say } from '../../lib/i18n/say';
import { compiledLanguage } from '../../scripts/i18n/catalogues';

/** A language's words as the extension shows them: a test finds a button by the name its catalogue gives it. */
export type Words = (id: MessageId, values?: MessageValues) => string;

/** The words of `language`, compiled from its catalogue file as the build compiles them. */
export function wordsOf(language: string): Words {
  const messages = compiledLanguage(language);
  return (id, values) => {
    const message = messages[id];
    if (message === undefined) throw new Error(`No message ${id} in ${language}.`);
    return say(message, values, language);
  };
}
