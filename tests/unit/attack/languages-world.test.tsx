// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode, useSyncExternalStore } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { TranscriptView } from '@/components/accounts/transcript-view';
import GenerateTab from '@/components/generate/generate-tab';
import { EMPTY_DRAFT, useGenerateStore } from '@/components/generate/generate-store';
import { createQueryClient } from '@/components/ui/mount';
import { mountRoot } from '@/components/ui/mount-root';
import { daysRunning, formatNumber } from '@/components/ui/format';
import { relabelBadge, showOnBadge } from '@/lib/background/badge';
import { labelInWorkerLanguage, startWorkerLanguage, workerLanguageReady } from '@/lib/background/language';
import { pageButtonWords } from '@/lib/background/similar/page-button-registration';
import { mountPageButton } from '@/lib/content/page-button';
import { LIMITS } from '@/lib/contract/limits';
import { showLanguage, shownLanguage, t } from '@/lib/i18n';
import { SOURCE_LANGUAGE } from '@/lib/i18n/languages';
import { applyLanguageChoice, forgetCatalogues, type LanguageSources } from '@/lib/i18n/runtime';
import { followLanguage } from '@/lib/locale';
import { settingsItem } from '@/lib/storage/settings';
import { compiledLanguage } from '../../../scripts/i18n/catalogues';
import { pageWorld, tick, typeInto } from '../../support/page-world';
import { waitForPage } from '../../support/react-root';

/*
 * What a reader of one of Adscope's six languages sees that is wrong, missing or stale: a
 * language chosen while a page or a web page's button is up, numbers and plurals in each
 * language, and a day counted near midnight in a named time zone.
 */

const emptyForm = () => useGenerateStore.setState({ draft: EMPTY_DRAFT, fromAd: null, earlierPrompt: null });
const world = pageWorld(emptyForm);
// And before: the files of a worker share the form's store, and another file may leave a brief in it.
beforeEach(emptyForm);

afterEach(() => {
  // Files of one worker share their modules: every test leaves English shown, and no catalogue kept.
  forgetCatalogues();
  showLanguage(SOURCE_LANGUAGE);
  followLanguage(undefined);
});

/** Shows `language` as a page does once its catalogue is in: its words, and its dates' and numbers' locale. */
function show(language: 'de' | 'fr' | 'ja' | 'pt-BR' | 'es'): void {
  followLanguage(language);
  showLanguage(language, compiledLanguage(language));
}

/** The network as pages and the worker see it: the extension's own catalogues, compiled as the build ships them. */
function catalogues() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const catalogue = /catalogues\/(.+)\.json$/.exec(request.url)?.[1];
    if (catalogue) return new Response(JSON.stringify(compiledLanguage(catalogue)));
    return new Response('not here', { status: 404 });
  });
}

/** The worker behind the panel: owned brands for the brief form, an answer for anything else. */
function worker(answers: Record<string, unknown> = {}) {
  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: { type: string }) => {
    if (message.type === 'ownedBrands.list')
      return { ok: true, data: { items: [{ id: 'brand-acme', name: 'Acme Outdoor', locked: false }] } };
    if (message.type in answers) return { ok: true, data: answers[message.type] };
    return { ok: true, data: {} };
  }) as typeof browser.runtime.sendMessage);
}

/**
 * A page mounted as the extension mounts it (components/ui/mount-root.tsx: in the chosen
 * language, drawn again in place when the choice changes), with a query cache. `page` is called
 * in a component's render, as a page's own App makes its views, and is taken down after the test
 * (mountRoot keeps its React root).
 */
