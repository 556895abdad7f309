// @vitest-environment happy-dom
import { answerAsBackground } from '../../support/background-answers';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { SaveToasts } from '@/components/ads/save-toasts';
import { useSaveStore } from '@/components/ads/save-store';
import BrandsTab from '@/components/brands/brands-tab';
import { useBrandsStore } from '@/components/brands/brands-store';
import SearchTab from '@/components/search/search-tab';
import { useSearchStore } from '@/components/search/search-store';
import type { LibraryPage } from '@/lib/contract/ad-library';
import { type OutboxEntry, outboxItem } from '@/lib/storage/outbox';
import { testAd } from '../../support/ads';
import { waitForPage } from '../../support/react-root';
import { held, pageWorld, tick, typeInto } from '../../support/page-world';

/**
 * Sentences the panel says before the answer they speak of has come. Each test holds one answer
 * (a promise the test settles) after the user has changed what a view is of, and reads what the
 * view says meanwhile.
 *
 * 1. Brands, the catalogue: a search for "zzz" found nothing; the user types "Acme". While the
 *    search for "Acme" is on its way, useCatalogueSearch keeps the last answer (keepPreviousData)
 *    and CatalogueSearch reads its empty list as the new query's: "No brand matches "Acme"",
 *    before the service has said anything about Acme.
 * 2. Brands, the followed list: the same with its filter ("No followed brand matches "acme""),
 *    through QueryView's isEmpty on the placeholder of the last filter's empty page.
 * 3. Search: a brand's search found nothing; the user picks another brand. While that search is
 *    on its way, SearchTab's `noResults` takes the placeholder's empty page for a success
 *    (isSuccess is true for placeholder data) and says "No ads from Northwind match", naming the
 *    brand whose search has not answered.
 * 4. The save toast's Undo: once a save was sent, undo queues a removal (SaveOutbox.undo) and
 *    answers with that removal's entry; useSaveStore.undo drops it and says "Save to Tents undone."
 *    at once. The removal can still fail (a board read-only through the API, a refusal): the toast
 *    follows nothing any more and goes on saying undone while the ad stays on the board.
 * 5. The same Undo after Delete all emptied the outbox: SaveOutbox.undo finds nothing and answers
 *    null, the answer it gives for a change it dropped before sending; the toast says "Save to
 *    Tents undone." though the confirmed save is still on the service's board.
 */

const { render, cleanups } = pageWorld(() => {
  useBrandsStore.setState({ catalogueQuery: '', followedQuery: '', followedOffset: 0, brandId: null, openAdId: null });
  useSearchStore.getState().reset();
  useSaveStore.setState({ toasts: [], lastBoard: null, recent: [], dialogAd: null });
});

const background = answerAsBackground;

const field = (label: string) => {
  const found = [...document.querySelectorAll('label')].find((item) => item.textContent === label);
  const input = found ? document.getElementById(found.htmlFor) : null;
  if (!(input instanceof HTMLInputElement)) throw new Error(`no field ${label}`);
  return input;
};

const text = () => document.body.textContent ?? '';
const toast = () => document.querySelector('.toast')?.textContent ?? '';

const brand = (id: string, name: string) => ({ id, name, domain: null, category: null, ad_count: 12 });

describe('the brand catalogue, searched again while the last search answered nothing', () => {
  it('does not say nothing matches the new words before their search has answered', async () => {
    const acme = held<unknown>();
    cleanups.push(() => acme.settle({ ok: true, data: { items: [], cursor: null } }));
    const asked = background((message) => {
      if (message.type === 'brands.search')
        return message.payload.query === 'Acme' ? acme.promise : { items: [], cursor: null };
      if (message.type === 'brands.followed') return { items: [], has_more: false, total: 0, quota: null };
      return {};
    });
    await render(<BrandsTab />);
    await act(async () => typeInto(field('Search brands'), 'zzz'));
    await waitForPage(() => expect(text()).toContain('No brand matches "zzz"'));

    await act(async () => typeInto(field('Search brands'), 'Acme'));
    // The search for "Acme" has gone out and not answered.
    await waitForPage(() => expect(asked.some((message) => message.payload.query === 'Acme')).toBe(true));
    await act(tick);
    expect(text()).not.toContain('No brand matches "Acme"');

    await act(async () => {
      acme.settle({ ok: true, data: { items: [brand('brand-acme', 'Acme Outdoor')], cursor: null } });
      await tick();
    });
    await waitForPage(() => expect(text()).toContain('Acme Outdoor'));
  });
});

describe('the followed brands, filtered again while the last filter matched none', () => {
  it('does not say no followed brand matches the new filter before its page has answered', async () => {
    const acme = held<unknown>();
    cleanups.push(() => acme.settle({ ok: true, data: { items: [], has_more: false, total: 0, quota: null } }));
    const asked = background((message) => {
      if (message.type === 'brands.followed')
        return message.payload.query === 'acme' ? acme.promise : { items: [], has_more: false, total: 0, quota: null };
      return {};
    });
    await render(<BrandsTab />);
    await act(async () => typeInto(field('Filter followed brands'), 'zzz'));
    await waitForPage(() => expect(text()).toContain('No followed brand matches "zzz".'));

    await act(async () => typeInto(field('Filter followed brands'), 'acme'));
    // The page for "acme" has gone out and not answered.
    await waitForPage(() => expect(asked.some((message) => message.payload.query === 'acme')).toBe(true));
    await act(tick);
    expect(text()).not.toContain('No followed brand matches "acme".');
  });
});

