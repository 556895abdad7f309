import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type BrandPageSearch, WatchRunner } from '../../../lib/background/watch/watch-runner';
import { createWatchControls } from '../../../lib/background/watch/watch-service';
import { newAdCount, type WatchNews, watchNewsItem, watchStatusItem } from '../../../lib/storage/watchlist';
import { manualClock } from '../../support/clock';
import { ad, brandId, fakeService, HOUR, watch } from '../../support/watch-service';

/**
 * The watchlist's seen ids kept in the order of the brand's list: attacked with a changing list
 * (an old ad relaunched, ads marked seen together) and services that page otherwise (50 a page,
 * long cursors).
 * Each test drives whole checks with a manual clock, as a user's browser would, six hours apart.
 */

const DAY = 86_400_000;
/** The day fakeService.seed's newest ad launched. */
const LAST_DAY = Date.UTC(2026, 10, 20);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const BRAND = brandId(1);

let service: ReturnType<typeof fakeService>;
let clock: ReturnType<typeof manualClock>;
/** Every ad id New has shown for the brand, across checks. */
let shown: Set<string>;

beforeEach(() => {
  fakeBrowser.reset();
  service = fakeService();
  clock = manualClock();
  shown = new Set();
});

function runner(search: BrandPageSearch = service.search) {
  return new WatchRunner({
    search,
    clock,
    wakeAt: () => undefined,
    onNews: (news: WatchNews) => {
      for (const item of news.brands[BRAND]?.ads ?? []) shown.add(item.ad.id);
    },
  });
}

/** `count` scheduled checks six hours apart; `before` runs ahead of each. Returns the new ads the checks reported. */
async function checks(watcher: WatchRunner, count: number, before?: () => void): Promise<number> {
  let found = 0;
  for (let check = 0; check < count; check += 1) {
    before?.();
    await watcher.run('scheduled');
    found += (await watchStatusItem.get()).last?.newAds ?? 0;
    clock.advance(6 * HOUR);
  }
  return found;
}

/** A brand of 2,000 ads, learned: its first check, then a full sweep of the 2,000. */
async function learnedBrand(watcher: WatchRunner) {
  await watch(1);
  service.seed(BRAND, 2_000);
  expect(await checks(watcher, 22)).toBe(0);
}

/** Launches `perCheck` ads before each check, each dated a day after the one before. */
function steadyLaunches(perCheck: number, firstDay: number) {
  let launched = 0;
  return {
    get launched() {
      return launched;
    },
    before: () => {
      for (let i = 0; i < perCheck; i += 1) {
        service.launch(BRAND, `new-${launched}`, isoDay(firstDay + launched * DAY));
        launched += 1;
      }
    },
  };
}

const newsIds = async () => (await watchNewsItem.get()).brands[BRAND]?.ads.map((item) => item.ad.id) ?? [];

describe('the seen ids of a brand whose list changes', () => {
  it('an old ad relaunched among a page of new ads: the new ads are announced once, never again after a later burst', async () => {
    const watcher = runner();
    await learnedBrand(watcher);
    // The brand's oldest ad relaunched (a new launch date) along with 99 new ads dated around it.
    const list = Array.from({ length: 1_999 }, (_, i) => ad(`a-001-${i}`, BRAND, isoDay(LAST_DAY - i * DAY)));
    list.push(ad('a-001-1999', BRAND, isoDay(LAST_DAY + 200 * DAY)));
    for (let i = 0; i < 99; i += 1) list.push(ad(`campaign-${i}`, BRAND, isoDay(LAST_DAY + (i + 1) * DAY)));
    service.answerWith(BRAND, list);
    let found = await checks(watcher, 1);
    expect(found).toBe(99);
    // Later, a burst of 500: two full sweeps after it, the 99 campaign ads are not news a second time.
    service.seed(BRAND, 500, 'burst', LAST_DAY + 900 * DAY);
    found += await checks(watcher, 45);
    expect((await newsIds()).filter((id) => id.startsWith('campaign'))).toEqual([]);
    expect(found).toBe(99 + 500);
  }, 30_000);

  it('ads marked seen together (a late-indexed one and a new one), then 30 launches a check: only the launches are announced, no old ad again', async () => {
    const watcher = runner();
    const controls = createWatchControls({
      runner: watcher,
      clock,
      schedule: async () => null,
      refreshBadge: async () => undefined,
    });
    await learnedBrand(watcher);
    // Indexed late (launched 1,000 days ago, about the 1,000th place) and a new one on top.
    service.launch(BRAND, 'late-indexed', isoDay(LAST_DAY - 1_000.5 * DAY));
    service.launch(BRAND, 'top-new', isoDay(LAST_DAY + DAY));
    expect(await checks(watcher, 19)).toBe(2);
    expect((await newsIds()).sort()).toEqual(['late-indexed', 'top-new']);
    // The user looks at New and marks it seen.
    await controls.markSeen('all');
    shown.clear();
    const launches = steadyLaunches(30, LAST_DAY + 10 * DAY);
    const found = await checks(watcher, 120, launches.before);
    expect([...shown].filter((id) => !id.startsWith('new-'))).toEqual([]);
    expect(found).toBe(launches.launched);
  }, 60_000);
});

describe('the sweep reaches the first 2,000 ads of a brand', () => {
  it('of a service that takes page_size up to 50: an ad indexed late at about the 1,500th place is news within two full sweeps', async () => {
    // The transport lowers page_size to what a service taught (lib/background/api/learned-limits.ts: 50).
    service = fakeService(50);
    const watcher = runner();
    await watch(1);
    service.seed(BRAND, 2_000);
    await checks(watcher, 45);
    expect(newAdCount(await watchNewsItem.get())).toBe(0);
    service.launch(BRAND, 'late-deep', isoDay(LAST_DAY - 1_500.5 * DAY));
    await checks(watcher, 38);
    expect(await newsIds()).toEqual(['late-deep']);
  }, 30_000);

  it('of a service whose cursors are longer than 2,000 characters: an ad indexed late at about the 700th place is news within two full sweeps', async () => {
    // docs/api-contract.md: a legal service (the reference server's alt shapes) sends such cursors for the library search.
    const pad = `~${'0123456789abcdef'.repeat(140)}`;
    const longCursors: BrandPageSearch = async (brand, cursor) => {
      const page = await service.search(brand, cursor?.endsWith(pad) ? cursor.slice(0, -pad.length) : cursor);
      return { ...page, cursor: page.cursor ? `${page.cursor}${pad}` : page.cursor };
    };
    const watcher = runner(longCursors);
    await watch(1);
    service.seed(BRAND, 1_000);
    await checks(watcher, 25);
    expect(newAdCount(await watchNewsItem.get())).toBe(0);
    service.launch(BRAND, 'late-deep', isoDay(LAST_DAY - 700.5 * DAY));
    await checks(watcher, 38);
    expect(await newsIds()).toEqual(['late-deep']);
  }, 30_000);
});
