import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMetric } from '../../../components/accounts/metric-format';
import { formatsFor } from '../../../components/ui/format';
import { countOf } from '../../../lib/count';
import { followLanguage, userLocale } from '../../../lib/locale';

/**
 * Dates and numbers follow the browser's language: the main formats, made for three locales
 * and a time zone given here, so the machine's own language and zone change nothing.
 */
// Intl may separate a number from its unit with a narrow or plain no-break space; compare them as spaces.
const spaced = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, ' ') ?? null;

// Files of a worker share their modules (vitest.config.ts): a language another file showed is not this file's.
beforeEach(() => followLanguage(undefined));

describe.each([
  {
    locale: 'en-US',
    day: 'Mar 1, 2026',
    dateTime: 'Mar 1, 2026, 9:05 PM',
    count: '1,200 ads',
    decimal: '1,234.5678',
    percent: '12.50%',
    currency: '€1,234.50',
    plainAmount: '1,234.50',
    ratio: '3.25×',
    size: '1.4 MB',
    seconds: '3.5s',
  },
  {
    locale: 'de-DE',
    day: '1. März 2026',
    dateTime: '1. März 2026, 21:05',
    count: '1.200 ads',
    decimal: '1.234,5678',
    percent: '12,50 %',
    currency: '1.234,50 €',
    plainAmount: '1.234,50',
    ratio: '3,25×',
    size: '1,4 MB',
    seconds: '3,5 Sek.',
  },
  {
    locale: 'ja-JP',
    day: '2026年3月1日',
    dateTime: '2026年3月1日 21:05',
    count: '1,200 ads',
    decimal: '1,234.5678',
    percent: '12.50%',
    currency: '€1,234.50',
    plainAmount: '1,234.50',
    ratio: '3.25×',
    size: '1.4 MB',
    seconds: '3.5s',
  },
])('in $locale', (expected) => {
  const formats = formatsFor(expected.locale, 'UTC');

  it('a launch day reads as the calendar day written, whatever the zone', () => {
    expect(spaced(formats.day('2026-03-01'))).toBe(expected.day);
    expect(spaced(formatsFor(expected.locale, 'Pacific/Kiritimati').day('2026-03-01'))).toBe(expected.day);
  });

  it('a saved time reads in the given time zone', () => {
    expect(spaced(formats.dateTime('2026-03-01T21:05:00Z'))).toBe(expected.dateTime);
  });

  it('a count groups its digits', () => {
    expect(countOf(1200, 'ad', 'ads', expected.locale)).toBe(expected.count);
  });

  it('a metric keeps its decimals, its percent, its currency and its ratio', () => {
    expect(spaced(formatMetric(1234.5678, 'number', null, formats))).toBe(expected.decimal);
    expect(spaced(formatMetric(12.5, 'percent', null, formats))).toBe(expected.percent);
    expect(spaced(formatMetric(1234.5, 'currency', 'EUR', formats))).toBe(expected.currency);
    expect(spaced(formatMetric(1234.5, 'currency', null, formats))).toBe(expected.plainAmount);
    expect(spaced(formatMetric(3.25, 'ratio', null, formats))).toBe(expected.ratio);
  });

  it('a file size and a time in a video', () => {
    expect(spaced(formats.fileSize(1.4 * 1_048_576))).toBe(expected.size);
    expect(spaced(formats.seconds(3.5))).toBe(expected.seconds);
  });
});

describe('the user locale', () => {
  it.each([
    [{ language: 'de-DE' }, 'de-DE'],
    [{ language: 'pt-br' }, 'pt-BR'],
    [{ language: '' }, 'en-US'],
    [{}, 'en-US'],
    [{ language: 'not a tag!' }, 'en-US'],
  ])('of a browser that says %o is %s', (navigator, locale) => {
    expect(userLocale(navigator)).toBe(locale);
  });

  it('an unknown currency code is shown with its code, never in a guessed currency', () => {
    expect(spaced(formatMetric(5, 'currency', 'NOT-A-CODE', formatsFor('en-US')))).toBe('5.00 NOT-A-CODE');
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** An Intl constructor or toLocale…String call whose first argument is a quoted locale (or a list of them). */
const LOCALE_LITERAL =
  /\b(?:Intl\.[A-Za-z]+\s*\(|\.toLocale(?:Date|Time)?String\s*\(|\.toLocaleUpperCase\s*\(|\.toLocaleLowerCase\s*\()\s*\[?\s*['"`]/;

describe('no format names a locale of its own', () => {
  it('finds such a call when there is one', () => {
    expect(LOCALE_LITERAL.test("new Intl.NumberFormat('en')")).toBe(true);
    expect(LOCALE_LITERAL.test("value.toLocaleString('en-GB')")).toBe(true);
    expect(LOCALE_LITERAL.test("new Intl.DateTimeFormat(['de'], {})")).toBe(true);
    expect(LOCALE_LITERAL.test('new Intl.NumberFormat(locale)')).toBe(false);
  });

  it('in components/ and lib/', () => {
    const files = ['components', 'lib'].flatMap((root) => sourceFiles(path.resolve(root)));
    expect(files.length).toBeGreaterThan(50);
    const hits = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => LOCALE_LITERAL.test(line))
        .map(({ index }) => `${path.relative('.', file)}:${index + 1}`),
    );
    expect(hits).toEqual([]);
  });
});

describe('what a card asks the browser for, once', () => {
  it('a plain day needs no time zone; a timestamp asks for it once per set of formats', () => {
    const formats = formatsFor('en-GB');
    const asked = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions');
    try {
      for (let card = 0; card < 50; card += 1) formats.day('2026-03-01');
      expect(asked).not.toHaveBeenCalled();
      formats.day('2026-03-01T10:00:00Z');
      formats.day('2026-03-02T10:00:00Z');
      expect(asked).toHaveBeenCalledTimes(1);
    } finally {
      asked.mockRestore();
    }
  });

  it('the locale is read once however many messages and formats ask for it', () => {
    const read = vi.spyOn(Intl, 'getCanonicalLocales');
    try {
      for (let message = 0; message < 50; message += 1) userLocale({ language: 'es-419' });
      expect(read.mock.calls.filter(([tag]) => tag === 'es-419')).toHaveLength(1);
    } finally {
      read.mockRestore();
    }
  });

  it('the answer kept follows a new language shown and another browser language', () => {
    try {
      expect(userLocale({ language: 'de-AT' })).toBe('de-AT');
      followLanguage('fr');
      expect(userLocale({ language: 'de-AT' })).toBe('fr');
      followLanguage('de');
      expect(userLocale({ language: 'de-AT' })).toBe('de-AT');
      expect(userLocale({ language: 'de-CH' })).toBe('de-CH');
    } finally {
      followLanguage(undefined);
    }
  });
});