const NOTHING: LibraryPage = { items: [], cursor: null };

describe('a search of one brand’s ads, then of another brand while the first found none', () => {
  it('does not say the new brand has no ads before its search has answered', async () => {
    const northwind = held<unknown>();
    cleanups.push(() => northwind.settle({ ok: true, data: NOTHING }));
    const asked = background((message) => {
      if (message.type === 'library.search')
        return message.payload.unified_brand_id === 'brand-northwind' ? northwind.promise : NOTHING;
      return {};
    });
    act(() => useSearchStore.getState().set({ brand: { id: 'brand-acme', name: 'Acme Outdoor' } }));
    await render(<SearchTab />);
    await waitForPage(() => expect(text()).toContain('No ads from Acme Outdoor match.'));

    // The user picks Northwind in the brand picker: its search goes out and does not answer yet.
    act(() => useSearchStore.getState().set({ brand: { id: 'brand-northwind', name: 'Northwind Retail' } }));
    await waitForPage(() =>
      expect(asked.some((message) => message.payload.unified_brand_id === 'brand-northwind')).toBe(true),
    );
    await act(tick);
    expect(text()).not.toContain('No ads from Northwind Retail match.');
  });
});

/** An outbox entry as the background stores it. */
function entry(id: string, patch: Partial<OutboxEntry>): OutboxEntry {
  return {
    id,
    op: 'save',
    boardId: 'board-tents',
    boardName: 'Tents',
    adId: 'ad-1',
    tags: [],
    createdAt: 1,
    attempts: 0,
    nextAttemptAt: 1,
    scheduledAt: 1,
    status: 'pending',
    ...patch,
  };
}

describe('Undo on a save the service has confirmed', () => {
  /** A toast for a confirmed save to Tents, and Undo clicked: the background queues the removal. */
  async function saveThenUndo() {
    const saved = entry('entry-save', { status: 'done', attempts: 1 });
    const removal = entry('entry-remove', { op: 'remove' });
    background((message) => {
      if (message.type === 'outbox.save') return entry('entry-save', {});
      // The save had been sent: undo queues the opposite change and answers with it.
      if (message.type === 'outbox.undo') return removal;
      return {};
    });
    await render(<SaveToasts />);
    await act(async () => {
      await useSaveStore
        .getState()
        .save(testAd({ id: 'ad-1', title: 'Two-person tent' }), { id: 'board-tents', name: 'Tents' }, []);
      await outboxItem.set([saved]);
      await tick();
    });
    await waitForPage(() => expect(toast()).toContain('Saved to Tents.'));
    const undo = [...document.querySelectorAll<HTMLButtonElement>('.toast button')].find(
      (button) => button.textContent === 'Undo',
    );
    await act(async () => {
      undo?.click();
      await tick();
    });
    await act(async () => {
      await outboxItem.set([saved, removal]);
      await tick();
    });
    return saved;
  }

  it('does not say the save is undone while its removal is only queued', async () => {
    await saveThenUndo();
    // The removal is pending: nothing has been taken off the board yet.
    expect(toast()).not.toContain('undone');
  });

  it('does not go on saying the save is undone once its removal has failed', async () => {
    const saved = await saveThenUndo();
    // The service refuses the removal: the ad is still on the board.
    await act(async () => {
      await outboxItem.set([
        saved,
        entry('entry-remove', {
          op: 'remove',
          status: 'failed',
          attempts: 1,
          error: { code: 403, httpStatus: 403, message: 'This board is read-only.', retryable: false },
        }),
      ]);
      await tick();
    });
    expect((await outboxItem.get()).find((item) => item.id === 'entry-remove')?.status).toBe('failed');
    expect(toast()).not.toContain('Save to Tents undone.');
  });
});

describe('Undo on a confirmed save’s toast, after Delete all in Options', () => {
  // The save to Tents was confirmed: the ad is on the service's board. Delete all (Options)
  // empties the outbox; the panel's toast stays, its Undo too. SaveOutbox.undo finds no entry
  // and answers null, as it answers for a change it dropped before it was sent; useSaveStore.undo
  // takes that null for done and says "Save to Tents undone." The ad is still on the board.
  it('does not say the save is undone when nothing was undone', async () => {
    const saved = entry('entry-save', { status: 'done', attempts: 1, doneAt: 2 });
    let outbox: OutboxEntry[] = [];
    background((message) => {
      if (message.type === 'outbox.save') return entry('entry-save', {});
      // The background's undo: no such entry, nothing to drop or to reverse.
      if (message.type === 'outbox.undo') return outbox.find((item) => item.id === message.payload.entryId) ?? null;
      return {};
    });
    await render(<SaveToasts />);
    await act(async () => {
      await useSaveStore
        .getState()
        .save(testAd({ id: 'ad-1', title: 'Two-person tent' }), { id: 'board-tents', name: 'Tents' }, []);
      outbox = [saved];
      await outboxItem.set(outbox);
      await tick();
    });
    await waitForPage(() => expect(toast()).toContain('Saved to Tents.'));

    // Delete all: the background's storage is emptied, the pages' storage cleared.
    await act(async () => {
      outbox = [];
      await browser.storage.local.clear();
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null, oldValue: null, newValue: null }));
      await tick();
    });
    const undo = [...document.querySelectorAll<HTMLButtonElement>('.toast button')].find(
      (button) => button.textContent === 'Undo',
    );
    await act(async () => {
      undo?.click();
      await tick();
    });
    expect(toast()).not.toContain('Save to Tents undone.');
  });
});