async function mountPage(page: () => ReactNode): Promise<void> {
  let shown = true;
  const listeners = new Set<() => void>();
  function Page() {
    const on = useSyncExternalStore(
      (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      () => shown,
    );
    return on ? page() : null;
  }
  world.cleanups.push(() =>
    act(() => {
      shown = false;
      for (const listener of listeners) listener();
    }),
  );
  const client = createQueryClient();
  await act(async () => {
    await mountRoot(<Page />, (element) => <QueryClientProvider client={client}>{element}</QueryClientProvider>);
  });
}

/** The brief form's field, once the form is drawn. */
const brief = () =>
  waitForPage(() => {
    const field = document.querySelector<HTMLTextAreaElement>('.generate-form textarea');
    if (!field) throw new Error('no brief yet');
    return field;
  });
const submitButton = () => document.querySelector<HTMLButtonElement>('.generate-form button[type="submit"]');
const briefError = () => document.querySelector('.generate-form .field-error')?.textContent ?? null;

describe('the brief form’s problem after a language is chosen (components/generate/use-generate-form.ts)', () => {
  // Scenario: a user reads the panel in English, clicks "Generate images" with an empty brief and
  // reads "The brief cannot be empty: describe the ad you want." under the field. They then pick
  // German in Options. The panel is drawn again in German in place (the form, its buttons, its
  // labels), but the sentence under the brief stays English, next to German words, until they
  // submit again. Cause: useGenerateForm's onSubmit keeps the problem's finished sentence in React
  // state (`setProblem(result)`, made by choiceFromDraft/problemWords in the language of that
  // moment), so LanguageRoot's redraw in place shows the old words (keeping the field and the
  // problem's kind, and saying it when drawn, would follow the language).
  it('says the problem under the brief in German once German is chosen', async () => {
    await fakeBrowser.storage.local.set({ settings: { theme: 'system', language: 'en' } });
    catalogues();
    worker();
    await mountPage(() => <GenerateTab />);
    await brief();
    await act(async () => submitButton()?.click());
    await waitForPage(() => expect(briefError()).toBe('The brief cannot be empty: describe the ad you want.'));

    await act(async () => {
      await browser.storage.local.set({ settings: { theme: 'system', language: 'de' } });
      await tick();
    });
    await waitForPage(() => expect(shownLanguage()).toBe('de'));
    await waitForPage(() => expect(submitButton()?.textContent).toBe('Bilder generieren'));

    expect(briefError()).toBe('Das Briefing darf nicht leer sein: Beschreibe die Anzeige, die du möchtest.');
  });
});

describe('a brief too long, in German (components/generate/draft.ts problemWords)', () => {
  // Scenario: a German reader pastes a 12,345-character brief. The count under the field reads
  // "12.345 / 10.000 Zeichen", in German digits; they click "Bilder generieren" and the problem
  // under it reads "Das Briefing hat 12345 Zeichen; erlaubt sind 10000." — the same two numbers
  // without their grouping, as no German text writes them (French readers get "10000" for
  // "10 000" alike). Cause: problemWords passes `String(candidate.prompt.length)` and
  // `String(LIMITS.promptMaxChars)` to 'generate.problem.promptLong', whose placeholders are plain:
  // lingui writes a plain value as it is given, so the digits never go through formatNumber.
  it('writes the brief’s length and the limit as the count beside it does', async () => {
    show('de');
    worker();
    await world.render(<GenerateTab />, createQueryClient());
    const field = await brief();
    const notes = 'Zelt für zwei, am Seeufer in der Dämmerung aufgebaut; warmes Licht. '.repeat(200).slice(0, 12_345);
    await act(async () => typeInto(field, notes));
    expect(document.querySelector('.field-hint.is-error')?.textContent).toContain('12.345 / 10.000');
    await act(async () => submitButton()?.click());

    await waitForPage(() => expect(briefError()).not.toBeNull());
    expect(briefError()).toBe(
      `Das Briefing hat ${formatNumber(12_345)} Zeichen; erlaubt sind ${formatNumber(LIMITS.promptMaxChars)}.`,
    );
  });
});

describe('a transcript of one line (components/accounts/transcript-view.tsx, the accounts.transcript.lines message)', () => {
  // Scenario: in Ad accounts, a German reader opens a short video whose cached transcript is one
  // line ("Jetzt 20 % sparen."). Above it the panel says "1 Zeilen." (French "1 lignes.",
  // Portuguese "1 linhas.", English itself "1 lines."). Cause: 'accounts.transcript.lines' is
  // "{count} lines." in English and "{count} Zeilen." in German, with no plural, and
  // TranscriptText passes the count as a plain value: a count's words never reach a plural.
  it('says "1 Zeile." of a one-line transcript in German', async () => {
    show('de');
    worker({
      'accounts.transcript': {
        video_id: 'video-1',
        text: 'Jetzt 20 % sparen.',
        segments: [{ start: 0, end: 2, text: 'Jetzt 20 % sparen.' }],
      },
    });
    await world.render(<TranscriptView accountId="act_1" videoId="video-1" />, createQueryClient());
    const status = await waitForPage(() => {
      const said = document.querySelector('.transcript [role="status"]');
      if (!said) throw new Error('no transcript yet');
      return said;
    });

    expect(status.textContent).toBe('1 Zeile.');
  });
});

describe('a language whose catalogue could not load (lib/i18n/index.ts t)', () => {
  // Scenario: the user picks French in Options; French's catalogue cannot be read (an update that
  // broke the file, a failed fetch), so by design the words stay English and the numbers turn
  // French. The brand picker and every count then read "0 ad" for a brand with no ads, and "1.5"
  // style fractions take the singular: English words counted by French rules (in French, 0 is
  // `one`). Portuguese chosen does the same. Cause: t() activates lingui with the locales
  // `[userLocale(), i18n.locale]`, and lingui picks a plural's category by the first of them
  // (Intl.PluralRules('fr')), whatever language the message itself is in (here English).
  it('counts English words by English rules: "0 ads", not "0 ad"', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sources: LanguageSources = {
      readChoice: async () => 'fr',
      fetchCatalogue: async () => {
        throw new Error('No catalogue for fr (404).');
      },
      preferred: () => ['en-US'],
    };
    await applyLanguageChoice(sources);
    expect(shownLanguage()).toBe('en');
    // Numbers are French, as documented.
    expect(formatNumber(2400)).toMatch(/^2\s400$/u);

    expect([0, 1, 2].map((count) => t('common.count.ads', { count }))).toEqual(['0 ads', '1 ad', '2 ads']);
  });
});

