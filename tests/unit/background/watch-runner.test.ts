import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import { ApiError } from '../../../lib/messaging/api-error';
import { diffPage, NO_SWEEP, readSeen, SEEN_LIMIT, type SeenSet } from '../../../lib/background/watch/seen-set';
import { brandPageSearch, WatchRunner } from '../../../lib/background/watch/watch-runner';
import { adLibraryApi } from '../../../lib/background/api/ad-library';
import { createTransport } from '../../../lib/background/api/transport';
import { factsInMemory, ok } from '../../support/fake-fetch';
import { createWatchControls, startWatch } from '../../../lib/background/watch/watch-service';
import { openNewOnNotificationClick } from '../../../lib/background/gestures';
import { describeChecks } from '../../../components/watchlist/describe';
import {
  newAdCount,
  panelRequestItem,
  watchNextAtItem,
  watchlistItem,
  watchNewsItem,
  watchSettingsItem,
  watchStatusItem,
  WATCH_LIMIT,
} from '../../../lib/storage/watchlist';
import { manualClock, TEST_NOW } from '../../support/clock';
import { brandId, fakeService, HOUR, watch } from '../../support/watch-service';

let service: ReturnType<typeof fakeService>;
let clock: ReturnType<typeof manualClock>;
let wakes: (number | null)[];

function runner(policy: ConstructorParameters<typeof WatchRunner>[0]['policy'] = {}) {
  return new WatchRunner({ search: service.search, clock, wakeAt: (at) => void wakes.push(at), policy });
}

beforeEach(() => {
  fakeBrowser.reset();
  service = fakeService();
  clock = manualClock();
  wakes = [];
});

