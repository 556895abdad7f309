import { CONNECTED, NO_KEY } from '../../support/settings-views';
// @vitest-environment happy-dom
import { act, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WelcomePage } from '@/components/options/welcome-page';
import { createQueryClient } from '@/components/ui/mount';
import { watchSettings } from '@/components/ui/storage-watch';
import type { SettingsView } from '@/lib/messaging/protocol';
import { waitForPage } from '../../support/react-root';
import { pageWorld, typeInto } from '../../support/page-world';

/**
 * The welcome page (components/options/welcome-page.tsx) after the connection changed in Options.
 *
 * The user connects Adscope on the welcome page: "Save and test" answers, and the connection
 * form (useConnectionForm's `report`) says "Connected. … accepted the key". The user then opens
 * Options and forgets the key (or deletes everything). The welcome page hears it (watchSettings
 * reads the settings again): "Connect first" comes back and the key field's hint says no key is
 * stored, yet the form still says "Connected." with the workspace's brands, of a key that is gone.
 */
const world = pageWorld();

async function render(element: ReactNode) {
  const client = createQueryClient();
  world.cleanups.push(watchSettings(client));
  await world.render(element, client);
}

const formField = (name: string) =>
  document.querySelector<HTMLInputElement>(`input[name="${name}"]`) as HTMLInputElement;
const text = () => document.body.textContent ?? '';

/** The background as the page sees it: `settings.get` answers what is stored now; a save stores CONNECTED. */
function background(service: { stored: SettingsView }) {
  vi.spyOn(browser.runtime, 'getManifest').mockReturnValue({
    manifest_version: 3,
    name: 'Adscope',
    version: '1.0.0',
  });
  vi.spyOn(browser.permissions, 'request').mockImplementation((async () => true) as typeof browser.permissions.request);
  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: { type: string }) => {
    if (message.type === 'settings.get') return { ok: true, data: service.stored };
    if (message.type === 'settings.save') {
      service.stored = CONNECTED;
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
}

describe('the welcome page after the key is forgotten in Options', () => {
  it('no longer says "Connected." of a key that is gone', async () => {
    const stored = { stored: NO_KEY };
    background(stored);
    await render(<WelcomePage />);
    await waitForPage(() => expect(formField('apiKey')).not.toBeNull());
    await act(async () => {
      typeInto(formField('baseUrl'), 'https://api.northwind.example');
      typeInto(formField('apiKey'), 'key-number-one-1234');
    });
    await act(async () => document.querySelector<HTMLButtonElement>('button[type="submit"]')?.click());
    await waitForPage(() => expect(text()).toContain('Connected.'));
    await waitForPage(() => expect(text()).not.toContain('Connect first'));

    // In Options, the user forgets the key: the stored connection changes, and this page hears it.
    stored.stored = NO_KEY;
    await act(async () => fakeBrowser.storage.local.remove('connection'));
    await waitForPage(() => expect(text()).toContain('Connect first'));

    // The page knows no key is stored: it does not go on saying the key was accepted.
    expect(text()).not.toContain('Connected.');
    expect(text()).not.toContain('accepted the key');
  });
});

describe('the welcome page after a connection is saved in Options', () => {
  it('shows the stored base URL in its form, and leaves a field the user has typed in as typed', async () => {
    const stored = { stored: NO_KEY };
    background(stored);
    await render(<WelcomePage />);
    await waitForPage(() => expect(formField('baseUrl')).not.toBeNull());
    expect(formField('baseUrl').value).toBe('');

    // Options saves a connection: this page hears it and its form reads what is stored.
    stored.stored = CONNECTED;
    await act(async () => fakeBrowser.storage.local.set({ connection: { stored: true } }));
    await waitForPage(() => expect(text()).not.toContain('Connect first'));
    expect(formField('baseUrl').value).toBe(CONNECTED.baseUrl);

    // The user edits the field; Options then stores another address: the edit stays.
    await act(async () => typeInto(formField('baseUrl'), 'https://api.other.example'));
    stored.stored = { ...CONNECTED, baseUrl: 'https://api.third.example', origin: 'https://api.third.example' };
    await act(async () => fakeBrowser.storage.local.set({ connection: { stored: 2 } }));
    await waitForPage(() => expect(text()).toContain('api.third.example'));
    expect(formField('baseUrl').value).toBe('https://api.other.example');
  });
});
