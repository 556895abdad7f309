// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WelcomePage } from '@/components/options/welcome-page';
import { createQueryClient } from '@/components/ui/mount';
import { watchSettings } from '@/components/ui/storage-watch';
import type { SettingsView } from '@/lib/messaging/protocol';
import { waitForPage } from '../../support/react-root';

/**
 * The welcome page (components/options/welcome-page.tsx) after the connection changed in Options.
 *
 * The user connects Adscope on the welcome page: "Save and test" answers, and the connection
 * form (useConnectionForm's `report`) says "Connected. … accepted the key". The user then opens
 * Options and forgets the key (or deletes everything). The welcome page hears it (watchSettings
 * reads the settings again): "Connect first" comes back and the key field's hint says no key is
 * stored, yet the form still says "Connected." with the workspace's brands, of a key that is gone.
 */
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const cleanups: (() => void | Promise<void>)[] = [];

async function render(element: ReactNode) {
  const client = createQueryClient();
  const stop = watchSettings(client);
  const root = createRoot(document.getElementById('root') as HTMLElement);
  cleanups.push(() => act(async () => root.unmount()), stop);
  await act(async () => root.render(<QueryClientProvider client={client}>{element}</QueryClientProvider>));
}

const NO_KEY: SettingsView = {
  baseUrl: '',
  origin: null,
  theme: 'system',
  language: 'auto',
  hasApiKey: false,
  apiKeyLast4: null,
};
const CONNECTED: SettingsView = {
  ...NO_KEY,
  baseUrl: 'https://api.northwind.example',
  origin: 'https://api.northwind.example',
  hasApiKey: true,
  apiKeyLast4: '1234',
};

/** Types into a React-controlled field as a person does. */
function type(field: HTMLInputElement, text: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setValue?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const formField = (name: string) =>
  document.querySelector<HTMLInputElement>(`input[name="${name}"]`) as HTMLInputElement;
const text = () => document.body.textContent ?? '';

beforeEach(() => {
  fakeBrowser.reset();
  localStorage.clear();
  document.body.innerHTML = '<div id="root"></div>';
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await vi.dynamicImportSettled();
  document.body.innerHTML = '';
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the welcome page after the key is forgotten in Options', () => {
  it('no longer says "Connected." of a key that is gone', async () => {
    let stored: SettingsView = NO_KEY;
    vi.spyOn(browser.runtime, 'getManifest').mockReturnValue({
      manifest_version: 3,
      name: 'Adscope',
      version: '1.0.0',
    });
    vi.spyOn(browser.permissions, 'request').mockImplementation(
      (async () => true) as typeof browser.permissions.request,
    );
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: { type: string }) => {
      if (message.type === 'settings.get') return { ok: true, data: stored };
      if (message.type === 'settings.save') {
        stored = CONNECTED;
        await fakeBrowser.storage.local.set({ connection: { stored: true } });
        return {
          ok: true,
          data: {
            settings: CONNECTED,
            connection: { baseUrl: CONNECTED.baseUrl, ownedBrands: 3, checkedAt: '2026-11-22T12:00:00.000Z' },
          },
        };
      }
      return { ok: true, data: {} };
    }) as typeof browser.runtime.sendMessage);

    await render(<WelcomePage />);
    await waitForPage(() => expect(formField('apiKey')).not.toBeNull());
    await act(async () => {
      type(formField('baseUrl'), 'https://api.northwind.example');
      type(formField('apiKey'), 'key-number-one-1234');
    });
    await act(async () => document.querySelector<HTMLButtonElement>('button[type="submit"]')?.click());
    await waitForPage(() => expect(text()).toContain('Connected.'));
    await waitForPage(() => expect(text()).not.toContain('Connect first'));

    // In Options, the user forgets the key: the stored connection changes, and this page hears it.
    stored = NO_KEY;
    await act(async () => fakeBrowser.storage.local.remove('connection'));
    await waitForPage(() => expect(text()).toContain('Connect first'));

    // The page knows no key is stored: it does not go on saying the key was accepted.
    expect(text()).not.toContain('Connected.');
    expect(text()).not.toContain('accepted the key');
  });
});
