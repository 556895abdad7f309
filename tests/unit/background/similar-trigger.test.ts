import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handOverPage, failHandover } from '../../../lib/background/similar/handover';
import { pendingSimilarItem } from '../../../lib/storage/pending-similar';
import {
  type ExecuteScript,
  findSimilarInTab,
  menuTrigger,
  pageDidNotAnswer,
  unreadablePage,
} from '../../../lib/background/similar/trigger';
import { FIND_SIMILAR_SCRIPT, TRIGGER_GLOBAL } from '../../../lib/messaging/page-trigger';

const signals = {
  url: 'https://shop.example/tents',
  hostname: 'shop.example',
  title: 'Tents | Shop',
  metas: [['og:site_name', 'Shop']] as [string, string][],
  jsonLd: [],
  logos: [],
  h1: 'Tents',
  lang: 'en',
  text: 'Tents for every trail.',
  selection: '',
};
const page = { kind: 'page' as const, signals };
const tab = { id: 7, windowId: 1, url: 'https://shop.example/tents', title: 'Tents | Shop' };

type Injection = Parameters<ExecuteScript>[0];

/** A fake `scripting.executeScript`: records injections; the script "answers" as the real one does. */
function fakeScripting(behaviour: { answer?: boolean; fail?: (injection: Injection) => boolean } = {}) {
  const calls: Injection[] = [];
  const executeScript: ExecuteScript = async (injection) => {
    calls.push(injection);
    if (behaviour.fail?.(injection)) throw new Error('Cannot access contents of the page');
    if (injection.files && behaviour.answer !== false) await handOverPage('page', injection.target.tabId, page);
    return [];
  };
  return { calls, executeScript };
}

beforeEach(() => fakeBrowser.reset());

describe('menuTrigger', () => {
  it.each([
    ['a selection wins', { selectionText: 'trail shoes', mediaType: 'image', srcUrl: 'https://x/a.png' }, 'selection'],
    ['an image', { mediaType: 'image', srcUrl: 'https://x/a.png', linkUrl: 'https://x/' }, 'image'],
    ['a link', { linkUrl: 'https://x/boots' }, 'link'],
    ['whitespace is no selection', { selectionText: '   ' }, 'page'],
    ['the page', {}, 'page'],
  ])('%s', (_, info, source) => {
    expect(menuTrigger(info, false).source).toBe(source);
  });

  it('carries the pointed-at URL, bounded, and whether the page button is on', () => {
    const trigger = menuTrigger({ mediaType: 'image', srcUrl: `https://x/${'a'.repeat(5000)}` }, true);
    expect(trigger.srcUrl?.length).toBe(2048);
    expect(trigger.button).toBe(true);
  });
});

