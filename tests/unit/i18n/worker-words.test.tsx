// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ErrorNotice, errorAdvice } from '@/components/ui/error-notice';
import { createTransport } from '@/lib/background/api/transport';
import { ownedBrandsApi } from '@/lib/background/api/owned-brands';
import { startWorkerLanguage, workerLanguageReady } from '@/lib/background/language';
import { createRouter, type Handlers } from '@/lib/background/router';
import { pageButtonWords } from '@/lib/background/similar/page-button-registration';
import { mountPageButton } from '@/lib/content/page-button';
import { generationChoiceSchema } from '@/lib/contract/generation-fields';
import { idProblem } from '@/lib/contract/ids';
import { resolveWindow } from '@/lib/contract/window';
import { DEMO_API_KEY } from '@/lib/contract/demo';
import { applyLanguageChoice, forgetCatalogues, type LanguageSources } from '@/lib/i18n/runtime';
import { followLanguage } from '@/lib/locale';
import { ApiError } from '@/lib/messaging/api-error';
import { requests } from '@/lib/messaging/protocol';
import type { PageButtonWords } from '@/lib/messaging/page-trigger';
import { settingsItem } from '@/lib/storage/settings';
import { compiledLanguage } from '../../../scripts/i18n/catalogues';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

/** The worker's and the pages' sources: the stored choice, catalogues compiled as the build ships them. */
const sources: LanguageSources = {
  readChoice: async () => (await settingsItem.get()).language,
  fetchCatalogue: async (language) => compiledLanguage(language),
  preferred: () => ['en-US'],
};

async function choose(language: 'en' | 'de' | 'ja'): Promise<void> {
  await settingsItem.set({ theme: 'system', language });
  await applyLanguageChoice(sources);
}

let stop: () => void = () => undefined;
let root: Root | null = null;
beforeEach(() => {
  fakeBrowser.reset();
  forgetCatalogues();
});
afterEach(async () => {
  stop();
  await act(async () => root?.unmount());
  root = null;
  document.body.replaceChildren();
  fakeBrowser.reset();
  await applyLanguageChoice(sources);
  followLanguage(undefined);
});

const identity = { extensionId: 'ours', extensionOrigin: 'chrome-extension://ours' };
const panel = { id: 'ours', url: 'chrome-extension://ours/sidepanel.html' };

