import { NO_KEY } from '../../support/settings-views';
// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useSaveStore } from '@/components/ads/save-store';
import { useBoardsStore } from '@/components/boards/boards-store';
import { SaveDialog } from '@/components/boards/save-dialog';
import { EMPTY_DRAFT, useGenerateStore } from '@/components/generate/generate-store';
import { ConnectionForm } from '@/components/options/connection-form';
import { useSearchStore } from '@/components/search/search-store';
import SimilarTab from '@/components/similar/similar-tab';
import { useSimilarStore } from '@/components/similar/similar-store';
import { createQueryClient } from '@/components/ui/mount';
import { persistQueries } from '@/components/ui/query-persistence';
import { watchSettings } from '@/components/ui/storage-watch';
import type { SimilarQuery, SimilarResult } from '@/lib/messaging/similar';
import { compiledLanguage } from '../../../scripts/i18n/catalogues';
import { testAd } from '../../support/ads';
import { waitForPage } from '../../support/react-root';
import { pageWorld } from '../../support/page-world';

/**
 * Pages' async work that comes back after a newer change: each test holds one answer (a
 * catalogue, a search, a created board) until the user has changed their mind, then lets it
 * land, and looks at what the page shows.
 */
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

/** A promise the test settles itself. */
function held<T>() {
  let settle: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle: (value: T) => settle(value) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The page world (mount, hold, clean up): what a test leaves to undo however it ends is in `cleanups`. */
const { cleanups, render } = pageWorld();

describe('a page that starts while the language is changed in Options', () => {
  // The panel (or Options, or the popup) opens with French chosen: mountRoot reads the choice and
  // fetches French's catalogue. While it is on its way the user picks German in Options (another
  // page). mountRoot starts following the choice only once its first apply is done, so the change
  // made meanwhile is heard by nobody: the page stays in French for as long as it is open.
  it('shows the language chosen last, not the one read as it started', async () => {
    await fakeBrowser.storage.local.set({ settings: { theme: 'system', language: 'fr' } });
    const french = held<Response>();
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      const language = /catalogues\/(.+)\.json$/.exec(url)?.[1] ?? '';
      asked.push(language);
      if (language === 'fr') return french.promise;
      return new Response(JSON.stringify(compiledLanguage(language)));
    });
    // A fresh page: its own i18n and locale modules, as each extension page has.
    vi.resetModules();
    const { mountRoot } = await import('@/components/ui/mount-root');
    const i18n = await import('@/lib/i18n');
    const started = mountRoot(<p>page</p>, (page) => page);
    await waitForPage(() => expect(asked).toContain('fr'));
    // Options saves German while French's catalogue is still on its way.
    await browser.storage.local.set({ settings: { theme: 'system', language: 'de' } });
    french.settle(new Response(JSON.stringify(compiledLanguage('fr'))));
    await act(async () => {
      await started;
      await tick();
    });
    await waitForPage(() => expect(i18n.shownLanguage()).toBe('de'), { timeout: 1_000 });
    expect(document.documentElement.lang).toBe('de');
  });
});

/** The worker's answer to a similar search: it echoes the keywords it searched with. */
function similarAnswer(keywords: string[]): SimilarResult {
  return {
    title: 'Trail tent for two',
    url: null,
    site: null,
    maker: null,
    lead: 'site',
    unmatched: [],
    keywords,
    usedKeywords: keywords,
    language: 'en',
    languageSource: 'ad',
    similarAds: [],
    landing: null,
  };
}

/** The keyword chips the Similar view shows, and a click on one's remove button. */
const chips = () => [...document.querySelectorAll('.keyword-row .chip span')].map((chip) => chip.textContent);
async function removeChip(keyword: string) {
  const chip = [...document.querySelectorAll('.keyword-row .chip')].find(
    (item) => item.querySelector('span')?.textContent === keyword,
  );
  const remove = chip?.querySelector<HTMLButtonElement>('.chip-remove');
  if (!remove) throw new Error(`no chip ${keyword}`);
  await act(async () => remove.click());
}