describe('what counts as new', () => {
  it('learns a brand on its first check, then counts ids never seen before as new', async () => {
    await watch(1, 2);
    service.seed(brandId(1), 30);
    service.seed(brandId(2), 5);
    const watcher = runner();
    expect(await watcher.run('scheduled')).toBe('complete');
    expect(newAdCount(await watchNewsItem.get())).toBe(0);

    service.launch(brandId(1), 'fresh-1', '2026-11-22');
    service.launch(brandId(1), 'fresh-2', '2026-11-21');
    clock.advance(6 * HOUR);
    expect(await watcher.run('scheduled')).toBe('complete');
    const news = await watchNewsItem.get();
    expect(news.brands[brandId(1)]?.ads.map((item) => item.ad.id).sort()).toEqual(['fresh-1', 'fresh-2']);
    expect(news.brands[brandId(1)]?.ads[0]?.firstSeenAt).toBe(TEST_NOW + 6 * HOUR);
    expect(news.brands[brandId(2)]).toBeUndefined();
    expect((await watchStatusItem.get()).last).toMatchObject({ outcome: 'complete', newAds: 2, checked: 2 });

    // Seen once, never new again, even when the same ads come back in the next check.
    clock.advance(6 * HOUR);
    await watcher.run('scheduled');
    expect(newAdCount(await watchNewsItem.get())).toBe(2);
    expect((await watchStatusItem.get()).last?.newAds).toBe(0);
  });

  it('counts a late-indexed ad with an old launch date as new: ids decide, never dates', async () => {
    await watch(1);
    service.seed(brandId(1), 60);
    const watcher = runner();
    await watcher.run('scheduled');
    // Launched 40 days ago, indexed only now: it sorts among ads seen long ago.
    service.launch(brandId(1), 'late-indexed', '2026-10-12');
    clock.advance(6 * HOUR);
    await watcher.run('scheduled');
    const news = await watchNewsItem.get();
    expect(news.brands[brandId(1)]?.ads.map((item) => item.ad.id)).toEqual(['late-indexed']);
  });

  it('looks past the first page only while a whole page was new', async () => {
    await watch(1);
    service.seed(brandId(1), 150);
    const watcher = runner();
    await watcher.run('scheduled');
    expect(service.requests).toEqual(['001', '001@100']);
    service.requests.length = 0;
    service.seed(brandId(1), 120, 'burst', Date.UTC(2026, 10, 22) + 200 * 86_400_000);
    clock.advance(6 * HOUR);
    await watcher.run('scheduled');
    // The newest two pages (the first all new), then one page of the sweep below them.
    expect(service.requests).toEqual(['001', '001@100', '001@200']);
    expect(newAdCount(await watchNewsItem.get())).toBe(120);
  });

  it('finds a burst of 900 ads on a brand of 2,000 as 900 new, and none of the older ads the sweep still reaches again', async () => {
    await watch(1);
    service.seed(brandId(1), 2_000);
    const watcher = runner();
    // Learned: the first check, then a full sweep of the 2,000 (19 pages below the newest).
    for (let check = 0; check < 22; check += 1) {
      await watcher.run('scheduled');
      clock.advance(6 * HOUR);
    }
    expect(newAdCount(await watchNewsItem.get())).toBe(0);
    // Past the seen set's room (2,500): the 400 ids kept least are those read deepest.
    service.seed(brandId(1), 900, 'burst', Date.UTC(2026, 10, 22) + 800 * 86_400_000);
    let found = 0;
    // Two full sweeps after the burst: every ad still within the sweep's 2,000 is read again.
    for (let check = 0; check < 45; check += 1) {
      await watcher.run('scheduled');
      found += (await watchStatusItem.get()).last?.newAds ?? 0;
      clock.advance(6 * HOUR);
    }
    const kept = (await watchNewsItem.get()).brands[brandId(1)]?.ads.map((item) => item.ad.id) ?? [];
    expect(kept.filter((id) => !id.startsWith('burst'))).toEqual([]);
    expect(found).toBe(900);
  });

  it('keeps the seen set bounded, and never drops an id still in view', () => {
    let seen: SeenSet = { hashes: [], sweep: NO_SWEEP };
    const window = Array.from({ length: 100 }, (_, i) => `kept-${i}`);
    for (let round = 0; round < 40; round += 1) {
      const others = Array.from({ length: 100 }, (_, i) => `round-${round}-${i}`);
      seen = diffPage(seen, [...window, ...others]).seen;
      expect(seen.hashes.length).toBeLessThanOrEqual(SEEN_LIMIT);
    }
    expect(seen.hashes.length).toBe(SEEN_LIMIT);
    expect(diffPage(seen, window).fresh).toEqual([]);
  });

  it('keeps the stored seen set bounded in ids and bytes across checks of a brand that launches a lot', async () => {
    await watch(1);
    const watcher = runner();
    service.seed(brandId(1), 100);
    await watcher.run('scheduled');
    for (let round = 0; round < 30; round += 1) {
      service.seed(brandId(1), 90, `r${round}`, Date.UTC(2027, 6, 1) + round * 100 * 86_400_000);
      clock.advance(6 * HOUR);
      await watcher.run('scheduled');
    }
    const stored = await storage.getItem(`local:watchSeen.none.${brandId(1)}`);
    expect(readSeen(stored).seen?.hashes.length).toBeLessThanOrEqual(SEEN_LIMIT);
    expect(JSON.stringify(stored).length).toBeLessThan(14_000);
    expect(newAdCount(await watchNewsItem.get())).toBe(30 * 90);
  });
});