describe('the page button on a web page already open when the language changes (lib/content/page-button.ts)', () => {
  // Scenario: a German reader has a shop's page open and has used the page button once ("Ähnliche
  // Anzeigen finden"). They switch Adscope to Japanese in Options; the worker follows at once
  // (its menus, its notifications). Back on the page, they select a line again: the button still
  // says "Ähnliche Anzeigen finden", and its answers ("ready", "refused", "gone") are German too,
  // until the tab is reloaded. Cause: mountPageButton asks the worker for its words once
  // (`if (!words)`), keeps them for the page's life and builds the button from them once
  // (`host ??= create(words)`); nothing tells the script the choice changed.
  it('shows its label in the language chosen since it was first shown', async () => {
    const sources: LanguageSources = {
      readChoice: async () => (await settingsItem.get()).language,
      fetchCatalogue: async (language) => compiledLanguage(language),
      preferred: () => ['en-US'],
    };
    await settingsItem.set({ theme: 'system', language: 'de' });
    const stop = startWorkerLanguage(sources);
    world.cleanups.push(stop);

    document.body.innerHTML = '<p>Trail running shoes</p>';
    let shadow: ShadowRoot | null = null;
    const attach = Element.prototype.attachShadow;
    vi.spyOn(Element.prototype, 'attachShadow').mockImplementation(function (this: Element, init) {
      shadow = attach.call(this, init);
      return shadow;
    });
    mountPageButton(async () => ({ opened: true }), pageButtonWords);
    const label = () => (shadow as ShadowRoot | null)?.querySelector('button')?.textContent;
    await selectWord();
    await waitForPage(() => expect(label()).toBe('Ähnliche Anzeigen finden'));

    // Japanese, chosen in Options: the worker follows.
    await settingsItem.set({ theme: 'system', language: 'ja' });
    await waitForPage(async () => expect((await pageButtonWords()).label).toBe('類似広告を探す'));

    // The user clicks beside the selection (the button goes), then selects text on the page again.
    window.getSelection()?.removeAllRanges();
    document.dispatchEvent(trustedMouseUp());
    await waitForPage(() => expect(document.querySelector('adscope-find-similar')?.isConnected ?? false).toBe(false));
    await selectWord();
    // The button is shown again by the selection …
    await waitForPage(() => expect(document.querySelector('adscope-find-similar')?.isConnected).toBe(true));
    // … in the words chosen now.
    await waitForPage(() => expect(label()).toBe('類似広告を探す'), { timeout: 500 });
  });

  // Asking at each release would wake a stopped worker for every key pressed while a selection stays.
  it('asks the worker once for a selection, not again for keys pressed while it stays', async () => {
    document.body.innerHTML = '<p>Trail running shoes</p>';
    let asked = 0;
    mountPageButton(
      async () => ({ opened: true }),
      async () => {
        asked += 1;
        return pageButtonWords();
      },
    );
    await selectWord();
    await waitForPage(() => expect(document.querySelector('adscope-find-similar')?.isConnected).toBe(true));
    for (const key of ['Shift', 'a', 'Control']) {
      const up = new KeyboardEvent('keyup', { key });
      Object.defineProperty(up, 'isTrusted', { value: true });
      document.dispatchEvent(up);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('adscope-find-similar')?.isConnected).toBe(true);
    expect(asked).toBe(1);
  });
});

