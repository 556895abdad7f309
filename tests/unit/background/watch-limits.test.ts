import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import { ApiError } from '../../../lib/messaging/api-error';
import {
  diffPage,
  IDS_PER_PAGE_READ,
  NO_SWEEP,
  readSeen,
  SEEN_LIMIT,
  storeSeen,
} from '../../../lib/background/watch/seen-set';
import { WatchRunner } from '../../../lib/background/watch/watch-runner';
import { createWatchControls, startWatch } from '../../../lib/background/watch/watch-service';
import { requests as protocol } from '../../../lib/messaging/protocol';
import { libraryAdSchema, libraryPageSchema } from '../../../lib/contract/ad-library';
import {
  NEWS_BYTES_BUDGET,
  newAdCount,
  newsBytes,
  readWatchlist,
  watchlistItem,
  watchNewsItem,
  watchSettingsItem,
  watchStatusItem,
} from '../../../lib/storage/watchlist';
import { manualClock, TEST_NOW } from '../../support/clock';
import { describeChecks } from '../../../components/watchlist/describe';
import { connectionItem, currentService } from '../../../lib/background/api/credentials';
import { ad, brandId, fakeService, finishedCheck, HOUR, watch } from '../../support/watch-service';

/**
 * The watchlist at its edges, one class of fault at a time: each test shows the fixed
 * behaviour where the earlier code stalled, reset a brand, filled storage, or flooded New.
 */

let service: ReturnType<typeof fakeService>;
let clock: ReturnType<typeof manualClock>;

function runner(
  options: {
    policy?: ConstructorParameters<typeof WatchRunner>[0]['policy'];
    service?: () => Promise<string | null>;
  } = {},
) {
  return new WatchRunner({
    search: service.search,
    clock,
    wakeAt: () => undefined,
    ...(options.policy ? { policy: options.policy } : {}),
    ...(options.service ? { service: options.service } : {}),
  });
}

function controls(watcher = runner()) {
  return createWatchControls({
    runner: watcher,
    clock,
    schedule: async () => null,
    refreshBadge: async () => undefined,
  });
}

beforeEach(() => {
  fakeBrowser.reset();
  service = fakeService();
  clock = manualClock();
});

describe('a failure whose message is long', () => {
  it('is cut to fit: the run ends, its outcome is written, and the next wake-up sends nothing', async () => {
    await watch(1, 2);
    service.seed(brandId(1), 3);
    service.seed(brandId(2), 3);
    const long = 'The upstream index is rebuilding. '.repeat(30);
    const watcher = runner({ policy: { failurePausesMs: [] } });
    service.failures.push(new ApiError({ code: 'network', message: long, retryable: true }));
    expect(await watcher.run('scheduled')).toBe('failed');
    const status = await watchStatusItem.get();
    expect(status.run).toBeNull();
    expect(status.last?.outcome).toBe('failed');
    expect(status.last?.message?.length).toBeLessThanOrEqual(300);
    expect(status.last?.message).toMatch(/^The upstream index is rebuilding\./);
    expect(await watcher.run('resume')).toBe('skipped');
    expect(service.requests).toEqual(['001']);
  });

  it('of one brand is cut in its check, and the others are checked', async () => {
    await watch(1, 2);
    service.seed(brandId(2), 3);
    service.failures.push(new ApiError({ code: 40001, message: 'x'.repeat(5_000), httpStatus: 400 }));
    expect(await runner().run('scheduled')).toBe('complete');
    const status = await watchStatusItem.get();
    expect(status.brands[brandId(1)]?.outcome).toBe('failed');
    expect(status.brands[brandId(1)]?.message?.length).toBeLessThanOrEqual(300);
    expect(status.brands[brandId(2)]?.outcome).toBe('ok');
  });
});

