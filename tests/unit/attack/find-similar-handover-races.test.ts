import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { pageHandlers } from '../../../lib/background/page-handlers';
import type { RequestContext } from '../../../lib/background/router';
import { handOverPage } from '../../../lib/background/similar/handover';
import { pageButtonItem } from '../../../lib/background/similar/page-button-registration';
import { type ExecuteScript, findSimilarInTab, unreadablePage } from '../../../lib/background/similar/trigger';
import { pageSignals } from '../../../lib/messaging/page-trigger';
import { pendingSimilarItem } from '../../../lib/storage/pending-similar';
import { fixedClock } from '../../support/clock';

/**
 * Find similar, on the worker's side, when something changes while a page is being read.
 *
 * 1. Two tabs asked in turn. The user presses the find-similar command on tab A, which is still
 *    loading (`scripting.executeScript` injects a file at document_idle, so A's script waits),
 *    switches to tab B and presses it again. B answers: the panel shows B. Then A finishes loading
 *    and its script answers. `handOverPage` (lib/background/similar/handover.ts) takes any page's
 *    answer as a new hand-over when no reading of that tab is pending, so A's late answer replaces
 *    B's: the panel jumps back to the page the user left, after showing the one asked last.
 * 2. The tab closed while it is read. The page is an ordinary https page; the user closes the tab
 *    before the script is in, and `executeScript` rejects. `findSimilarInTab` says every failed
 *    injection with `unreadablePage()`: "browsers keep their own pages (settings, extension
 *    stores, the PDF viewer, local files) closed to extensions. Open a website and try again." —
 *    said of a website that was simply closed, a sentence saying more than what happened.
 * 3. The page button turned off in Options while a page still shows it. Turning it off only
 *    unregisters the script for pages loaded later: a copy already running in an open tab (or
 *    one injected by a trigger that read the setting just before) goes on showing the button, and
 *    the worker's `similar.show` (lib/background/page-handlers.ts) takes its 'button' hand-over
 *    without looking at the setting: the panel is opened and the page handed over, by a button
 *    the user has turned off.
 */

const tents = pageSignals({
  url: 'https://tents.example/trail',
  hostname: 'tents.example',
  title: 'Trail tents | Tents',
  h1: 'Trail tents',
  lang: 'en',
});
const coffee = pageSignals({
  url: 'https://coffee.example/beans',
  hostname: 'coffee.example',
  title: 'Single-origin beans | Coffee',
  h1: 'Single-origin beans',
  lang: 'en',
});

/** A promise the test settles itself. */
function held() {
  let settle: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (settle = resolve));
  return { promise, settle: () => settle() };
}

beforeEach(() => fakeBrowser.reset());

describe('find similar asked on one tab, then on another before the first has answered', () => {
  it('keeps showing the page asked last when the first page answers late', async () => {
    const tabA = { id: 7, windowId: 1, url: tents.url, title: tents.title };
    const tabB = { id: 8, windowId: 1, url: coffee.url, title: coffee.title };
    const aLoaded = held();
    // Tab A's script runs once A has loaded, then answers as the real script does (similar.show).
    const onA: ExecuteScript = async (injection) => {
      if (!injection.files) return [];
      await aLoaded.promise;
      await handOverPage('command', 7, { kind: 'page', signals: tents });
      return [];
    };
    const onB: ExecuteScript = async (injection) => {
      if (injection.files) await handOverPage('command', 8, { kind: 'page', signals: coffee });
      return [];
    };

    const first = findSimilarInTab(tabA, { source: 'command', button: false }, 0, onA);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await findSimilarInTab(tabB, { source: 'command', button: false }, 0, onB);
    expect(await pendingSimilarItem.get()).toMatchObject({ state: 'ready', tabId: 8 });

    aLoaded.settle();
    await first;
    const shown = await pendingSimilarItem.get();
    expect(shown?.tabId).toBe(8);
    expect(shown?.request).toMatchObject({ kind: 'page', signals: { url: coffee.url } });
  });
});

describe('a tab closed while find similar reads it', () => {
  it('does not say the browser keeps the page closed to extensions', async () => {
    const tab = await fakeBrowser.tabs.create({ url: tents.url });
    const tabId = tab.id ?? -1;
    const executeScript: ExecuteScript = async (injection) => {
      if (!injection.files) return [];
      // The user closes the tab as the script was to go in: the browser refuses the injection.
      await fakeBrowser.tabs.remove(tabId);
      throw new Error(`No tab with id: ${tabId}.`);
    };
    await findSimilarInTab(
      { id: tabId, windowId: 1, url: tents.url, title: tents.title },
      { source: 'command', button: false },
      0,
      executeScript,
    );
    const shown = await pendingSimilarItem.get();
    expect(shown?.state).toBe('failed');
    expect(shown?.error).not.toBe(unreadablePage());
  });
});

describe('the page button turned off in Options while an open page still shows it', () => {
  it('takes no page from the button once it is off', async () => {
    const deps = {
      hasOrigins: async () => true,
      registered: async () => true,
      register: async () => undefined,
      unregister: async () => undefined,
    };
    const handlers = pageHandlers({ pageButton: deps, clock: fixedClock() });
    await pageButtonItem.set({ enabled: true });
    // Options: the user turns the button off.
    await handlers['pageButton.set']({ enabled: false });
    expect((await pageButtonItem.get()).enabled).toBe(false);

    // A tab loaded before that still runs its copy of the script; the user selects text and presses it.
    const content: RequestContext = { sender: 'content-script', tabId: 7, windowId: 1, url: tents.url };
    await handlers['similar.show']({ source: 'button', signals: { ...tents, selection: 'trail tent' } }, content).catch(
      () => undefined,
    );
    expect(await pendingSimilarItem.get()).toBeNull();
  });
});
