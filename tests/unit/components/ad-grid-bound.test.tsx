// @vitest-environment happy-dom
import { layOutGrid } from '../../support/grid-layout';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdGrid } from '../../../components/ads/ad-grid';
import { boundedRows, gridColumns, MAX_RENDERED_CARDS } from '../../../components/ads/use-ad-grid';
import { testAd } from '../../support/ads';
import { reactRoot } from '../../support/react-root';

/**
 * The grid's DOM budget holds whatever the fonts and the viewport: small fonts make short rows
 * and a tall viewport holds many of them, and still no more than MAX_RENDERED_CARDS cards are
 * in the document, the rows on screen first.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ADS = Array.from({ length: 10_000 }, (_, index) =>
  testAd({ id: `m${String(index).padStart(18, '0')}`, title: `Ad ${index}` }),
);

const mounted = reactRoot();

/** The ads' indexes of the cards in the document. */
function shownIndexes(host: HTMLElement): number[] {
  return [...host.querySelectorAll('[data-ad-index]')].map((node) => Number(node.getAttribute('data-ad-index')));
}

async function renderGrid(): Promise<HTMLElement> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    mounted.root.render(
      <QueryClientProvider client={client}>
        <AdGrid
          label="Board ads"
          ads={ADS}
          hasMore={false}
          loadingMore={false}
          onLoadMore={() => {}}
          onOpen={() => {}}
        />
      </QueryClientProvider>,
    ),
  );
  // The rows are measured after the first render; the virtualizer renders again with their sizes.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  return mounted.host;
}

describe('the ad grid at a tall viewport with small fonts', () => {
  beforeEach(() => layOutGrid({ width: 400, height: 3000, rowHeight: 120 }));
  afterEach(() => vi.restoreAllMocks());

  it('renders at most its bound of cards, the first rows on screen', async () => {
    const host = await renderGrid();
    const cards = host.querySelectorAll('[role="listitem"]');
    // 3,000 px of 120 px rows: 25 rows on screen without the bound, of one or two cards.
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThanOrEqual(MAX_RENDERED_CARDS);
    expect(host.querySelector('[data-ad-index="0"]')).not.toBeNull();
  });

  it('keeps to the bound after a scroll far down the list', async () => {
    const host = await renderGrid();
    const scroller = host.querySelector<HTMLElement>('.ad-grid-scroll');
    if (!scroller) throw new Error('no grid');
    await act(async () => {
      scroller.scrollTop = 1_000_000;
      scroller.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const indexes = shownIndexes(host);
    expect(indexes.length).toBeGreaterThan(0);
    expect(indexes.length).toBeLessThanOrEqual(MAX_RENDERED_CARDS);
    // The rows at the scroll position (rows not yet measured count at their estimate), in order.
    const first = Math.min(...indexes);
    expect(first).toBeGreaterThan(1_000);
    expect(indexes.toSorted((a, b) => a - b)).toEqual(indexes.map((_, offset) => first + offset));
  });

  it('draws the rows a scroll brings after the scroll event, not inside it', async () => {
    // Chromium runs scroll events inside its frame: rows drawn there made the frame a long task.
    const host = await renderGrid();
    const scroller = host.querySelector<HTMLElement>('.ad-grid-scroll');
    if (!scroller) throw new Error('no grid');
    let inTheEvent: number[] = [];
    await act(async () => {
      scroller.scrollTop = 1_000_000;
      scroller.dispatchEvent(new Event('scroll'));
      inTheEvent = shownIndexes(host);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(Math.min(...inTheEvent)).toBe(0);
    expect(Math.min(...shownIndexes(host))).toBeGreaterThan(1_000);
  });

  it('moves the focus by keyboard to the last card, at the foot of a viewport of more rows than the bound draws', async () => {
    // The rows a scroll brings come in a task after it, and the bound draws the rows on screen from
    // the top: the last card's row is drawn all the same, and the focus waits for it, then takes it.
    const host = await renderGrid();
    const first = host.querySelector<HTMLElement>('[data-ad-index="0"]');
    if (!first) throw new Error('no first card');
    await act(async () => {
      first.focus();
      first.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(document.activeElement?.getAttribute('data-ad-index')).toBe(String(ADS.length - 1));
    expect(shownIndexes(host).length).toBeLessThanOrEqual(MAX_RENDERED_CARDS);
  });
});

describe('gridColumns', () => {
  it('fits as many columns as the width holds in the panel', () => {
    expect(gridColumns(400, 650)).toBe(2);
    expect(gridColumns(150, 650)).toBe(1);
  });

  it('takes fewer, wider columns where a tall viewport would show more cards than the bound', () => {
    // Four fit 900 px; at 1,250 px tall their rows would show 20 cards.
    expect(gridColumns(900, 500)).toBe(4);
    expect(gridColumns(900, 1_250)).toBe(2);
    for (const [width, height] of [
      [400, 3_000],
      [900, 1_250],
      [1_600, 2_000],
    ] as const) {
      const columns = gridColumns(width, height);
      const columnWidth = (width - 12 * (columns - 1)) / columns;
      const rowsShown = Math.ceil(height / (columnWidth * 0.75 + 132)) + 1;
      expect(columns === 1 || columns * rowsShown <= MAX_RENDERED_CARDS).toBe(true);
    }
  });
});

describe('boundedRows', () => {
  const range = { startIndex: 10, endIndex: 40, overscan: 2, count: 5_000 };

  it('takes the rows on screen from the top, as many as the bound holds', () => {
    expect(boundedRows(range, 2, 14)).toEqual([10, 11, 12, 13, 14, 15, 16]);
    expect(boundedRows(range, 4, 14)).toEqual([10, 11, 12]);
  });

  it('adds the overscan, a row after and a row before in turn, within the bound', () => {
    expect(boundedRows({ ...range, endIndex: 11 }, 2, 14)).toEqual([8, 9, 10, 11, 12, 13]);
    expect(boundedRows({ ...range, endIndex: 12 }, 2, 14)).toEqual([8, 9, 10, 11, 12, 13, 14]);
    expect(boundedRows({ ...range, startIndex: 0, endIndex: 1 }, 2, 14)).toEqual([0, 1, 2, 3]);
  });

  it("draws the focused card's row when it is on screen below what the bound draws, and up to it", () => {
    expect(boundedRows(range, 2, 14, 19)).toEqual([13, 14, 15, 16, 17, 18, 19]);
    expect(boundedRows(range, 2, 14, 12)).toEqual([10, 11, 12, 13, 14, 15, 16]);
    // Off screen, above or below, it moves nothing.
    expect(boundedRows(range, 2, 14, 4)).toEqual([10, 11, 12, 13, 14, 15, 16]);
    expect(boundedRows(range, 2, 14, 41)).toEqual([10, 11, 12, 13, 14, 15, 16]);
    expect(boundedRows(range, 2, 14, 40)).toEqual([34, 35, 36, 37, 38, 39, 40]);
  });

  it('keeps one row when a row is wider than the bound, and none of an empty list', () => {
    expect(boundedRows(range, 20, 14)).toEqual([10]);
    expect(boundedRows({ startIndex: 0, endIndex: -1, overscan: 1, count: 0 }, 2)).toEqual([]);
  });
});
