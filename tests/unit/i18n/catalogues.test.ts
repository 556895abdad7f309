import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import {
  catalogueLanguages,
  compileCatalogue,
  type CompiledMessage,
  compiledLanguage,
  readCatalogue,
} from '../../../scripts/i18n/catalogues';
import { LANGUAGES, PSEUDO_LANGUAGE, SOURCE_LANGUAGE } from '../../../lib/i18n/languages';
import { countsApart } from '../../../lib/i18n/counts-apart';
import { type MessageValues, say } from '../../../lib/i18n/say';

/**
 * Every catalogue against English: the same ids, the same placeholders, messages that parse, and
 * each plural with exactly its language's CLDR categories (Japanese only `other`, French,
 * Spanish and Portuguese `one`, `many` and `other`).
 */
const english = readCatalogue(SOURCE_LANGUAGE);
const translations = LANGUAGES.filter((language) => language !== SOURCE_LANGUAGE);

type Token = CompiledMessage[number];

/** Each placeholder as `name` or `name:plural`, in and under plurals and selects. */
function placeholders(tokens: readonly Token[] | string, found = new Set<string>()): Set<string> {
  if (typeof tokens === 'string') return found;
  for (const token of tokens) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token as [string, string?, unknown?];
    found.add(type ? `${name}:${type}` : name);
    if ((type === 'plural' || type === 'selectordinal' || type === 'select') && typeof format === 'object' && format) {
      for (const [key, branch] of Object.entries(format)) {
        if (key !== 'offset' && branch !== undefined) placeholders(branch as readonly Token[], found);
      }
    }
  }
  return found;
}

/** The text of a message, without its placeholders and the syntax of its plurals and selects. */
function textOf(tokens: readonly Token[] | string): string {
  if (typeof tokens === 'string') return tokens;
  return tokens
    .map((token) => {
      if (typeof token === 'string') return token;
      const [, , format] = token as [string, string?, unknown?];
      if (typeof format !== 'object' || !format) return '';
      return Object.entries(format)
        .filter(([key]) => key !== 'offset')
        .map(([, branch]) => textOf(branch as readonly Token[]))
        .join(' ');
    })
    .join('');
}

/** The categories of each plural in a message (exact matches such as `=0` aside). */
function pluralCategories(tokens: readonly Token[] | string, found: string[][] = []): string[][] {
  if (typeof tokens === 'string') return found;
  for (const token of tokens) {
    if (typeof token === 'string') continue;
    const [, type, format] = token as [string, string?, unknown?];
    if (typeof format !== 'object' || !format) continue;
    const keys = Object.keys(format).filter((key) => key !== 'offset');
    if (type === 'plural') found.push(keys.filter((key) => !/^\d+$/.test(key)).sort());
    for (const key of keys) pluralCategories((format as Record<string, readonly Token[]>)[key] ?? [], found);
  }
  return found;
}

/** Messages that are the same in another language on purpose: unit symbols, and words the language shares. */
const UNIT_SYMBOLS = ['common.seconds', 'common.minutesSeconds', 'common.hoursMinutes'];
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  de: [...UNIT_SYMBOLS, 'ui.requestId.details', 'panel.tab.boards', 'panel.tab.workspace'],
  fr: [...UNIT_SYMBOLS, 'jobs.image.title', 'popup.options', 'panel.options'],
  es: UNIT_SYMBOLS,
  'pt-BR': UNIT_SYMBOLS,
  ja: [],
};
// Boards, brands, watchlist and workspace: German keeps "Board" and "Tags", French "Formats".
SAME_AS_ENGLISH.de = [
  ...(SAME_AS_ENGLISH.de ?? []),
  'boards.title',
  'boards.report.kind',
  'boards.save.legend',
  'boards.save.tags',
];
SAME_AS_ENGLISH.fr = [...(SAME_AS_ENGLISH.fr ?? []), 'brands.detail.formats'];

