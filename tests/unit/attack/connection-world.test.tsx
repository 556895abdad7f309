import { mountAsExtension } from '../../support/mount-as-extension';
// @vitest-environment happy-dom
import type { QueryClient } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AppearanceForm } from '@/components/options/appearance-form';
import { ConnectionForm } from '@/components/options/connection-form';
import { EraseDataForm } from '@/components/options/erase-data-form';
import { createQueryClient } from '@/components/ui/mount';
import { watchSettings } from '@/components/ui/storage-watch';
import { connectionItem, writeConnection } from '@/lib/background/api/credentials';
import { type EraseDeps, eraseAllData } from '@/lib/background/erase';
import { createSettingsService, settingsView } from '@/lib/background/settings';
import { showLanguage, shownLanguage } from '@/lib/i18n';
import { forgetCatalogues } from '@/lib/i18n/runtime';
import { SOURCE_LANGUAGE } from '@/lib/i18n/languages';
import { followLanguage } from '@/lib/locale';
import { ApiError } from '@/lib/messaging/api-error';
import { compiledLanguage } from '../../../scripts/i18n/catalogues';
import { fixedClock } from '../../support/clock';
import { json, ok } from '../../support/fake-fetch';
import { held, pageWorld, tick, typeInto } from '../../support/page-world';
import { waitForPage } from '../../support/react-root';

/*
 * The connection and the user's data while the world changes under an open Options page: a key
 * replaced in another window, the browser's storage full as a tested connection is stored, a
 * language chosen while the page holds what the user typed or asked, Delete all with a language
 * chosen. Each test runs the real settings service (lib/background/settings.ts) behind the page,
 * as the worker would, with the service's answers and the browser's permission prompt faked.
 */

const world = pageWorld();

afterEach(() => {
  // Files of one worker share their modules: every test leaves English shown, and no catalogue kept.
  forgetCatalogues();
  showLanguage(SOURCE_LANGUAGE);
  followLanguage(undefined);
});

const BASE_URL = 'https://api.northwind.example';
/** The key of the workspace with three owned brands. */
const KEY_A = 'northwind-key-aaaa-1111';
/** Another workspace's key on the same service: no owned brands. */
const KEY_B = 'northwind-key-bbbb-2222';

/** Delete all with the browser's parts that are not storage faked: no vault, no page button, nothing granted. */
function eraseDeps(): EraseDeps {
  return {
    clearAlarms: () => fakeBrowser.alarms.clearAll(),
    grantedOrigins: async () => [],
    removeOrigins: async () => undefined,
    clearVault: async () => undefined,
    pageButton: {
      hasOrigins: async () => false,
      registered: async () => false,
      register: async () => undefined,
      unregister: async () => undefined,
    },
  };
}

/**
 * The network as the worker and the pages see it: the extension's own catalogues, and the
 * service, whose owned-brands list answers by key (three brands for KEY_A, none for another key),
 * or as `answer` says when given.
 */
function network(answer?: (key: string | null) => Promise<Response>) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const catalogue = /catalogues\/(.+)\.json$/.exec(request.url)?.[1];
    if (catalogue) return new Response(JSON.stringify(compiledLanguage(catalogue)));
    const key = request.headers.get('X-API-Key');
    if (answer) return answer(key);
    const items = key === KEY_A ? [{ id: 'b1' }, { id: 'b2' }, { id: 'b3' }] : [];
    return ok({ items });
  });
}

/** The settings service as the worker runs it, the origin's access granted. */
const service = createSettingsService({ clock: fixedClock(), hasOriginAccess: async () => 'own' });

/**
 * The worker behind the page: the settings service and Delete all, answering as the router does
 * (`{ ok, data }` or the error as plain data). The browser's prompt for the API's origin says yes.
 */
function worker() {
  vi.spyOn(browser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Adscope', version: '1.0.0' });
  vi.spyOn(browser.permissions, 'request').mockImplementation((async () => true) as typeof browser.permissions.request);
  const handlers: Record<string, (payload: never) => Promise<unknown>> = {
    'settings.get': () => settingsView(),
    'settings.save': (payload: Parameters<typeof service.save>[0]) => service.save(payload),
    'settings.setLanguage': (payload: { language: Parameters<typeof service.setLanguage>[0] }) =>
      service.setLanguage(payload.language),
    'settings.setTheme': (payload: { theme: Parameters<typeof service.setTheme>[0] }) =>
      service.setTheme(payload.theme),
    'settings.forgetKey': () => service.forgetKey(),
    'data.eraseAll': async () => {
      await eraseAllData(eraseDeps());
      return settingsView();
    },
  };
  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: { type: string; payload: never }) => {
    const handler = handlers[message.type];
    if (!handler) return { ok: true, data: {} };
    try {
      return { ok: true, data: await handler(message.payload) };
    } catch (error) {
      return { ok: false, error: ApiError.from(error).toJSON() };
    }
  }) as typeof browser.runtime.sendMessage);
}

