// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { z } from 'zod/mini';
import { WatchButton } from '../../../components/ads/watch-toggle';
import { describeChecks } from '../../../components/watchlist/describe';
import { ActiveFilters } from '../../../components/search/active-filters';
import { FilterPanel } from '../../../components/search/filter-panel';
import SearchTab from '../../../components/search/search-tab';
import { useSearchStore } from '../../../components/search/search-store';
import { WhyTheseResults } from '../../../components/similar/why-these-results';
import { ctaWords, formatWords } from '../../../components/ui/ad-facts';
import { formatDateTime, languageName } from '../../../components/ui/format';
import { failureSummary, failureText, reasonList } from '../../../components/ui/media-words';
import { adSnapshotSchema } from '../../../lib/contract/ad-snapshot-schema';
import { followedRequestSchema, followedSearchBodySchema } from '../../../lib/contract/brand-library';
import { apiPath } from '../../../lib/contract/path';
import { IN_WORDS } from '../../../lib/contract/issue-words';
import type { MediaFailure } from '../../../lib/media';
import { showLanguage } from '../../../lib/i18n';
import type { Language } from '../../../lib/i18n/languages';
import { forgetCatalogues } from '../../../lib/i18n/runtime';
import { followLanguage } from '../../../lib/locale';
import type { SimilarResult } from '../../../lib/messaging/similar';
import { compiledLanguage } from '../../../scripts/i18n/catalogues';
import { reactRoot } from '../../support/react-root';
import { finishedCheck } from '../../support/watch-service';

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
  // The filters may still be on the page: their store changes under React's eye.
  act(() => useSearchStore.getState().reset());
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

describe("an ad's format, call to action and language", () => {
  it('are named in German when German is shown', () => {
    show('de');
    expect(['image', 'video', 'carousel', 'dco'].map(formatWords)).toEqual(['Bild', 'Video', 'Karussell', 'Dynamisch']);
    expect(['SHOP_NOW', 'LEARN_MORE', 'SIGN_UP', 'NO_BUTTON'].map(ctaWords)).toEqual([
      'Jetzt einkaufen',
      'Mehr dazu',
      'Registrieren',
      'Kein Button',
    ]);
    expect(['de', 'en', 'ja', 'sv'].map(languageName)).toEqual(['Deutsch', 'Englisch', 'Japanisch', 'Schwedisch']);
  });

  it('are named in English as before, and in each language its own way', () => {
    expect([formatWords('carousel'), ctaWords('SHOP_NOW'), languageName('de')]).toEqual([
      'Carousel',
      'Shop now',
      'German',
    ]);
    show('fr');
    // A name standing alone takes a capital, as a French menu writes it.
    expect([formatWords('video'), ctaWords('LEARN_MORE'), languageName('de')]).toEqual([
      'Vidéo',
      'En savoir plus',
      'Allemand',
    ]);
    show('ja');
    expect([formatWords('image'), ctaWords('SHOP_NOW'), languageName('de')]).toEqual(['画像', '購入する', 'ドイツ語']);
  });

  it('keep a code no catalogue names in the service’s own words, and a code no language has as it is', () => {
    show('de');
    expect(formatWords('COLLECTION')).toBe('Collection');
    expect(ctaWords('WHATSAPP_MESSAGE')).toBe('Whatsapp message');
    expect(languageName('zz')).toBe('ZZ');
    expect(languageName('not a tag')).toBe('NOT A TAG');
    expect([formatWords(null), ctaWords(''), languageName(undefined)]).toEqual([null, null, null]);
  });

  it('are German in the search filters and their chips', async () => {
    show('de');
    useSearchStore.getState().set({ languages: ['fr'], format: 'carousel' });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () =>
      mounted.root.render(
        <QueryClientProvider client={client}>
          <FilterPanel hidden={new Set()} />
          <ActiveFilters hidden={new Set()} />
        </QueryClientProvider>,
      ),
    );
    const languages = [...mounted.host.querySelectorAll('.filter-languages label')].map((label) =>
      label.textContent?.trim(),
    );
    expect(languages).toEqual([
      'Englisch',
      'Deutsch',
      'Französisch',
      'Spanisch',
      'Italienisch',
      'Niederländisch',
      'Portugiesisch',
      'Schwedisch',
      'Japanisch',
    ]);
    const formats = [...mounted.host.querySelectorAll('select[id$="-format"] option')].map(
      (option) => option.textContent,
    );
    expect(formats).toContain('Karussell');
    const chips = [...mounted.host.querySelectorAll('.chips .chip')].map((chip) => chip.textContent);
    expect(chips.join(' ')).toContain('Sprache: Französisch');
    expect(chips.join(' ')).toContain('Anzeigenformat: Karussell');
  });
});

