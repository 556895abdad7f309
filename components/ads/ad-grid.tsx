import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { useOutbox } from './use-outbox';
import { adSaveState } from './saved-state';
import { useSaveStore } from './save-store';
import { AdCard } from './ad-card';

const MIN_CARD_WIDTH = 170;
const GAP = 12;
const TEXT_HEIGHT = 120;

interface AdGridProps {
  /** Accessible name of the list, e.g. "Search results". */
  label: string;
  ads: readonly LibraryAd[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onOpen: (ad: LibraryAd) => void;
  /** The card to focus when the grid is shown again (after closing a detail view). */
  returnFocusTo?: string | null | undefined;
  hidden?: boolean;
  showSaved?: boolean | undefined;
}

function useWidth(ref: React.RefObject<HTMLElement | null>): number {
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

/**
 * A virtualized, keyboard-navigable grid of ad cards with infinite loading: only the rows
 * near the viewport are in the DOM, whatever the number of ads.
 */
export function AdGrid({
  label,
  ads,
  hasMore,
  loadingMore,
  onLoadMore,
  onOpen,
  returnFocusTo,
  hidden,
  showSaved,
}: AdGridProps) {
  const outbox = useOutbox();
  const openSaveDialog = useSaveStore((state) => state.openDialog);
  const quickSave = useSaveStore((state) => state.quickSave);
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

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: columns,
      ArrowUp: -columns,
    };
    if ((event.key === 's' || event.key === 'S') && !event.metaKey && !event.ctrlKey && !event.altKey) {
      const ad = ads[active];
      if (!ad) return;
      event.preventDefault();
      // Shift+S always asks for the board; S saves to the last one used.
      if (event.key === 'S') openSaveDialog(ad);
      else void quickSave(ad);
      return;
    }
    let next: number | null = null;
    if (event.key in moves) next = active + (moves[event.key] ?? 0);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = ads.length - 1;
    else if (event.key === 'PageDown') next = active + columns * 3;
    else if (event.key === 'PageUp') next = active - columns * 3;
    if (next === null) return;
    event.preventDefault();
    focusCard(next);
  }

  return (
    <div
      ref={scrollRef}
      className="ad-grid-scroll"
      hidden={hidden}
      onKeyDown={onKeyDown}
      onScroll={(event) => {
        if (!hidden) lastScrollTop.current = event.currentTarget.scrollTop;
      }}
    >
      <div role="list" aria-label={label} className="ad-grid" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const first = row.index * columns;
          const isLoader = row.index >= rowCount;
          return (
            <div
              key={row.key}
              role="none"
              data-index={row.index}
              ref={virtualizer.measureElement}
              className="ad-grid-row"
              style={{
                transform: `translateY(${row.start}px)`,
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              }}
            >
              {isLoader ? (
                <div role="status" className="ad-grid-loading">
                  {loadingMore ? 'Loading more ads…' : 'More ads load as you scroll.'}
                </div>
              ) : (
                ads
                  .slice(first, first + columns)
                  .map((ad, offset) => (
                    <AdCard
                      key={ad.id}
                      ad={ad}
                      index={first + offset}
                      total={hasMore ? -1 : ads.length}
                      tabbable={first + offset === Math.min(active, ads.length - 1)}
                      onOpen={onOpen}
                      onFocus={setActive}
                      onSave={openSaveDialog}
                      saveState={adSaveState(ad, outbox)}
                      showSaved={showSaved}
                      deferMedia={virtualizer.isScrolling}
                    />
                  ))
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
