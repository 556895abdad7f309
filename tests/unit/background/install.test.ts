import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerInstallHandling, WELCOME_PATH } from '../../../lib/background/install';
import { readStoredConnection } from '../../../lib/background/api/credentials';
import { DEMO_API_KEY } from '../../../lib/contract/demo';
import { whatsNewItem } from '../../../lib/storage/whats-new';
import { shortcutsOf } from '../../../components/ui/use-shortcuts';

/** What a first install, an update and a browser update do: a welcome tab only on the first. */
const WELCOME_URL = `chrome-extension://test-extension-id${WELCOME_PATH}`;

/** The pages Adscope opened (the fake browser starts with one blank tab). */
async function openTabs(): Promise<string[]> {
  return (await fakeBrowser.tabs.query({})).map((tab) => tab.url ?? '').filter((url) => url !== '');
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({
    manifest_version: 3,
    name: 'Adscope',
    version: '0.2.0',
  });
});

type InstalledDetails = Parameters<Parameters<typeof fakeBrowser.runtime.onInstalled.addListener>[0]>[0];
const installed = async (details: InstalledDetails) => {
  await fakeBrowser.runtime.onInstalled.trigger(details);
  // The browser does not wait for the listener's work; let it finish.
  await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('installing and updating', () => {
  it('a first install opens the welcome in a tab of its own', async () => {
    registerInstallHandling({ openWelcome: true });
    await installed({ reason: 'install' });
    expect(await openTabs()).toEqual([WELCOME_URL]);
    expect(await whatsNewItem.get()).toBeNull();
  });

  it('an update opens nothing, and leaves one line for the panel', async () => {
    registerInstallHandling({ openWelcome: true });
    await installed({ reason: 'update', previousVersion: '0.1.0' });
    expect(await openTabs()).toEqual([]);
    expect(await whatsNewItem.get()).toEqual({ version: '0.2.0', previous: '0.1.0' });
  });

  it.each([
    ['a reload of the same version', { reason: 'update', previousVersion: '0.2.0' }],
    ["the browser's own update", { reason: 'chrome_update' }],
    ['a shared module update', { reason: 'shared_module_update', id: 'other-extension' }],
  ] satisfies [string, InstalledDetails][])('%s opens nothing and says nothing', async (_, details) => {
    registerInstallHandling({ openWelcome: true });
    await installed(details);
    expect(await openTabs()).toEqual([]);
    expect(await whatsNewItem.get()).toBeNull();
  });

  it('the e2e and bench builds open no welcome: each test opens what it tests', async () => {
    registerInstallHandling({ openWelcome: false });
    await installed({ reason: 'install' });
    expect(await openTabs()).toEqual([]);
  });

  it('the development build connects itself to the demo server it was built for, and opens the welcome', async () => {
    registerInstallHandling({ openWelcome: true, demoServer: 'http://127.0.0.1:8787' });
    await installed({ reason: 'install' });
    expect(await readStoredConnection()).toMatchObject({ baseUrl: 'http://127.0.0.1:8787', apiKey: DEMO_API_KEY });
    expect(await openTabs()).toEqual([WELCOME_URL]);
  });

  it('without a demo server, nothing is connected for the user', async () => {
    registerInstallHandling({ openWelcome: true });
    await installed({ reason: 'install' });
    expect(await readStoredConnection()).toBeNull();
  });
});

describe('shortcuts as the browser has them', () => {
  it('reads the keys the user set, and says when one is not set', () => {
    expect(
      shortcutsOf([
        { name: 'open-side-panel', shortcut: 'Ctrl+Shift+Y' },
        { name: 'find-similar', shortcut: '' },
        { name: '_execute_action', shortcut: 'Alt+A' },
      ]),
    ).toEqual({ openPanel: 'Ctrl+Shift+Y', findSimilar: null });
    expect(shortcutsOf([])).toEqual({ openPanel: null, findSimilar: null });
  });
});