describe('a search with no terms', () => {
  async function searchFor(query: string): Promise<string | null | undefined> {
    useSearchStore.getState().set({ query });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () =>
      mounted.root.render(
        <QueryClientProvider client={client}>
          <SearchTab />
        </QueryClientProvider>,
      ),
    );
    return mounted.host.querySelector('.notice-warning[role="status"]')?.textContent;
  }

  it('says in German that symbols and emoji are not searched', async () => {
    show('de');
    expect(await searchFor('🔥🔥 !!')).toBe(
      'Die Suche enthält keine Buchstaben oder Ziffern: Nach Symbolen und Emojis wird nicht gesucht. Gib ein Wort ein.',
    );
  });

  it('says it in English when English is shown', async () => {
    expect(await searchFor('🔥🔥 !!')).toBe(
      'The search has no letters or digits to look for: symbols and emoji are not searched. Type a word.',
    );
  });
});

describe('why these results', () => {
  const PAGE: SimilarResult = {
    title: 'Trail tent 2P',
    url: 'https://northwind.example/tent',
    site: { id: 'b1', name: 'Northwind', reason: 'nameAndDomain', signal: 'title', ads: [] },
    maker: null,
    lead: 'site',
    unmatched: [],
    keywords: ['trail'],
    usedKeywords: ['trail'],
    language: 'en',
    languageSource: 'lang attribute',
    similarAds: [],
    landing: null,
  };
  const AD: SimilarResult = {
    ...PAGE,
    title: '',
    url: null,
    site: { id: 'b2', name: 'Acme', reason: 'ad', signal: 'ad', ads: [] },
    language: 'fr',
    languageSource: 'ad',
  };

  async function why(result: SimilarResult): Promise<string[]> {
    await act(async () => mounted.root.render(<WhyTheseResults result={result} choices={null} onPrefer={() => {}} />));
    const details = mounted.host.querySelector('details');
    return [details?.querySelector('summary'), ...(details?.querySelectorAll('li') ?? [])].map(
      (element) => element?.textContent ?? '',
    );
  }

  it('says in German why a brand was taken, from the codes the worker sends', async () => {
    show('de');
    expect(await why(PAGE)).toEqual([
      'Marke: Northwind, weil ihr Name zur Quelle „Titel“ der Seite passt und ihre Domain zu dieser Website gehört.',
      'Northwind: genannt von Quelle „Titel“, weil ihr Name zur Quelle „Titel“ der Seite passt und ihre Domain zu dieser Website gehört.',
      'Ähnliche Anzeigen enthalten alle diese Wörter: trail.',
      'Sprache: Englisch (Quelle: lang-Attribut).',
    ]);
    expect(await why(AD)).toEqual([
      'Marke: Acme, weil die Anzeige, die du gewählt hast, von dieser Marke ist.',
      'Acme: Die Anzeige, die du gewählt hast, ist von dieser Marke.',
      'Ähnliche Anzeigen enthalten alle diese Wörter: trail.',
      'Sprache: Französisch (Quelle: Anzeige).',
    ]);
  });

  it('says it in English as before', async () => {
    expect((await why(PAGE))[0]).toBe(
      "Brand: Northwind, because its name matches the page's title and its domain is this site's.",
    );
    expect(await why(AD)).toEqual([
      'Brand: Acme, because the ad you picked is from this brand.',
      'Acme: the ad you picked is from this brand.',
      'Similar ads contain every one of: trail.',
      'Language: French, from the ad.',
    ]);
  });
});

describe('why a creative was not fetched or kept', () => {
  const FAILURES: MediaFailure[] = [
    { kind: 'timeout', ms: 20_000 },
    { kind: 'http', status: 403 },
    { kind: 'network' },
    { kind: 'too-large', maxBytes: 8 * 1_048_576 },
    { kind: 'not-image' },
    { kind: 'private' },
    { kind: 'not-web' },
  ];

  it('is said in German from the failure the worker keeps', () => {
    show('de');
    expect(FAILURES.map(failureText)).toEqual([
      'keine Antwort innerhalb von 20 s',
      'HTTP 403',
      'Netzwerkfehler oder kein Zugriff auf die Website',
      'größer als 8 MB',
      'kein Bild',
      'auf einer privaten oder lokalen Adresse',
      'keine Webadresse',
    ]);
    const reasons = [FAILURES[1], FAILURES[0], FAILURES[1]].map((failure) =>
      failureText(failure ?? { kind: 'network' }),
    );
    expect(failureSummary(reasons)).toBe(
      '3 Creatives konnten nicht abgerufen werden: 2 HTTP 403, 1 keine Antwort innerhalb von 20 s',
    );
    expect(failureSummary([])).toBeNull();
  });

  it('is said in Japanese in its own order', () => {
    show('ja');
    expect(reasonList([failureText({ kind: 'http', status: 404 }), failureText({ kind: 'not-image' })])).toBe(
      'HTTP 404：1件、画像ではありません：1件',
    );
  });

  it('is said in English as before', () => {
    expect(FAILURES.map(failureText)).toEqual([
      'did not answer in 20 s',
      'HTTP 403',
      'network error or no access to its site',
      'larger than 8 MB',
      'not an image',
      'on a private or local address',
      'not a web address',
    ]);
  });
});

