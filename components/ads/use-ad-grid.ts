import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';

const MIN_CARD_WIDTH = 170;
const GAP = 12;
const TEXT_HEIGHT = 120;

function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Measured at once, before the first paint, so the first frame already lays out cards.
    const initial = element.getBoundingClientRect().width;
    if (initial > 0) setWidth(initial);
    const observer = new ResizeObserver(([entry]) => {
      const next = entry?.contentRect.width ?? 0;
      // A hidden grid measures 0: keep the last real width so nothing re-lays out.
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
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
  const width = useWidth(scrollRef);
  const columns = Math.max(1, Math.floor((width + GAP) / (MIN_CARD_WIDTH + GAP)));
  const columnWidth = width > 0 ? (width - GAP * (columns - 1)) / columns : MIN_CARD_WIDTH;
  const rowCount = Math.ceil(ads.length / columns);
  const [active, setActive] = useState(0);
  const pendingFocus = useRef<number | null>(null);

  // TanStack Virtual is not React Compiler-safe; this project does not use the compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rowCount + (hasMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    // The panel's height until the grid is measured, so the first render already has rows.
    initialRect: { width, height: typeof window === 'undefined' ? 800 : window.innerHeight },
    estimateSize: () => columnWidth * 0.75 + TEXT_HEIGHT + GAP,
    overscan: 1,
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