describe('the run', () => {
  it('stops at its request budget, and the brands it did not reach go first next time', async () => {
    await watch(1, 2, 3, 4, 5);
    for (const n of [1, 2, 3, 4, 5]) service.seed(brandId(n), 3);
    const watcher = runner({ budget: 3 });
    expect(await watcher.run('scheduled')).toBe('budget');
    expect(service.requests).toEqual(['001', '002', '003']);
    const status = await watchStatusItem.get();
    expect(status.last).toMatchObject({ outcome: 'budget', checked: 3, total: 5, requests: 3, message: null });
    // Kept as data: worded where it is shown, in the language and the zone of that moment.
    expect(status.last?.limit).toEqual({ budget: 3, freesAt: (status.window?.since ?? Number.NaN) + HOUR });
    expect(status.run).toBeNull();

    service.requests.length = 0;
    clock.advance(6 * HOUR);
    expect(await watcher.run('scheduled')).toBe('budget');
    expect(service.requests).toEqual(['004', '005', '001']);
  });

  it('waits out a Retry-After with nothing sent, then goes on with the same run', async () => {
    await watch(1, 2, 3);
    for (const n of [1, 2, 3]) service.seed(brandId(n), 3);
    const watcher = runner();
    service.failures.push(
      new ApiError({ code: 'rate_limited', message: 'Slow down.', retryAfterMs: 120_000, httpStatus: 429 }),
    );
    expect(await watcher.run('scheduled')).toBe('paused');
    expect(wakes.at(-1)).toBe(TEST_NOW + 120_000);
    const paused = await watchStatusItem.get();
    expect(paused.run?.pausedUntil).toBe(TEST_NOW + 120_000);
    expect(service.requests).toEqual(['001']);

    // Woken early (another alarm, a new worker): still nothing sent.
    clock.advance(60_000);
    expect(await watcher.run('resume')).toBe('paused');
    expect(await watcher.run('scheduled')).toBe('paused');
    expect(service.requests).toEqual(['001']);

    clock.advance(60_000);
    expect(await watcher.run('resume')).toBe('complete');
    expect(service.requests).toEqual(['001', '001', '002', '003']);
    const done = await watchStatusItem.get();
    expect(done.last).toMatchObject({ outcome: 'complete', requests: 4, checked: 3, startedAt: TEST_NOW });
  });

  it('remembers a Retry-After longer than an hour until it passes: Check now and the hourly alarm send nothing', async () => {
    await watch(1, 2);
    service.seed(brandId(1), 3);
    service.seed(brandId(2), 3);
    await watchSettingsItem.set({ intervalHours: 1, notify: false });
    service.failures.push(new ApiError({ code: 'rate_limited', message: 'Later.', retryAfterMs: 3 * HOUR }));
    const watcher = runner();
    expect(await watcher.run('scheduled')).toBe('paused');
    const paused = (await watchStatusItem.get()).run;
    expect(paused).toMatchObject({ pausedUntil: TEST_NOW + 3 * HOUR, pauseReason: 'rate_limited' });
    expect(describeChecks(paused, null, null)).toMatch(/the service asked Adscope to wait, so it goes on at/);
    // The next hourly alarm, and Check now, an hour into the wait: nothing is sent.
    clock.advance(HOUR);
    expect(await watcher.run('scheduled')).toBe('paused');
    expect(await watcher.run('manual')).toBe('paused');
    expect(service.requests).toEqual(['001']);
    clock.advance(2 * HOUR);
    expect(await watcher.run('resume')).toBe('complete');
    expect(service.requests).toEqual(['001', '001', '002']);
  });

  it('pauses after a failure to reach the service, and ends the run after the last pause', async () => {
    await watch(1);
    service.seed(brandId(1), 3);
    const watcher = runner({ failurePausesMs: [1000, 2000] });
    for (let i = 0; i < 3; i += 1) service.failures.push(new ApiError({ code: 'network', message: 'Offline.' }));
    expect(await watcher.run('scheduled')).toBe('paused');
    clock.advance(1000);
    expect(await watcher.run('resume')).toBe('paused');
    clock.advance(2000);
    expect(await watcher.run('resume')).toBe('failed');
    expect(service.requests).toHaveLength(3);
  });

  it('pauses on a request that times out, as on a failure to reach the service, and goes on after the pause', async () => {
    await watch(1, 2);
    // The watch's own transport (no retry of its own), whose first request never answers within its time.
    const requests: string[] = [];
    const transport = createTransport({
      getConnection: async () => ({ baseUrl: 'https://api.example', apiKey: 'sk_test_watch_0001' }),
      retryLimit: 0,
      timeoutMs: 5,
      facts: factsInMemory().access,
      fetch: async (input, init) => {
        requests.push(new URL(String(input)).searchParams.get('unified_brand_id') ?? '');
        if (requests.length === 1)
          return new Promise<Response>((_, reject) =>
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true }),
          );
        return ok({ items: [], cursor: '' });
      },
    });
    const search = brandPageSearch(adLibraryApi(transport));
    const failures: unknown[] = [];
    const watcher = new WatchRunner({
      search: (brand, cursor) =>
        search(brand, cursor).catch((error: unknown) => {
          failures.push(error instanceof ApiError ? error.code : error);
          throw error;
        }),
      clock,
      wakeAt: (at) => void wakes.push(at),
    });
    expect(await watcher.run('scheduled')).toBe('paused');
    expect(failures).toEqual(['timeout']);
    const paused = await watchStatusItem.get();
    expect(paused.run).toMatchObject({ pausedUntil: TEST_NOW + 60_000, pauseReason: 'failure', pauses: 1 });
    expect(paused.brands[brandId(1)]).toBeUndefined();
    expect(wakes.at(-1)).toBe(TEST_NOW + 60_000);
    expect(requests).toEqual([brandId(1)]);
    clock.advance(60_000);
    expect(await watcher.run('resume')).toBe('complete');
    expect(requests).toEqual([brandId(1), brandId(1), brandId(2)]);
    expect((await watchStatusItem.get()).brands[brandId(1)]?.outcome).toBe('ok');
  });

  it('goes on from where a stopped worker left it, without checking a brand twice', async () => {
    await watch(1, 2, 3, 4);
    for (const n of [1, 2, 3, 4]) service.seed(brandId(n), 3);
    // The third request never answers: the worker is stopped while it waits.
    let answered = 0;
    const dying = new WatchRunner({
      search: async (brand, cursor) => {
        answered += 1;
        if (answered === 3) return new Promise<never>(() => undefined);
        return service.search(brand, cursor);
      },
      clock,
      wakeAt: () => undefined,
    });
    void dying.run('scheduled');
    await expect.poll(() => answered).toBe(3);
    const cut = await watchStatusItem.get();
    expect(cut.run?.queue).toEqual([brandId(3), brandId(4)]);
    expect(cut.run?.requests).toBe(3);

    // A new worker: a new runner over the same storage.
    service.requests.length = 0;
    expect(await runner().run('resume')).toBe('complete');
    expect(service.requests).toEqual(['003', '004']);
    const status = await watchStatusItem.get();
    expect(status.last).toMatchObject({ outcome: 'complete', checked: 4, requests: 5 });
    expect(Object.keys(status.brands).sort()).toEqual([1, 2, 3, 4].map(brandId));
  });

  it('never runs two at once: a second call joins the run under way, one request at a time', async () => {
    await watch(1, 2, 3);
    for (const n of [1, 2, 3]) service.seed(brandId(n), 3);
    const watcher = runner();
    const [a, b, c] = await Promise.all([watcher.run('scheduled'), watcher.run('manual'), watcher.run('resume')]);
    expect([a, b, c]).toEqual(['complete', 'complete', 'complete']);
    expect(service.mostInFlight).toBe(1);
    expect(service.requests).toEqual(['001', '002', '003']);
  });

  it('checks no more often than the interval, and not at all when checks are off', async () => {
    await watch(1);
    service.seed(brandId(1), 3);
    const watcher = runner();
    expect(await watcher.run('scheduled')).toBe('complete');
    clock.advance(5 * HOUR);
    expect(await watcher.run('scheduled')).toBe('skipped');
    clock.advance(HOUR - 30_000);
    expect(await watcher.run('scheduled')).toBe('complete');
    await watchSettingsItem.set({ intervalHours: 0, notify: false });
    clock.advance(48 * HOUR);
    expect(await watcher.run('scheduled')).toBe('skipped');
    expect(service.requests).toEqual(['001', '001']);
  });

  it('marks a brand the service does not know, and goes on with the others', async () => {
    await watch(1, 2);
    service.seed(brandId(2), 3);
    service.failures.push(new ApiError({ code: 40401, message: 'No such brand.', httpStatus: 404 }));
    expect(await runner().run('scheduled')).toBe('complete');
    const status = await watchStatusItem.get();
    expect(status.brands[brandId(1)]).toMatchObject({ outcome: 'not_found' });
    expect(status.brands[brandId(2)]).toMatchObject({ outcome: 'ok', looked: 3 });
    // The run finished, and its line says a brand was not checked, of the watched brands only.
    const line = describeChecks(null, status.last, null, [status.brands[brandId(1)], status.brands[brandId(2)]]);
    expect(line).toContain('finished, 2 brands.');
    expect(line).toContain('1 brand could not be checked: each one says why below.');
    expect(describeChecks(null, status.last, null, [status.brands[brandId(2)]])).not.toContain('could not');
  });

  it('a check in which no brand could be checked says so, not just "finished"', async () => {
    await watch(1, 2);
    for (let i = 0; i < 2; i += 1) {
      service.failures.push(new ApiError({ code: 40301, message: 'Not in your plan.', httpStatus: 403 }));
    }
    expect(await runner().run('scheduled')).toBe('complete');
    const status = await watchStatusItem.get();
    const checks = [status.brands[brandId(1)], status.brands[brandId(2)]];
    expect(checks.map((check) => check?.outcome)).toEqual(['failed', 'failed']);
    expect(describeChecks(null, status.last, null, checks)).toContain('2 brands could not be checked');

    // A brand's failure from an earlier check is not counted against a later one that went well.
    service.seed(brandId(1), 1);
    service.seed(brandId(2), 1);
    clock.advance(6 * HOUR);
    await runner().run('scheduled');
    const later = await watchStatusItem.get();
    const laterChecks = [later.brands[brandId(1)], later.brands[brandId(2)]];
    expect(describeChecks(null, later.last, null, laterChecks)).not.toContain('could not');
  });
});