describe('one odd id', () => {
  it('longer than any limit is refused and counted: the brand keeps its seen set, and later news is news', async () => {
    await watch(1);
    service.seed(brandId(1), 20);
    service.launch(brandId(1), 'x'.repeat(5_000), '2026-11-01');
    const watcher = runner();
    await watcher.run('scheduled');
    expect(readSeen(await storage.getItem(`local:watchSeen.none.${brandId(1)}`)).seen?.hashes).toHaveLength(20);
    expect((await watchStatusItem.get()).brands[brandId(1)]?.message).toBe(
      '1 ad skipped: its id is not one Adscope can keep.',
    );
    service.launch(brandId(1), 'fresh', '2026-11-23');
    clock.advance(6 * HOUR);
    await watcher.run('scheduled');
    expect((await watchNewsItem.get()).brands[brandId(1)]?.ads.map((item) => item.ad.id)).toEqual(['fresh']);
  });

  it('in a stored record is left out and counted; the rest of the record is read', () => {
    const earlier = {
      entries: [
        ['a-1', TEST_NOW, TEST_NOW],
        ['', TEST_NOW, TEST_NOW],
        [42, TEST_NOW, TEST_NOW],
        ['a-2', TEST_NOW, TEST_NOW + 1],
      ],
    };
    const read = readSeen(earlier);
    expect(read.skipped).toBe(2);
    expect(read.seen?.hashes).toHaveLength(2);
    expect(diffPage(read.seen ?? { hashes: [], sweep: NO_SWEEP }, ['a-1', 'a-2', 'a-3']).fresh).toEqual(['a-3']);
    // A stray character in the packed form loses that character, not the brand.
    const { h } = storeSeen({ hashes: [1, 2, 3], sweep: NO_SWEEP });
    const packed = readSeen({ v: 2, h: `${h.slice(0, 3)}!${h.slice(3, -1)}`, s: 12, p: 'x', c: -1 });
    expect(packed.seen?.hashes).toEqual([1, 2]);
    expect(packed.skipped).toBe(2);
    expect(packed.seen?.sweep).toEqual(NO_SWEEP);
  });

  it('in the news or the status is left out, never the whole item', async () => {
    const good = { ad: ad('kept', brandId(1), '2026-11-20'), firstSeenAt: TEST_NOW };
    await fakeBrowser.storage.local.set({
      watchNews: {
        brands: {
          [brandId(1)]: { name: 'Brand 1', ads: [good, { ad: { id: 7 }, firstSeenAt: 'then' }], more: 0 },
          [brandId(2)]: { name: 12 },
        },
      },
      watchStatus: {
        run: null,
        last: null,
        lastScheduledAt: TEST_NOW,
        brands: {
          [brandId(1)]: { checkedAt: TEST_NOW, outcome: 'ok', looked: 3, message: null },
          [brandId(2)]: { checkedAt: 'yesterday' },
        },
      },
    });
    const news = await watchNewsItem.get();
    expect(news.brands[brandId(1)]?.ads.map((item) => item.ad.id)).toEqual(['kept']);
    expect(news.brands[brandId(2)]).toBeUndefined();
    const status = await watchStatusItem.get();
    expect(status.lastScheduledAt).toBe(TEST_NOW);
    expect(Object.keys(status.brands)).toEqual([brandId(1)]);
  });
});

