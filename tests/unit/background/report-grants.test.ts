import { describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import { watchReportGrants } from '../../../lib/background/report-grants';
import { holdReportGrants, REPORT_GRANTS_PORT } from '../../../lib/messaging/report-grants';

type Port = Browser.runtime.Port;
type Listener<T extends unknown[]> = (...args: T) => void;

const EXTENSION = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

/** Two ends of a runtime port in memory: what one posts the other hears; either may close it. */
function portPair(name: string, url: string) {
  const make = () => {
    const message: Listener<[unknown]>[] = [];
    const disconnect: Listener<[]>[] = [];
    return { message, disconnect };
  };
  const a = make();
  const b = make();
  let open = true;
  const close = (other: ReturnType<typeof make>) => {
    if (!open) return;
    open = false;
    for (const listener of [...other.disconnect]) listener();
  };
  const end = (self: ReturnType<typeof make>, other: ReturnType<typeof make>, sender?: object) =>
    ({
      name,
      ...(sender ? { sender } : {}),
      postMessage: (value: unknown) => other.message.forEach((listener) => listener(value)),
      disconnect: () => close(other),
      onMessage: { addListener: (l: Listener<[unknown]>) => self.message.push(l) },
      onDisconnect: {
        addListener: (l: Listener<[]>) => self.disconnect.push(l),
        removeListener: (l: Listener<[]>) => self.disconnect.splice(self.disconnect.indexOf(l), 1),
      },
    }) as unknown as Port;
  return { page: end(a, b), background: end(b, a, { url }), closeFromBackground: () => close(a) };
}

function background() {
  const removed: string[][] = [];
  const connects: Listener<[Port]>[] = [];
  watchReportGrants({
    onConnect: { addListener: (listener) => connects.push(listener) },
    removeOrigins: async (origins) => void removed.push(origins),
    extensionOrigin: `${EXTENSION}/`,
  });
  return { removed, connect: (port: Port) => connects.forEach((listener) => listener(port)) };
}

describe('site access held for a report', () => {
  it('is given back when the panel closes mid-fetch', () => {
    const worker = background();
    const pair = portPair(REPORT_GRANTS_PORT, `${EXTENSION}/sidepanel.html`);
    holdReportGrants(['https://cdn.example/*'], () => {
      worker.connect(pair.background);
      return pair.page;
    });
    expect(worker.removed).toEqual([]);
    // The panel's page goes away: its end of the port closes with it.
    pair.page.disconnect();
    expect(worker.removed).toEqual([['https://cdn.example/*']]);
  });

  it('is named again when the worker stops while the report fetches', () => {
    let worker = background();
    const pairs: ReturnType<typeof portPair>[] = [];
    const hold = holdReportGrants(['https://cdn.example/*'], () => {
      const pair = portPair(REPORT_GRANTS_PORT, `${EXTENSION}/sidepanel.html`);
      pairs.push(pair);
      worker.connect(pair.background);
      return pair.page;
    });
    // A new worker: the page's port to the old one closes, and the page opens one to the new.
    worker = background();
    pairs[0]?.closeFromBackground();
    expect(pairs).toHaveLength(2);
    hold.release();
    expect(worker.removed).toEqual([['https://cdn.example/*']]);
  });

  it('is never removed on the word of a web page or a content script', () => {
    const worker = background();
    const pair = portPair(REPORT_GRANTS_PORT, 'https://shop.example/product');
    worker.connect(pair.background);
    pair.page.postMessage({ origins: ['https://cdn.example/*'] });
    pair.page.disconnect();
    expect(worker.removed).toEqual([]);
  });

  it('holds nothing when nothing was asked for', () => {
    let connected = 0;
    holdReportGrants([], () => {
      connected += 1;
      return portPair(REPORT_GRANTS_PORT, EXTENSION).page;
    }).release();
    expect(connected).toBe(0);
  });
});