describe('findSimilarInTab', () => {
  it('sets the trigger in the isolated world, then injects the script into the frame; the page answers', async () => {
    const scripting = fakeScripting();
    await findSimilarInTab(tab, { source: 'selection', button: false }, 3, scripting.executeScript);
    expect(scripting.calls).toHaveLength(2);
    expect(scripting.calls[0]?.target).toEqual({ tabId: 7, frameIds: [3] });
    expect(scripting.calls[0]?.args).toEqual([TRIGGER_GLOBAL, { source: 'selection', button: false }]);
    expect(scripting.calls[1]?.files).toEqual([`/${FIND_SIMILAR_SCRIPT}`]);
    const pending = await pendingSimilarItem.get();
    expect(pending).toMatchObject({ state: 'ready', tabId: 7, request: page, error: null });
  });

  it('the trigger setter only sets the global it is given', () => {
    const scripting = fakeScripting();
    return findSimilarInTab(tab, { source: 'page', button: true }, 0, scripting.executeScript).then(() => {
      const setter = scripting.calls[0]?.func;
      const args = scripting.calls[0]?.args;
      expect(setter && args).toBeTruthy();
      if (!setter || !args) return;
      setter(...args);
      expect((globalThis as Record<string, unknown>)[TRIGGER_GLOBAL]).toEqual({ source: 'page', button: true });
      delete (globalThis as Record<string, unknown>)[TRIGGER_GLOBAL];
    });
  });

  it('shows "reading" with the tab title while the page is read', async () => {
    let seen: unknown;
    const executeScript: ExecuteScript = async (injection) => {
      if (injection.files) seen = await pendingSimilarItem.get();
      return [];
    };
    await findSimilarInTab(tab, { source: 'command', button: false }, 0, executeScript);
    expect(seen).toMatchObject({ state: 'reading', title: 'Tents | Shop', source: 'command' });
  });

  it.each([
    ['a browser page', { ...tab, url: 'chrome://settings/' }],
    ['the web store', { ...tab, url: 'chrome-extension://abc/page.html' }],
    ['a local file', { ...tab, url: 'file:///home/me/a.html' }],
  ])('refuses %s before injecting, in words', async (_, target) => {
    const scripting = fakeScripting();
    await findSimilarInTab(target, { source: 'page', button: false }, 0, scripting.executeScript);
    expect(scripting.calls).toHaveLength(0);
    expect(await pendingSimilarItem.get()).toMatchObject({ state: 'failed', error: unreadablePage() });
  });

  it('says the page cannot be read when the browser refuses the injection', async () => {
    const scripting = fakeScripting({ fail: () => true });
    // The tab is open (a closed one is said as closed).
    const open = await fakeBrowser.tabs.create({ url: tab.url });
    await findSimilarInTab({ ...tab, id: open.id }, { source: 'page', button: false }, 0, scripting.executeScript);
    expect(await pendingSimilarItem.get()).toMatchObject({ state: 'failed', error: unreadablePage() });
  });

  it('injects the script into the document its trigger was left in: a page navigated in between gets nothing', async () => {
    // Chrome names the document each injection ran in; the page navigates between the two
    // injections, so the named document is gone and the browser refuses the script. Injected into
    // the tab's new page instead, it would find no trigger and show the page button there.
    const calls: Injection[] = [];
    const open = await fakeBrowser.tabs.create({ url: tab.url });
    await findSimilarInTab({ ...tab, id: open.id }, { source: 'page', button: false }, 0, async (injection) => {
      calls.push(injection);
      if (injection.func) return [{ documentId: 'before-the-navigation', frameId: 0 }];
      if (injection.target.documentIds?.includes('before-the-navigation'))
        throw new Error('No document with id before-the-navigation in tab');
      return [];
    });
    expect(calls.map((call) => call.target)).toEqual([
      { tabId: open.id, frameIds: [0] },
      { tabId: open.id, documentIds: ['before-the-navigation'] },
    ]);
    expect(await pendingSimilarItem.get()).toMatchObject({ state: 'failed', error: pageDidNotAnswer() });
  });

  it('falls back to the top frame when a frame from another site is closed', async () => {
    const scripting = fakeScripting({ fail: (injection) => injection.target.frameIds?.[0] === 5 });
    await findSimilarInTab(tab, { source: 'selection', button: false }, 5, scripting.executeScript);
    expect(scripting.calls.map((call) => call.target.frameIds)).toEqual([[5], [0], [0]]);
    expect(await pendingSimilarItem.get()).toMatchObject({ state: 'ready' });
  });

  it('says so when the page never answers, instead of reading forever', async () => {
    const scripting = fakeScripting({ answer: false });
    await findSimilarInTab(tab, { source: 'page', button: false }, 0, scripting.executeScript);
    expect(await pendingSimilarItem.get()).toMatchObject({ state: 'failed', error: pageDidNotAnswer() });
  });

  it('fails in words without a tab', async () => {
    await findSimilarInTab(undefined, { source: 'command', button: false }, 0, fakeScripting().executeScript);
    expect(await pendingSimilarItem.get()).toMatchObject({ state: 'failed', tabId: null });
  });
});

describe('hand-over', () => {
  it('the page button starts a new hand-over; a late failure of an older one changes nothing', async () => {
    const scripting = fakeScripting({ answer: false });
    await findSimilarInTab(tab, { source: 'page', button: false }, 0, async (injection) => {
      await scripting.executeScript(injection);
      if (injection.files) await handOverPage('button', 7, page);
      return [];
    });
    const pending = await pendingSimilarItem.get();
    expect(pending).toMatchObject({ state: 'ready', source: 'button' });
    await failHandover('an-old-id', 'page', 7, 'late');
    expect(await pendingSimilarItem.get()).toEqual(pending);
  });

  it("another tab's answer does not complete this tab's reading", async () => {
    await findSimilarInTab(tab, { source: 'page', button: false }, 0, async (injection) => {
      if (injection.files) await handOverPage('page', 99, page);
      return [];
    });
    const pending = await pendingSimilarItem.get();
    expect(pending).toMatchObject({ state: 'ready', tabId: 99 });
  });
});