describe('a page of ads where some rows are odd', () => {
  it('refuses the ads whose ids cannot be kept, counts them in the status, and keeps every other ad and brand', async () => {
    await watch(1, 2);
    service.seed(brandId(1), 3);
    service.seed(brandId(2), 3);
    const watcher = runner();
    expect(await watcher.run('scheduled')).toBe('complete');
    service.launch(brandId(1), 'x'.repeat(10_000), '2026-11-21');
    service.launch(brandId(1), 'huge-title', '2026-11-21', { title: 't'.repeat(5_000_000), body: 'b'.repeat(100_000) });
    service.launch(brandId(1), 'nulls', '2026-11-21', {
      title: null,
      brand_name: null,
      link_url: null,
      language: null,
    });
    service.launch(brandId(1), 'odd-brand', '2026-11-21', { unified_brand_id: 'not a brand/../id' });
    service.launch(brandId(2), 'bad/id', '2026-11-21');
    service.launch(brandId(2), 'b2-new', '2026-11-21');
    clock.advance(6 * HOUR);
    expect(await watcher.run('scheduled')).toBe('complete');

    const news = await watchNewsItem.get();
    const ids = (n: number) => (news.brands[brandId(n)]?.ads ?? []).map((item) => item.ad.id).sort();
    expect(ids(1)).toEqual(['huge-title', 'nulls', 'odd-brand']);
    expect(ids(2)).toEqual(['b2-new']);
    const byId = new Map(news.brands[brandId(1)]?.ads.map((item) => [item.ad.id, item.ad]));
    expect(byId.get('huge-title')?.title?.length).toBeLessThanOrEqual(300);
    expect(byId.get('huge-title')?.body?.length).toBeLessThanOrEqual(500);
    expect(byId.get('nulls')?.title).toBeNull();
    // A brand id that is not a legal id is not kept: a cut or odd id would name another brand.
    expect(byId.get('odd-brand')?.unified_brand_id).toBeNull();
    expect(newsBytes(news)).toBeLessThan(20_000);

    const status = await watchStatusItem.get();
    expect(status.brands[brandId(1)]).toMatchObject({
      outcome: 'ok',
      message: '1 ad skipped: its id is not one Adscope can keep.',
    });
    expect(status.brands[brandId(2)]).toMatchObject({
      outcome: 'ok',
      message: '1 ad skipped: its id is not one Adscope can keep.',
    });
    expect(status.last).toMatchObject({
      outcome: 'complete',
      newAds: 4,
      skipped: 2,
      message: '2 ads skipped: their ids are not ones Adscope can keep.',
    });
  });

  it('says after a check that finished how many ads it skipped, in words with their plural', () => {
    const last = finishedCheck();
    expect(describeChecks(null, { ...last, skipped: 1 }, null)).toContain(
      '1 ad skipped: its id is not one Adscope can keep.',
    );
    expect(describeChecks(null, { ...last, skipped: 2 }, null)).toContain(
      '2 ads skipped: their ids are not ones Adscope can keep.',
    );
    expect(describeChecks(null, last, null)).not.toContain('skipped');
  });

  it('a row that is not an ad at all (a null, an id of another type) is refused and counted, never a failed run', async () => {
    await watch(1);
    service.seed(brandId(1), 2);
    const odd: unknown[] = [null, { id: null, title: 'no id' }, { id: 42 }];
    const search: typeof service.search = async (brand, cursor) => {
      const page = await service.search(brand, cursor);
      return {
        ...page,
        items: [...page.items, ...odd.map((row) => z.catch(libraryAdSchema, ad('', '', null)).parse(row))],
      };
    };
    const watcher = new WatchRunner({ search, clock, wakeAt: () => undefined });
    expect(await watcher.run('scheduled')).toBe('complete');
    service.launch(brandId(1), 'fresh', '2026-11-22');
    clock.advance(6 * HOUR);
    expect(await watcher.run('scheduled')).toBe('complete');
    expect((await watchNewsItem.get()).brands[brandId(1)]?.ads.map((item) => item.ad.id)).toEqual(['fresh']);
    expect((await watchStatusItem.get()).last).toMatchObject({ outcome: 'complete', skipped: 3 });
  });
});

describe('rows the contract reader refuses', () => {
  it('a row with a null, missing or over-long id is refused and counted where the page is read; the brand and the other brands’ news go on', async () => {
    await watch(1, 2);
    service.seed(brandId(1), 2);
    service.seed(brandId(2), 2);
    // The answer as the service sends it, read by the contract's own page reader.
    const odd: unknown[] = [null, { id: null, title: 'no id' }, { title: 'no id at all' }, { id: 'x'.repeat(201) }];
    let rows: unknown[] = [];
    const search: typeof service.search = async (brand, cursor) => {
      const page = await service.search(brand, cursor);
      return libraryPageSchema.parse({
        items: [...page.items, ...(brand === brandId(1) ? rows : [])],
        cursor: page.cursor,
      });
    };
    const watcher = new WatchRunner({ search, clock, wakeAt: () => undefined });
    expect(await watcher.run('scheduled')).toBe('complete');
    rows = odd;
    service.launch(brandId(1), 'fresh-1', '2026-11-22');
    service.launch(brandId(2), 'fresh-2', '2026-11-22');
    clock.advance(6 * HOUR);
    expect(await watcher.run('scheduled')).toBe('complete');
    const news = await watchNewsItem.get();
    expect(news.brands[brandId(1)]?.ads.map((item) => item.ad.id)).toEqual(['fresh-1']);
    expect(news.brands[brandId(2)]?.ads.map((item) => item.ad.id)).toEqual(['fresh-2']);
    const status = await watchStatusItem.get();
    expect(status.brands[brandId(1)]).toMatchObject({
      outcome: 'ok',
      message: '4 ads skipped: their ids are not ones Adscope can keep.',
    });
    expect(status.brands[brandId(2)]).toMatchObject({ outcome: 'ok', message: null });
    expect(status.last).toMatchObject({ outcome: 'complete', newAds: 2, skipped: 4 });
  });
});