describe('the catalogues', () => {
  it('are exactly the languages Adscope offers, one file each', () => {
    expect(catalogueLanguages().sort()).toEqual([...LANGUAGES].sort());
  });

  it('name ids by area and meaning (area.name, lower camel case)', () => {
    const badIds = Object.keys(english).filter((id) => !/^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/.test(id));
    expect(badIds).toEqual([]);
  });

  it.each([...LANGUAGES])('%s: every message parses', (language) => {
    expect(() => compileCatalogue(readCatalogue(language))).not.toThrow();
  });

  it.each(translations)('%s: has every English id and no other', (language) => {
    const ids = Object.keys(readCatalogue(language));
    expect({
      missing: Object.keys(english).filter((id) => !ids.includes(id)),
      extra: ids.filter((id) => !(id in english)),
    }).toEqual({ missing: [], extra: [] });
  });

  // Names, not kinds: a language may count on another value than English does (a plural there, plain here).
  it.each(translations)('%s: every message has the placeholders of its English message', (language) => {
    const source = compileCatalogue(english);
    const translated = compileCatalogue(readCatalogue(language));
    const differing = Object.keys(source)
      .filter((id) => id in translated)
      .filter((id) => {
        const names = (message: CompiledMessage | undefined) =>
          [...new Set([...placeholders(message ?? [])].map((name) => name.split(':')[0]))].sort();
        const want = names(source[id]);
        const have = names(translated[id]);
        return want.join() !== have.join();
      });
    expect(differing).toEqual([]);
  });

  it.each([...LANGUAGES])('%s: every plural has exactly the CLDR categories of the language', (language) => {
    const categories = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
    const compiled = compileCatalogue(readCatalogue(language));
    const wrong = Object.entries(compiled)
      .filter(([, message]) => pluralCategories(message).some((found) => found.join() !== categories.join()))
      .map(([id]) => id);
    expect(wrong).toEqual([]);
  });

  // t() writes a plural's `#` as the whole count, in the user's digits (lib/i18n/index.ts countsApart).
  it.each([...LANGUAGES])('%s: no plural counts from an offset', (language) => {
    const offset = Object.entries(readCatalogue(language)).filter(([, message]) => /\boffset\s*:/.test(message));
    expect(offset.map(([id]) => id)).toEqual([]);
  });

  it.each(translations)('%s: no message left in English', (language) => {
    const translated = readCatalogue(language);
    const source = compileCatalogue(english);
    // Only the words count: a message of placeholders and punctuation is the same everywhere.
    const hasWords = (id: string) => /[A-Za-z]{3}/.test(textOf(source[id] ?? []).replace(/Adscope/g, ''));
    const untranslated = Object.keys(english).filter(
      (id) => translated[id] === english[id] && hasWords(id) && !SAME_AS_ENGLISH[language]?.includes(id),
    );
    expect(untranslated).toEqual([]);
  });
});

