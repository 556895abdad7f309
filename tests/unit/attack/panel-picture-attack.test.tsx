// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "handleDisabledFileLoadingAsSuccess": true, "disableCSSFileLoading": true } }
/*
 * The side panel's last picture and the extension pages' caches, attacked from the outside:
 * what a reopened panel paints, or keeps, after the world changed while it was closed.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { saveSnapshot } from '@/components/sidepanel/picture';
import { PANEL_PICTURE_KEY } from '@/components/ui/page-cache-keys';
import { createQueryClient } from '@/components/ui/mount';
import { watchSettings } from '@/components/ui/storage-watch';
import { applyLanguageChoice, forgetCatalogues, type LanguageSources, watchLanguageChoice } from '@/lib/i18n/runtime';
import { followLanguage } from '@/lib/locale';
import { settingsItem } from '@/lib/storage/settings';
import panelPicture from '@/entrypoints/panel-picture';
import { compiledLanguage } from '../../../scripts/i18n/catalogues';
import { PICTURE_NOW, withLinksKept } from '../../support/picture';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const NOW = PICTURE_NOW;

/** The language sources a page reads, with the catalogues compiled from the files as the build ships them. */
const sources: LanguageSources = {
  readChoice: async () => (await settingsItem.get()).language,
  fetchCatalogue: async (language) => compiledLanguage(language),
  preferred: () => ['en-US'],
};

/** Lets the fake browser's storage listeners and what they started run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The panel opens again: a fresh #root, and the picture's script runs at the head of the page. */
function reopenPanel(): HTMLElement {
  document.body.innerHTML = '<div id="root"></div>';
  withLinksKept(() => panelPicture.main());
  return document.getElementById('root') as HTMLElement;
}