describe('storage', () => {
  /** An ordinary ad as services send it: long copy, several images, fields the contract does not name. */
  function busyAd(id: string, brand: string) {
    return {
      ...ad(id, brand, '2026-11-21'),
      title: 'Waterproof down sleeping bag for three seasons '.repeat(3),
      body: 'Rated to minus five, packs to the size of a loaf, sewn-through baffles. '.repeat(12),
      link_url: `https://shop.example/products/sleeping-bag?utm_source=meta&utm_campaign=${id}`,
      images: Array.from({ length: 6 }, (_, i) => ({
        url: `https://cdn.example/ads/${id}/${i}.jpg?sig=${'s'.repeat(200)}`,
      })),
      targeting: { countries: Array.from({ length: 40 }, (_, i) => `C${i}`), notes: 'n'.repeat(2_000) },
    };
  }

  // 100 brands of 100 ads each, New rewritten at each brand: 4 to 13 s on two shared cores, so more than the default 15 s to spare.
  it('keeps what New needs within its byte budget for 100 busy brands, and counts the rest', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => i + 1);
    await watch(...ids);
    for (const n of ids) service.seed(brandId(n), 100);
    const watcher = runner({ policy: { budget: 10_000 } });
    await watcher.run('scheduled');
    for (const n of ids) {
      for (let i = 0; i < 60; i += 1)
        service.launch(brandId(n), `busy-${n}-${i}`, '2026-11-23', busyAd(`busy-${n}-${i}`, brandId(n)));
    }
    clock.advance(6 * HOUR);
    expect(await watcher.run('scheduled')).toBe('complete');
    const news = await watchNewsItem.get();
    expect(newsBytes(news)).toBeLessThanOrEqual(NEWS_BYTES_BUDGET);
    // Nothing lost from the count: kept or counted, every one of the 6,000.
    expect(newAdCount(news)).toBe(6_000);
    const kept = Object.values(news.brands).flatMap((entry) => entry.ads);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((item) => item.ad.images.length <= 1 && !('targeting' in item.ad))).toBe(true);
    // Everything the watchlist keeps in storage.local, together.
    const all = await fakeBrowser.storage.local.get(null);
    const watchBytes = Object.entries(all)
      .filter(([key]) => key.startsWith('watch'))
      .reduce((sum, [key, value]) => sum + key.length + JSON.stringify(value).length, 0);
    expect(watchBytes).toBeLessThan(4_500_000);
  }, 30_000);

  it('a write storage refuses ends the run once, with a message, and leaves the outbox as it was', async () => {
    await watch(1, 2);
    service.seed(brandId(1), 3);
    service.seed(brandId(2), 3);
    const watcher = runner();
    await watcher.run('scheduled');
    await fakeBrowser.storage.local.set({ outbox: { items: ['unsent save'] } });
    service.launch(brandId(1), 'n-1', '2026-11-23');
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    const full = vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
      if (Object.keys(items).some((key) => key.startsWith('watchNews') || key.startsWith('watchSeen')))
        throw new Error('QUOTA_BYTES quota exceeded');
      return set(items);
    });
    clock.advance(6 * HOUR);
    service.requests.length = 0;
    expect(await watcher.run('scheduled')).toBe('storage_full');
    expect(service.requests).toEqual(['001']);
    const status = await watchStatusItem.get();
    expect(status.run).toBeNull();
    expect(status.last?.message).toMatch(/storage for Adscope is full/);
    expect(await watcher.run('resume')).toBe('skipped');
    expect(service.requests).toEqual(['001']);
    full.mockRestore();
    expect((await fakeBrowser.storage.local.get('outbox')).outbox).toEqual({ items: ['unsent save'] });
    // With room again, the ad the refused write left unseen is news, once.
    clock.advance(6 * HOUR);
    expect(await watcher.run('scheduled')).toBe('complete');
    expect(newAdCount(await watchNewsItem.get())).toBe(1);
  });
});