describe('the watchlist', () => {
  function controls() {
    const watcher = runner();
    return createWatchControls({
      runner: watcher,
      clock,
      schedule: async () => null,
      refreshBadge: async () => undefined,
    });
  }

  it(`holds at most ${WATCH_LIMIT} brands: an import past it is refused whole`, async () => {
    const watchlist = controls();
    const brands = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ id: brandId(from + i), name: `Brand ${from + i}` }));
    expect(await watchlist.add(brands(0, 95))).toEqual({ added: 95, watching: 95, skipped: 0 });
    await expect(watchlist.add(brands(95, 6))).rejects.toThrow(/room for 5 more/);
    expect(await watchlistItem.get()).toHaveLength(95);
    expect(await watchlist.add([...brands(0, 3), ...brands(95, 5)])).toEqual({ added: 5, watching: 100, skipped: 0 });
    await expect(watchlist.add(brands(200, 1))).rejects.toThrow(/already watch 100 brands/);
    // Each brand is its own synced item, under the browser's 8 KB per item.
    const all = await fakeBrowser.storage.sync.get(null);
    for (const value of Object.values(all)) expect(JSON.stringify(value).length).toBeLessThan(8192);
  });

  it('unwatching forgets the brand and its news; mark seen clears news', async () => {
    const watchlist = controls();
    await watch(1, 2);
    service.seed(brandId(1), 3);
    service.seed(brandId(2), 3);
    const watcher = runner();
    await watcher.run('scheduled');
    service.launch(brandId(1), 'n1', '2026-11-22');
    service.launch(brandId(2), 'n2', '2026-11-22');
    clock.advance(6 * HOUR);
    await watcher.run('scheduled');
    expect(newAdCount(await watchNewsItem.get())).toBe(2);
    await watchlist.markSeen([brandId(1)]);
    expect(Object.keys((await watchNewsItem.get()).brands)).toEqual([brandId(2)]);
    await watchlist.remove([brandId(2)]);
    expect(newAdCount(await watchNewsItem.get())).toBe(0);
    expect(await storage.getItem(`local:watchSeen.none.${brandId(2)}`)).toBeNull();
    expect((await watchlistItem.get()).map((brand) => brand.id)).toEqual([brandId(1)]);
  });
});