describe('the toolbar button’s title when only the locale changes (lib/background/language.ts labelInWorkerLanguage)', () => {
  // Scenario: the toolbar tooltip says "Adscope: 1,234 new ads from watched brands". The user picks
  // German in Options; German's catalogue cannot be read, so by design the words stay English and
  // the numbers turn German: every open page redraws its numbers ("1.234", onLocaleChange), but the
  // toolbar's tooltip keeps "1,234" until the count itself changes. Cause: labelInWorkerLanguage
  // relabels the menus and the toolbar title on onLanguageChange only, never on onLocaleChange
  // (lib/locale.ts), which is the only signal of a locale that changed without its words: the fix
  // made for open pages (mount-root's followShown) was not made for the worker.
  it('writes the count in German digits once German is chosen, words or not', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const titles: string[] = [];
    vi.spyOn(browser.action, 'setTitle').mockImplementation(async ({ title }) => {
      titles.push(title);
    });
    const sources: LanguageSources = {
      readChoice: async () => (await settingsItem.get()).language,
      fetchCatalogue: async (language) => {
        if (language === 'de') throw new Error('No catalogue for de (404).');
        return compiledLanguage(language);
      },
      preferred: () => ['en-US'],
    };
    await settingsItem.set({ theme: 'system', language: 'en' });
    world.cleanups.push(startWorkerLanguage(sources));
    await workerLanguageReady();
    // As the worker's jobs start (lib/background/start-jobs.ts), then the watchlist's count.
    labelInWorkerLanguage(relabelBadge);
    world.cleanups.push(() => showOnBadge('news', 0));
    showOnBadge('news', 1234);
    expect(titles.at(-1)).toBe('Adscope: 1,234 new ads from watched brands');

    await settingsItem.set({ theme: 'system', language: 'de' });
    await waitForPage(() => expect(formatNumber(1234)).toBe('1.234'));
    await tick();

    expect(titles.at(-1)).toBe('Adscope: 1.234 new ads from watched brands');
  });
});

/** A mouseup as the user's own (the button reacts to trusted events only). */
function trustedMouseUp(): MouseEvent {
  const up = new MouseEvent('mouseup');
  Object.defineProperty(up, 'isTrusted', { value: true });
  return up;
}

/** Selects the page's first paragraph as a person does, and lets the button answer. */
async function selectWord(): Promise<void> {
  const range = document.createRange();
  range.selectNodeContents(document.querySelector('p') as HTMLParagraphElement);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  range.getBoundingClientRect = () => new DOMRect(10, 10, 80, 16);
  document.dispatchEvent(trustedMouseUp());
  await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('days an ad ran, near midnight in New York (components/ui/format.ts daysRunning)', () => {
  // Scenario: a reader in New York (America/New_York, UTC−5) looks at an ad at 22:00 on 1 March
  // 2026, which is already 03:00 on 2 March in UTC. The ad started at 09:00 that morning, New York
  // time. Its card says it started 1 March (the start is read as its day in the user's zone) and
  // "Running 2 days", though it started today; the same ad, had it ended a minute ago, reads
  // "1 day". Cause: daysRunning counts a timestamp's day in the user's time zone but "today" as
  // the UTC day of `now` (`new Date(now)`), so every ad still running counts one day more from
  // 19:00 to midnight in the Americas (and one day less after midnight east of UTC).
  it('counts an ad that started this morning as running 1 day, as it would had it just ended', () => {
    const zone = 'America/New_York';
    const now = Date.parse('2026-03-02T03:00:00Z'); // 22:00 on 1 March in New York
    const start = '2026-03-01T09:00:00-05:00';
    const justEnded = '2026-03-01T21:59:00-05:00';

    expect(daysRunning(start, justEnded, now, zone)).toBe(1);
    expect(daysRunning(start, null, now, zone)).toBe(1);
  });
});
