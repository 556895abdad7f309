import { type PendingSimilar, pendingSimilarItem } from '../../storage/pending-similar';
import { type Clock, systemClock } from '../../clock';

type Source = PendingSimilar['source'];

let counter = 0;
function nextId(now: number): string {
  counter += 1;
  return `${now.toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Tabs whose reading a newer hand-over replaced before they answered (this worker's life). */
const replaced = new Set<number>();

/** Starts a hand-over while the page is read; returns its id. */
export async function beginHandover(
  source: Source,
  tabId: number | null,
  title: string,
  clock: Clock = systemClock,
): Promise<string> {
  const before = await pendingSimilarItem.get();
  if (before?.state === 'reading' && before.tabId !== null && before.tabId !== tabId) replaced.add(before.tabId);
  if (tabId !== null) replaced.delete(tabId);
  const at = clock();
  const id = nextId(at);
  await pendingSimilarItem.set({
    id,
    at,
    source,
    tabId,
    state: 'reading',
    title: title.slice(0, 300),
    request: null,
    error: null,
  });
  return id;
}

/**
 * Hands a page's request to the panel: it completes the hand-over being read for that tab,
 * or, for the page button (which nothing started), makes a new one.
 */
export async function handOverPage(
  source: Source,
  tabId: number | null,
  request: Extract<NonNullable<PendingSimilar['request']>, { kind: 'page' }>,
  clock: Clock = systemClock,
): Promise<void> {
  const current = await pendingSimilarItem.get();
  const continues = source !== 'button' && current?.state === 'reading' && current.tabId === tabId;
  // The late answer of a tab whose reading a newer one replaced (asked on tab A, then on B) is
  // not shown over the page asked last.
  if (source !== 'button' && tabId !== null && replaced.delete(tabId) && !continues) return;
  // The page button starts no reading: a page read meanwhile on another tab is replaced by it.
  if (!continues && current?.state === 'reading' && current.tabId !== null && current.tabId !== tabId)
    replaced.add(current.tabId);
  const at = clock();
  await pendingSimilarItem.set({
    id: continues && current ? current.id : nextId(at),
    at,
    source,
    tabId,
    state: 'ready',
    title: (request.signals.title || request.signals.hostname).slice(0, 300),
    request,
    error: null,
  });
}

/** Fails a hand-over with words for the user, unless a newer one or the page's answer came first. */
export async function failHandover(
  id: string | null,
  source: Source,
  tabId: number | null,
  error: string,
  clock: Clock = systemClock,
) {
  const current = await pendingSimilarItem.get();
  if (id !== null && (current?.id !== id || current.state !== 'reading')) return;
  const at = clock();
  await pendingSimilarItem.set({
    id: id ?? nextId(at),
    at,
    source,
    tabId,
    state: 'failed',
    title: current?.id === id ? current.title : '',
    request: null,
    error: error.slice(0, 500),
  });
}
