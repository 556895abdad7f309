import { beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { HELD_GRANTS_KEY, watchReportGrants } from '../../../lib/background/report-grants';
import { grantPatterns, holdReportGrants, REPORT_GRANTS_PORT } from '../../../lib/messaging/report-grants';
import { portPair } from '../../support/ports';

beforeEach(() => fakeBrowser.reset());

type Port = Browser.runtime.Port;
type Listener<T extends unknown[]> = (...args: T) => void;

const EXTENSION = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

function background() {
  const removed: string[][] = [];
  const connects: Listener<[Port]>[] = [];
  const grants = watchReportGrants({
    onConnect: { addListener: (listener) => connects.push(listener) },
    removeOrigins: async (origins) => void removed.push(origins),
    extensionOrigin: `${EXTENSION}/`,
  });
  return { removed, grants, connect: (port: Port) => connects.forEach((listener) => listener(port)) };
}

/** A page of the extension holding `origins` through `worker`, on a port of its own. */
function holdThrough(worker: ReturnType<typeof background>, origins: string[]) {
  const pair = portPair(REPORT_GRANTS_PORT, `${EXTENSION}/sidepanel.html`);
  const hold = holdReportGrants(origins, () => {
    worker.connect(pair.background);
    return pair.page;
  });
  return { pair, hold };
}

const record = async () =>
  (await fakeBrowser.storage.local.get(HELD_GRANTS_KEY))[HELD_GRANTS_KEY] as
    Record<string, { origins: string[] }> | undefined;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const sites = (count: number) =>
  Array.from({ length: count }, (_, index) => `https://cdn${String(index).padStart(4, '0')}.example/*`);

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

  it('is recorded while held, and a browser restarted mid-fetch gives it back at start-up', async () => {
    const before = background();
    const { hold } = holdThrough(before, ['https://cdn.example/*', 'http://127.0.0.1/*']);
    await settle();
    expect(await record()).toEqual({ [hold.job]: { origins: ['https://cdn.example/*', 'http://127.0.0.1/*'] } });
    // The browser quits mid-fetch: no port closes, no worker hears of it. The next start reconciles.
    const after = background();
    await after.grants.reconcile();
    expect(after.removed).toEqual([['https://cdn.example/*', 'http://127.0.0.1/*']]);
    expect(await record()).toBeUndefined();
  });

  it('is kept at start-up while a page names it again, and given back when that page lets go', async () => {
    const worker = background();
    const { hold } = holdThrough(worker, ['https://cdn.example/*']);
    await settle();
    await worker.grants.reconcile();
    expect(worker.removed).toEqual([]);
    hold.release();
    await settle();
    expect(worker.removed).toEqual([['https://cdn.example/*']]);
    expect(await record()).toBeUndefined();
  });

  it('takes a board on 500 sites, and one on 2,000, and gives every site back', async () => {
    for (const count of [500, 2_000]) {
      const worker = background();
      const origins = sites(count);
      const { hold } = holdThrough(worker, origins);
      await settle();
      expect((await record())?.[hold.job]?.origins).toHaveLength(count);
      hold.release();
      await settle();
      expect(worker.removed.flat()).toEqual(origins);
      expect(await record()).toBeUndefined();
    }
  });

  it('gives back only what no other job holds', async () => {
    const worker = background();
    const report = holdThrough(worker, ['https://a.example/*', 'https://b.example/*']);
    const board = holdThrough(worker, ['https://b.example/*']);
    report.hold.release();
    await settle();
    expect(worker.removed).toEqual([['https://a.example/*']]);
    board.hold.release();
    await settle();
    expect(worker.removed).toEqual([['https://a.example/*'], ['https://b.example/*']]);
  });
});

describe('the patterns site access is asked with', () => {
  it('carry no port, so Firefox takes a creative on a non-default port', () => {
    expect(
      grantPatterns([
        'http://127.0.0.1:8787/*',
        'https://cdn.example/*',
        'https://cdn.example:8443/*',
        'https://[::1]:9000/*',
        'ftp://files.example/*',
      ]),
    ).toEqual(['http://127.0.0.1/*', 'https://[::1]/*', 'https://cdn.example/*']);
  });
});
