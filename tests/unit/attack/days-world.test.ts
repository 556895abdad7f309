/*
 * The background jobs over days of real use: a worker killed between two writes of one job, a
 * night asleep, a check paused across the hour. Each test is a user's scenario that ends with
 * something the user sees that is not so; the comment above each names the cause in the code.
 * Clocks are injected (tests/support/clock.ts; times of day below are UTC, from TEST_NOW at
 * 12:00); requests are held with promises; nothing waits on a real clock or the machine's zone.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createApi } from '@/lib/background/api';
import type { Transport } from '@/lib/background/api/transport';
import { createBoards } from '@/lib/background/boards';
import { startGenerationTracker } from '@/lib/background/jobs/generation-runner';
import { type GenerationApi, GenerationTracker } from '@/lib/background/jobs/generation-tracker';
import { SaveOutbox } from '@/lib/background/jobs/save-outbox';
import type { Generation } from '@/lib/contract/image-generations';
import { ApiError } from '@/lib/messaging/api-error';
import { deleteVault } from '@/lib/vault/db';
import { createLocalBoard, localHoldings } from '@/lib/vault/local-boards';
import { startWatch } from '@/lib/background/watch/watch-service';
import { type BrandPageSearch, WatchRunner } from '@/lib/background/watch/watch-runner';
import { newAdCount, watchNewsItem, watchSettingsItem, watchStatusItem } from '@/lib/storage/watchlist';
import { manualClock, TEST_NOW } from '../../support/clock';
import { WorkerGate } from '../../support/job-world';
import { brandId, fakeService, HOUR, watch } from '../../support/watch-service';

beforeEach(async () => {
  fakeBrowser.reset();
  await deleteVault();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Lets storage events, timers of 0 ms and settled promises run. */
async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** A service no test here reaches: boards in this browser need none. */
const unreachable = (): never => {
  throw new ApiError({ code: 'network', message: 'No service in this test.' });
};
const noService: Transport = {
  get: async () => unreachable(),
  post: async () => unreachable(),
  delete: async () => unreachable(),
};

describe('saves over days (save-outbox.ts, boards.ts)', () => {
  /*
   * Scenario: the user saves an ad to "Spring ideas", a board kept in this browser. The ad lands
   * on the board (IndexedDB), and the worker is stopped before the outbox writes the save as
   * confirmed (the browser closed, the worker ended). The next worker sends the save again, as
   * the outbox promises ("a new worker sends it once"). The toast says "Saved · Undo"; the user
   * clicks Undo: nothing happens, the ad stays on the board for good.
   * Cause: save-outbox.ts SaveOutbox.send sends an entry that has `sentAt` again, and boards.ts
   * send → local-boards.ts saveLocal finds its own first write and answers `alreadyThere: { added: [] }`;
   * SaveOutbox.undo then takes the save for one of an ad the board held already, with no tags added,
   * and returns null without queuing the removal.
   */
  it('a save to a board in this browser, its worker stopped before "done" was written: Undo takes the ad off again', async () => {
    const clock = manualClock();
    const board = await createLocalBoard({ name: 'Spring ideas', parentId: null }, 'spring', clock());
    const worker = (gate: WorkerGate, dies: boolean) => {
      const boards = createBoards({
        api: createApi(noService),
        apiFor: () => createApi(noService),
        service: async () => null,
        clock,
        gate,
      });
      return new SaveOutbox({
        send: async (entry) => {
          const answer = await boards.send(entry);
          // The worker is stopped as the board's write lands, before the outbox's.
          if (dies) gate.kill();
          return answer;
        },
        schedule: () => undefined,
        now: clock,
        gate,
        autoDrain: false,
      });
    };

    const first = worker(new WorkerGate(true), true);
    const saved = await first.enqueue({
      op: 'save',
      boardId: board.id,
      boardName: board.name,
      adId: 'ad-1',
      tags: [],
      ad: { id: 'ad-1', title: 'Trail shoes', brand_name: 'Northwind' },
    });
    void first.drain();
    await vi.waitFor(async () => expect((await localHoldings()).get('ad-1')).toEqual([board.id]));
    await settle();

    // A new worker goes on from storage.
    clock.advance(30_000);
    const second = worker(new WorkerGate(true), false);
    await second.drain();
    expect((await second.list()).find((entry) => entry.id === saved.id)?.status).toBe('done');

    // Undo on the toast.
    await second.undo(saved.id);
    await second.drain();
    expect((await localHoldings()).get('ad-1')).toBeUndefined();
  });
});

/** The words of every notification shown since the spy was set. */
function notices(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls.map((call) => JSON.stringify(call[1]));
}