describe('the panel picture and page caches, attacked', () => {
  let root: HTMLElement;
  const stops: (() => void)[] = [];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    fakeBrowser.reset();
    forgetCatalogues();
    localStorage.clear();
    document.head.innerHTML = '';
    document.documentElement.removeAttribute('data-theme');
    document.body.innerHTML = '<div id="root"></div>';
    root = document.getElementById('root') as HTMLElement;
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) stop();
    vi.useRealTimers();
    fakeBrowser.reset();
    await applyLanguageChoice(sources);
    followLanguage(undefined);
    localStorage.clear();
    document.documentElement.removeAttribute('data-theme');
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  // The language changed in Options while the panel was closed: the next open paints no picture
  // in the old language (watchSettings forgets the picture when the settings change).
  it('paints no picture in the old language after the language was changed in Options while the panel was closed', async () => {
    await settingsItem.set({ theme: 'system', language: 'en' });
    document.documentElement.lang = 'en';
    root.innerHTML = '<main><h2>Search results</h2><button type="button">Save</button></main>';
    saveSnapshot(root, NOW);
    // The options page is open, following settings and language as every extension page does.
    stops.push(watchSettings(createQueryClient()));
    stops.push(watchLanguageChoice(() => void applyLanguageChoice(sources)));
    // The user chooses German there (what the background's settings.setLanguage writes).
    await settingsItem.set({ theme: 'system', language: 'de' });
    await settle();
    await settle();
    const reopened = reopenPanel();
    expect(reopened.querySelector('[data-snapshot]')?.textContent ?? null).toBeNull();
  });

  // Another workspace's key saved in Options: the save store's last and recent boards are
  // forgotten with the page caches, so S (quickSave) never saves to the last workspace's board.
  it('keeps no board of the previous workspace to save to after the key is replaced', async () => {
    localStorage.setItem(
      'adscope.save',
      JSON.stringify({
        state: {
          lastBoard: { id: 'b-old', name: 'Client X shortlist' },
          recent: [{ id: 'b-old', name: 'Client X shortlist' }],
        },
        version: 1,
      }),
    );
    // The options page is open; the user saves another workspace's key.
    stops.push(watchSettings(createQueryClient()));
    await fakeBrowser.storage.local.set({
      connection: { baseUrl: 'https://api.example', apiKey: 'another-workspace' },
    });
    await settle();
    // The panel opens again: its save store is read back from the pages' localStorage.
    vi.resetModules();
    const { useSaveStore } = await import('@/components/ads/save-store');
    expect(useSaveStore.getState().lastBoard).toBeNull();
    expect(useSaveStore.getState().recent).toEqual([]);
  });

  // The panel hid with the save dialog open: the reopened app opens no dialog, so the picture
  // paints none.
  it('paints no modal dialog the reopened app does not show', () => {
    const dialog = document.createElement('dialog');
    dialog.className = 'dialog';
    dialog.setAttribute('aria-label', 'Save to board');
    dialog.innerHTML = '<form method="dialog"><label><input type="radio" name="b"> Client X shortlist</label></form>';
    const main = document.createElement('main');
    main.innerHTML = '<h2>Search results</h2>';
    root.append(main, dialog);
    dialog.showModal();
    saveSnapshot(root, NOW);
    const reopened = reopenPanel();
    expect(reopened.querySelector('[data-snapshot] main')).not.toBeNull();
    expect(reopened.querySelector('[data-snapshot] dialog')).toBeNull();
  });

  // The search bar (a form) is painted as a box of its fields with the words searched, so the
  // results do not jump down when the app adds the bar; a picture still submits nothing.
  it('paints the search bar the panel showed, with the words searched', () => {
    const host = root.appendChild(document.createElement('main'));
    const react = createRoot(host);
    act(() =>
      react.render(
        <>
          <form role="search" className="input-row" onSubmit={(event) => event.preventDefault()}>
            <input type="search" aria-label="Search ads" value="tent" onChange={() => undefined} />
          </form>
          <ul aria-label="Search results">
            <li>Tent ad</li>
          </ul>
        </>,
      ),
    );
    saveSnapshot(root, NOW);
    act(() => react.unmount());
    const reopened = reopenPanel();
    expect(reopened.querySelector('[data-snapshot] ul')?.textContent).toBe('Tent ad');
    expect(reopened.querySelector<HTMLInputElement>('[data-snapshot] input[type="search"]')?.value).toBe('tent');
  });

  // The sort shows the choice made, which React keeps as the option's property, not an attribute.
  it('paints the sort the panel showed, not the first choice', () => {
    const host = root.appendChild(document.createElement('main'));
    const react = createRoot(host);
    act(() =>
      react.render(
        <div className="input-row">
          <select aria-label="Sort" value="spend" onChange={() => undefined}>
            <option value="best_match">Best match</option>
            <option value="spend">Most spend</option>
          </select>
        </div>,
      ),
    );
    expect(host.querySelector('select')?.value).toBe('spend');
    saveSnapshot(root, NOW);
    act(() => react.unmount());
    const reopened = reopenPanel();
    expect(reopened.querySelector<HTMLSelectElement>('[data-snapshot] select')?.value).toBe('spend');
  });

  // The fields' values a picture keeps are those it shows: a text area's words as typed, never a
  // password or a hidden field's value.
  it("keeps a text area's typed words, and no secret field's value", () => {
    const host = root.appendChild(document.createElement('main'));
    const react = createRoot(host);
    act(() =>
      react.render(
        <form className="brief">
          <textarea aria-label="Brief" value="Autumn tents, warm light" onChange={() => undefined} />
          <input type="password" aria-label="Secret" value="s3cret" onChange={() => undefined} />
          <input type="hidden" name="token" value="t0ken" />
        </form>,
      ),
    );
    const typed = host.querySelector('textarea');
    if (typed) typed.value = 'Autumn tents, warm light at dusk';
    saveSnapshot(root, NOW);
    act(() => react.unmount());
    expect(localStorage.getItem(PANEL_PICTURE_KEY) ?? '').not.toMatch(/s3cret|t0ken/);
    const reopened = reopenPanel();
    expect(reopened.querySelector('[data-snapshot] .brief')?.localName).toBe('div');
    expect(reopened.querySelector<HTMLTextAreaElement>('[data-snapshot] textarea')?.value).toBe(
      'Autumn tents, warm light at dusk',
    );
  });

  // The theme changed in Options while the panel was closed: no picture paints in the old one.
  it('paints no picture in the old theme after the theme was changed in Options while the panel was closed', async () => {
    await settingsItem.set({ theme: 'dark', language: 'en' });
    document.documentElement.setAttribute('data-theme', 'dark');
    root.innerHTML = '<main><h2>Search results</h2></main>';
    saveSnapshot(root, NOW);
    document.documentElement.removeAttribute('data-theme');
    stops.push(watchSettings(createQueryClient()));
    await settingsItem.set({ theme: 'light', language: 'en' });
    await settle();
    reopenPanel();
    expect(document.documentElement.getAttribute('data-theme')).not.toBe('dark');
  });
});