describe("the worker's errors in the chosen language", () => {
  it('reach the panel in German: the transport says it, the router carries it, the notice shows it', async () => {
    await settingsItem.set({ theme: 'system', language: 'de' });
    stop = startWorkerLanguage(sources);
    await workerLanguageReady();
    // The service cannot be reached: fetch fails as a browser's does, and nothing is retried.
    const transport = createTransport({
      getConnection: async () => ({ baseUrl: 'https://api.example', apiKey: DEMO_API_KEY }),
      retryLimit: 0,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const handlers = Object.fromEntries(
      Object.keys(requests).map((name) => [name, async () => ownedBrandsApi(transport).list()]),
    ) as unknown as Handlers;
    const reply = await createRouter(handlers, identity)({ type: 'ownedBrands.list', payload: {} }, panel);
    expect(reply.ok).toBe(false);
    const error = ApiError.from(reply.ok ? null : reply.error);
    expect(error).toMatchObject({ code: 'network', message: 'Der API-Server war nicht erreichbar.' });

    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    await act(async () => root?.render(<ErrorNotice error={error} />));
    const notice = host.querySelector('[role="alert"]');
    expect(notice?.textContent).toContain('Der API-Server war nicht erreichbar.');
    expect(notice?.textContent).toContain('Prüfe deine Verbindung und die Basis-URL in den Adscope-Optionen.');
  });

  it('advises checking the key for a refusal on the key field, whatever language its sentence is in', async () => {
    await choose('de');
    const refused = new ApiError({
      code: 40001,
      field: 'apiKey',
      message: 'http://127.0.0.1:1 hat diesen API-Schlüssel nicht akzeptiert.',
      retryable: false,
    });
    expect(errorAdvice(refused)).toBe('Prüfe den API-Schlüssel in den Adscope-Optionen.');
  });

  it('keeps the service’s own words as the service gave them, whatever the language', async () => {
    await choose('de');
    const transport = createTransport({
      getConnection: async () => ({ baseUrl: 'https://api.example', apiKey: DEMO_API_KEY }),
      retryLimit: 0,
      fetch: async () =>
        new Response(JSON.stringify({ code: 40401, message: 'Brand not found.', data: null }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const error = await ownedBrandsApi(transport)
      .list()
      .catch((caught: unknown) => ApiError.from(caught));
    expect(error).toMatchObject({ code: 40401, message: 'Brand not found.' });
  });

  it('are said in English again when English is chosen: the words are made when the error is', async () => {
    await choose('ja');
    const route = createRouter({} as Handlers, identity);
    const japanese = await route({ type: 'nothing.here', payload: {} }, panel);
    await choose('en');
    const english = await route({ type: 'nothing.here', payload: {} }, panel);
    expect([japanese.ok ? '' : japanese.error.message, english.ok ? '' : english.error.message]).toEqual([
      '不明なリクエストです：nothing.here。',
      'Unknown request: nothing.here.',
    ]);
  });
});

describe("the contract's field checks in the chosen language", () => {
  it('read in Japanese: a generation brief, a window, an id', async () => {
    await choose('ja');
    const brief = generationChoiceSchema.safeParse({ prompt: ' ', brand_id: 'b1', size: 99, colors: ['red'] });
    expect(brief.success ? [] : brief.error.issues.map((issue) => issue.message)).toEqual([
      'プロンプトは空にできません。作りたい広告を説明してください。',
      'sizeは1～20の範囲にしてください。',
      '色はそれぞれ#1f6f4aのような16進コードにしてください。',
    ]);
    const window = resolveWindow(
      { period: 'custom', date_start: '2026-01-01', date_stop: '2026-05-01' },
      new Date('2026-06-01T00:00:00Z'),
    );
    expect(window.ok ? null : window.problem).toEqual({
      field: 'date_start',
      message: '期間は最大92日です。この期間は121日あります。',
    });
    expect(idProblem('..', 'board')).toBe('ボードIDではありません。ドットだけではパスの外に出てしまいます。');
  });

  it('read in English as before when English is shown', async () => {
    await choose('en');
    const brief = generationChoiceSchema.safeParse({ prompt: ' ', brand_id: 'b1' });
    expect(brief.success ? null : brief.error.issues[0]?.message).toBe(
      'prompt cannot be empty: describe the ad you want.',
    );
    expect(idProblem('', 'ad')).toBe('An ad id is required.');
  });
});

describe("the page button's words", () => {
  /** Selects the page's first word as a person does, and lets the button's words arrive. */
  async function selectWord(): Promise<void> {
    const range = document.createRange();
    range.selectNodeContents(document.querySelector('p') as HTMLParagraphElement);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    range.getBoundingClientRect = () => new DOMRect(10, 10, 80, 16);
    const up = new MouseEvent('mouseup');
    Object.defineProperty(up, 'isTrusted', { value: true });
    document.dispatchEvent(up);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  it('follow the language: the worker says them, the injected script shows them', async () => {
    await settingsItem.set({ theme: 'system', language: 'de' });
    stop = startWorkerLanguage(sources);
    const german = await pageButtonWords();
    expect(german.label).toBe('Ähnliche Anzeigen finden');
    await settingsItem.set({ theme: 'system', language: 'ja' });
    await expect.poll(async () => (await pageButtonWords()).label).toBe('類似広告を探す');

    // The script asks once, when it first shows the button, and carries no words of its own.
    const asked: PageButtonWords[] = [];
    const askWords = async () => {
      const words = await pageButtonWords();
      asked.push(words);
      return words;
    };
    document.body.innerHTML = '<p>Trail running shoes</p>';
    let shadow: ShadowRoot | null = null;
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) {
      shadow = attach.call(this, init);
      return shadow;
    };
    try {
      mountPageButton(async () => ({ opened: true }), askWords);
      await selectWord();
    } finally {
      Element.prototype.attachShadow = attach;
    }
    const button = (shadow as ShadowRoot | null)?.querySelector('button');
    expect([button?.textContent, button?.title]).toEqual([
      '類似広告を探す',
      'Adscope：このページと選択範囲に似た広告を探す',
    ]);
    expect(asked).toHaveLength(1);
  });
});
