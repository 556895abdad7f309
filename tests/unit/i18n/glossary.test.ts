import { describe, expect, it } from 'vitest';
import type { MessageId } from '../../../lib/i18n';
import { LANGUAGES } from '../../../lib/i18n/languages';
import { readCatalogue } from '../../../scripts/i18n/catalogues';

/**
 * Watching a brand (Adscope's watchlist) is not following it (the service's followed brands):
 * each language says watching with the one word of its glossary (docs/i18n.md) wherever it
 * speaks of it, so the notification, the toolbar's count, the Watch button and the watchlist agree.
 */
const WATCH_WORD: Record<(typeof LANGUAGES)[number], RegExp> = {
  en: /watch/i,
  de: /beobacht/i,
  fr: /surveill/i,
  es: /observ/i,
  'pt-BR': /observ/i,
  ja: /ウォッチ/,
};

const SPEAKS_OF_WATCHING: readonly MessageId[] = [
  'ads.watch.button',
  'ads.watch.label',
  'ads.watch.started',
  'ads.watch.stopped',
  'ads.watch.watchFailed',
  'ads.watch.unwatchFailed',
  'ads.watch.watchingTitle',
  'api.watch.full',
  'watchlist.empty.text',
  'watchlist.list.label',
  'watchlist.list.unwatch',
  'watchlist.title',
  'worker.badge.news',
  'worker.notify.watchedBrands',
];

describe('the words for watching a brand', () => {
  it.each([...LANGUAGES])('%s: one word wherever watching is spoken of', (language) => {
    const catalogue = readCatalogue(language);
    const otherWords = SPEAKS_OF_WATCHING.filter((id) => !WATCH_WORD[language].test(catalogue[id] ?? ''));
    expect(otherWords).toEqual([]);
  });
});
