/*
 * The watchlist while the world changes under its running check: the workspace switched, storage
 * filling up, the clock put right. Each test is a user's scenario that ends with New, the badge
 * or a notification telling the user something that is not so; the comment above each names the
 * cause in the code. Requests are held with promises the test releases; nothing waits on a clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WatchRunner } from '@/lib/background/watch/watch-runner';
import { startWatch } from '@/lib/background/watch/watch-service';
import { ApiError } from '@/lib/messaging/api-error';
import { newCountOf, newsCountsItem } from '@/lib/storage/news-counts';
import { newAdCount, watchlistItem, watchNewsItem, watchSettingsItem, watchStatusItem } from '@/lib/storage/watchlist';
import { manualClock } from '../../support/clock';
import { brandId, fakeService, holdingSearch, HOUR, watch } from '../../support/watch-service';

beforeEach(() => fakeBrowser.reset());
afterEach(() => {
  vi.restoreAllMocks();
});

/** Lets storage events, timers of 0 ms and settled promises run. */
async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** One watched brand of `ads` ads, its first check done (learned): the watchlist as a user has it after a day. */
async function oneBrandLearned(ads: number, notify: boolean) {
  const clock = manualClock();
  const service = fakeService();
  await watch(1);
  service.seed(brandId(1), ads);
  await watchSettingsItem.set({ intervalHours: 6, notify });
  const background = startWatch({ search: service.search, clock });
  await background.fireAlarm();
  await vi.waitFor(async () => expect((await watchStatusItem.get()).last?.outcome).toBe('complete'));
  await settle();
  return { clock, service, background };
}

/** Storage refuses every write that holds a brand's seen ids, as a full storage would; restored by the caller. */
function refuseSeenWrites() {
  const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
  return vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
    if (Object.keys(items).some((key) => key.startsWith('watchSeen'))) throw new Error('QUOTA_BYTES quota exceeded');
    return set(items);
  });
}

/** The words of every notification shown since the spy was set. */
function notices(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls.map((call) => JSON.stringify(call[1]));
}

