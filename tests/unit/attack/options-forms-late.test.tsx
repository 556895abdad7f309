// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AppearanceForm } from '@/components/options/appearance-form';
import { PageButtonForm } from '@/components/options/page-button-form';
import { createQueryClient } from '@/components/ui/mount';
import type { SettingsView } from '@/lib/messaging/protocol';
import { reactRoot, waitForPage } from '../../support/react-root';

/**
 * The Options page's small forms, when the browser or the background answers late or says no.
 *
 * 1. Theme: the user picks Dark, and before its answer comes picks Light. The background stores
 *    Dark, then Light (Light is what is stored), but Dark's answer is the one that lands last:
 *    useThemeChoice puts every answer in the cache as it lands, so the older answer wins and the
 *    form (and the page's theme) shows Dark while Light is stored. The radios are never disabled
 *    while a change is on its way.
 * 2. Page button: turned off, the browser refuses to give the site access back
 *    (`permissions.remove` answers false). usePageButton ignores that answer: the switch goes off
 *    with no word, while the help under it promises that off "gives the access back", and
 *    Adscope keeps access to every site.
 */
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const page = reactRoot();

/** A promise the test settles itself. */
function held<T>() {
  let settle: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle: (value: T) => settle(value) };
}

const view = (change: Partial<SettingsView> = {}): SettingsView => ({
  baseUrl: 'https://api.northwind.example',
  origin: 'https://api.northwind.example',
  theme: 'system',
  language: 'en',
  hasApiKey: true,
  apiKeyLast4: '5678',
  ...change,
});

async function render(element: ReactNode) {
  await act(async () =>
    page.root.render(<QueryClientProvider client={createQueryClient()}>{element}</QueryClientProvider>),
  );
}

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the theme, chosen again while the last choice is on its way', () => {
  it('shows the theme chosen last, not the one whose answer landed last', async () => {
    const dark = held<unknown>();
    const stored: string[] = [];
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: {
      type: string;
      payload: { theme?: SettingsView['theme'] };
    }) => {
      if (message.type === 'settings.get') return { ok: true, data: view() };
      if (message.type === 'settings.setTheme') {
        const theme = message.payload.theme ?? 'system';
        // The background stores each choice in the order it was made.
        stored.push(theme);
        const answer = { ok: true, data: view({ theme }) };
        return theme === 'dark' ? dark.promise.then(() => answer) : answer;
      }
      return { ok: true, data: {} };
    }) as typeof browser.runtime.sendMessage);
    await render(<AppearanceForm />);
    const radio = (value: string) =>
      page.host.querySelector<HTMLInputElement>(`input[name="theme"][value="${value}"]`) as HTMLInputElement;
    await waitForPage(() => expect(radio('system').checked).toBe(true));

    await act(async () => radio('dark').click());
    await act(async () => radio('light').click());
    await waitForPage(() => expect(radio('light').checked).toBe(true));
    expect(stored).toEqual(['dark', 'light']);

    // Dark's answer was slow: it lands now.
    await act(async () => dark.settle(undefined));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(radio('light').checked).toBe(true);
  });
});

describe('the page button, turned off when the browser keeps the site access', () => {
  it('says the access was not given back when the browser refuses to remove it', async () => {
    const removed: string[][] = [];
    vi.spyOn(browser.permissions, 'remove').mockImplementation((async (permissions: { origins?: string[] }) => {
      removed.push(permissions.origins ?? []);
      // The browser does not give the access back (Chrome answers false; a policy may hold it).
      return false;
    }) as typeof browser.permissions.remove);
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: {
      type: string;
      payload: { enabled?: boolean };
    }) => {
      if (message.type === 'settings.get') return { ok: true, data: view() };
      if (message.type === 'pageButton.get') return { ok: true, data: { enabled: true, granted: true } };
      if (message.type === 'pageButton.set') {
        // Off: the script is unregistered; the access is still granted until the page gives it back.
        return { ok: true, data: { enabled: message.payload.enabled === true, granted: true } };
      }
      if (message.type === 'pageButton.words') return { ok: true, data: {} };
      return { ok: true, data: {} };
    }) as typeof browser.runtime.sendMessage);
    await render(<PageButtonForm />);
    const toggle = () => page.host.querySelector<HTMLInputElement>('input[role="switch"]') as HTMLInputElement;
    await waitForPage(() => {
      expect(toggle().checked).toBe(true);
      expect(toggle().disabled).toBe(false);
    });
    const before = page.host.textContent;

    await act(async () => toggle().click());
    await waitForPage(() => expect(removed).toHaveLength(1));
    await waitForPage(() => expect(toggle().disabled).toBe(false));
    expect(toggle().checked).toBe(false);
    // The page says something about the access it could not give back.
    expect(page.host.textContent).not.toBe(before);
  });
});