describe('the Similar view’s keywords, edited again while the last edit’s search loads', () => {
  afterEach(() => act(() => useSimilarStore.setState({ request: null, handover: null })));

  // The user removes "tent", and while that search is on its way (the view keeps the last answer,
  // keepPreviousData, with its chips) removes "stove" too. KeywordRow takes the keywords to edit
  // from the answer on screen, not from the request, so the second edit is made on the old list
  // and "tent" comes back: the search runs with the word the user had just removed.
  it('keeps a removed keyword removed', async () => {
    const searches: string[][] = [];
    const later = held<unknown>();
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: {
      type: string;
      payload: SimilarQuery;
    }) => {
      if (message.type !== 'similar.find') return { ok: true, data: {} };
      const keywords = message.payload.keywords ?? [];
      searches.push(keywords);
      // The first search answers at once; the ones after the edits are still on their way.
      return searches.length === 1 ? { ok: true, data: similarAnswer(keywords) } : later.promise;
    }) as typeof browser.runtime.sendMessage);
    useSimilarStore.setState({
      handover: null,
      request: {
        kind: 'ad',
        adId: 'ad-1',
        title: 'Trail tent for two',
        text: 'Light, quick to pitch, warm at night.',
        brandId: null,
        brandName: null,
        language: 'en',
        keywords: ['tent', 'camping', 'stove'],
      },
    });
    cleanups.push(() => later.settle({ ok: true, data: similarAnswer(['camping']) }));
    await render(<SimilarTab />);
    await waitForPage(() => expect(chips()).toEqual(['tent', 'camping', 'stove']));

    await removeChip('tent');
    await waitForPage(() => expect(searches).toHaveLength(2));
    await removeChip('stove');

    const request = useSimilarStore.getState().request;
    expect(request?.keywords).toEqual(['camping']);
    await waitForPage(() => expect(searches.at(-1)).toEqual(['camping']));
  });
});

/** Types into a React-controlled field as a person does. */
function type(field: HTMLInputElement, text: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setValue?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const board = (id: string, name: string) => ({ board_id: id, name, ad_num: 0, children: [] });

describe('the save dialog, when a board made in it is ready after the user chose another', () => {
  afterEach(() => act(() => useSaveStore.setState({ dialogAd: null, lastBoard: null, recent: [] })));

  // The user starts making a board "Winter camping" in the dialog (the service takes a moment),
  // then changes their mind and ticks the existing "Stoves". When the new board is made,
  // useSaveForm's create.onSuccess selects it regardless: the choice jumps to "Winter camping"
  // and Save (Enter) files the ad there, not where the user last pointed.
  it('keeps the board the user chose last', async () => {
    const boards = [board('board-tents', 'Tents'), board('board-stoves', 'Stoves')];
    const made = held<unknown>();
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: { type: string }) => {
      if (message.type === 'boards.tree') return { ok: true, data: { items: [...boards] } };
      if (message.type === 'boards.local') return { ok: true, data: { items: [], writes: 'accepted' } };
      if (message.type === 'boards.create') return made.promise;
      return { ok: true, data: {} };
    }) as typeof browser.runtime.sendMessage);
    await render(<SaveDialog />);
    await act(async () => useSaveStore.getState().openDialog(testAd({ id: 'ad-1', title: 'Two-person tent' })));
    const radio = (name: string) =>
      [...document.querySelectorAll<HTMLInputElement>('input[type="radio"][name="board"]')].find((input) =>
        input.closest('label')?.textContent?.includes(name),
      );
    await waitForPage(() => expect(radio('Stoves')).toBeDefined());
    const submit = () => document.querySelector<HTMLButtonElement>('.save-form button[type="submit"]');

    const name = document.querySelector<HTMLInputElement>('.new-board input[type="text"]');
    if (!name) throw new Error('no name field');
    await act(async () => type(name, 'Winter camping'));
    const create = [...document.querySelectorAll<HTMLButtonElement>('.new-board button')].at(-1);
    await act(async () => create?.click());
    // While the board is being made, the user picks Stoves.
    await act(async () => radio('Stoves')?.click());
    expect(submit()?.textContent).toBe('Save to Stoves');

    boards.push(board('board-winter', 'Winter camping'));
    await act(async () => {
      made.settle({ ok: true, data: { board_id: 'board-winter', name: 'Winter camping', local: false } });
      await tick();
    });
    await waitForPage(() => expect(radio('Winter camping')).toBeDefined());
    await act(tick);
    expect(submit()?.textContent).toBe('Save to Stoves');
    expect(radio('Stoves')?.checked).toBe(true);
  });
});

