import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { formatCount } from '../count';

/** Values for a message's placeholders: text as it is, numbers formatted by the message (plural, number). */
export type MessageValues = Record<string, string | number>;

/** One message as the build compiles it (ICU MessageFormat, by lingui's compiler in scripts/i18n). */
export type Message = string | CompiledMessage;
type Token = CompiledMessage[number];

const pluralRules = new Map<string, Intl.PluralRules>();

const own = <T>(object: Record<string, T> | undefined, key: string): T | undefined =>
  object && Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;

/**
 * A compiled message's text in `language`, its placeholders filled: text, `[name]` for a value,
 * `[name, 'plural' | 'select', cases]` (the forms the catalogues use; catalogues.test.ts holds them
 * to those and says each message as lingui's own runtime does). A plural takes its exact case
 * (`=0`) or its category in `language`, the words' language; a select its case or `other`; a
 * value not given is left out, one given goes in as it is. A count (`#`, written `[#count]` by the
 * build: lib/i18n/counts-apart.ts; a `#` in a catalogue compiled without that) reads in the user's
 * digits, as every other number of the page does.
 */
export function say(message: Message, values: MessageValues | undefined, language: string): string {
  return typeof message === 'string' ? message : run(message, values, language);
}

function run(tokens: readonly Token[], values: MessageValues | undefined, language: string, count?: string): string {
  let text = '';
  for (const token of tokens) {
    if (typeof token === 'string') {
      text += token === '#' && count !== undefined ? count : token;
      continue;
    }
    const [name, type, cases] = token as [string, string?, Record<string, unknown>?];
    const counted = name.startsWith('#');
    const value = own(values, counted ? name.slice(1) : name);
    if (cases && (type === 'plural' || type === 'select')) {
      let choice = own(cases, String(value));
      if (choice === undefined && type === 'plural') {
        let rules = pluralRules.get(language);
        if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
        choice = own(cases, rules.select(Number(value)));
      }
      choice ??= cases.other;
      text +=
        typeof choice === 'string'
          ? choice
          : Array.isArray(choice)
            ? run(choice as Token[], values, language, type === 'plural' ? formatCount(Number(value)) : undefined)
            : '';
    } else if (value !== undefined && value !== null)
      text += counted && typeof value === 'number' ? formatCount(value) : value;
  }
  return text;
}
