// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useNavigationStore } from '@/components/navigation/navigation-store';
import { useSimilarStore } from '@/components/similar/similar-store';
import { usePageHandover } from '@/components/similar/use-page-handover';
import { type PendingSimilar, pendingSimilarItem } from '@/lib/storage/pending-similar';
import { reactRoot, waitForPage } from '../../support/react-root';
import { handedOver, trailTents } from '../../support/similar-pages';

/**
 * One side panel per window: find similar asked in one window is shown by that window's panel,
 * and the panel of another window, open beside it, stays where its user left it.
 */
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const page = trailTents;

const handover = (tabId: number | null, state: PendingSimilar['state'] = 'ready') => handedOver(page, tabId, state);

function Panel() {
  usePageHandover(true);
  return null;
}

const root = reactRoot();
/** This panel's window and a second one, with a tab in each. */
let ownTab = 0;
let otherTab = 0;

beforeEach(async () => {
  fakeBrowser.reset();
  localStorage.clear();
  useSimilarStore.setState({ request: null, handover: null, seenId: null });
  useNavigationStore.setState({ tab: 'search' });
  const own = await browser.windows.create({ focused: true });
  const other = await browser.windows.create({});
  ownTab = (await browser.tabs.create({ windowId: own?.id, url: 'https://tents.example/trail' })).id ?? 0;
  otherTab = (await browser.tabs.create({ windowId: other?.id, url: 'https://tents.example/trail' })).id ?? 0;
});
afterEach(() => {
  useSimilarStore.setState({ request: null, handover: null, seenId: null });
  localStorage.clear();
});

const shown = () => useSimilarStore.getState().request;

describe('a page handed over while the panels of two windows are open', () => {
  it('is shown by the panel of the window it was asked in', async () => {
    await act(async () => root.root.render(<Panel />));
    await act(async () => pendingSimilarItem.set(handover(ownTab)));
    await waitForPage(() => expect(shown()?.kind).toBe('page'));
    expect(useNavigationStore.getState().tab).toBe('similar');
  });

  it('is not shown by the panel of another window, which stays on its view', async () => {
    await act(async () => root.root.render(<Panel />));
    await act(async () => pendingSimilarItem.set(handover(otherTab, 'reading')));
    await act(async () => pendingSimilarItem.set(handover(otherTab)));
    // Then one of its own window: taken, so the other two were read and left.
    const last = handover(ownTab, 'reading');
    await act(async () => pendingSimilarItem.set(last));
    await waitForPage(() => expect(useSimilarStore.getState().handover?.state).toBe('reading'));
    expect(shown()).toBeNull();
    expect(useSimilarStore.getState().seenId).toBe(last.id);
  });

  it('left unshown in another window, is not shown when that panel opens again', async () => {
    await pendingSimilarItem.set(handover(otherTab));
    await act(async () => root.root.render(<Panel />));
    await act(async () => pendingSimilarItem.set(handover(ownTab, 'failed')));
    await waitForPage(() => expect(useSimilarStore.getState().handover?.state).toBe('failed'));
    expect(shown()).toBeNull();
  });

  it('is shown when its tab is gone or has none: the panel cannot tell its window', async () => {
    await act(async () => root.root.render(<Panel />));
    await browser.tabs.remove(ownTab);
    await act(async () => pendingSimilarItem.set(handover(ownTab)));
    await waitForPage(() => expect(shown()?.kind).toBe('page'));
    act(() => useSimilarStore.getState().set(null));
    await act(async () => pendingSimilarItem.set(handover(null)));
    await waitForPage(() => expect(shown()?.kind).toBe('page'));
  });
});
