// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteDomainOf } from '../../../components/similar/read-page';
import { readPageSignals } from '../../../lib/content/signals';
import { readPage } from '../../../lib/page-reading';

/**
 * Real pages (tests/fixtures/page-attack, each naming its repository, path and commit) read as Adscope reads them for
 * "Find similar ads": the find-similar script's signals, then the panel's reading. Each test says what the user would
 * see wrong there. The fixtures sit apart from tests/fixtures/page-heads because page-corpus.test.ts holds that folder
 * to its own table.
 */
function read(file: string, url: string) {
  const html = readFileSync(path.resolve('tests/fixtures/page-attack', file), 'utf8');
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const signals = readPageSignals(doc, url);
  return readPage(signals, siteDomainOf(signals.hostname));
}

describe('find similar on real pages', () => {
  // Page: Snipes' mobile product page for the adidas Originals YUNG-96, whose og:title is "adidas Originals YUNG-96
  // black Schuh bei SNIPES" (shassi-nest, snipes-sale.testcase.ts at 8838175).
  // The user sees: the similar search asks the ad library for "bei", the German "at" of the store's own suffix
  // ("… bei SNIPES"), as one of the six keywords of the product.
  // Cause: lib/page-reading.ts, similarKeywords takes the whole og:title, store suffix and all, and lib/keywords.ts,
  // contentWords keeps "bei" because STOP_WORDS.de (isStopWord) does not list it.
  it('asks for no German preposition from a store’s “… bei SNIPES” suffix (m.snipes.com)', () => {
    const reading = read(
      'snipes-mobile-yung-96.html',
      'https://m.snipes.com/marken/adidas.cat/yung-96-core-black-core-black-clear-mint/prod-00013801680692',
    );
    expect(reading.keywords).toContain('yung');
    expect(reading.keywords).not.toContain('bei');
  });

  // Page: a DELISH KITCHEN recipe page (recipe-scrapers, delishkitchen_2.testhtml at 840f86c), whose footer JSON-LD
  // (a WPFooter) names its copyright line as an Organization: "every, Inc All Rights Reserved.".
  // The user sees: "every, Inc All Rights Reserved." offered as the site's second name, right after デリッシュキッチン,
  // so the worker's catalogue searches for the site's names spend one on a copyright notice.
  // Cause: lib/page-reading.ts, jsonLdFacts takes every Organization node's name for the site's, a footer's
  // copyrightHolder included, and nameProblem does not set a copyright notice aside.
  it('offers no copyright notice as a name of the site (delishkitchen.tv)', () => {
    const reading = read('delish-kitchen-cream-soup.html', 'https://delishkitchen.tv/recipes/309655808310772799');
    expect(reading.siteNames[0]?.name).toBe('デリッシュキッチン');
    expect(reading.siteNames.map((name) => name.name).filter((name) => /all rights reserved/i.test(name))).toEqual([]);
  });
});