describe('the watchlist over days (watch-runner.ts, watch-service.ts)', () => {
  /*
   * Scenario: notifications on, Brand 1 watched (learned by a first check). It launches 3 ads.
   * The scheduled check finds them and writes them to New with the brand's seen ids; the worker
   * is stopped right after that write, before the next one (the brand's sweep position, then the
   * run's state). The next worker goes on with the check and ends it. New and the badge show
   * 3 new ads, yet no notification ever says so: the user who turned notifications on to hear of
   * launches hears nothing.
   * Cause: watch-runner.ts WatchRunner.checkBrand (readPage) writes the finds and the seen ids in
   * one write (updateNews), but counts them (`run.newAds`, `run.found`) only in memory until the
   * run's state is saved (spend or carryOn's save), after writeSeen. The new worker checks the
   * brand again, finds its ads seen, and finish() reports newAds 0, so watch-service.ts notifyRun
   * says nothing.
   */
  it('a worker stopped between the write of the finds and the next: the check still announces them', async () => {
    const clock = manualClock();
    const service = fakeService();
    await watch(1);
    service.seed(brandId(1), 3);
    await watchSettingsItem.set({ intervalHours: 6, notify: true });
    const first = startWatch({ search: service.search, clock });
    await first.fireAlarm();
    await vi.waitFor(async () => expect((await watchStatusItem.get()).last?.outcome).toBe('complete'));
    await settle();
    const notified = vi.spyOn(fakeBrowser.notifications, 'create');

    for (const id of ['x1', 'x2', 'x3']) service.launch(brandId(1), id, '2026-11-22');
    clock.advance(6 * HOUR);
    // The worker dies at its next write after the finds: a write of the seen ids alone never lands.
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    let cut = 0;
    const dying = vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
      if (Object.keys(items).every((key) => key.startsWith('watchSeen'))) {
        cut += 1;
        return new Promise<void>(() => undefined);
      }
      return set(items);
    });
    void first.fireAlarm();
    await vi.waitFor(() => expect(cut).toBe(1));
    expect(newAdCount(await watchNewsItem.get())).toBe(3);

    // The worker is gone; a new one starts a minute later and goes on with the check.
    dying.mockRestore();
    clock.advance(60_000);
    startWatch({ search: service.search, clock });
    await vi.waitFor(async () => {
      const status = await watchStatusItem.get();
      expect(status.run).toBeNull();
      expect(status.last?.startedAt).toBe(clock() - 60_000);
    });
    await settle();

    expect(newAdCount(await watchNewsItem.get())).toBe(3);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('3');
    expect(notices(notified)).toHaveLength(1);
    expect(notices(notified)[0]).toContain('3 new ads');
  });

  /*
   * Scenario: 100 brands watched, about 150 ads each. The 6-hourly check at 18:00 takes its 200
   * requests of the hour's 250. At 18:30 the user clicks Check now; three requests in, the
   * laptop's lid is shut (the network drops): the check pauses a minute. The laptop sleeps all
   * night; at 03:30 it wakes and the check goes on, in an hour no check has spent anything of. It
   * stops after 24 brands: "Stopped at the limit of 250 requests an hour (it frees at 19:00 UTC)",
   * eight and a half hours after 19:00, and 76 brands wait for the next interval.
   * Cause: watch-runner.ts WatchRunner.execute sets `run.budget` from the hour's window once, when
   * the run starts; carryOn/spend never look at the window again, so a run resumed hours later
   * keeps the budget left in an hour long gone (and the words name that hour's end).
   */
  it("a Check now paused by a night asleep goes on with the new hour's budget, not what the hour it began in had left", async () => {
    const clock = manualClock();
    const service = fakeService();
    const brands = Array.from({ length: 100 }, (_, index) => index + 1);
    await watch(...brands);
    for (const n of brands) service.seed(brandId(n), 150);
    let dropAt = -1;
    let sent = 0;
    const search: BrandPageSearch = (brand, cursor) => {
      sent += 1;
      if (sent === dropAt) return Promise.reject(new ApiError({ code: 'network', message: 'Offline.' }));
      return service.search(brand, cursor);
    };
    const watcher = new WatchRunner({ search, clock, wakeAt: () => undefined });
    // 12:00, the first check learns the brands; at 18:00 the scheduled check reads them again.
    expect(await watcher.run('scheduled')).toBe('complete');
    clock.advance(6 * HOUR);
    expect(await watcher.run('scheduled')).toBe('complete');
    expect((await watchStatusItem.get()).last?.requests).toBe(200);

    // 18:30, Check now; its third request meets the network gone as the lid shuts.
    clock.advance(HOUR / 2);
    dropAt = sent + 3;
    expect(await watcher.run('manual')).toBe('paused');

    // Nine hours of sleep; at 03:30 the laptop wakes and the check goes on.
    clock.advance(9 * HOUR);
    await watcher.run('resume');
    const last = (await watchStatusItem.get()).last;
    expect(last?.outcome).toBe('complete');
    expect(last?.checked).toBe(100);
  });
});