describe('a page far larger than asked', () => {
  it('is read up to a bound, with sets: 300,000 ids cost no more than 500', () => {
    const ids = Array.from({ length: 300_000 }, (_, i) => `id-${i}`);
    const first = diffPage({ hashes: [], sweep: NO_SWEEP }, ids);
    expect(first.fresh).toHaveLength(IDS_PER_PAGE_READ);
    expect(first.unread).toBe(300_000 - IDS_PER_PAGE_READ);
    // The same ids again, and a page of one id repeated: nothing new, nothing doubled.
    expect(diffPage(first.seen, ids).fresh).toEqual([]);
    expect(
      diffPage(
        first.seen,
        Array.from({ length: 300_000 }, () => 'same'),
      ).fresh,
    ).toEqual(['same']);
  });

  it('from a service that ignores page_size is compared within the bound, and the check ends', async () => {
    service = fakeService(1_000_000);
    await watch(1);
    service.seed(brandId(1), 20_000);
    const watcher = runner();
    expect(await watcher.run('scheduled')).toBe('complete');
    expect((await watchStatusItem.get()).brands[brandId(1)]?.looked).toBe(IDS_PER_PAGE_READ);
  });
});

describe('an ad found late, deep in a big brand', () => {
  it('is news within one full sweep, and the first sweep learns without flooding New', async () => {
    await watch(1);
    service.seed(brandId(1), 1_000);
    const watcher = runner();
    await watcher.run('scheduled');
    // The first sweep: pages 3 to 10 learned one a check, nothing new.
    for (let check = 0; check < 9; check += 1) {
      clock.advance(6 * HOUR);
      await watcher.run('scheduled');
    }
    expect(newAdCount(await watchNewsItem.get())).toBe(0);
    expect(readSeen(await storage.getItem(`local:watchSeen.none.${brandId(1)}`)).seen?.sweep.cycles).toBe(1);
    // Launched months ago, indexed now: it sorts at about the 700th place.
    const deepDay = new Date(Date.UTC(2026, 10, 20) - 700.5 * 86_400_000).toISOString().slice(0, 10);
    service.launch(brandId(1), 'late-deep', deepDay);
    let checks = 0;
    while (newAdCount(await watchNewsItem.get()) === 0 && checks < 19) {
      clock.advance(6 * HOUR);
      await watcher.run('scheduled');
      checks += 1;
    }
    expect((await watchNewsItem.get()).brands[brandId(1)]?.ads.map((item) => item.ad.id)).toEqual(['late-deep']);
    expect(checks).toBeLessThanOrEqual(19);
  });

  it('two requests a brand at most in a quiet check, so 100 brands fit the hour budget', async () => {
    await watch(1);
    service.seed(brandId(1), 1_000);
    const watcher = runner();
    await watcher.run('scheduled');
    service.requests.length = 0;
    clock.advance(6 * HOUR);
    await watcher.run('scheduled');
    expect(service.requests).toEqual(['001', '001@200']);
  });
});

describe('a clock set back', () => {
  it('treats a last run in the future as now: the check runs, and the alarm is an interval away', async () => {
    await watch(1);
    service.seed(brandId(1), 3);
    await watchStatusItem.set({
      run: null,
      last: null,
      lastScheduledAt: TEST_NOW + 30 * 24 * HOUR,
      brands: {},
      window: { since: TEST_NOW + 30 * 24 * HOUR, requests: 10 },
    });
    await watchSettingsItem.set({ intervalHours: 6, notify: false });
    const background = startWatch({ search: service.search, clock });
    await vi.waitFor(async () => expect(await fakeBrowser.alarms.get('adscope-watch')).toBeDefined());
    expect((await fakeBrowser.alarms.get('adscope-watch'))?.scheduledTime).toBe(TEST_NOW + 6 * HOUR);
    await background.runner.run('scheduled');
    await vi.waitFor(async () => expect((await watchStatusItem.get()).last?.outcome).toBe('complete'));
    expect(service.requests[0]).toBe('001');
  });

  it('treats a pause far past the longest wait as over', async () => {
    await watch(1);
    service.seed(brandId(1), 3);
    await watchStatusItem.set({
      run: {
        id: 'r',
        kind: 'scheduled',
        startedAt: TEST_NOW,
        queue: [brandId(1)],
        total: 1,
        requests: 0,
        budget: 250,
        newAds: 0,
        newBrands: [],
        pausedUntil: TEST_NOW + 40 * 24 * HOUR,
        pauseReason: 'rate_limited',
        pauses: 0,
      },
      last: null,
      lastScheduledAt: TEST_NOW,
      brands: {},
      window: null,
    });
    expect(await runner().run('resume')).toBe('complete');
  });
});