describe('plurals', () => {
  const COUNTS = [0, 1, 2, 5, 21];
  const expected: Record<string, string[]> = {
    en: ['0 ads', '1 ad', '2 ads', '5 ads', '21 ads'],
    de: ['0 Anzeigen', '1 Anzeige', '2 Anzeigen', '5 Anzeigen', '21 Anzeigen'],
    fr: ['0 publicité', '1 publicité', '2 publicités', '5 publicités', '21 publicités'],
    es: ['0 anuncios', '1 anuncio', '2 anuncios', '5 anuncios', '21 anuncios'],
    'pt-BR': ['0 anúncio', '1 anúncio', '2 anúncios', '5 anúncios', '21 anúncios'],
    ja: ['0件の広告', '1件の広告', '2件の広告', '5件の広告', '21件の広告'],
  };

  /** Each placeholder of `message` given: its counts `count`, its other values `x`. */
  const valuesAt = (message: CompiledMessage | string, count: number): MessageValues => {
    const values: MessageValues = {};
    for (const name of placeholders(message)) {
      const [key = '', type] = name.split(':');
      values[key] = type === 'plural' ? count : 'x';
    }
    return values;
  };

  it.each([...LANGUAGES])('%s: a count of ads reads right at 0, 1, 2, 5 and 21', (language) => {
    const message = countsApart(compiledLanguage(language))['common.count.ads'] ?? '';
    expect(COUNTS.map((count) => say(message, { count }, language))).toEqual(expected[language]);
  });

  it.each([...LANGUAGES])('%s: every plural message gives a text at 0, 1, 2, 5 and 21', (language) => {
    for (const [id, message] of Object.entries(countsApart(compiledLanguage(language)))) {
      if (pluralCategories(message).length === 0) continue;
      for (const count of COUNTS) {
        const text = say(message, valuesAt(message, count), language);
        expect(text, `${id} at ${count}`).not.toMatch(/[{}#]|^\s*$/);
      }
    }
  });

  it.each([...LANGUAGES])(
    '%s: every message says what lingui’s own runtime says, counts apart or not, with values or none',
    (language) => {
      const compiled = compiledLanguage(language);
      const apart = countsApart(compiled);
      const lingui = setupI18n({ locale: language, messages: { [language]: compiled } });
      for (const [id, message] of Object.entries(compiled)) {
        expect(say(message, undefined, language), id).toBe(lingui._(id));
        for (const count of COUNTS) {
          const values = valuesAt(message, count);
          expect(say(message, values, language), `${id} at ${count}`).toBe(lingui._(id, values));
          expect(say(apart[id] ?? '', values, language), `${id} at ${count}, counts apart`).toBe(lingui._(id, values));
        }
      }
    },
  );

  it('runs only the forms it knows: text, values, plurals and selects', () => {
    const forms = new Set<string>();
    const walk = (tokens: CompiledMessage | string): void => {
      if (typeof tokens === 'string') return;
      for (const token of tokens) {
        if (typeof token === 'string') continue;
        const [, type, cases] = token as [string, string?, Record<string, unknown>?];
        forms.add(type ?? 'value');
        if (cases && typeof cases === 'object')
          for (const branch of Object.values(cases)) if (Array.isArray(branch)) walk(branch as CompiledMessage);
      }
    };
    for (const language of LANGUAGES) for (const message of Object.values(compiledLanguage(language))) walk(message);
    expect([...forms].sort()).toEqual(['plural', 'select', 'value']);
  });

  it('puts a value in as it is written, and leaves one not given out', () => {
    const message: CompiledMessage = ['Saved ', ['title'], '.', ['missing']];
    expect(say(message, { title: 'Caf\\u00e9 {x} #' }, 'en')).toBe('Saved Caf\\u00e9 {x} #.');
  });
});

const ACCENTED = /[\u00c0-\u024f\u1e00-\u1eff]/;

describe('the pseudo-language', () => {
  const pseudo = compiledLanguage(PSEUDO_LANGUAGE);
  const i18n = { _: (id: string, values?: MessageValues) => say(pseudo[id] ?? id, values, PSEUDO_LANGUAGE) };

  it('has every English id', () => {
    expect(Object.keys(pseudo).sort()).toEqual(Object.keys(english).sort());
  });

  it('is bracketed, accented, and at least 40 % longer than English', () => {
    const compiled = compileCatalogue(english);
    const plain = { _: (id: string, values?: MessageValues) => say(compiled[id] ?? id, values, 'en') };
    for (const id of Object.keys(english)) {
      const values = { count: 5, language: 'Deutsch' };
      const text = i18n._(id, values);
      const source = plain._(id, values);
      expect(text, id).toMatch(/^\[.*\]$/s);
      // A word of English letters in the source shows accented; values (here "Deutsch") stay as given.
      if (/[A-Za-z]{2}/.test(source.replace(/Deutsch/g, ''))) expect(text, id).toMatch(ACCENTED);
      expect(text.length - 2, id).toBeGreaterThanOrEqual(Math.floor(source.length * 1.4) - 1);
    }
  });

  it('keeps placeholders and plurals working', () => {
    expect(i18n._('common.count.ads', { count: 1 })).toMatch(/^\[1 åð .*\]$/);
    expect(i18n._('common.count.ads', { count: 21 })).toMatch(/^\[21 åðš .*\]$/);
  });
});