/** An Options page's forms with a query cache that follows storage, as mountPage makes it. */
async function renderOptions(element: ReactNode): Promise<QueryClient> {
  const client = createQueryClient();
  world.cleanups.push(watchSettings(client));
  await world.render(element, client);
  return client;
}

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`) as HTMLInputElement;
const submit = () => document.querySelector<HTMLButtonElement>('button[type="submit"]') as HTMLButtonElement;
const text = () => document.body.textContent ?? '';

/** Fills the connection form and clicks "Save and test". */
async function saveAndTest(baseUrl: string, apiKey: string) {
  await waitForPage(() => expect(field('apiKey')).not.toBeNull());
  await act(async () => {
    typeInto(field('baseUrl'), baseUrl);
    typeInto(field('apiKey'), apiKey);
  });
  await act(async () => submit().click());
}

describe('the "Connected" report, when another window replaces the key (components/options/use-connection-form.ts)', () => {
  // The user connects Options with workspace A's key: "Connected. api.northwind.example accepted
  // the key; the workspace has 3 owned brands." In another window (the welcome page, or a second
  // Options tab) they then save workspace B's key for the same service, which has no owned brand.
  // This page hears it (watchSettings reads the settings again: the hint now says a key ending in
  // 2222 is stored), yet it still says "Connected … the workspace has 3 owned brands", of a key
  // that is no longer stored and a workspace that is no longer used. Cause: useConnectionForm keeps
  // `report` while `settings.data.baseUrl === report.baseUrl`, though its own comment says a key
  // "replaced elsewhere" takes it away: a key replaced for the same base URL is not seen.
  it('no longer speaks of the replaced key’s workspace once another key is stored', async () => {
    network();
    worker();
    await renderOptions(<ConnectionForm />);
    await saveAndTest(BASE_URL, KEY_A);
    await waitForPage(() => expect(text()).toContain('the workspace has 3 owned brands'));

    // Another window saves workspace B's key for the same service.
    await act(async () => {
      await service.save({ baseUrl: BASE_URL, apiKey: KEY_B });
    });
    await waitForPage(() => expect(text()).toContain('A key ending in 2222 is stored'));
    expect((await connectionItem.get())?.apiKey).toBe(KEY_B);

    expect(text()).not.toContain('the workspace has 3 owned brands');
  });
});

describe('"Save and test" when the browser’s storage is full (lib/background/settings.ts save)', () => {
  // Adscope's storage is full (the watchlist's seen ads, boards kept in this browser): the
  // browser refuses the write of the connection ("QUOTA_BYTES quota exceeded"). The service did
  // accept the key, but the page says "Could not connect. Nothing was saved." followed by the
  // browser's own words, and advises to reload the extension: the user checks the address and
  // the key, which are right, and never learns that the storage is what to free. Cause:
  // createSettingsService().save lets writeConnection's rejection through unexplained (it becomes
  // an `internal` error with the browser's message), and ConnectionFormBody titles every failure
  // "Could not connect".
  it('does not say "Could not connect" of a key the service accepted, nor the browser’s own words', async () => {
    network();
    worker();
    const set = browser.storage.local.set.bind(browser.storage.local);
    vi.spyOn(browser.storage.local, 'set').mockImplementation(async (items: Record<string, unknown>) => {
      if ('connection' in items) throw new Error('QUOTA_BYTES quota exceeded');
      return set(items);
    });
    await renderOptions(<ConnectionForm />);
    await saveAndTest(BASE_URL, KEY_A);
    await waitForPage(() => expect(submit().textContent).toBe('Save and test'));
    await waitForPage(() => expect(document.querySelector('[role="alert"]')).not.toBeNull());

    // Nothing was stored, and the page says something about it.
    expect(await connectionItem.get()).toBeNull();
    expect(text()).not.toContain('Could not connect');
    expect(text()).not.toContain('QUOTA_BYTES');
  });
});

describe('a language chosen while the Options page holds the user’s work (components/ui/mount-root.tsx LanguageRoot)', () => {
  // The user clicks "Save and test" with a key that has a typo; the service takes a few seconds.
  // Meanwhile they pick their language further down the same page. The service refuses the key:
  // the page, drawn again in the new language, says nothing of it, and the key field is empty, so
  // the user believes the key was saved (the hint still names the key stored before). Cause:
  // LanguageRoot in components/ui/mount-root.tsx keys the whole page by the language, so a new
  // choice unmounts and mounts every component again: the save's mutation and its refusal lived in
  // the ConnectionFormBody that was thrown away (useConnectionForm's state is React state).
  it('still says that the key sent before the switch was refused', async () => {
    await writeConnection(BASE_URL, KEY_A);
    const answer = held<Response>();
    network((key) => (key === KEY_A ? Promise.resolve(ok({ items: [] })) : answer.promise));
    world.cleanups.push(() => answer.settle(json(401, { code: 40001, message: 'invalid api key', data: null })));
    worker();
    await mountAsExtension(
      <>
        <ConnectionForm />
        <AppearanceForm />
      </>,
      world.cleanups,
    );
    await saveAndTest(BASE_URL, 'northwind-key-with-typo');
    await waitForPage(() => expect(submit().textContent).toBe('Testing connection…'));

    // French, chosen while the key is tested.
    const select = document.querySelector<HTMLSelectElement>('#language-choice') as HTMLSelectElement;
    await act(async () => {
      select.value = 'fr';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitForPage(() => expect(shownLanguage()).toBe('fr'));
    await waitForPage(() => expect(document.querySelector('#language-choice')).not.toBeNull());

    // The service refuses the key.
    await act(async () => {
      answer.settle(json(401, { code: 40001, message: 'invalid api key', data: null }));
      for (let i = 0; i < 10; i += 1) await tick();
    });
    expect((await connectionItem.get())?.apiKey).toBe(KEY_A);
    await waitForPage(() => expect(submit().disabled).toBe(false));
    // Something on the page says the save failed (an alert, or an error under a field).
    expect(document.querySelector('[role="alert"], .field-error, [aria-invalid="true"]')).not.toBeNull();
  });

  // A new user pastes the service's address and their key into the connection form, then, before
  // saving, picks their language in the Appearance section below. The page is drawn again in that
  // language, and both fields are back to what is stored (nothing): the pasted key is gone. Cause:
  // the same LanguageRoot key in components/ui/mount-root.tsx, which remounts ConnectionFormBody
  // and so resets useConnectionForm's `baseUrl` and `apiKey` states.
  it('keeps the address and the key typed before the switch', async () => {
    network();
    worker();
    await mountAsExtension(
      <>
        <ConnectionForm />
        <AppearanceForm />
      </>,
      world.cleanups,
    );
    await waitForPage(() => expect(field('apiKey')).not.toBeNull());
    await act(async () => {
      typeInto(field('baseUrl'), BASE_URL);
      typeInto(field('apiKey'), KEY_A);
    });

    const select = document.querySelector<HTMLSelectElement>('#language-choice') as HTMLSelectElement;
    await act(async () => {
      select.value = 'fr';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitForPage(() => expect(shownLanguage()).toBe('fr'));
    await waitForPage(() => expect(document.documentElement.lang).toBe('fr'));
    await act(async () => {
      for (let i = 0; i < 5; i += 1) await tick();
    });

    expect(field('baseUrl').value).toBe(BASE_URL);
    expect(field('apiKey').value).toBe(KEY_A);
  });
});

describe('Delete all, when a language other than the browser’s is chosen (components/options/erase-data-form.tsx)', () => {
  // The user's browser is in English and they chose French in Options. They delete all Adscope
  // data: the choice goes with the preferences, so every page, this one too, turns back to the
  // browser's language. The page is drawn again from the top, and the sentence that says the
  // data is deleted never appears: the question just vanishes, and the user cannot tell whether
  // anything was deleted (or whether it failed). Cause: LanguageRoot (components/ui/mount-root.tsx)
  // remounts the page when the erase clears the language choice (watchLanguageChoice hears the
  // settings removed), and EraseDataForm's outcome lives in its useEraseAll mutation, which the
  // remounted form does not have.
  it('says that everything was deleted', async () => {
    await writeConnection(BASE_URL, KEY_A);
    await fakeBrowser.storage.local.set({ settings: { theme: 'system', language: 'fr' } });
    network();
    worker();
    await mountAsExtension(<EraseDataForm onErased={() => undefined} />, world.cleanups);
    await waitForPage(() => expect(shownLanguage()).toBe('fr'));
    const danger = () => document.querySelector<HTMLButtonElement>('.btn-danger') as HTMLButtonElement;
    await waitForPage(() => expect(danger()).not.toBeNull());

    await act(async () => danger().click());
    await waitForPage(() => expect(document.querySelector('[role="alert"] .btn-danger')).not.toBeNull());
    await act(async () => danger().click());

    await waitForPage(async () => expect(await fakeBrowser.storage.local.get(null)).toEqual({}));
    await waitForPage(() => expect(shownLanguage()).toBe('en'));
    await act(async () => {
      for (let i = 0; i < 10; i += 1) await tick();
    });
    expect(document.querySelector('.notice-success[role="status"]')).not.toBeNull();
  });
});
