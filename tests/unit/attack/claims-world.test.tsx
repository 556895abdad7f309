// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SaveToasts } from '@/components/ads/save-toasts';
import { VaultForm } from '@/components/options/vault-form';
import { GenerationJobs } from '@/components/popup/generation-jobs';
import { generationJobsItem, GenerationTracker } from '@/lib/background/jobs/generation-tracker';
import { deleteVault } from '@/lib/vault/db';
import { useSaveStore } from '@/components/ads/save-store';
import { SaveOutbox } from '@/lib/background/jobs/save-outbox';
import { startWatch } from '@/lib/background/watch/watch-service';
import { ApiError } from '@/lib/messaging/api-error';
import type { OutboxEntry } from '@/lib/storage/outbox';
import { newAdCount, watchNewsItem, watchSettingsItem, watchStatusItem } from '@/lib/storage/watchlist';
import { testAd } from '../../support/ads';
import { manualClock, TEST_NOW } from '../../support/clock';
import { boardAd, keepWorld } from '../../support/keep-world';
import { answerAsBackground } from '../../support/background-answers';
import { waitForPage } from '../../support/react-root';
import { pageWorld, tick } from '../../support/page-world';
import { brandId, fakeService, HOUR, watch } from '../../support/watch-service';

/**
 * Sentences that say more than (or other than) what happened. Each test plays a user's scenario
 * through the product's own code (the outbox, the generation tracker, the vault keeper, the watch
 * runner), then reads the sentence the user is shown and sets it against what was really done.
 *
 * 1. The save toast says "the service is not answering" of a save the service answered 429.
 * 2. "Every creative of this board is kept already." of a board whose creative was left out.
 * 3. Options lists that board under "Kept creatives by board" as "1 ad, 1 kB", nothing kept.
 * 4. A watch notification says "2 new ads" of one new ad the service listed twice on a page.
 * 5. The popup says "Reconnecting" / "Waiting to reach the service" of a submit answered 429.
 */

const { render, cleanups } = pageWorld(() => {
  useSaveStore.setState({ toasts: [], lastBoard: null, recent: [], dialogAd: null });
});

const toast = () => document.querySelector('.toast')?.textContent ?? '';

/** Lets storage events, timers of 0 ms and settled promises run. */
async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('the save toast, while the service asks Adscope to wait', () => {
  // The user saves an ad to Tents. The service answers 429 Too Many Requests (Retry-After 30 s):
  // it answered, and asked Adscope to slow down. The outbox keeps the save pending and tries
  // again after the wait. The toast says "Saving to Tents… the service is not answering; Adscope
  // will keep trying." The service did answer; the wrong cause is blamed (a user who reads it
  // checks their network or the service's status page, not their plan's rate).
  // Cause: SaveToasts (components/ads/save-toasts.tsx) says ads.toast.retrying for any pending
  // entry with attempts > 0, whatever error the outbox stored with it (rate_limited here).
  it('does not say the service is not answering when it answered "too many requests"', async () => {
    let id = 0;
    const outbox = new SaveOutbox({
      send: async (_: OutboxEntry) => {
        throw new ApiError({
          code: 'rate_limited',
          httpStatus: 429,
          message: 'Too many requests: slow down.',
          retryable: true,
          retryAfterMs: 30_000,
        });
      },
      schedule: () => undefined,
      now: manualClock(),
      random: () => 1,
      newId: () => `e${++id}`,
      autoDrain: false,
    });
    answerAsBackground((message) => {
      // The background's answer to outbox.save: the entry the outbox queued, as a whole reply.
      if (message.type === 'outbox.save')
        return outbox
          .enqueue({ op: 'save', boardId: 'b2', boardName: 'Tents', adId: 'ad-1', tags: [] })
          .then((data) => ({ ok: true, data }));
      return {};
    });
    await render(<SaveToasts />);
    await act(async () => {
      await useSaveStore
        .getState()
        .save(testAd({ id: 'ad-1', title: 'Waterproof tent' }), { id: 'b2', name: 'Tents' }, []);
      await outbox.drain();
      await tick();
    });
    const [entry] = await outbox.list();
    // What happened: the service answered 429; the save waits out its Retry-After.
    expect({ status: entry?.status, attempts: entry?.attempts, code: entry?.error?.code }).toEqual({
      status: 'pending',
      attempts: 1,
      code: 'rate_limited',
    });
    await waitForPage(() => expect(toast()).toContain('Tents'));
    expect(toast()).not.toContain('not answering');
  });
});