const KEY_REFUSED = {
  ok: false,
  error: {
    code: 'key_refused',
    httpStatus: 401,
    field: 'apiKey',
    message: 'The service refused this API key.',
    retryable: false,
  },
};

const formField = (name: string) =>
  document.querySelector<HTMLInputElement>(`input[name="${name}"]`) as HTMLInputElement;
const submitLabel = () => document.querySelector('button[type="submit"]')?.textContent;

/**
 * The connection form with a base URL and a key typed, "Save and test" pressed: the background's
 * save answers with `answer` (held until the test settles it, or at once).
 */
async function saveAndTest(answer: Promise<unknown> | unknown) {
  vi.spyOn(browser.permissions, 'request').mockImplementation((async () => true) as typeof browser.permissions.request);
  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: { type: string }) => {
    if (message.type === 'settings.get') return { ok: true, data: NO_KEY };
    if (message.type === 'settings.save') return answer;
    return { ok: true, data: {} };
  }) as typeof browser.runtime.sendMessage);
  await render(<ConnectionForm />);
  await waitForPage(() => expect(formField('apiKey')).not.toBeNull());
  await act(async () => {
    type(formField('baseUrl'), 'https://api.northwind.example');
    type(formField('apiKey'), 'key-with-typo-1234');
  });
  await act(async () => document.querySelector<HTMLButtonElement>('button[type="submit"]')?.click());
}

/** A save held on its way; whatever the test leaves unanswered is answered after it. */
function heldSave() {
  const saved = held<unknown>();
  cleanups.push(() => saved.settle({ ok: false, error: { code: 'aborted', message: 'gone', retryable: false } }));
  return saved;
}

describe('the connection form, when the key is typed again while the last one is tested', () => {
  // "Save and test" with one key; the probe takes its time (up to 10 s), and the user, seeing a
  // typo, types the right key into the field (it stays editable). The first key's answer lands:
  // useConnectionForm's save.onSuccess empties the key field, so the key just typed is gone
  // without being saved or tested, and the form says "Connected" with the first key.
  it('keeps the key typed after the test began', async () => {
    const saved = heldSave();
    await saveAndTest(saved.promise);
    await waitForPage(() => expect(submitLabel()).toBe('Testing connection…'));

    // The first key is being tested: the user types the right one.
    await act(async () => type(formField('apiKey'), 'key-without-typo-5678'));
    await act(async () => {
      saved.settle({
        ok: true,
        data: {
          settings: {
            ...NO_KEY,
            baseUrl: 'https://api.northwind.example',
            origin: 'https://api.northwind.example',
            hasApiKey: true,
            apiKeyLast4: '1234',
          },
          connection: {
            baseUrl: 'https://api.northwind.example',
            ownedBrands: 3,
            checkedAt: '2026-11-02T09:00:00.000Z',
          },
        },
      });
      await tick();
    });
    await waitForPage(() => expect(submitLabel()).not.toBe('Testing connection…'));
    expect(formField('apiKey').value).toBe('key-without-typo-5678');
  });

  // The service refuses the first key after the user has typed another: the refusal is of the key
  // that was sent, so it is no field error under the key now in the field (which nobody tested).
  it('says the sent key was refused, not under the key typed since', async () => {
    const saved = heldSave();
    await saveAndTest(saved.promise);
    await waitForPage(() => expect(submitLabel()).toBe('Testing connection…'));

    await act(async () => type(formField('apiKey'), 'key-without-typo-5678'));
    await act(async () => {
      saved.settle(KEY_REFUSED);
      await tick();
    });
    await waitForPage(() => expect(submitLabel()).not.toBe('Testing connection…'));
    expect(formField('apiKey').value).toBe('key-without-typo-5678');
    expect(formField('apiKey').getAttribute('aria-invalid')).toBeNull();
    expect(document.querySelector('.field-error')).toBeNull();
    // The refusal is still said, as the connection's failure.
    expect(document.body.textContent).toContain('The service refused this API key.');
  });

  it('puts the refusal under the key when the field still holds the key sent', async () => {
    await saveAndTest(KEY_REFUSED);
    await waitForPage(() =>
      expect(document.querySelector('.field-error')?.textContent).toBe('The service refused this API key.'),
    );
    expect(formField('apiKey').getAttribute('aria-invalid')).toBe('true');
  });
});

