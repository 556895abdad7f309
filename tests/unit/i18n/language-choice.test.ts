import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSettingsService } from '../../../lib/background/settings';
import { shownLanguage, t } from '../../../lib/i18n';
import { languageForBrowser, resolveLanguage } from '../../../lib/i18n/languages';
import {
  applyLanguageChoice,
  forgetCatalogues,
  type LanguageSources,
  watchLanguageChoice,
} from '../../../lib/i18n/runtime';
import { followLanguage, userLocale } from '../../../lib/locale';
import { settingsItem } from '../../../lib/storage/settings';
import { compiledLanguage } from '../../../scripts/i18n/catalogues';
import { fixedClock } from '../../support/clock';

/** The real choice in fake storage; catalogues compiled from the files, as the build ships them. */
function sources(preferred: string[], fetched: string[] = []): LanguageSources {
  return {
    readChoice: async () => (await settingsItem.get()).language,
    fetchCatalogue: async (language) => {
      fetched.push(language);
      return compiledLanguage(language);
    },
    preferred: () => preferred,
  };
}

beforeEach(() => {
  fakeBrowser.reset();
  // The unit suite shares modules between files: start from a page that has read no catalogue yet.
  forgetCatalogues();
});
afterEach(async () => {
  fakeBrowser.reset();
  await applyLanguageChoice(sources(['en-US']));
  followLanguage(undefined);
});

describe('the browser language', () => {
  it.each([
    [['de-AT', 'en'], 'de'],
    [['pt-BR'], 'pt-BR'],
    [['pt-PT'], 'pt-BR'],
    [['ja-JP'], 'ja'],
    [['nl-NL', 'fr-CA'], 'fr'],
    [['zh-CN'], 'en'],
    [[], 'en'],
  ])('%j reads %s', (preferred, language) => {
    expect(languageForBrowser(preferred)).toBe(language);
  });

  it('shows the pseudo-language only where the build ships it', () => {
    expect(resolveLanguage('en-XA', ['de'], true)).toBe('en-XA');
    expect(resolveLanguage('en-XA', ['de'], false)).toBe('de');
    expect(resolveLanguage('auto', ['es-MX'], false)).toBe('es');
    expect(resolveLanguage('ja', ['de'], false)).toBe('ja');
  });
});

describe('the chosen language', () => {
  it('is the browser’s until one is chosen, with the browser’s own formats', async () => {
    const fetched: string[] = [];
    expect(await applyLanguageChoice(sources(['de-AT', 'en'], fetched))).toBe('de');
    expect(fetched).toEqual(['de']);
    expect(t('options.language.label')).toBe('Sprache');
    expect(userLocale({ language: 'de-AT' })).toBe('de-AT');
  });

  it('chosen in Options, survives a restart and sets dates and numbers', async () => {
    const settings = createSettingsService({ clock: fixedClock() });
    const view = await settings.setLanguage('ja');
    expect(view.language).toBe('ja');
    // A restart: nothing in memory but what storage kept.
    followLanguage(undefined);
    expect(await applyLanguageChoice(sources(['en-US']))).toBe('ja');
    expect(shownLanguage()).toBe('ja');
    expect(t('common.count.ads', { count: 21 })).toBe('21件の広告');
    expect(userLocale({ language: 'en-US' })).toBe('ja');
    expect(new Intl.NumberFormat(userLocale({ language: 'en-US' })).format(1234.5)).toBe('1,234.5');
  });

  it('chosen while the theme changes in the same moment: both stand, neither undoes the other', async () => {
    const settings = createSettingsService({ clock: fixedClock() });
    await settingsItem.set({ theme: 'system', language: 'auto' });
    // Options sends both before the worker has answered either: each reads the settings, then writes.
    await Promise.all([settings.setTheme('dark'), settings.setLanguage('fr')]);
    expect(await settingsItem.get()).toMatchObject({ theme: 'dark', language: 'fr' });
    await Promise.all([settings.setLanguage('de'), settings.setTheme('light'), settings.setLanguage('ja')]);
    expect(await settingsItem.get()).toMatchObject({ theme: 'light', language: 'ja' });
  });

  it('German chosen in an English browser formats as German', async () => {
    await settingsItem.set({ theme: 'system', language: 'de' });
    await applyLanguageChoice(sources(['en-US']));
    expect(userLocale({ language: 'en-US' })).toBe('de');
    expect(new Intl.NumberFormat(userLocale({ language: 'en-US' })).format(1234.5)).toBe('1.234,5');
  });

  it('keeps the theme and reads the browser’s language from settings stored before the choice, or naming an unknown one', async () => {
    await fakeBrowser.storage.local.set({ settings: { theme: 'dark' } });
    expect(await settingsItem.get()).toEqual({ theme: 'dark', language: 'auto' });
    await fakeBrowser.storage.local.set({ settings: { theme: 'dark', language: 'tlh' } });
    expect(await settingsItem.get()).toEqual({ theme: 'dark', language: 'auto' });
  });

  it('stays in English when the catalogue cannot be read, with dates and numbers in the chosen language', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await settingsItem.set({ theme: 'system', language: 'fr' });
    const failing = { ...sources(['en']), fetchCatalogue: () => Promise.reject(new Error('gone')) };
    expect(await applyLanguageChoice(failing)).toBe('en');
    expect(t('options.language.label')).toBe('Language');
    expect(userLocale({ language: 'en-US' })).toBe('fr');
  });

  it('is followed by every page when it changes, and only then', async () => {
    const changes: string[] = [];
    const stop = watchLanguageChoice(() => changes.push('language'));
    await settingsItem.set({ theme: 'dark', language: 'auto' });
    await settingsItem.set({ theme: 'dark', language: 'es' });
    await settingsItem.set({ theme: 'light', language: 'es' });
    stop();
    expect(changes).toEqual(['language']);
  });

  it('changed again while the first choice’s catalogue still loads: the last choice is shown, whatever answers last', async () => {
    let release: (() => void) | undefined;
    const slow: LanguageSources = {
      ...sources(['en-US']),
      fetchCatalogue: async (language) => {
        await new Promise<void>((resolve) => (release = resolve));
        return compiledLanguage(language);
      },
    };
    await settingsItem.set({ theme: 'system', language: 'de' });
    const first = applyLanguageChoice(slow);
    // German's catalogue is on its way when the user picks English: English needs no catalogue.
    await vi.waitFor(() => expect(release).not.toBe(undefined));
    await settingsItem.set({ theme: 'system', language: 'en' });
    expect(await applyLanguageChoice(slow)).toBe('en');
    release?.();
    expect(await first).toBe('en');
    expect(shownLanguage()).toBe('en');
    expect(t('options.language.label')).toBe('Language');
    expect(userLocale({ language: 'en-US' })).toBe('en-US');
  });
});
