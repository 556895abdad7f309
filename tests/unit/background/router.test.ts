import { beforeEach, describe, expect, it, vi } from 'vitest';
import { requests } from '../../../lib/messaging/protocol';
import { classifySender, createRouter, type Handlers, type MessageSenderLike } from '../../../lib/background/router';
import { pageSignals } from '../../../lib/messaging/page-trigger';

const identity = { extensionId: 'ours', extensionOrigin: 'chrome-extension://ours' };
const page: MessageSenderLike = { id: 'ours', url: 'chrome-extension://ours/sidepanel.html' };
const pageInTab: MessageSenderLike = { id: 'ours', url: 'chrome-extension://ours/options.html', tab: { id: 3 } };
const content: MessageSenderLike = { id: 'ours', url: 'https://shop.example/p/1', tab: { id: 9, windowId: 1 } };

function spyHandlers() {
  const calls: string[] = [];
  const handler = (name: string) =>
    vi.fn(async () => {
      calls.push(name);
      return { name };
    });
  const handlers = Object.fromEntries(
    Object.keys(requests).map((name) => [name, handler(name)]),
  ) as unknown as Handlers;
  return { handlers, calls };
}

describe('classifySender', () => {
  it.each([
    ['our side panel', page, 'extension-page'],
    ['our page opened as a tab', pageInTab, 'extension-page'],
    ['our content script on https', content, 'content-script'],
    ['our content script on http', { ...content, url: 'http://shop.example/' }, 'content-script'],
    ['another extension', { ...page, id: 'theirs' }, null],
    ['another extension posing with our URL', { id: 'theirs', url: 'chrome-extension://ours/x.html' }, null],
    [
      'a tab claiming another extension page',
      { id: 'ours', url: 'chrome-extension://theirs/x.html', tab: { id: 1 } },
      null,
    ],
    ['a file: page', { id: 'ours', url: 'file:///etc/passwd', tab: { id: 1 } }, null],
    ['a data: frame', { id: 'ours', url: 'data:text/html,hi', tab: { id: 1 } }, null],
    ['about:blank', { id: 'ours', url: 'about:blank', tab: { id: 1 } }, null],
    ['a web URL without a tab', { id: 'ours', url: 'https://shop.example/' }, null],
    ['no URL', { id: 'ours' }, null],
    ['a garbage URL', { id: 'ours', url: 'not a url', tab: { id: 1 } }, null],
  ] as const)('%s -> %s', (_, sender, expected) => {
    expect(classifySender(sender, identity)).toBe(expected);
  });
});