describe('the contract checks no form reaches', () => {
  /** The first sentence a schema says of a value it refuses. */
  const refusal = (
    schema: { safeParse(value: unknown): { error?: { issues: { message: string }[] } } },
    value: unknown,
  ) => schema.safeParse(value).error?.issues[0]?.message;
  const thrown = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    return null;
  };

  it('are said in German', () => {
    show('de');
    expect(refusal(followedRequestSchema, undefined)).toBe(
      'followed ist bei scope "followed" erforderlich: { offset, limit }.',
    );
    expect(refusal(followedRequestSchema, { offset: -1, limit: 10 })).toBe('offset muss zwischen 0 und 999 liegen.');
    expect(refusal(followedRequestSchema, { offset: 1000, limit: 10 })).toBe(
      'Nur die ersten 1000 gefolgten Marken werden geliefert: offset muss unter 1000 liegen. Grenze die Suche ein.',
    );
    expect(refusal(followedRequestSchema, { offset: 0, limit: 0 })).toBe('limit muss zwischen 1 und 100 liegen.');
    expect(refusal(followedRequestSchema, { offset: 0.5, limit: 10 })).toBe('offset muss eine ganze Zahl sein.');
    expect(refusal(followedSearchBodySchema, { scope: 'all', followed: { offset: 0, limit: 10 } })).toBe(
      'scope muss "followed" sein.',
    );
    expect(refusal(adSnapshotSchema, { title: 'No id' })).toBe('Die Anzeige hat keine ID.');
    expect(thrown(() => apiPath('brands', '..'))).toBe('„..“ ist keine ID: Die Anfrage würde /open/v1 verlassen.');
    expect(thrown(() => apiPath('brands', ''))).toBe('Eine ID in der Anfrage ist leer.');
  });

  it('are said in English as before', () => {
    expect(refusal(followedRequestSchema, { offset: 0, limit: 101 })).toBe('limit must be between 1 and 100.');
    expect(refusal(adSnapshotSchema, { title: 'No id' })).toBe('The ad has no id.');
    expect(thrown(() => apiPath('brands', '..'))).toBe('".." is not an id: it would take the request out of /open/v1.');
  });
});

describe("the watchlist's last check", () => {
  const last = finishedCheck();

  it('words a stop at the hourly limit in the language shown now, its time as every time of the page', () => {
    const freesAt = last.finishedAt + 40 * 60_000;
    const stopped = { ...last, outcome: 'budget' as const, checked: 3, limit: { budget: 250, freesAt } };
    const time = formatDateTime(new Date(freesAt).toISOString()) ?? '';
    expect(describeChecks(null, stopped, null)).toContain(
      `Stopped at the limit of 250 requests an hour (free again from ${time});`,
    );
    show('de');
    const german = describeChecks(null, stopped, null);
    expect(german).toContain(
      `Beim Limit von 250 Anfragen pro Stunde angehalten (wieder frei ab ${formatDateTime(new Date(freesAt).toISOString())});`,
    );
    expect(german).not.toContain('UTC');
  });

  it('says in German how many ads it skipped', () => {
    show('de');
    expect(describeChecks(null, { ...last, skipped: 2 }, null)).toContain(
      '2 Anzeigen übersprungen: Ihre IDs kann Adscope nicht speichern.',
    );
    expect(describeChecks(null, { ...last, skipped: 0 }, null)).not.toContain('übersprungen');
  });
});

describe("a schema's rule where the schema names no words of its own", () => {
  const first = (schema: z.ZodMiniType, value: unknown) => {
    const parsed = schema.safeParse(value, IN_WORDS);
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  };

  it('is said in German', () => {
    show('de');
    expect(first(z.string(), 42)).toBe('Ungültige Eingabe: string erwartet, number erhalten');
    expect(first(z.string().check(z.maxLength(64)), 'x'.repeat(65))).toBe('Zu groß: string muss <=64 Zeichen haben');
    expect(first(z.strictObject({}), { b: 1, c: 2 })).toBe('Unbekannte Schlüssel: "b", "c"');
    expect(first(z.url(), 'not a url')).toBe('Ungültige URL');
  });

  it('is said in Japanese and in English; an exact bound with no sign', () => {
    show('ja');
    expect(first(z.array(z.string()).check(z.length(2)), ['a'])).toBe(
      '小さすぎます：array は 2 項目 である必要があります',
    );
    show('en');
    expect(first(z.array(z.string()).check(z.length(2)), ['a'])).toBe('Too small: expected array to have 2 items');
  });
});