describe('the watchlist waking after a night (watch-runner.ts, watch-service.ts)', () => {
  /*
   * Scenario: 100 brands watched, about 150 ads each, checked every 6 hours. The 18:00 check is
   * three requests in when the laptop's lid is shut: it pauses a minute and the laptop sleeps
   * until 03:00. On waking the worker starts (it goes on with the paused check) and the watch
   * alarm missed at midnight fires at once. The paused check ends, then a whole new check starts
   * right after it: every brand but one is checked twice within minutes (the promise is "nothing
   * is checked more often than the interval"), and the service gets 398 requests in the hour
   * where all checks together are promised 250.
   * Cause: watch-runner.ts WatchRunner.run queues a scheduled run asked during a wake-up's resume
   * (`waiting`), and loop() runs it after the resumed one, whose start (lastScheduledAt, 18:00)
   * is what the interval is counted from; spend() counts the resumed run's requests in the window
   * opened at 18:00, which has lapsed, so the new run finds the hour's budget whole.
   */
  it("the check paused at night and the missed alarm, both at waking: each brand once, within the hour's 250 requests", async () => {
    const clock = manualClock();
    const service = fakeService();
    const brands = Array.from({ length: 100 }, (_, index) => index + 1);
    await watch(...brands);
    for (const n of brands) service.seed(brandId(n), 150);
    await watchSettingsItem.set({ intervalHours: 6, notify: false });
    let dropAt = -1;
    const search: BrandPageSearch = (brand, cursor) => {
      if (service.requests.length + 1 === dropAt) {
        service.requests.push('dropped');
        return Promise.reject(new ApiError({ code: 'network', message: 'Offline.' }));
      }
      return service.search(brand, cursor);
    };
    const evening = startWatch({ search, clock });
    await evening.fireAlarm();
    await vi.waitFor(async () => expect((await watchStatusItem.get()).last?.outcome).toBe('complete'));

    // 18:00: the scheduled check; its third request meets the network gone as the lid shuts.
    clock.advance(6 * HOUR);
    dropAt = service.requests.length + 3;
    expect(await evening.fireAlarm()).toBe('paused');

    // 03:00: the laptop wakes; a new worker goes on with the check, and the missed alarm fires.
    clock.advance(9 * HOUR);
    const before = service.requests.length;
    const morning = startWatch({ search: service.search, clock });
    await morning.fireAlarm();
    await vi.waitFor(async () => expect((await watchStatusItem.get()).run).toBeNull());
    await settle();

    const sent = service.requests.slice(before);
    const newest = sent.filter((request) => !request.includes('@'));
    expect(new Set(newest).size).toBe(newest.length);
    expect(sent.length).toBeLessThanOrEqual(250);
  });
});