/** Options' Delete all as an open panel hears it: the background's storage and the pages' localStorage cleared. */
async function deleteAllElsewhere() {
  await browser.storage.local.clear();
  localStorage.clear();
  window.dispatchEvent(new StorageEvent('storage', { key: null, oldValue: null, newValue: null }));
}

describe('the panel left open while Delete all runs in Options', () => {
  afterEach(() => {
    useSearchStore.getState().reset();
    useGenerateStore.setState({ draft: EMPTY_DRAFT, fromAd: null, earlierPrompt: null });
    useBoardsStore.setState({ expanded: [], openBoardId: null, order: 'saved_newest', filter: '', openAdId: null });
  });

  // Options' Delete all clears the pages' localStorage ("the search as left", says useEraseAll)
  // and the background removes the connection; the open panel hears both (watchSettings,
  // onPageCachesDropped) but only its query cache and workspace places are dropped. Its search
  // store still holds the search, and the first thing the user does in the panel (opening an ad)
  // makes zustand's persist write the whole search back: the next panel opens on it again.
  it('does not write the erased search back', async () => {
    useSearchStore.getState().set({ query: 'acme trail tents', languages: ['de'] });
    expect(localStorage.getItem('adscope.search')).toContain('acme trail tents');
    // The panel as boot.tsx mounts it: its persisted query cache, and the settings followed.
    const client = createQueryClient();
    cleanups.push(
      persistQueries(client, () => true),
      watchSettings(client),
    );
    await fakeBrowser.storage.local.set({ connection: { apiKey: 'key-of-a' } });

    // Delete all: the background removes everything it keeps, Options clears the pages' storage.
    await browser.storage.local.clear();
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null, oldValue: null, newValue: null }));

    // Back in the panel, the user opens one of the ads on screen, then closes the panel.
    useSearchStore.getState().openAd('ad-7');
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem('adscope.search') ?? '').not.toContain('acme trail tents');
  });

  // The brief being written (with the workspace's brand) is kept in the same localStorage: the
  // user's next keystroke in the open Generate view made persist write the erased brief back.
  it('does not write the erased brief back', async () => {
    useGenerateStore.getState().update({ brandId: 'brand-acme', prompt: 'Acme trail tents at dusk' });
    expect(localStorage.getItem('adscope.generate')).toContain('Acme trail tents at dusk');

    await deleteAllElsewhere();

    expect(useGenerateStore.getState().draft).toEqual(EMPTY_DRAFT);
    useGenerateStore.getState().update({ size: 2 });
    window.dispatchEvent(new Event('pagehide'));
    const stored = localStorage.getItem('adscope.generate') ?? '';
    expect(stored).not.toContain('Acme trail tents at dusk');
    expect(stored).not.toContain('brand-acme');
  });

  // Which boards were expanded names the erased boards: the next board the user opens made
  // persist write the whole list back, and the board that was open stayed on screen.
  it('does not write the erased boards’ places back', async () => {
    useBoardsStore.getState().toggle('board-tents', true);
    useBoardsStore.getState().set({ openBoardId: 'board-tents', order: 'saved_oldest' });
    expect(localStorage.getItem('adscope.boards')).toContain('board-tents');

    await deleteAllElsewhere();

    expect(useBoardsStore.getState().openBoardId).toBeNull();
    useBoardsStore.getState().toggle('local-board-new', true);
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem('adscope.boards') ?? '').not.toContain('board-tents');
  });
});
