/*
 * The background acting on a stale view: a job or a handler reads the world, awaits something (a
 * request, a browser call), and when it resumes writes, schedules or tells the user something
 * although the world changed meanwhile (Delete all, the key forgotten or replaced, a brand
 * unwatched, another service connected). Each test holds the one await in question with a
 * promise it releases itself; nothing here waits on a clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import { type EraseDeps, eraseAllData } from '@/lib/background/erase';
import { connectionItem, writeConnection } from '@/lib/background/api/credentials';
import { createSettingsService, settingsView } from '@/lib/background/settings';
import { JobGate } from '@/lib/background/jobs/job-gate';
import { WatchRunner } from '@/lib/background/watch/watch-runner';
import { createWatchControls, startWatch } from '@/lib/background/watch/watch-service';
import { newAdCount, watchlistItem, watchNewsItem, watchSettingsItem, watchStatusItem } from '@/lib/storage/watchlist';
import { ok } from '../../support/fake-fetch';
import { errorAdvice } from '@/components/ui/error-notice';
import { ApiError } from '@/lib/messaging/api-error';
import { fixedClock, manualClock } from '../../support/clock';
import { brandId, fakeService, holdingSearch, HOUR, watch } from '../../support/watch-service';

beforeEach(() => fakeBrowser.reset());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Lets storage events, timers of 0 ms and settled promises run. */
async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Delete all with the browser's parts that are not storage faked: no vault, no page button, nothing granted. */
function eraseDeps(jobs?: EraseDeps['jobs']): EraseDeps {
  return {
    clearAlarms: () => fakeBrowser.alarms.clearAll(),
    grantedOrigins: async () => [],
    removeOrigins: async () => undefined,
    clearVault: async () => undefined,
    pageButton: {
      hasOrigins: async () => false,
      registered: async () => false,
      register: async () => undefined,
      unregister: async () => undefined,
    },
    ...(jobs ? { jobs } : {}),
  };
}

/** A promise the test settles itself. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/**
 * The global fetch as the connection test ("Save and test") sees it: every request waits until
 * the test answers it, in any order; each is logged with its address and key.
 */
function heldFetch() {
  const waiting: { url: string; key: string | null; answer: (response: Response) => void }[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const { promise, resolve } = deferred<Response>();
    waiting.push({ url: request.url, key: request.headers.get('X-API-Key'), answer: resolve });
    return promise;
  };
  return { fetch, waiting };
}

/** The settings service, its connection tests held on the way until the test answers them. */
function heldSettings() {
  const net = heldFetch();
  vi.stubGlobal('fetch', net.fetch);
  return { net, settings: createSettingsService({ clock: fixedClock(), hasOriginAccess: async () => 'own' }) };
}

