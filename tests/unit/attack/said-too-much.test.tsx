// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { AdCardList } from '@/components/ads/ad-card-list';
import { SaveOutbox } from '@/lib/background/jobs/save-outbox';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { ApiError } from '@/lib/messaging/api-error';
import SavedAdsTab from '@/components/saved-ads/saved-ads-tab';
import { deleteVault } from '@/lib/vault/db';
import { createLocalBoard, localHoldings, saveLocal } from '@/lib/vault/local-boards';
import type { OutboxEntry } from '@/lib/storage/outbox';
import { testAd } from '../../support/ads';
import { manualClock } from '../../support/clock';
import { waitForPage } from '../../support/react-root';
import { held, pageWorld } from '../../support/page-world';

/**
 * Sentences that say more than what happened. Each test plays a user's scenario to its end and
 * reads what Adscope then says; the sentence is false of what was done.
 *
 * 1-3. The save status on an ad's card (and its detail): "Save failed", "Saving…", "Saved in N
 *    boards", from saveStatusText (components/ads/ad-words.ts) over adSaveState
 *    (components/ads/saved-state.ts). adSaveState puts every outbox entry of the ad that failed
 *    into `failed` and every pending one into `pending`, whatever its op and however old; the
 *    outbox keeps a failed entry until it is retried (SaveOutbox.prune drops only done ones).
 * 4. The Saved view's empty state, "Nothing saved yet", while the user's saves are kept on a
 *    board in this browser (the service's boards are read-only through its API).
 */

const { render, cleanups } = pageWorld();

/** The ad the user saves: on no board as the service last listed it. */
const ad: LibraryAd = testAd({ id: 'ad-1', title: 'Waterproof tent' });

/** The same ad as the service lists it once saved to the board Tents (b2). */
const savedAd: LibraryAd = { ...ad, saved_details: { saved_at: '2026-11-20T10:00:00Z', boards: ['b2'], tags: [] } };

const save = { op: 'save' as const, boardId: 'b2', boardName: 'Tents', adId: 'ad-1', tags: [] };

/**
 * The background's save outbox, writing the stored outbox the cards read: each send answered by
 * `answer` (a held promise waits as the service does), in order.
 */
function outboxAnswering(...answers: (() => Promise<void>)[]) {
  let id = 0;
  return new SaveOutbox({
    send: async (_: OutboxEntry) => {
      const next = answers.shift();
      if (next) await next();
    },
    schedule: () => undefined,
    now: manualClock(),
    random: () => 1,
    newId: () => `e${++id}`,
    autoDrain: false,
  });
}

const refused = (message: string) => () =>
  Promise.reject(new ApiError({ code: 40301, httpStatus: 403, message, retryable: false }));

const cardStatus = () => document.querySelector('.ad-card-status')?.textContent ?? '';

describe('the save status on a card, after a save failed and the user saved again', () => {
  // The user saves the tent ad to Tents; the service refuses it (the plan's saved-ads limit is
  // reached: 40301, never retried). The toast says so; the user frees room on the service,
  // dismisses the toast and saves the ad to Tents again: that save is confirmed, and the service
  // now lists the ad on Tents. The card still says "Save failed" (in red), and keeps saying it
  // for as long as the browser keeps the outbox: nothing failed of what the ad is now.
  // Cause: adSaveState (components/ads/saved-state.ts) counts the first, failed entry of the ad
  // and board although a later save of the same pair was confirmed, and saveStatusText
  // (components/ads/ad-words.ts) lets any failed entry win over the boards; SaveOutbox.prune
  // (lib/background/jobs/save-outbox.ts) never drops a failed entry, and a new save does not
  // replace it (SaveOutbox.enqueueIn looks only at pending ones).
  it('says the ad is saved, not that its save failed', async () => {
    const outbox = outboxAnswering(refused('Your plan allows no more saved ads.'), async () => undefined);
    await outbox.enqueue(save);
    await outbox.drain();
    await outbox.enqueue(save);
    await outbox.drain();
    expect((await outbox.list()).map((entry) => entry.status)).toEqual(['failed', 'done']);

    await render(<AdCardList label="Ads" ads={[savedAd]} onOpen={() => undefined} />);
    await waitForPage(() => expect(cardStatus()).not.toBe(''));
    expect(cardStatus()).toBe('Saved in 1 board');
  });
});