describe('the watchlist under a changing world (lib/background/watch)', () => {
  /*
   * Scenario: the user works in workspace A. A scheduled check finds 3 new ads of Brand 1 on A;
   * while Brand 2's request is out, the user connects workspace B in Options. The check goes on
   * under B (Brand 2 is learned there, nothing new) and ends. New now shows B's news (none) and the
   * badge is empty, yet a notification says "3 new ads from Brand 1"; clicking it opens an
   * empty New.
   * Cause: watch-runner.ts WatchRunner.carryOn, on a `moved` drop, switches the news to the new
   * service (switchService puts A's news aside) but keeps `run.found` / `run.newAds` /
   * `run.newBrands` of A; watch-service.ts notifyRun then counts and names those finds.
   */
  it('a workspace switched mid-check: the notification announces no ads of the workspace left, which New no longer shows', async () => {
    const clock = manualClock();
    const serviceA = fakeService();
    const serviceB = fakeService();
    let current: 'a' | 'b' = 'a';
    const requests = holdingSearch(() => (current === 'a' ? serviceA.search : serviceB.search));
    await watch(1, 2);
    for (const service of [serviceA, serviceB]) {
      service.seed(brandId(1), 3);
      service.seed(brandId(2), 3);
    }
    await watchSettingsItem.set({ intervalHours: 6, notify: true });
    const background = startWatch({
      search: requests.search,
      clock,
      service: async () => (current === 'a' ? 'aaaaaaaaaaaaaaaa' : 'bbbbbbbbbbbbbbbb'),
    });
    await background.fireAlarm();
    await vi.waitFor(async () => expect((await watchStatusItem.get()).last?.outcome).toBe('complete'));
    await settle();
    const notified = vi.spyOn(fakeBrowser.notifications, 'create');

    for (const id of ['x1', 'x2', 'x3']) serviceA.launch(brandId(1), id, '2026-11-22');
    clock.advance(6 * HOUR);
    requests.hold(brandId(2));
    const run = background.fireAlarm();
    await vi.waitFor(() => expect(requests.held).toBe(1));
    expect(newAdCount(await watchNewsItem.get())).toBe(3);

    // The user connects workspace B; the worker follows it (as the connection's change does).
    current = 'b';
    await background.followService();
    requests.release();
    await run;
    await settle();

    // New and the badge show B's news: none.
    expect(newAdCount(await watchNewsItem.get())).toBe(0);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
    // A notification now announces ads New does not show.
    expect(notices(notified)).toEqual([]);
  });

  /*
   * Scenario: a check finds 3 new ads of Brand 1, and storage refuses the write. The check ends
   * with "The browser's storage for Adscope is full, so this check stopped. Mark news seen, or
   * free room in Options, and check again." The user does exactly that and checks again: the 3
   * ads are announced once, then never again.
   * The finds and the brand's seen ids are one write (watch-runner.ts readPage, updateNews's
   * `alongside`): storage keeps both or neither, so a check stopped there left nothing shown.
   */
  it('storage full as a check writes its finds: nothing is kept, and after room the ads are announced once', async () => {
    const { clock, service, background } = await oneBrandLearned(3, true);
    const notified = vi.spyOn(fakeBrowser.notifications, 'create');

    for (const id of ['x1', 'x2', 'x3']) service.launch(brandId(1), id, '2026-11-22');
    const full = refuseSeenWrites();
    clock.advance(6 * HOUR);
    await background.fireAlarm();
    await settle();
    expect((await watchStatusItem.get()).last?.outcome).toBe('storage_full');
    // Neither the finds nor the seen ids were kept: New shows nothing it cannot keep track of.
    expect(newAdCount(await watchNewsItem.get())).toBe(0);
    expect(notices(notified)).toEqual([]);

    // As the message says: the user marks New seen (room again), then the next check runs.
    full.mockRestore();
    await background.markSeen('all');
    clock.advance(6 * HOUR);
    await background.fireAlarm();
    await settle();
    expect((await watchStatusItem.get()).last?.outcome).toBe('complete');
    expect(newAdCount(await watchNewsItem.get())).toBe(3);
    expect(notices(notified)).toHaveLength(1);

    // The user looks at them; nothing was launched since: none is new again, none announced twice.
    await background.markSeen('all');
    clock.advance(6 * HOUR);
    await background.fireAlarm();
    await settle();
    expect(newAdCount(await watchNewsItem.get())).toBe(0);
    expect(notices(notified)).toHaveLength(1);
  });

  /*
   * Scenario: a brand launches 60 ads at once; New keeps the newest 50 of a brand and counts the
   * rest ("and 10 more"). A check that finds them is stopped by a full storage, and the next one,
   * after room, finds them: New must count 60, not 70. When the news was written before the seen
   * ids, the 10 counted but not kept were counted again by the next check (only kept ads can be
   * told apart).
   */
  it('storage full as a check writes 60 finds: the next check counts 60, not the 10 past the kept 50 twice', async () => {
    const { clock, service, background } = await oneBrandLearned(5, false);

    for (let index = 0; index < 60; index += 1) service.launch(brandId(1), `burst-${index}`, '2026-11-22');
    const full = refuseSeenWrites();
    clock.advance(6 * HOUR);
    await background.fireAlarm();
    await settle();
    expect((await watchStatusItem.get()).last?.outcome).toBe('storage_full');

    full.mockRestore();
    clock.advance(6 * HOUR);
    await background.fireAlarm();
    await settle();
    expect((await watchStatusItem.get()).last?.outcome).toBe('complete');
    const news = await watchNewsItem.get();
    expect(news.brands[brandId(1)]?.ads).toHaveLength(50);
    expect(newAdCount(news)).toBe(60);
  });

  /*
   * Scenario: a check cannot reach the service (the network dropped) and pauses for a minute, as
   * New says ("goes on at 12:01"). Meanwhile the computer's clock, three hours fast, is put right
   * (NTP after a resume from sleep). Two minutes later the network is back and the worker wakes,
   * but the check stays paused for three more hours, New saying it goes on at a time three
   * hours ahead, and the scheduled checks in between are skipped as 'paused' too.
   * Cause: watch-runner.ts WatchRunner.execute keeps a stored run paused while
   * `pausedUntil > now && pausedUntil - now <= longestWaitMs`: only a pause longer than a day is
   * taken for a clock gone back; a one-minute pause is stretched by however far the clock went back
   * (up to 24 h), since the length of the wait asked is not kept with it.
   */
  it('the clock put back while a check waits a minute after a failure: it goes on minutes later, not hours', async () => {
    const clock = manualClock();
    const service = fakeService();
    await watch(1);
    service.seed(brandId(1), 3);
    const watcher = new WatchRunner({ search: service.search, clock, wakeAt: () => undefined });
    expect(await watcher.run('scheduled')).toBe('complete');

    clock.advance(6 * HOUR);
    service.failures.push(new ApiError({ code: 'network', message: 'Offline.' }));
    expect(await watcher.run('scheduled')).toBe('paused');
    const pausedAt = clock();
    expect((await watchStatusItem.get()).run?.pausedUntil).toBe(pausedAt + 60_000);

    // The clock, three hours fast, is put right; two real minutes pass.
    clock.set(pausedAt - 3 * HOUR + 2 * 60_000);
    expect(await watcher.run('resume')).toBe('complete');
  });

  // The service is down for maintenance and says for how long (a 503's Retry-After of three hours,
  // kept with the error by the transport): the check waits that long, not the minute it waits for
  // a failure that names no time, and does not spend its tries meanwhile.
  it('an outage that says it lasts three hours: the check waits three hours', async () => {
    const clock = manualClock();
    const service = fakeService();
    await watch(1);
    service.seed(brandId(1), 3);
    const watcher = new WatchRunner({ search: service.search, clock, wakeAt: () => undefined });
    expect(await watcher.run('scheduled')).toBe('complete');

    clock.advance(6 * HOUR);
    service.failures.push(
      new ApiError({ code: 'service_error', message: 'Down for maintenance', retryAfterMs: 3 * HOUR }),
    );
    expect(await watcher.run('scheduled')).toBe('paused');
    expect((await watchStatusItem.get()).run?.pausedUntil).toBe(clock() + 3 * HOUR);
  });

  /*
   * Scenario: New shows 3 new ads of Brand 1 (workspace A) and the toolbar badge says 3. While
   * a check's request is out, the user connects workspace B. The check goes on under B, whose
   * service answers the next request with a 429 "retry in 3 hours": the check waits. For those
   * three hours the panel's New tab counts 0 (B's news: none) while the badge still says 3;
   * clicking it opens an empty New.
   * Cause: watch-runner.ts WatchRunner.carryOn switches the news on a `moved` drop
   * (switchService) without telling onNews; only finish() refreshes the badge, and a run that
   * pauses returns 'paused' without it. watch-service.ts followService skips the switch while a
   * run is active, so its refreshBadge reads A's news again.
   */
  it('a workspace switched mid-check, then the check waits on a Retry-After: the badge counts what New no longer shows', async () => {
    const clock = manualClock();
    const serviceA = fakeService();
    const serviceB = fakeService();
    let current: 'a' | 'b' = 'a';
    const requests = holdingSearch(() => (current === 'a' ? serviceA.search : serviceB.search));
    await watch(1, 2);
    for (const service of [serviceA, serviceB]) {
      service.seed(brandId(1), 3);
      service.seed(brandId(2), 3);
    }
    await watchSettingsItem.set({ intervalHours: 6, notify: false });
    const background = startWatch({
      search: requests.search,
      clock,
      service: async () => (current === 'a' ? 'aaaaaaaaaaaaaaaa' : 'bbbbbbbbbbbbbbbb'),
    });
    await background.fireAlarm();
    await vi.waitFor(async () => expect((await watchStatusItem.get()).last?.outcome).toBe('complete'));
    await settle();

    for (const id of ['x1', 'x2', 'x3']) serviceA.launch(brandId(1), id, '2026-11-22');
    clock.advance(6 * HOUR);
    requests.hold(brandId(2));
    const run = background.fireAlarm();
    await vi.waitFor(() => expect(requests.held).toBe(1));
    expect(await fakeBrowser.action.getBadgeText({})).toBe('3');

    // The user connects workspace B; B's service asks Adscope to wait three hours.
    current = 'b';
    serviceB.failures.push(new ApiError({ code: 'rate_limited', message: 'Later.', retryAfterMs: 3 * HOUR }));
    await background.followService();
    requests.release();
    expect(await run).toBe('paused');
    await settle();

    // The New tab's count, as the side panel computes it, and the badge.
    const watchedIds = new Set((await watchlistItem.get()).map((brand) => brand.id));
    const panelCount = newCountOf((await newsCountsItem.get()) ?? {}, watchedIds);
    expect(panelCount).toBe(0);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
  });
});
