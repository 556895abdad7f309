import type { CompiledMessage } from '@lingui/message-utils/compileMessage';

/** A catalogue as lingui runs it: each id's message compiled (text, or tokens). */
type Compiled = Record<string, string | CompiledMessage>;

/**
 * Lingui picks a plural's category and writes its `#` by one locale. The category must follow the
 * language the words are in (English words, shown while French's catalogue could not load, say
 * "0 ads", never French's "0 ad"), and the digits the user's locale (`2 400`): so lingui runs in
 * the words' language, and each `#` becomes a placeholder (`#count`) that t() fills with the count
 * in the user's digits. A `#` in a select within a plural stays a `#`, as lingui leaves it.
 *
 * Done where catalogues are compiled (scripts/i18n/catalogues.ts: each bundle's English and the
 * shipped languages), never as a page or the worker starts: walking a catalogue took 1.3 to 1.8 ms
 * a start for 1,233 messages. Returns a copy; the catalogue given is left as it is.
 */
export function countsApart<C extends Compiled>(messages: C): C {
  const apart: Compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    apart[id] = typeof message === 'string' ? message : tokensApart(message);
  }
  return apart as C;
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