describe('a clock moved on, then back', () => {
  it('lapses the interval and the hour’s budget early going on, and grants no budget of its own coming back', async () => {
    await watch(1, 2, 3, 4, 5);
    for (const n of [1, 2, 3, 4, 5]) service.seed(brandId(n), 300);
    await watchSettingsItem.set({ intervalHours: 6, notify: false });
    const watcher = runner({ policy: { budget: 4 } });
    // Each first check reads two pages: the budget ends the run.
    expect(await watcher.run('scheduled')).toBe('budget');
    expect(service.requests).toHaveLength(4);
    // Ten minutes on, the interval holds and the budget is spent.
    clock.advance(10 * 60_000);
    expect(await watcher.run('scheduled')).toBe('skipped');
    expect(await watcher.run('manual')).toBe('budget');
    expect(service.requests).toHaveLength(4);

    // The clock is put seven hours on: to the runner, time has passed; the interval and the window lapse.
    clock.advance(7 * HOUR);
    expect(await watcher.run('scheduled')).toBe('budget');
    expect(service.requests).toHaveLength(8);
    // Put right again, twenty minutes after the first run: the window opened ahead counts as open now.
    clock.set(TEST_NOW + 20 * 60_000);
    expect(await watcher.run('scheduled')).toBe('skipped');
    expect(await watcher.run('manual')).toBe('budget');
    expect(service.requests).toHaveLength(8);
    expect((await watchStatusItem.get()).window).toEqual({ since: TEST_NOW + 20 * 60_000, requests: 4 });
    // An hour by the clock now, the budget is there again.
    clock.advance(HOUR);
    expect(await watcher.run('manual')).toBe('budget');
    expect(service.requests).toHaveLength(12);
  });
});

describe('names and ids as they come', () => {
  it('a name past every limit is cut where it enters, and watched', async () => {
    const name = 'Outdoor Gear Company '.repeat(300);
    const parsed = protocol['watch.add'].input.safeParse({ brands: [{ id: brandId(1), name }] });
    expect(parsed.success).toBe(true);
    expect(await controls().add([{ id: brandId(1), name }])).toMatchObject({ added: 1, skipped: 0 });
    const [brand] = await watchlistItem.get();
    expect(brand?.name.length).toBe(200);
    expect(brand?.name.endsWith('…')).toBe(true);
  });

  it('one bad row does not sink an import: it is skipped and counted', async () => {
    const parsed = protocol['watch.add'].input.safeParse({
      brands: [
        { id: brandId(1), name: 'One' },
        { id: 'not a brand/id', name: 'Two' },
      ],
    });
    expect(parsed.success).toBe(true);
    expect(
      await controls().add([
        { id: brandId(1), name: 'One' },
        { id: 'not a brand/id', name: 'Two' },
        { id: brandId(3), name: 'Three' },
      ]),
    ).toEqual({ added: 2, watching: 2, skipped: 1 });
  });

  it("keeps a real service's brand ids (not UUIDs) across a restart, checks them, and unwatches them whole", async () => {
    const meta = 'm123456789012345';
    const dotted = 't.987';
    expect(
      await controls().add([
        { id: meta, name: 'Meta brand' },
        { id: dotted, name: 'TikTok brand' },
      ]),
    ).toEqual({
      added: 2,
      watching: 2,
      skipped: 0,
    });
    // A restart: nothing but what storage holds; a new runner and new controls read it.
    const stored = await fakeBrowser.storage.sync.get(null);
    expect(Object.keys(stored).sort()).toEqual([`watch.${meta}`, `watch.${dotted}`]);
    expect((await watchlistItem.get()).map((brand) => brand.id)).toEqual([meta, dotted]);
    service.seed(meta, 3);
    service.seed(dotted, 2);
    expect(await runner().run('manual')).toBe('complete');
    expect(service.requests.sort()).toEqual(['345', '987']);
    const seen = Object.keys(await fakeBrowser.storage.local.get(null)).filter((key) => key.startsWith('watchSeen.'));
    expect(seen.sort()).toEqual([`watchSeen.none.${meta}`, `watchSeen.none.${dotted}`]);
    await controls().remove([dotted]);
    expect((await watchlistItem.get()).map((brand) => brand.id)).toEqual([meta]);
    const left = Object.keys(await fakeBrowser.storage.local.get(null)).filter((key) => key.startsWith('watchSeen.'));
    expect(left).toEqual([`watchSeen.none.${meta}`]);
  });

  it('one brand under another form of its id (upper case, compact) is watched once, and unwatched whole', async () => {
    const watchlist = controls();
    const id = brandId(7);
    await watchlist.add([{ id, name: 'Seven' }]);
    expect(await watchlist.add([{ id: id.toUpperCase(), name: 'Seven' }])).toMatchObject({ added: 0, watching: 1 });
    expect(await watchlist.add([{ id: id.replaceAll('-', ''), name: 'Seven' }])).toMatchObject({ added: 0 });
    // Written under another form by an earlier version on another synced browser.
    await fakeBrowser.storage.sync.set({ [`watch.${id.toUpperCase()}`]: { n: 'Seven', a: TEST_NOW + 5 } });
    expect(readWatchlist(await fakeBrowser.storage.sync.get(null))).toEqual([
      expect.objectContaining({ id, name: 'Seven' }),
    ]);
    await watchlist.remove([id.toUpperCase()]);
    expect(await watchlistItem.get()).toEqual([]);
  });
});

