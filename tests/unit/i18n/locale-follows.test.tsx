// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { t } from '@/lib/i18n';
import { followLanguage, onLocaleChange } from '@/lib/locale';
import { waitForPage } from '../../support/react-root';
import { pageWorld, tick } from '../../support/page-world';

const { cleanups } = pageWorld();

describe('dates and numbers when only their locale changes', () => {
  // The user reads Adscope in English and picks French in Options; French's catalogue cannot be
  // read, so the words stay English, and the numbers must turn French all the same (the runtime
  // follows the chosen language's locale), in the pages already open too.
  it('an open page shows its numbers in the chosen language whose words could not load', async () => {
    await fakeBrowser.storage.local.set({ settings: { theme: 'system', language: 'en' } });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('gone', { status: 404 }));
    // A fresh page: its own i18n, locale and format modules, as each extension page has.
    vi.resetModules();
    const { mountRoot } = await import('@/components/ui/mount-root');
    const format = await import('@/components/ui/format');
    const locale = await import('@/lib/locale');
    const i18n = await import('@/lib/i18n');
    cleanups.push(() => locale.followLanguage(undefined));
    const Figure = () => <p>{format.formats.number(2400.5)}</p>;
    await act(async () => {
      await mountRoot(<Figure />, (page) => page);
      await tick();
    });
    await waitForPage(() => expect(document.body.textContent).toBe('2,400.5'));

    await act(async () => {
      await browser.storage.local.set({ settings: { theme: 'system', language: 'fr' } });
      await tick();
    });

    await waitForPage(() => expect(document.body.textContent).toMatch(/^2\s400,5$/u));
    expect(i18n.shownLanguage()).toBe('en');
  });

  // English words counted by French rules would say "0 ad" (0 is `one` in French).
  it('counts words by the rules of their own language, in the digits of the locale', () => {
    cleanups.push(() => followLanguage(undefined));
    followLanguage('fr');
    const said = [0, 1, 1.5, 2400].map((count) => t('common.count.ads', { count }));
    expect(said.slice(0, 3)).toEqual(['0 ads', '1 ad', '1,5 ads']);
    // French groups thousands with a narrow or a plain no-break space, as the browser's ICU has it.
    expect(said[3]).toMatch(/^2\s400 ads$/u);
  });

  it('tells its listeners once for each change of the locale, and not when it stays', () => {
    const heard: string[] = [];
    const stop = onLocaleChange(() => heard.push('changed'));
    cleanups.push(() => {
      stop();
      followLanguage(undefined);
    });
    // English chosen in an American English browser: the same locale.
    followLanguage('en');
    followLanguage('de');
    followLanguage('de');
    followLanguage('fr');
    followLanguage(undefined);
    expect(heard).toEqual(['changed', 'changed', 'changed']);
  });
});
