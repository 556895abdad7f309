// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import NewTab from '@/components/watchlist/new-tab';
import { newsConcepts } from '@/components/watchlist/describe';
import { writeConnection, currentService } from '@/lib/background/api/credentials';
import { startWatch } from '@/lib/background/watch/watch-service';
import {
  EMPTY_STATUS,
  newAdCount,
  type RunState,
  watchlistItem,
  watchNewsItem,
  watchNextAtItem,
  watchSettingsItem,
  watchStatusItem,
} from '@/lib/storage/watchlist';
import { testAd } from '../../support/ads';
import { manualClock, TEST_NOW } from '../../support/clock';
import { waitForPage } from '../../support/react-root';
import { brandId, fakeService, finishedCheck, HOUR, watch } from '../../support/watch-service';
import { held, pageWorld } from '../../support/page-world';
import { followConnection } from '@/lib/background/jobs/connection-watch';
import { JobGate } from '@/lib/background/jobs/job-gate';

/**
 * New (components/watchlist) and the watchlist's background saying more than what happened.
 *
 * 1. "A check is already under way." outlives the check. Check now is pressed while the worker
 *    is already checking (the alarm's run began a moment before and has not written its state
 *    yet): the background answers { started: false } and NewTab adds "A check is already under
 *    way." to the status line. The line is built from `checkNow.data`, which stays as long as the
 *    tab is open: once that check has ended and the line says "Last check …: finished", it still
 *    says a check is under way.
 * 2. Another workspace's news shown as this one's. News is kept per service (watch-runner's
 *    switchService puts the last service's news aside), but only when a check runs. The user
 *    connects another service in Options: until the next check (hours away, or never with
 *    checks off) New shows, and the toolbar badge counts, the ads found on the service left.
 * 3. An unwatch that failed, never said. The watchlist's Unwatch buttons share one mutation
 *    (useWatchActions' `unwatch`), which follows only the last brand asked for: the user unwatches
 *    Brand 1, then Brand 2 while the first is on its way; Brand 1's removal fails (storage refused
 *    it), and "Could not unwatch" is never shown, since the mutation's state is Brand 2's success.
 * 4. A version's name cut in half a character. newsConcepts names an idea by its title cut to
 *    59 characters with `slice`, not fitText: an emoji across the cut leaves half a surrogate
 *    pair, shown as a replacement character.
 */

const { render, cleanups } = pageWorld();

interface Message {
  type: string;
  payload: Record<string, unknown>;
}

/** The background as the views see it: each request answered by `answer`. */
function background(answer: (message: Message) => unknown) {
  const asked: Message[] = [];
  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: Message) => {
    asked.push(message);
    return { ok: true, data: answer(message) };
  }) as typeof browser.runtime.sendMessage);
  return asked;
}

/** Lets storage events, timers of 0 ms and settled promises run. */
async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

