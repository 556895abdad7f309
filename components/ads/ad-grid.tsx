import type { KeyboardEvent } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { useLocalHoldings, useOutbox } from './use-outbox';
import { adSaveState } from './saved-state';
import { useSaveStore } from './save-store';
import { AdCard } from './ad-card';
import { gridMove, useAdGrid } from './use-ad-grid';
import { t } from '@/lib/i18n';
import './ads.css';
import 'virtual:adscope-english/ads';

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

/**
 * A virtualized, keyboard-navigable grid of ad cards with infinite loading: only the rows
 * near the viewport are in the DOM, whatever the number of ads.
 */
export function AdGrid(props: AdGridProps) {
  const { label, ads, hasMore, loadingMore, onOpen, hidden, showSaved } = props;
  const outbox = useOutbox();
  const holdings = useLocalHoldings();
  const openSaveDialog = useSaveStore((state) => state.openDialog);
  const quickSave = useSaveStore((state) => state.quickSave);
  const { scrollRef, virtualizer, rows, rowCount, columns, active, setActive, focusCard, onScroll } = useAdGrid(props);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if ((event.key === 's' || event.key === 'S') && !event.metaKey && !event.ctrlKey && !event.altKey) {
      const ad = ads[active];
      if (!ad) return;
      event.preventDefault();
      // Shift+S always asks for the board; S saves to the last one used.
      if (event.key === 'S') openSaveDialog(ad);
      else void quickSave(ad);
      return;
    }
    const next = gridMove(event.key, active, columns, ads.length);
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
      onScroll={(event) => onScroll(event.currentTarget.scrollTop)}
    >
      <div role="list" aria-label={label} className="ad-grid" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const first = row.index * columns;
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
              {row.index >= rowCount ? (
                <div role="status" className="ad-grid-loading">
                  {loadingMore ? t('ads.grid.loadingMore') : t('ads.grid.moreOnScroll')}
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
                      saveState={adSaveState(ad, outbox, holdings)}
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
