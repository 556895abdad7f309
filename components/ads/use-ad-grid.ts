import { type Range, useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';

const MIN_CARD_WIDTH = 170;
const GAP = 12;
const TEXT_HEIGHT = 120;

/**
 * The most cards in the DOM at once, whatever the viewport and the fonts: small fonts make
 * short rows and a tall viewport holds many of them, so the rows on screen come first and the
 * rows past it only while there is room (and a tall viewport gets fewer, wider columns:
 * gridColumns). A card is 17 nodes: 12 cards, their rows and the panel's frame (about 70 nodes)
 * stay under 300.
 */
export const MAX_RENDERED_CARDS = 12;
/** Rows drawn past each edge of the viewport, at most this many pixels of them (and of cards, MAX_RENDERED_CARDS). */
export const OVERSCAN_PX = 300;

/**
 * The rows to render for TanStack Virtual's `range`: the rows on screen from the top, as many as
 * `maxCards` allows (at least one), then its overscan, a row after and a row before in turn,
 * while the rows' cards stay within `maxCards`. The row of the focused card (`keep`), when it is
 * on screen below what the bound draws, is the last one drawn rather than left out: a key that
 * moves the focus down a tall viewport of short rows finds its card.
 */
export function boundedRows(range: Range, columns: number, maxCards = MAX_RENDERED_CARDS, keep = -1): number[] {
  if (range.count === 0) return [];
  const maxRows = Math.max(1, Math.floor(maxCards / Math.max(1, columns)));
  const rows: number[] = [];
  const onScreenLast = Math.min(range.endIndex, range.count - 1);
  const first = keep <= onScreenLast ? Math.max(range.startIndex, keep - maxRows + 1) : range.startIndex;
  const last = Math.min(onScreenLast, first + maxRows - 1);
  for (let index = Math.max(0, first); index <= last; index += 1) rows.push(index);
  let after = last + 1;
  let before = first - 1;
  for (let step = 0; step < range.overscan; step += 1) {
    if (rows.length < maxRows && after < range.count) rows.push(after++);
    if (rows.length < maxRows && before >= 0) rows.unshift(before--);
  }
  return rows;
}

/**
 * The element's content size, measured before the first paint and kept while it is hidden; null
 * until it has been measured once (0 × 0 when it measures nothing, as hidden or in a DOM without
 * layout).
 */
function useSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } | null {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Measured at once, before the first paint, so the first frame already lays out cards.
    const initial = element.getBoundingClientRect();
    setSize(initial.width > 0 ? { width: initial.width, height: initial.height } : { width: 0, height: 0 });
    const observer = new ResizeObserver(([entry]) => {
      const next = entry?.contentRect;
      // A hidden grid measures 0: keep the last real size so nothing re-lays out.
      if (next && next.width > 0) setSize({ width: next.width, height: next.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** A row's estimated height at `columnWidth`: the creative's frame (4:3), the text, the gap. */
const rowEstimate = (columnWidth: number) => columnWidth * 0.75 + TEXT_HEIGHT + GAP;

/**
 * As many columns as fit `width`, but no more than lets the rows a `height` shows (a row cut at
 * each edge included) stay within MAX_RENDERED_CARDS: in a tall viewport the cards grow wider
 * (so taller) rather than leave rows of the viewport empty.
 */
export function gridColumns(width: number, height: number, maxCards = MAX_RENDERED_CARDS): number {
  const fit = Math.max(1, Math.floor((width + GAP) / (MIN_CARD_WIDTH + GAP)));
  for (let columns = fit; columns > 1; columns -= 1) {
    const columnWidth = (width - GAP * (columns - 1)) / columns;
    const rowsShown = Math.ceil(height / rowEstimate(columnWidth)) + 1;
    if (columns * rowsShown <= maxCards) return columns;
  }
  return 1;
}

/** The card a key moves to from `active`, or null for a key the grid does not use. */
export function gridMove(key: string, active: number, columns: number, count: number): number | null {
  const moves: Record<string, number> = {
    ArrowRight: 1,
    ArrowLeft: -1,
    ArrowDown: columns,
    ArrowUp: -columns,
    PageDown: columns * 3,
    PageUp: -columns * 3,
  };
  if (key in moves) return active + (moves[key] ?? 0);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

interface GridOptions {
  ads: readonly LibraryAd[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  hidden?: boolean | undefined;
  returnFocusTo?: string | null | undefined;
}

/**
 * The grid's layout and focus: as many columns as fit, only the rows near the viewport rendered
 * (TanStack Virtual), the next page asked for two rows before the end, the scroll position kept
 * while hidden, and one roving card focus that survives the virtualizer replacing nodes.
 */
export function useAdGrid({ ads, hasMore, loadingMore, onLoadMore, hidden, returnFocusTo }: GridOptions) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Before its size is known the grid draws no card: the cards of a one-column guess would all be
  // made again in their real rows a moment later, in the same task, before the first paint.
  const size = useSize(scrollRef);
  const { width, height } = size ?? { width: 0, height: 0 };
  const columns = gridColumns(width, height > 0 ? height : typeof window === 'undefined' ? 800 : window.innerHeight);
  const columnWidth = width > 0 ? (width - GAP * (columns - 1)) / columns : MIN_CARD_WIDTH;
  const rowCount = Math.ceil(ads.length / columns);
  const estimate = rowEstimate(columnWidth);
  const [active, setActive] = useState(0);
  const pendingFocus = useRef<number | null>(null);

  // TanStack Virtual is not React Compiler-safe; this project does not use the compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: size ? rowCount + (hasMore ? 1 : 0) : 0,
    getScrollElement: () => scrollRef.current,
    // The panel's height until the grid is measured, so the first render already has rows.
    initialRect: { width, height: typeof window === 'undefined' ? 800 : window.innerHeight },
    estimateSize: () => estimate,
    // Rows past the viewport: as many as OVERSCAN_PX holds at the estimated height (at least one),
    // and within MAX_RENDERED_CARDS however short the rows turn out.
    overscan: Math.max(1, Math.floor(OVERSCAN_PX / estimate)),
    // The row of the card that has the focus, or is being given it, stays drawn: a card taken out
    // of the page would drop the focus to the page's body.
    rangeExtractor: (range) => {
      const focused = pendingFocus.current !== null || (scrollRef.current?.contains(document.activeElement) ?? false);
      return boundedRows(range, columns, MAX_RENDERED_CARDS, focused ? Math.floor(active / columns) : -1);
    },
    // Rows a scroll brings are drawn in a task of their own, after the frame that scrolled, not
    // inside it: a frame and its cards' render in one task made the long tasks of a fast scroll.
    useFlushSync: false,
  });
  const rows = virtualizer.getVirtualItems();

  // A hidden grid loses its scroll position without a scroll event, and the virtualizer would
  // keep drawing rows for the old one: put the position back when the grid shows again.
  const lastScrollTop = useRef(0);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (hidden || !element) return;
    if (element.scrollTop !== lastScrollTop.current) element.scrollTop = lastScrollTop.current;
    virtualizer.measure();
  }, [hidden, virtualizer]);
  const lastRow = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && lastRow >= rowCount - 2) onLoadMore();
  }, [hasMore, loadingMore, lastRow, rowCount, onLoadMore]);

  const focusCard = useCallback(
    (index: number) => {
      const clamped = Math.max(0, Math.min(ads.length - 1, index));
      setActive(clamped);
      pendingFocus.current = clamped;
      virtualizer.scrollToIndex(Math.floor(clamped / columns), { align: 'auto' });
    },
    [ads.length, columns, virtualizer],
  );

  // Focus moves once the target card is rendered: the virtualizer may need a few frames to
  // lay out a grid that was hidden, and may replace the node meanwhile, so focus is checked
  // again until it holds (and only while nothing else in the page has taken it).
  useEffect(() => {
    if (pendingFocus.current === null) return;
    const index = pendingFocus.current;
    let frames = 0;
    let held = 0;
    let handle = 0;
    const attempt = () => {
      const button = scrollRef.current?.querySelector<HTMLButtonElement>(`[data-ad-index="${index}"]`);
      const current = document.activeElement;
      const free = current === null || current === document.body || (scrollRef.current?.contains(current) ?? false);
      if (button && free) {
        if (document.activeElement !== button) button.focus({ preventScroll: true });
        held += 1;
      }
      if (!free || held >= 5 || frames++ > 40) {
        if (pendingFocus.current === index) pendingFocus.current = null;
        return;
      }
      handle = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(handle);
  });

  useEffect(() => {
    if (hidden || !returnFocusTo) return;
    const index = ads.findIndex((ad) => ad.id === returnFocusTo);
    if (index >= 0) focusCard(index);
    // Only when the grid comes back into view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hidden, returnFocusTo]);

  return {
    scrollRef,
    virtualizer,
    rows,
    rowCount,
    columns,
    active,
    setActive,
    focusCard,
    onScroll: (top: number) => {
      if (!hidden) lastScrollTop.current = top;
    },
  };
}
