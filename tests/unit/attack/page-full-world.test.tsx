// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import AccountsTab from '@/components/accounts/accounts-tab';
import { INITIAL_ACCOUNTS_VIEW, useAccountsStore } from '@/components/accounts/accounts-store';
import { useLearnedFormats } from '@/components/ads/learned-formats';
import GenerateTab from '@/components/generate/generate-tab';
import { EMPTY_DRAFT, useGenerateStore } from '@/components/generate/generate-store';
import { useNavigationStore } from '@/components/navigation/navigation-store';
import SearchTab from '@/components/search/search-tab';
import { useSearchStore } from '@/components/search/search-store';
import { useSimilarStore } from '@/components/similar/similar-store';
import { usePageHandover } from '@/components/similar/use-page-handover';
import { KNOWN_DISPLAY_FORMATS } from '@/lib/contract/ad-library';
import { pendingSimilarItem } from '@/lib/storage/pending-similar';
import { testAd } from '../../support/ads';
import { answerAsBackground } from '../../support/background-answers';
import { layOutGrid } from '../../support/grid-layout';
import { pageWorld, typeInto } from '../../support/page-world';
import { waitForPage } from '../../support/react-root';
import { handedOver, trailTents } from '../../support/similar-pages';

/**
 * The extension's pages when the browser's storage is full. The side panel keeps its stores in
 * the extension pages' localStorage (zustand's persist, set up by persistValidated in
 * components/ui/persist.ts); a write the browser refuses for room makes `localStorage.setItem`
 * throw a QuotaExceededError. zustand's persist writes inside the store's own `set`
 * (createJSONStorage's setItem is synchronous, and nothing catches it), so the error comes out
 * of every action of every persisted store: out of a query function, an effect, an input's
 * handler, a hand-over, each after the state in memory has already changed: a refused write of
 * a cache or a place (the formats learned, the account shown, the hand-over seen) breaks the
 * work that made it.
 *
 * Also: a store's entry written by another version of Adscope (a later one, the extension then
 * rolled back) is read at start with a console error.
 */

const { render, cleanups } = pageWorld(() => {
  useSearchStore.getState().reset();
  useAccountsStore.setState(INITIAL_ACCOUNTS_VIEW);
  useGenerateStore.setState({ draft: EMPTY_DRAFT, fromAd: null, earlierPrompt: null });
  useLearnedFormats.setState({ formats: [...KNOWN_DISPLAY_FORMATS] });
  useSimilarStore.setState({ request: null, handover: null, seenId: null });
  useNavigationStore.setState({ tab: 'search', pending: null });
});

/** From now on, the browser refuses every write to the pages' localStorage for room. */
function storageFull(): void {
  // On the page's storage itself: happy-dom binds Storage's methods to the instance at first use,
  // so a stub on Storage.prototype misses a storage already written to.
  const refuse = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  });
  // Room again before the page's stores are put back after the test.
  cleanups.push(() => refuse.mockRestore());
}

/** What escapes the page: errors reported to the window (React reports what nothing caught), and console errors. */
function escapes(): { errors: unknown[]; logged: unknown[][] } {
  const errors: unknown[] = [];
  const onError = (event: ErrorEvent) => {
    errors.push(event.error);
    event.preventDefault();
  };
  window.addEventListener('error', onError);
  cleanups.push(() => window.removeEventListener('error', onError));
  const logged: unknown[][] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
  return { errors, logged };
}

const text = () => document.body.textContent ?? '';

describe('a search while the storage is full', () => {
  // The user searches "tents" with the browser's storage full. The service answers two image ads.
  // Each page of ads teaches the Format filter its display formats (learning() in
  // components/ads/queries.ts calls learnFormats); "image" is new (KNOWN_DISPLAY_FORMATS holds
  // only "video"), so useLearnedFormats' set writes it to localStorage, which throws inside the
  // query function: the search fails with "Could not load search results / The quota has been
  // exceeded.", although the service answered. Every search with a format not learned yet fails.
  it('shows the ads the service found, though the formats learned from them cannot be kept', async () => {
    answerAsBackground((message) =>
      message.type === 'library.search'
        ? {
            items: [testAd({ id: 'ad-1', title: 'Trail tent' }), testAd({ id: 'ad-2', title: 'Camp stove' })],
            cursor: null,
          }
        : {},
    );
    act(() => useSearchStore.getState().set({ query: 'tents' }));
    // happy-dom lays nothing out: the grid is given a browser's sizes, so its cards are drawn.
    layOutGrid({ width: 400, height: 3000, rowHeight: 120 });
    storageFull();
    await render(<SearchTab />);
    await waitForPage(() => expect(text().includes('Trail tent') || text().includes('Could not')).toBe(true));
    expect(text()).not.toContain('Could not load search results');
    expect(text()).toContain('Trail tent');
    expect(text()).toContain('Camp stove');
  });
});