/**
 * A board Tents (b1) whose one creative is larger than the vault keeps (the keeper's limit set
 * to 4 bytes, the creative 12): the user presses "Keep this board's creatives", then "Keep them",
 * and the keeper fetches it and leaves it out as too large. Returns the world, the view open.
 */
async function keptTooLarge() {
  // The page's clock reads the same instant whatever the machine's date.
  vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
  const world = keepWorld({ policy: { maxFileBytes: 4 } });
  cleanups.push(async () => {
    await world.dispose();
    vi.useRealTimers();
  });
  await world.connect();
  const url = 'https://cdn.example/tent.png';
  world.service.board('https://api.example.com', 'k'.repeat(24), 'b1', [boardAd('ad-1', [url])]);
  world.media.kinds.set(url, 'ok');
  await world.settle();
  await world.mount();
  await world.prepare();
  expect(world.question()).toMatch(/^Keep 1 creative of 1 ad not kept yet/);
  await world.keep();
  await waitForPage(() => expect(world.step()).toBe('said'));
  // What happened: the keeper fetched it, found it too large, and kept nothing.
  expect(world.line()).toMatch(/^Kept 0 creatives of 0 ads\. 1 creative not kept/);
  expect(await world.keptOf(['ad-1'])).toBe(0);
  return world;
}

describe('Keep this board’s creatives, on a board whose creative was not kept', () => {
  // The user keeps a board's creatives; the one creative is larger than the vault keeps, so the
  // line ends "Kept 0 creatives of 0 ads. 1 creative not kept (not an image, too large, or on a
  // private address)." Later the user presses "Keep this board's creatives" again: the line now
  // says "Every creative of this board is kept already." The vault holds none of them.
  // Cause: useBoardVault.prepare (components/boards/use-board-vault.ts) counts an ad as kept when
  // fullyKept (lib/vault/db.ts) finds no fetch failure among its skipped creatives: a creative
  // left out as too large (or not an image) counts as kept, and describeStep then says
  // boards.keep.allKept for a board with nothing in the vault.
  it('does not say every creative is kept when the vault holds none of them', async () => {
    const world = await keptTooLarge();

    await world.prepare();
    expect(await world.keptOf(['ad-1'])).toBe(0);
    expect(world.line()).toBe(
      'Nothing more to keep: 1 creative of this board cannot be kept (not an image, too large, or on a private address).',
    );
  });
});

describe('the Options vault card, after a board’s only creative was left out', () => {
  // Same board: its one creative was left out as too large, and the vault holds no file. Options'
  // card says "Nothing kept yet." and, just under it, lists "Kept creatives by board: Tents 1 ad,
  // 1 kB" with a Free button: a board with an ad and a kilobyte kept, of which nothing is kept.
  // Cause: vaultSize (lib/vault/db.ts) counts every `ads` row of a board as a kept ad, whether or
  // not any of its creatives is in the files store, and VaultForm (components/options/vault-form.tsx)
  // words 0 bytes with formats.fileSize, whose smallest size is "1 kB".
  it('lists no board as holding kept ads when none of its creatives is kept', async () => {
    await keptTooLarge();
    const storage = Object.getOwnPropertyDescriptor(navigator, 'storage');
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { estimate: async (): Promise<StorageEstimate> => ({ usage: 40_000, quota: 2_000_000_000 }) },
    });
    cleanups.push(async () => {
      if (storage) Object.defineProperty(navigator, 'storage', storage);
      else Reflect.deleteProperty(navigator, 'storage');
      await deleteVault();
    });

    await render(<VaultForm />);
    await waitForPage(() => expect(document.body.textContent).toContain('Nothing kept yet.'));
    const rows = [...document.querySelectorAll('.vault-board')].map((row) => row.textContent);
    expect(rows).toEqual([]);
  });
});