describe('router', () => {
  let handlers: Handlers;
  let calls: string[];
  beforeEach(() => {
    ({ handlers, calls } = spyHandlers());
  });

  it("gives a content script's handler the sending frame's URL from the browser, and a page's none", async () => {
    const route = createRouter(handlers, identity);
    const signals = pageSignals({ url: 'https://forged.example/', hostname: 'forged.example', title: 't' });
    await route({ type: 'similar.show', payload: { source: 'page', signals } }, content);
    expect(handlers['similar.show']).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ sender: 'content-script', url: content.url }),
    );
    await route({ type: 'settings.get', payload: {} }, page);
    expect(handlers['settings.get']).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ url: undefined }),
    );
  });

  it('runs a valid request from an allowed sender', async () => {
    const route = createRouter(handlers, identity);
    const reply = await route({ type: 'settings.get', payload: {} }, page);
    expect(reply).toEqual({ ok: true, data: { name: 'settings.get' } });
  });

  it.each([
    ['a forged sender', { type: 'settings.get', payload: {} }, { ...page, id: 'evil' }, 'forbidden_sender'],
    ['a content script reading settings', { type: 'settings.get', payload: {} }, content, 'forbidden_sender'],
    [
      'a content script saving a key',
      { type: 'settings.save', payload: { baseUrl: 'https://x', apiKey: 'k'.repeat(10) } },
      content,
      'forbidden_sender',
    ],
    ['an unknown type', { type: 'fetch.anything', payload: { url: 'https://x' } }, page, 'invalid_input'],
    ['a prototype key as type', { type: '__proto__', payload: {} }, page, 'invalid_input'],
    ['toString as type', { type: 'toString', payload: {} }, page, 'invalid_input'],
    ['extra keys in the payload', { type: 'settings.get', payload: { sneaky: 1 } }, page, 'invalid_input'],
    ['a wrong payload type', { type: 'settings.setTheme', payload: { theme: 'neon' } }, page, 'invalid_input'],
    ['a payload that is a string', { type: 'settings.setTheme', payload: 'dark' }, page, 'invalid_input'],
    ['a missing type', { payload: {} }, page, 'invalid_input'],
    ['extra envelope keys', { type: 'settings.get', payload: {}, extra: 'x' }, page, 'invalid_input'],
    ['a non-object message', 'settings.get', page, 'invalid_input'],
    ['null', null, page, 'invalid_input'],
    [
      'a megabyte base URL',
      { type: 'settings.save', payload: { baseUrl: 'x'.repeat(1 << 20) } },
      page,
      'invalid_input',
    ],
  ])('refuses %s before any handler runs', async (_, message, sender, code) => {
    const route = createRouter(handlers, identity);
    const reply = await route(message, sender);
    expect(reply.ok).toBe(false);
    if (!reply.ok) expect(reply.error.code).toBe(code);
    expect(calls).toEqual([]);
  });

  it('lets a content script open the side panel, and nothing else it may not', async () => {
    const route = createRouter(handlers, identity);
    expect((await route({ type: 'sidePanel.open', payload: {} }, content)).ok).toBe(true);
    for (const type of Object.keys(requests)) {
      const allowed = requests[type as keyof typeof requests].senders as readonly string[];
      if (allowed.includes('content-script')) continue;
      const reply = await route({ type, payload: {} }, content);
      expect(reply.ok).toBe(false);
    }
    expect(calls).toEqual(['sidePanel.open']);
  });

  it('answers a throwing handler with a typed error instead of throwing', async () => {
    const failing = { ...handlers, 'settings.get': vi.fn(async () => Promise.reject(new Error('boom'))) } as Handlers;
    const reply = await createRouter(failing, identity)({ type: 'settings.get', payload: {} }, page);
    expect(reply).toEqual({ ok: false, error: expect.objectContaining({ code: 'internal', message: 'boom' }) });
  });
});

describe('cancellation', () => {
  it('aborts a request when the same page cancels it, and not when another page does', async () => {
    const seen: AbortSignal[] = [];
    const { handlers } = spyHandlers();
    const waiting = {
      ...handlers,
      'library.ad': vi.fn(
        (_input: unknown, context: { signal?: AbortSignal }) =>
          new Promise((resolve, reject) => {
            if (context.signal) seen.push(context.signal);
            context.signal?.addEventListener('abort', () => reject(new Error('aborted')));
            setTimeout(() => resolve({ id: 'late' }), 200);
          }),
      ),
    } as unknown as Handlers;
    const route = createRouter(waiting, identity);
    const other: MessageSenderLike = { id: 'ours', url: 'chrome-extension://ours/popup.html' };
    const pending = route({ type: 'library.ad', payload: { adId: 'ad-1' }, requestId: 'r1' }, page);
    expect(await route({ type: 'request.cancel', payload: { requestId: 'r1' } }, other)).toEqual({
      ok: true,
      data: { cancelled: false },
    });
    expect(seen[0]?.aborted).toBe(false);
    expect(await route({ type: 'request.cancel', payload: { requestId: 'r1' } }, page)).toEqual({
      ok: true,
      data: { cancelled: true },
    });
    expect(seen[0]?.aborted).toBe(true);
    expect((await pending).ok).toBe(false);
  });
});

describe('protocol conventions', () => {
  it('gives every request a schema and at least one sender; content scripts reach only the panel, the page hand-over and the page button’s words', () => {
    for (const [type, definition] of Object.entries(requests)) {
      expect(definition.input, type).toBeDefined();
      expect(definition.senders.length, type).toBeGreaterThan(0);
    }
    const contentReachable = Object.entries(requests)
      .filter(([, d]) => (d.senders as readonly string[]).includes('content-script'))
      .map(([type]) => type);
    // The page button's words are the worker's own sentences: no API data and nothing of the page goes either way.
    expect(contentReachable).toEqual(['similar.show', 'pageButton.words', 'sidePanel.open']);
  });
});