describe('the Accounts view opened while the storage is full', () => {
  // The user opens Accounts for the first time (no account chosen yet) with the storage full.
  // useAccountReport (components/accounts/use-account-report.ts) picks the first account in an
  // effect, view.set(...), which useAccountsStore's persist writes to localStorage: the
  // QuotaExceededError is thrown from the effect, and with no error boundary anywhere React
  // takes the whole tree down: the panel goes blank.
  it('shows the first account and its report instead of going blank', async () => {
    const seen = escapes();
    const asked = answerAsBackground((message) => {
      if (message.type === 'accounts.list')
        return { items: [{ id: 'acct-1', name: 'Acme Outdoor', platform: 'meta', currency: 'USD' }] };
      if (message.type === 'accounts.metrics')
        return { items: [{ id: 'spend', name: 'Spend', kind: 'standard', format: 'currency', default: true }] };
      if (message.type === 'accounts.summary')
        return { currency: 'USD', metrics: { spend: 700 }, metric_names: { spend: 'Spend' } };
      if (message.type === 'accounts.ads')
        return {
          items: [
            { platform_ad_id: 'ad-1', name: 'Spring tent', metrics: { spend: 400 }, metric_names: { spend: 'Spend' } },
          ],
          metric_names: { spend: 'Spend' },
          total_ads: 1,
          currency: 'USD',
        };
      return {};
    });
    storageFull();
    await render(<AccountsTab />);
    await waitForPage(() => expect(asked.some(({ type }) => type === 'accounts.list')).toBe(true));
    await waitForPage(() =>
      expect(text().includes('Spring tent') || seen.errors.length > 0 || seen.logged.length > 0).toBe(true),
    );
    // The account's choice is shown, the page still there.
    expect(text()).toContain('Acme Outdoor');
    expect(text()).toContain('Spring tent');
    expect(seen.errors).toEqual([]);
  });
});

describe('the Generate brief typed while the storage is full', () => {
  // The user writes a brief with the storage full. Every keystroke calls useGenerateStore's
  // update (components/generate/generate-store.ts), whose persist write throws from the
  // textarea's onChange: React reports the QuotaExceededError as an uncaught error on each
  // keystroke, and nothing tells the user that the brief ("kept so a closed panel loses
  // nothing") is no longer kept.
  it('takes what the user types with no uncaught error', async () => {
    const seen = escapes();
    answerAsBackground((message) =>
      message.type === 'ownedBrands.list' ? { items: [{ id: 'brand-acme', name: 'Acme Outdoor', locked: false }] } : {},
    );
    await render(<GenerateTab />);
    const brief = await waitForPage(() => {
      const field = document.querySelector<HTMLTextAreaElement>('.generate-form textarea');
      if (!field) throw new Error('no brief yet');
      return field;
    });
    storageFull();
    await act(async () => typeInto(brief, 'A tent pitched at dusk by a lake'));
    expect(brief.value).toBe('A tent pitched at dusk by a lake');
    expect(seen.errors).toEqual([]);
    expect(seen.logged).toEqual([]);
  });
});

describe('find similar handed to a panel while the storage is full', () => {
  // The user asks "Find similar" on a page (context menu, page button); the background hands the
  // page over and the open panel should switch to Similar. usePageHandover
  // (components/similar/use-page-handover.ts) calls useSimilarStore's receive, whose set writes
  // the seen id to localStorage and throws before receive returns: `navigate({ to: 'similar' })`
  // never runs, and the `.catch(() => undefined)` swallows the error. The panel stays on Search,
  // and nothing says why the click did nothing.
  it('switches the panel to the Similar view', async () => {
    function Panel() {
      usePageHandover(true);
      return null;
    }
    storageFull();
    await render(<Panel />);
    await act(async () => pendingSimilarItem.set(handedOver(trailTents, null, 'ready')));
    await waitForPage(() => expect(useSimilarStore.getState().request?.kind).toBe('page'));
    await act(async () => undefined);
    expect(useNavigationStore.getState().tab).toBe('similar');
  });
});

describe('a brief kept by another version of Adscope', () => {
  // A later version stored the brief under its store version 2; the extension is rolled back.
  // persistValidated (components/ui/persist.ts) gives zustand's persist no `migrate`, so the
  // page logs "State loaded from storage couldn't be migrated since no migrate function was
  // provided" to the console as the Generate store loads, where its own comment promises such a
  // value only "leaves the store's initial state".
  it('is read at start with no console error', async () => {
    const seen = escapes();
    localStorage.setItem(
      'adscope.generate',
      JSON.stringify({ state: { draft: { ...EMPTY_DRAFT, prompt: 'Tents at dusk' } }, version: 2 }),
    );
    vi.resetModules();
    // The store reads its entry as its module loads, before the panel's first render.
    await import('@/components/generate/generate-store');
    expect(seen.logged).toEqual([]);
  });
});
