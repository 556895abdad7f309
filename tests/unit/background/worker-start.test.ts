import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { HeldEvent } from '../../../lib/background/held-event';
import { wakeScheduler } from '../../../lib/background/jobs/wake-scheduler';
import { startBackground } from '../../../lib/background/start';
import { requests } from '../../../lib/messaging/protocol';
import type { Reply } from '../../../lib/messaging/reply';
import { patchBrowser, type PatchedBrowser } from '../../support/week-browser';

/**
 * A woken worker answers the event that woke it before it starts its jobs, and builds a request's
 * input schema only when that request comes (docs/performance.md, worker cold start).
 */

describe("the protocol's input schemas", () => {
  it('are made when a request of their kind is first checked, once', () => {
    for (const definition of Object.values(requests)) {
      expect(Object.getOwnPropertyDescriptor(definition, 'input')?.get).toBeTypeOf('function');
      expect(definition.input).toBe(definition.input);
    }
  });
});

describe('events that arrive before the jobs listen', () => {
  beforeEach(() => fakeBrowser.reset());

  it('an alarm that woke the worker reaches its job once the job listens, once', async () => {
    const alarms = new HeldEvent(fakeBrowser.alarms.onAlarm, () => undefined);
    const woken: string[] = [];
    const alarm = (name: string) => ({ name, scheduledTime: 0, persistAcrossSessions: false });
    await fakeBrowser.alarms.onAlarm.trigger(alarm('adscope-save-outbox'));
    wakeScheduler(
      'adscope-save-outbox',
      () => woken.push('outbox'),
      () => 0,
      undefined,
      alarms,
    );
    wakeScheduler(
      'adscope-generations',
      () => woken.push('generations'),
      () => 0,
      undefined,
      alarms,
    );
    expect(woken).toEqual([]);
    alarms.release();
    expect(woken).toEqual(['outbox']);
    await fakeBrowser.alarms.onAlarm.trigger(alarm('adscope-generations'));
    expect(woken).toEqual(['outbox', 'generations']);
  });

  it('holds in order what arrives before release, then lets each through at once', async () => {
    const source = { listeners: [] as ((value: number) => void)[] };
    const event = new HeldEvent<[number]>(
      { addListener: (listener) => source.listeners.push(listener) },
      () => undefined,
    );
    const heard: number[] = [];
    const send = (value: number) => source.listeners.forEach((listener) => listener(value));
    send(1);
    send(2);
    event.addListener((value) => heard.push(value));
    expect(heard).toEqual([]);
    event.release();
    send(3);
    expect(heard).toEqual([1, 2, 3]);
  });
});

describe('a woken worker', () => {
  let browser: PatchedBrowser;
  let reads: string[];

  beforeEach(() => {
    fakeBrowser.reset();
    browser = patchBrowser();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    reads = [];
    const { local } = fakeBrowser.storage;
    const get = local.get;
    vi.spyOn(local, 'get').mockImplementation((...args) => {
      const [keys] = args;
      reads.push(...(keys === null || keys === undefined ? ['(all)'] : [keys].flat().map(String)));
      return Reflect.apply(get, local, args);
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    browser.removeWorkerListeners();
    browser.restore();
  });

  const start = () =>
    startBackground({
      clock: () => 0,
      fetch: async () => new Response(null, { status: 500 }),
      estimate: async () => ({ usage: 0, quota: 1e9 }),
      install: { openWelcome: false },
    });

  const ask = (type: string) =>
    new Promise<Reply>((resolve) => {
      void fakeBrowser.runtime.onMessage.trigger(
        { type, payload: {} },
        { id: fakeBrowser.runtime.id, url: `chrome-extension://${fakeBrowser.runtime.id}/sidepanel.html` },
        resolve,
      );
    });

  /**
   * Keys the jobs read as they start, whether a connection is stored or not: the vault catches
   * up with the outbox, the watchlist counts its news for the badge, the page button is checked.
   */
  const JOB_KEYS = ['saveOutbox', 'watchNews', 'pageButton'];
  /** The first import of a module transforms it in the test run: longer than a worker takes. */
  const LOADING = { timeout: 10_000 };

  it('answers its first message before its jobs start, and starts them once it has answered', async () => {
    start();
    expect(await ask('settings.get')).toMatchObject({ ok: true, data: { hasApiKey: false } });
    for (const key of JOB_KEYS) expect(reads).not.toContain(key);
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(() => {
      for (const key of JOB_KEYS) expect(reads).toContain(key);
    }, LOADING);
  });

  it('starts its jobs for an alarm, with no message', async () => {
    start();
    await fakeBrowser.alarms.onAlarm.trigger({ name: 'adscope-watch', scheduledTime: 0, persistAcrossSessions: false });
    await vi.waitFor(() => {
      for (const key of JOB_KEYS) expect(reads).toContain(key);
    }, LOADING);
  });
});