describe('Save and test racing the user’s next step (lib/background/settings.ts save)', () => {
  const OLD_KEY = 'old-key-1111-aaaa';
  const NEW_KEY = 'new-key-2222-bbbb';

  it('Delete all while "Save and test" waits on the service: the key the test was sending is not stored again afterwards', async () => {
    await writeConnection('https://api.example.com', OLD_KEY);
    const { net, settings } = heldSettings();

    // The user saves a new key; the test request is on its way (a slow service: up to 10 s).
    const saving = settings.save({ baseUrl: 'https://api.example.com', apiKey: NEW_KEY });
    await vi.waitFor(() => expect(net.waiting).toHaveLength(1));
    // Meanwhile: Delete all Adscope data, which ends and says so.
    await eraseAllData(eraseDeps());
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});

    // The service answers the test after the erase.
    net.waiting[0]?.answer(ok({ items: [] }));
    const refused = await saving.then(
      () => null,
      (error: unknown) => ApiError.from(error),
    );
    await settle();
    // The page says what happened, and asks for no retry that would undo the erase.
    expect(refused?.code).toBe('aborted');
    expect(refused?.message).toMatch(/^The connection changed while this one was being tested/);
    expect(refused && errorAdvice(refused)).toBe(
      'It was stopped before it finished and changed nothing. Start it again if you still want it.',
    );

    // Everything was deleted, and stays so until the user connects again: no key comes back.
    expect(await connectionItem.get()).toBeNull();
    expect((await settingsView()).hasApiKey).toBe(false);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('Forget key while "Save and test" waits on the service: the forgotten key stays forgotten', async () => {
    await writeConnection('https://api.example.com', OLD_KEY);
    const { net, settings } = heldSettings();

    // Save and test with the new key; Forget key is not disabled while it runs (connection-form.tsx).
    const saving = settings.save({ baseUrl: 'https://api.example.com', apiKey: NEW_KEY });
    await vi.waitFor(() => expect(net.waiting).toHaveLength(1));
    const forgotten = await settings.forgetKey();
    expect(forgotten.hasApiKey).toBe(false);

    net.waiting[0]?.answer(ok({ items: [] }));
    await saving.catch(() => undefined);

    // The user's last word was "forget": no key is stored, none is sent by the jobs from now on.
    expect((await connectionItem.get())?.apiKey ?? null).toBeNull();
    expect((await settingsView()).hasApiKey).toBe(false);
  });

  it('two saves (Options and the welcome page): the one made last stays, not the one whose test answered last', async () => {
    const { net, settings } = heldSettings();

    const first = settings.save({ baseUrl: 'https://slow.example.com', apiKey: OLD_KEY });
    await vi.waitFor(() => expect(net.waiting).toHaveLength(1));
    const second = settings.save({ baseUrl: 'https://api.example.com', apiKey: NEW_KEY });
    await vi.waitFor(() => expect(net.waiting).toHaveLength(2));
    // The second (newer) save is answered first, and the page that made it says "connected".
    net.waiting[1]?.answer(ok({ items: [] }));
    expect((await second).settings.baseUrl).toBe('https://api.example.com');
    // The older one's slow test answers last.
    net.waiting[0]?.answer(ok({ items: [] }));
    await first.catch(() => undefined);

    expect(await connectionItem.get()).toMatchObject({ baseUrl: 'https://api.example.com', apiKey: NEW_KEY });
  });
});

/**
 * Brands 1 and 2 watched (three ads each, learned by a first check), notifications on, the
 * schedule's requests held on demand, and the notifications shown from now on spied.
 */
async function twoBrandsWatched() {
  const clock = manualClock();
  const service = fakeService();
  const requests = holdingSearch(() => service.search);
  await watch(1, 2);
  service.seed(brandId(1), 3);
  service.seed(brandId(2), 3);
  await watchSettingsItem.set({ intervalHours: 6, notify: true });
  const background = startWatch({ search: requests.search, clock });
  await background.fireAlarm();
  await vi.waitFor(async () => expect((await watchStatusItem.get()).last?.outcome).toBe('complete'));
  const notified = vi.spyOn(fakeBrowser.notifications, 'create');
  return { clock, service, requests, background, notified };
}