describe('in the background', () => {
  it('shows the count on the badge, lets running jobs win, and notifies once per run when asked', async () => {
    await watch(1, 2);
    service.seed(brandId(1), 3);
    service.seed(brandId(2), 3);
    await watchSettingsItem.set({ intervalHours: 6, notify: true });
    const background = startWatch({ search: service.search, clock });
    await background.fireAlarm();
    await expect.poll(async () => (await watchStatusItem.get()).last?.outcome).toBe('complete');
    for (const [n, id] of [
      [1, 'x1'],
      [1, 'x2'],
      [2, 'x3'],
    ] as const)
      service.launch(brandId(n), id, '2026-11-22');
    clock.advance(6 * HOUR);
    await background.fireAlarm();
    await expect.poll(() => fakeBrowser.action.getBadgeText({})).toBe('3');
    expect(await fakeBrowser.action.getTitle({})).toBe('Adscope: 3 new ads from watched brands');
    const notes = await fakeBrowser.notifications.getAll();
    expect(Object.keys(notes)).toHaveLength(1);

    // The first check learned the brands: it notified nothing. The alarm is set an interval on.
    const alarm = await fakeBrowser.alarms.get('adscope-watch');
    expect(alarm?.periodInMinutes).toBe(360);
    expect(alarm?.scheduledTime).toBe(TEST_NOW + 12 * HOUR);

    const { showOnBadge } = await import('../../../lib/background/badge');
    showOnBadge('jobs', 1);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1');
    expect(await fakeBrowser.action.getTitle({})).toBe(
      'Adscope: 1 image generation running; 3 new ads from watched brands',
    );
    showOnBadge('jobs', 0);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('3');

    await background.markSeen('all');
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
  });

  it('a worker that wakes before the first scheduled check leaves its alarm where it was set', async () => {
    await watch(1);
    service.seed(brandId(1), 3);
    await watchSettingsItem.set({ intervalHours: 6, notify: false });
    const first = startWatch({ search: service.search, clock });
    expect(await first.schedule()).toBe(TEST_NOW + 6 * HOUR);
    // Workers start again every hour or two (a message, an alarm of another job): the check stays due at six.
    for (let hour = 1; hour < 6; hour += 1) {
      clock.set(TEST_NOW + hour * HOUR);
      const again = startWatch({ search: service.search, clock });
      expect(await again.schedule()).toBe(TEST_NOW + 6 * HOUR);
    }
    expect((await fakeBrowser.alarms.get('adscope-watch'))?.scheduledTime).toBe(TEST_NOW + 6 * HOUR);
    expect(await watchNextAtItem.get()).toBe(TEST_NOW + 6 * HOUR);
  });

  it('a notification opens New; with notifications off, a check that finds news notifies nothing', async () => {
    await watch(1);
    service.seed(brandId(1), 3);
    const opened: string[] = [];
    const background = startWatch({ search: service.search, clock });
    // The worker's first turn hears a notification's click (lib/background/gestures.ts).
    openNewOnNotificationClick(async () => void opened.push('panel'), clock);
    await background.fireAlarm();
    service.launch(brandId(1), 'quiet-news', '2026-11-22');
    clock.advance(6 * HOUR);
    await background.fireAlarm();
    expect(newAdCount(await watchNewsItem.get())).toBe(1);
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([]);

    await watchSettingsItem.set({ intervalHours: 6, notify: true });
    service.launch(brandId(1), 'loud-news', '2026-11-23');
    clock.advance(6 * HOUR);
    await background.fireAlarm();
    const [id] = Object.keys(await fakeBrowser.notifications.getAll());
    expect(id).toBeDefined();
    await fakeBrowser.notifications.onClicked.trigger(id ?? '');
    expect(opened).toEqual(['panel']);
    await expect.poll(() => panelRequestItem.get()).toEqual({ to: 'new', at: clock() });
    // The next due time is where the alarm is; a worker waking again leaves both as they are.
    const alarm = await fakeBrowser.alarms.get('adscope-watch');
    expect(await background.schedule()).toBe(alarm?.scheduledTime);
    expect(await watchNextAtItem.get()).toBe(alarm?.scheduledTime);
  });
});