const statusLine = () => document.querySelector('.results-status')?.textContent ?? '';
const button = (name: string) => {
  const found = [...document.querySelectorAll('button')].find((item) => item.textContent === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
};

function runningCheck(changes: Partial<RunState> = {}): RunState {
  return {
    id: 'run-1',
    kind: 'scheduled',
    startedAt: TEST_NOW,
    queue: [brandId(1)],
    total: 1,
    requests: 0,
    budget: 250,
    newAds: 0,
    newBrands: [],
    pausedUntil: null,
    pauseReason: null,
    pauses: 0,
    ...changes,
  };
}

describe('New’s status line (components/watchlist/new-tab.tsx)', () => {
  it('stops saying a check is under way once that check has ended', async () => {
    await watch(1);
    await watchNewsItem.set({ brands: {}, service: null });
    await watchStatusItem.set(EMPTY_STATUS);
    await watchNextAtItem.set(null);
    // The alarm's check began in the worker a moment ago: Check now joins it.
    background((message) => (message.type === 'watch.checkNow' ? { started: false } : {}));
    await render(<NewTab />);
    await waitForPage(() => expect(button('Check now').disabled).toBe(false));

    await act(async () => button('Check now').click());
    await waitForPage(() => expect(statusLine()).toContain('A check is already under way.'));

    // The check writes its state, then ends.
    await act(async () => watchStatusItem.set({ ...EMPTY_STATUS, run: runningCheck() }));
    await waitForPage(() => expect(statusLine()).toContain('Checking: 0 of 1 brand done.'));
    await act(async () =>
      watchStatusItem.set({ ...EMPTY_STATUS, last: finishedCheck({ checked: 1, total: 1, newAds: 0 }) }),
    );
    await waitForPage(() => expect(statusLine()).toContain('finished, 1 brand.'));

    // Nothing runs any more: the line does not say a check is under way.
    expect(statusLine()).not.toContain('under way');
  });
});

describe('Unwatch in New’s watchlist (components/watchlist/new-tab.tsx, use-watchlist.ts)', () => {
  it('says a removal failed when another brand was unwatched while it was on its way', async () => {
    await watch(1, 2);
    await watchNewsItem.set({ brands: {}, service: null });
    await watchStatusItem.set(EMPTY_STATUS);
    await watchNextAtItem.set(null);
    const first = held<unknown>();
    cleanups.push(() => first.settle({ ok: true, data: { watching: 1 } }));
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: Message) => {
      if (message.type !== 'watch.remove') return { ok: true, data: {} };
      const ids = message.payload.brandIds as string[];
      return ids[0] === brandId(1) ? first.promise : { ok: true, data: { watching: 1 } };
    }) as typeof browser.runtime.sendMessage);
    await render(<NewTab />);
    const unwatch = (name: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="Unwatch ${name}"]`);
    await waitForPage(() => expect(unwatch('Brand 1')).not.toBeNull());

    // Brand 1, then Brand 2 while Brand 1's removal is on its way.
    await act(async () => unwatch('Brand 1')?.click());
    await act(async () => unwatch('Brand 2')?.click());
    await settle();
    // Brand 1's removal fails: storage refused the write.
    await act(async () => {
      first.settle({
        ok: false,
        error: {
          code: 'internal',
          httpStatus: null,
          message: 'The browser refused to store the change.',
          retryable: false,
        },
      });
      await settle();
    });

    expect(document.body.textContent).toContain('Could not unwatch');
  });
});

describe('New after another service is connected (lib/background/watch, components/watchlist)', () => {
  it('neither shows nor counts the news found on the service left', async () => {
    const clock = manualClock();
    const service = fakeService();
    await writeConnection('https://api.example.com', 'key-number-one-1234');
    await watch(1);
    await watchSettingsItem.set({ intervalHours: 6, notify: false });
    service.seed(brandId(1), 5);
    const worker = startWatch({ search: service.search, service: currentService, clock });
    // As the worker: the jobs follow the stored connection.
    followConnection(new JobGate(true), {
      watch: worker,
      vault: { run: async () => undefined },
      outbox: { drain: async () => undefined },
      generations: { drain: async () => undefined },
    });
    await worker.fireAlarm();
    await vi.waitFor(async () => expect((await watchStatusItem.get()).last?.outcome).toBe('complete'));

    // Workspace A's brand launches an ad; the next check finds it: New and the badge show it.
    service.launch(brandId(1), 'found-on-a', '2026-11-22');
    clock.advance(6 * HOUR);
    await worker.fireAlarm();
    await settle();
    expect(newAdCount(await watchNewsItem.get())).toBe(1);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1');

    // The user connects another service in Options; no check has run on it yet.
    await writeConnection('https://other.example.com', 'key-number-two-5678');
    await settle();

    // New reads the stored news as it is: it must not show A's ad as news of the service connected now...
    const watchedIds = new Set((await watchlistItem.get()).map((brand) => brand.id));
    expect.soft(newAdCount(await watchNewsItem.get(), watchedIds)).toBe(0);
    // ...and the toolbar does not count it.
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
  });
});

describe('the name of an idea with several new versions (components/watchlist/describe.ts newsConcepts)', () => {
  it('never cuts a character in half', () => {
    // 58 letters, then an emoji across the 59-character cut.
    const title = `${'a'.repeat(58)}🎉 Winter sale on every tent and sleeping bag`;
    const image = [{ url: 'https://cdn.example.com/creative.jpg' }];
    const ads = ['v1', 'v2'].map((id) => ({ ad: testAd({ id, title, images: image }), firstSeenAt: TEST_NOW }));
    const { ideas } = newsConcepts(ads);
    expect(ideas).toHaveLength(1);
    const name = ideas[0]?.name ?? '';
    // No lone surrogate: the name is well-formed text.
    expect(name).toBe(name.toWellFormed());
  });
});