describe('the watchlist’s check acting on what it read before its request (lib/background/watch)', () => {
  it('a brand unwatched while its check is on its way: no news, no seen ids, no badge and no notification about it', async () => {
    const { clock, service, requests, background, notified } = await twoBrandsWatched();

    // Brand 1 launches three ads; the next scheduled check asks for them.
    for (const id of ['x1', 'x2', 'x3']) service.launch(brandId(1), id, '2026-11-22');
    clock.advance(6 * HOUR);
    requests.hold(brandId(1));
    const run = background.fireAlarm();
    await vi.waitFor(() => expect(requests.held).toBe(1));

    // The user unwatches Brand 1 while its request is out; the panel says it is gone.
    await background.remove([brandId(1)]);
    expect((await watchlistItem.get()).map((brand) => brand.id)).toEqual([brandId(2)]);

    requests.release();
    await run;
    await settle();

    // Nothing of Brand 1 is kept (unwatching forgets the brand and its news)...
    expect.soft((await watchNewsItem.get()).brands[brandId(1)]).toBeUndefined();
    expect.soft(await storage.getItem(`local:watchSeen.none.${brandId(1)}`)).toBeNull();
    // ...the toolbar does not count ads New does not show...
    expect.soft(await fakeBrowser.action.getBadgeText({})).toBe('');
    // ...and no notification announces new ads from a brand no longer watched.
    const said = notified.mock.calls.map((call) => JSON.stringify(call));
    expect(said.filter((words) => words.includes('Brand 1'))).toEqual([]);
  });

  it('a brand unwatched after its news was found in the same check: the notification neither names nor counts it', async () => {
    const { clock, service, requests, background, notified } = await twoBrandsWatched();

    // Brand 1 launches three ads, Brand 2 two; the check finds Brand 1's, then asks for Brand 2's.
    for (const id of ['x1', 'x2', 'x3']) service.launch(brandId(1), id, '2026-11-22');
    for (const id of ['y1', 'y2']) service.launch(brandId(2), id, '2026-11-22');
    clock.advance(6 * HOUR);
    requests.hold(brandId(2));
    const run = background.fireAlarm();
    await vi.waitFor(() => expect(requests.held).toBe(1));
    expect(newAdCount(await watchNewsItem.get())).toBe(3);

    // While Brand 2's request is out, the user unwatches Brand 1: its news goes.
    await background.remove([brandId(1)]);
    requests.release();
    await run;
    await settle();

    const said = notified.mock.calls.map((call) => JSON.stringify(call));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('Brand 2');
    expect(said[0]).not.toContain('Brand 1');
    expect(said[0]).toContain('2 new ads');
  });

  it('a run begun by an earlier version (no finds per brand) announces all its finds when it ends', async () => {
    const { clock, service, background, notified } = await twoBrandsWatched();
    service.launch(brandId(2), 'y1', '2026-11-22');
    clock.advance(6 * HOUR);
    // The earlier version had found two ads of Brand 1 when the worker stopped; Brand 2 is left.
    const status = await watchStatusItem.get();
    await watchStatusItem.set({
      ...status,
      run: {
        id: 'earlier',
        kind: 'scheduled',
        startedAt: clock(),
        queue: [brandId(2)],
        total: 2,
        requests: 1,
        budget: 249,
        newAds: 2,
        newBrands: ['Brand 1'],
        pausedUntil: null,
        pauseReason: null,
        pauses: 0,
      },
    });
    await background.fireAlarm();
    await vi.waitFor(async () => expect((await watchStatusItem.get()).last?.outcome).toBe('complete'));
    await settle();

    const said = notified.mock.calls.map((call) => JSON.stringify(call));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('3 new ads from Brand 1 and 1 other brand');
  });

  it('another service connected while a check runs: its brands are learned afresh, New is not flooded with its ads', async () => {
    const clock = manualClock();
    const serviceA = fakeService();
    const serviceB = fakeService();
    let current: 'a' | 'b' = 'a';
    // The transport reads the connection at each request: a request goes to the service set then.
    const requests = holdingSearch(() => (current === 'a' ? serviceA.search : serviceB.search));
    const watcher = new WatchRunner({
      search: requests.search,
      clock,
      wakeAt: () => undefined,
      service: async () => (current === 'a' ? 'workspace-a' : 'workspace-b'),
    });
    await watch(1, 2);
    serviceA.seed(brandId(1), 10);
    serviceA.seed(brandId(2), 10);
    serviceB.seed(brandId(1), 10, 'other-service', Date.UTC(2026, 10, 24));
    serviceB.seed(brandId(2), 10, 'other-service', Date.UTC(2026, 10, 24));
    expect(await watcher.run('scheduled')).toBe('complete');
    expect(newAdCount(await watchNewsItem.get())).toBe(0);

    // The next check starts under A; while its first request is out, the user connects B.
    clock.advance(6 * HOUR);
    requests.hold(brandId(1));
    const run = watcher.run('scheduled');
    await vi.waitFor(() => expect(requests.held).toBe(1));
    current = 'b';
    requests.release();
    expect(await run).toBe('complete');

    // B's ads were never launched since a check of B: none of them is news (as after a switch between runs).
    const news = await watchNewsItem.get();
    expect(newAdCount(news)).toBe(0);
  });
});