describe('per service, and one budget', () => {
  it('a switch to another service learns its brands afresh: New is not flooded, and each keeps its own news', async () => {
    let current = 'workspace-a';
    const watcher = runner({ service: async () => current });
    await watch(1);
    service.seed(brandId(1), 10);
    await watcher.run('scheduled');
    service.launch(brandId(1), 'news-on-a', '2026-11-23');
    clock.advance(6 * HOUR);
    await watcher.run('scheduled');
    expect(newAdCount(await watchNewsItem.get())).toBe(1);

    // Another service: its ads are all unknown here, and none of them is news.
    current = 'workspace-b';
    service.seed(brandId(1), 10, 'other-service', Date.UTC(2026, 10, 24));
    clock.advance(6 * HOUR);
    await watcher.run('scheduled');
    expect(newAdCount(await watchNewsItem.get())).toBe(0);
    // Back: its news is as it was.
    current = 'workspace-a';
    clock.advance(6 * HOUR);
    await watcher.run('scheduled');
    const news = await watchNewsItem.get();
    expect(news.brands[brandId(1)]?.ads.map((item) => item.ad.id)).toContain('news-on-a');
  });

  it('a new key for the same service keeps its seen ads and news; another service starts anew', async () => {
    const connect = (baseUrl: string, apiKey: string) =>
      connectionItem.set({ baseUrl, origin: new URL(baseUrl).origin, apiKey });
    await connect('https://api.example.com', 'key-number-one-1234');
    const watcher = runner({ service: currentService });
    await watch(1);
    service.seed(brandId(1), 10);
    await watcher.run('scheduled');
    service.launch(brandId(1), 'news-before-the-new-key', '2026-11-23');
    clock.advance(6 * HOUR);
    await watcher.run('scheduled');
    expect(newAdCount(await watchNewsItem.get())).toBe(1);

    // The key replaced for the same service: what was seen and what is new stay.
    await connect('https://api.example.com/', 'key-number-two-5678');
    service.launch(brandId(1), 'news-after-the-new-key', '2026-11-24');
    clock.advance(6 * HOUR);
    await watcher.run('scheduled');
    const kept = await watchNewsItem.get();
    expect(kept.brands[brandId(1)]?.ads.map((item) => item.ad.id).sort()).toEqual([
      'news-after-the-new-key',
      'news-before-the-new-key',
    ]);

    // Another service: learned afresh, nothing of the first one's shown as its own.
    await connect('https://other.example.com', 'key-number-two-5678');
    clock.advance(6 * HOUR);
    await watcher.run('scheduled');
    expect(newAdCount(await watchNewsItem.get())).toBe(0);
  });

  it('back-to-back runs share one request budget an hour', async () => {
    await watch(1, 2, 3, 4);
    for (const n of [1, 2, 3, 4]) service.seed(brandId(n), 3);
    const watcher = runner({ policy: { budget: 6 } });
    expect(await watcher.run('manual')).toBe('complete');
    expect(service.requests).toHaveLength(4);
    expect(await watcher.run('manual')).toBe('budget');
    expect(service.requests).toHaveLength(6);
    const last = (await watchStatusItem.get()).last;
    expect(last && describeChecks(null, last, null)).toMatch(/6 requests an hour/);
    clock.advance(HOUR);
    expect(await watcher.run('manual')).toBe('complete');
  });
});

it('the seen set holds a full sweep of 2,000 ads', () => {
  expect(SEEN_LIMIT).toBeGreaterThanOrEqual(2_000);
});
