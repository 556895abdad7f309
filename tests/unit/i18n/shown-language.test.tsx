// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WatchButton } from '../../../components/ads/watch-toggle';
import { showLanguage } from '../../../lib/i18n';
import type { Language } from '../../../lib/i18n/languages';
import { forgetCatalogues } from '../../../lib/i18n/runtime';
import { followLanguage } from '../../../lib/locale';
import { compiledLanguage } from '../../../scripts/i18n/catalogues';
import { reactRoot } from '../../support/react-root';

/**
 * The words that were English whatever the language (docs/i18n.md): each said in the language
 * shown, here German, and as before in English.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounted = reactRoot();

/** Shows a language as a page does once its catalogue is read: its words, and its dates and numbers. */
function show(language: Language): void {
  showLanguage(language, language === 'en' ? undefined : compiledLanguage(language));
  followLanguage(language);
}

beforeEach(() => {
  fakeBrowser.reset();
  forgetCatalogues();
});
afterEach(() => {
  show('en');
  followLanguage(undefined);
});

describe('the Watch button', () => {
  const brand = { id: 'brand-1', name: 'Acme Trail' };

  it.each([
    ['en', 'Watch', 'Watch Acme Trail'],
    ['de', 'Beobachten', 'Acme Trail beobachten'],
    ['fr', 'Surveiller', 'Surveiller Acme Trail'],
  ] as const)('in %s says only its word; its name says the brand', async (language, word, name) => {
    show(language);
    await act(async () => mounted.root.render(<WatchButton brand={brand} />));
    const button = mounted.host.querySelector('button');
    expect(button?.textContent).toBe(word);
    expect(button?.getAttribute('aria-label')).toBe(name);
    // No hidden copy of the brand's name: the name comes from aria-label alone.
    expect(button?.querySelector('.visually-hidden')).toBeNull();
  });
});