describe('Delete all while the watchlist’s schedule or notification is on its way (lib/background/watch/watch-service.ts)', () => {
  it('a schedule under way when Delete all begins sets no alarm and writes nothing after it', async () => {
    const clock = manualClock();
    const service = fakeService();
    await watch(1);
    service.seed(brandId(1), 3);
    await watchSettingsItem.set({ intervalHours: 6, notify: false });
    const gate = new JobGate(true);
    const background = startWatch({ search: service.search, clock, gate });
    await vi.waitFor(async () => expect(await fakeBrowser.alarms.get('adscope-watch')).toBeDefined());
    await settle();

    // The user changes the interval; the schedule asks the browser for the alarm set now, and waits.
    const alarmsAsked = deferred<undefined>();
    const asked = vi.fn();
    vi.spyOn(fakeBrowser.alarms, 'get').mockImplementationOnce(() => {
      asked();
      return alarmsAsked.promise;
    });
    await watchSettingsItem.set({ intervalHours: 12, notify: false });
    await vi.waitFor(() => expect(asked).toHaveBeenCalled());

    // Delete all: the gate closes, the check (none runs) is waited for, everything is cleared.
    await eraseAllData(eraseDeps({ gate, running: [background] }));
    expect(await fakeBrowser.alarms.getAll()).toEqual([]);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});

    // The browser answers the schedule's question after the erase.
    alarmsAsked.resolve(undefined);
    await settle();

    // No alarm until a connection is saved, and not one write.
    expect.soft((await fakeBrowser.alarms.getAll()).map((alarm) => alarm.name)).toEqual([]);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('a scheduled check stopped by Delete all announces no new ads once everything is deleted', async () => {
    const clock = manualClock();
    const service = fakeService();
    const requests = holdingSearch(() => service.search);
    await watch(1, 2);
    service.seed(brandId(1), 3);
    service.seed(brandId(2), 3);
    await watchSettingsItem.set({ intervalHours: 6, notify: true });
    const gate = new JobGate(true);
    const background = startWatch({ search: requests.search, clock, gate });
    await background.fireAlarm();
    await vi.waitFor(async () => expect((await watchStatusItem.get()).last?.outcome).toBe('complete'));
    const notified = vi.spyOn(fakeBrowser.notifications, 'create');

    // Brand 1 has news; the scheduled check finds it, then waits on Brand 2's answer.
    for (const id of ['x1', 'x2', 'x3']) service.launch(brandId(1), id, '2026-11-22');
    clock.advance(6 * HOUR);
    requests.hold(brandId(2));
    void background.fireAlarm();
    await vi.waitFor(() => expect(requests.held).toBe(1));

    // Delete all Adscope data: the watchlist, its news and the key are gone.
    await eraseAllData(eraseDeps({ gate, running: [background] }));
    requests.release();
    await settle();
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});

    // A notification now would announce ads of brands the user no longer has, opening an empty New.
    expect(notified.mock.calls.map((call) => JSON.stringify(call))).toEqual([]);
  });
});

describe('the watchlist’s controls', () => {
  it('mark seen during a check keeps what the check finds afterwards, and the badge counts it', async () => {
    const clock = manualClock();
    const service = fakeService();
    const requests = holdingSearch(() => service.search);
    await watch(1);
    service.seed(brandId(1), 3);
    const runner = new WatchRunner({ search: requests.search, clock, wakeAt: () => undefined });
    const controls = createWatchControls({
      runner,
      clock,
      schedule: async () => null,
      refreshBadge: async () => undefined,
    });
    await runner.run('scheduled');
    service.launch(brandId(1), 'n1', '2026-11-22');
    clock.advance(6 * HOUR);
    requests.hold(brandId(1));
    const run = runner.run('scheduled');
    await vi.waitFor(() => expect(requests.held).toBe(1));
    await controls.markSeen('all');
    requests.release();
    await run;
    // The ad was found after the user marked what they had seen: it is news, once.
    expect(newAdCount(await watchNewsItem.get())).toBe(1);
  });
});