describe('the save status on a card, while its save is being undone', () => {
  // The user saved the tent ad to Tents (confirmed) and presses Undo in the toast. The removal
  // is on its way to a slow service. The card says "Saving…", though nothing is being saved:
  // the ad is being taken off its board.
  // Cause: adSaveState (components/ads/saved-state.ts) puts a pending entry in `pending`
  // whatever its op, and saveStatusText (components/ads/ad-words.ts) says "Saving…" of any
  // pending entry.
  it('does not say the ad is being saved while it is taken off the board', async () => {
    const removal = held<void>();
    const outbox = outboxAnswering(
      async () => undefined,
      () => removal.promise,
    );
    const saved = await outbox.enqueue(save);
    await outbox.drain();
    await outbox.undo(saved.id);
    const sending = outbox.drain();
    cleanups.push(async () => {
      removal.settle();
      await sending;
    });

    await render(<AdCardList label="Ads" ads={[savedAd]} onOpen={() => undefined} />);
    await waitForPage(() => expect(cardStatus()).not.toBe(''));
    expect(cardStatus()).not.toBe('Saving…');
  });
});

describe('the save status on a card, after undoing its save was refused', () => {
  // The user saved the tent ad to Tents (confirmed), then pressed Undo; the service refuses the
  // removal (403: the board is shared read-only with this key). The ad is still on Tents, and the
  // service lists it there. The card says "Save failed" in red: the save did not fail, it landed;
  // what failed is taking it off.
  // Cause: adSaveState (components/ads/saved-state.ts) puts a failed entry in `failed` whatever
  // its op, and saveStatusText (components/ads/ad-words.ts) says "Save failed" of any of them.
  it('does not say the save failed when the removal did', async () => {
    const outbox = outboxAnswering(async () => undefined, refused('This board is read-only for your key.'));
    const saved = await outbox.enqueue(save);
    await outbox.drain();
    await outbox.undo(saved.id);
    await outbox.drain();
    expect((await outbox.list()).map((entry) => `${entry.op} ${entry.status}`)).toEqual(['save done', 'remove failed']);

    await render(<AdCardList label="Ads" ads={[savedAd]} onOpen={() => undefined} />);
    await waitForPage(() => expect(cardStatus()).not.toBe(''));
    expect(cardStatus()).not.toBe('Save failed');
  });
});

describe('the Saved view, when every save was kept on a board in this browser', () => {
  // The connected service's boards are read-only through its API. The user saves the tent ad
  // to Tents; the toast says "Saved in this browser to Tents: this service's boards are read-only
  // through its API", and the Boards view lists Tents with the ad. The user opens Saved: it says
  // "Nothing saved yet. Ads your team saves to boards appear here." The user has saved an ad to a
  // board, and Adscope holds it; the heading is "Saved ads", and it claims there are none.
  // Cause: SavedAdsTab (components/saved-ads/saved-ads-tab.tsx) reads only the service's saved
  // list (useSavedAds in components/ads/queries.ts: `library.saved`), and AdResults shows the
  // empty state when that list is empty; the boards kept in this browser (lib/vault/local-boards.ts)
  // are never read there, nor named in its empty state.
  it('does not say nothing is saved while a board in this browser holds a save', async () => {
    cleanups.push(() => deleteVault());
    const board = await createLocalBoard(
      { name: 'Tents', parentId: null },
      'tents',
      Date.parse('2026-11-20T10:00:00Z'),
    );
    await saveLocal(board.id, { ...ad }, [], Date.parse('2026-11-20T10:00:00Z'));
    expect((await localHoldings()).get('ad-1')).toEqual([board.id]);
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: { type: string }) =>
      message.type === 'library.saved'
        ? { ok: true, data: { items: [], cursor: null } }
        : { ok: true, data: {} }) as typeof browser.runtime.sendMessage);

    await render(<SavedAdsTab />);
    await waitForPage(() =>
      expect(document.body.textContent).toMatch(/Nothing saved yet|Waterproof tent|under Boards/),
    );
    expect(document.body.textContent).not.toContain('Nothing saved yet');
    // It says where the save is instead.
    expect(document.body.textContent).toContain('They are under Boards.');
  });
});