describe('a watch check, when the service lists one new ad twice on a page', () => {
  // A watched brand launches one ad; the service's newest page lists it twice (the same id in two
  // rows, as a service that joins two indexes does). The check's notification says "2 new ads
  // from Brand 1", the badge says 2, and New shows the ad twice: one ad is new.
  // Cause: WatchRunner.checkBrand's readPage (lib/background/watch/watch-runner.ts) puts every
  // row whose id is fresh into the news (rows.ads.filter(fresh.has)), and addNews counts each
  // row it adds without putting the ids it adds in `known`: diffPage gives the id once, the
  // filter gives it back twice.
  it('announces and counts one new ad once', async () => {
    const clock = manualClock();
    const service = fakeService();
    await watch(1);
    service.seed(brandId(1), 3);
    await watchSettingsItem.set({ intervalHours: 6, notify: true });
    const background = startWatch({ search: service.search, clock });
    await background.fireAlarm();
    await vi.waitFor(async () => expect((await watchStatusItem.get()).last?.outcome).toBe('complete'));
    await settle();
    const notified = vi.spyOn(fakeBrowser.notifications, 'create');

    service.launch(brandId(1), 'launch-1', '2026-11-22');
    service.launch(brandId(1), 'launch-1', '2026-11-22');
    clock.advance(6 * HOUR);
    await background.fireAlarm();
    await settle();

    const news = await watchNewsItem.get();
    expect({
      newCount: newAdCount(news),
      // The options (title, message) of each notification the browser was asked to show.
      notification: notified.mock.calls.map((call) => JSON.stringify(call[1])),
    }).toEqual({ newCount: 1, notification: [expect.stringContaining('"title":"1 new ad from Brand 1"')] });
  });
});

describe('the popup’s generation, while the service asks Adscope to wait', () => {
  // The user starts a generation; the service answers the submit 429 Too Many Requests with a
  // Retry-After: it is reachable, and asks Adscope to wait. The tracker keeps the job
  // "submitting" and sends the same key again after the wait. The popup's chip says
  // "Reconnecting", and its notice is headed "Waiting to reach the service": the service was
  // reached and answered; no connection was lost.
  // Cause: statusWords (components/popup/job-words.ts) says jobs.status.reconnecting for any
  // submitting job with an error, and JobNotices (components/popup/generation-jobs.tsx) heads it
  // jobs.waitingTitle, whatever the stored error's code (rate_limited here).
  it('does not say it is reconnecting to a service that answered "too many requests"', async () => {
    let id = 0;
    const tracker = new GenerationTracker({
      api: {
        submit: async () => {
          throw new ApiError({
            code: 'rate_limited',
            httpStatus: 429,
            message: 'Too many requests: slow down.',
            retryable: true,
            retryAfterMs: 30_000,
          });
        },
        get: async () => {
          throw new Error('never polled: nothing was accepted');
        },
        image: async () => {
          throw new Error('never read: nothing was made');
        },
      },
      schedule: () => undefined,
      now: manualClock(),
      random: () => 0.5,
      newId: () => `key-${(id += 1).toString().padStart(4, '0')}`,
    });
    await tracker.submit({ prompt: 'Trail shoes for spring', brand_id: 'brand-1', size: 2 }, 'Acme');
    await tracker.drain();
    const [job] = await generationJobsItem.get();
    // What happened: the service answered the submit, 429; the job waits to send it again.
    expect({ phase: job?.phase, code: job?.error?.code }).toEqual({ phase: 'submitting', code: 'rate_limited' });

    await render(<GenerationJobs />);
    await waitForPage(() => expect(document.querySelector('.job-status')).not.toBeNull());
    expect({
      chip: document.querySelector('.job-status')?.textContent,
      saysWaitingToReach: document.body.textContent?.includes('Waiting to reach the service'),
    }).toEqual({ chip: expect.not.stringMatching(/Reconnecting/), saysWaitingToReach: false });
  });
});