describe('a generation over days (generation-tracker.ts, generation-runner.ts)', () => {
  /*
   * Scenario: the user generates an image for Northwind. The service accepts it and then answers
   * "processing" at every poll (its task is stuck; it may still finish, and it is charged). After
   * about half an hour of polls Adscope stops checking, and the popup says so rightly: "The
   * service has not finished this generation… Retry checks it again." But the notification the
   * browser shows says "Image generation failed" ("Northwind: Still running."), a failure the
   * service never reported, in words the popup contradicts.
   * Cause: generation-tracker.ts GenerationTracker.poll ends a job past maxRunningPolls through
   * fail() (phase 'failed', error field 'unfinished'), and generation-runner.ts notifyEnded /
   * endedNotice words every job that is not done with images as 'worker.notify.failed', with the
   * error's English message as the reason; only the popup tells 'unfinished' apart.
   */
  it('a generation the service keeps "processing": the notification does not say it failed', async () => {
    const clock = manualClock();
    const processing: Generation = {
      generation_id: 'gen-1',
      status: 'processing',
      image_ids: ['img-1'],
      concept_ids: [],
      images: [{ image_id: 'img-1', status: 'processing' }],
    };
    let polls = 0;
    const transport: Transport = {
      get: async (_path, request) => {
        polls += 1;
        return request.schema.parse(processing);
      },
      post: async (_path, request) =>
        request.schema.parse({ ...processing, status: 'pending', image_ids: [], images: [] }),
      delete: async () => unreachable(),
    };
    const notified = vi.spyOn(fakeBrowser.notifications, 'create');
    const tracker = startGenerationTracker(() => createApi(transport), clock);
    await tracker.submit({ prompt: 'Trail shoes for spring', brand_id: 'brand-1', size: 1 }, 'Northwind');
    await tracker.drain();

    // The service keeps answering "processing": poll after poll, each when it is due.
    while (clock() < TEST_NOW + 6 * HOUR) {
      const [job] = await tracker.list();
      if (!job || job.phase !== 'running') break;
      clock.set(Math.max(job.nextAt, clock() + 1));
      await tracker.drain();
    }
    expect(polls).toBeGreaterThan(100);
    const [job] = await tracker.list();
    expect(job?.error?.field).toBe('unfinished');
    await vi.waitFor(() => expect(notified).toHaveBeenCalledTimes(1));

    const [notice] = notices(notified);
    expect(notice).not.toContain('Image generation failed');
    expect(notice).not.toContain('Still running.');
  });

  /*
   * Scenario: two generations run at once, Acme's and Northwind's. Northwind's ends: its poll
   * answers "success", and the job is written done. The next poll in the same pass, Acme's, is
   * still on its way when the worker is stopped. The new worker polls Acme's and announces it.
   * Northwind's "Your images are ready" never comes: the user waiting on it hears nothing, and
   * finds the images only by opening the popup.
   * Cause: generation-tracker.ts GenerationTracker keeps the jobs that ended in `this.ended` (in
   * memory) and hands them to onChange (generation-runner.ts notifyEnded) only in afterPass, once
   * every due job of the pass has been worked; nothing stored says a done job is still to be
   * announced, so a new worker never announces it.
   */
  it('a worker stopped while another job is polled, after a generation ended: its "images are ready" is still said', async () => {
    const clock = manualClock();
    const status = new Map<string, Generation['status']>();
    let hang: string | null = null;
    let submitted = 0;
    const api: GenerationApi = {
      submit: async () => {
        submitted += 1;
        const id = `gen-${submitted}`;
        status.set(id, 'processing');
        return {
          generation_id: id,
          status: 'pending',
          image_ids: [],
          concept_ids: [],
          images: [],
        } satisfies Generation;
      },
      get: async (id: string): Promise<Generation> => {
        if (id === hang) return new Promise<never>(() => undefined);
        const now = status.get(id) ?? 'processing';
        return {
          generation_id: id,
          status: now,
          image_ids: [`${id}-img`],
          concept_ids: [],
          images: [{ image_id: `${id}-img`, status: now === 'success' ? 'success' : 'processing' }],
        };
      },
      image: async (_generation: string, image: string) => ({
        id: image,
        status: 'success',
        url: `https://cdn.example/${image}.png`,
        concept: null,
        error: null,
        width: null,
        height: null,
      }),
    };
    const announced: string[] = [];
    const worker = (gate: WorkerGate) =>
      new GenerationTracker({
        api,
        schedule: () => undefined,
        now: clock,
        random: () => 0.5,
        gate,
        onChange: (_jobs, ended) => announced.push(...ended.map((job) => job.brandName)),
      });

    const gate = new WorkerGate(true);
    const first = worker(gate);
    await first.submit({ prompt: 'Rain jackets', brand_id: 'brand-acme', size: 1 }, 'Acme');
    await first.submit({ prompt: 'Trail shoes for spring', brand_id: 'brand-northwind', size: 1 }, 'Northwind');
    await first.drain();
    const jobs = await first.list();
    expect(jobs.map((job) => job.phase)).toEqual(['running', 'running']);
    const acme = jobs.find((job) => job.brandName === 'Acme')?.generationId ?? '';
    const northwind = jobs.find((job) => job.brandName === 'Northwind')?.generationId ?? '';

    // Northwind's generation ends; Acme's poll does not answer before the worker is stopped.
    status.set(northwind, 'success');
    hang = acme;
    clock.advance(10_000);
    void first.drain();
    await vi.waitFor(async () =>
      expect((await first.list()).find((job) => job.brandName === 'Northwind')?.phase).toBe('done'),
    );
    gate.kill();

    // A new worker; Acme's ends too.
    hang = null;
    status.set(acme, 'success');
    clock.advance(10_000);
    const second = worker(new WorkerGate(true));
    await second.drain();
    expect((await second.list()).map((job) => job.phase)).toEqual(['done', 'done']);
    expect(announced.sort()).toEqual(['Acme', 'Northwind']);
  });
});
