import { useEffect, useId, useRef, useState } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { BOARD_PAGE_SIZE, type BoardOrder } from '@/lib/contract/boards';
import { ApiError } from '@/lib/messaging/api-error';
import { callBackground } from '@/lib/messaging/client';
import { countOf } from '../ui/format';
import { useEscape } from '../ui/use-escape';
import { AdResults } from '../ads/ad-results';
import { flattenBoards, useBoardTree } from './tree';
import { navigate } from '../navigation/navigation-store';
import { useBoardsStore } from './boards-store';
import { adsToCsv, adsToJson, exportFileName } from './export';
import { downloadCsv, downloadFile } from '../ui/download';
import { useBoardAds } from './queries';
import { systemClock } from '@/lib/clock';
import { ReportDialog, type ReportSource } from '../report/report-dialog';

interface BoardViewProps {
  board: { id: string; name: string; count: number | null };
  onBack: () => void;
}

/** Fetches every ad of a board, page by page, for export. */
async function allBoardAds(
  boardId: string,
  order: BoardOrder,
  onProgress: (count: number) => void,
  signal?: AbortSignal,
): Promise<LibraryAd[]> {
  const ads: LibraryAd[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await callBackground(
      'boards.ads',
      {
        boardId,
        sort_by: order,
        page_size: BOARD_PAGE_SIZE,
        ...(cursor ? { cursor } : {}),
      },
      signal ? { signal } : {},
    );
    ads.push(...page.items);
    onProgress(ads.length);
    if (!page.cursor) return ads;
    cursor = page.cursor;
  }
}

/** One board's ads, newest or oldest saved first, with export to CSV and JSON. */
export function BoardView({ board, onBack }: BoardViewProps) {
  const id = useId();
  const { order, openAdId, set } = useBoardsStore();
  const ads = useBoardAds(board.id, order);
  const tree = useBoardTree();
  const empty = board.count === 0 || (ads.isSuccess && (ads.data.pages[0]?.items.length ?? 0) === 0);
  const [lastOpened, setLastOpened] = useState<string | null>(null);
  const [exporting, setExporting] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [report, setReport] = useState<ReportSource | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [board.id]);
  useEscape(onBack, !openAdId);

  async function exportAs(kind: 'csv' | 'json') {
    setExportError(null);
    setExporting('Preparing the export…');
    try {
      const all = await allBoardAds(board.id, order, (count) => setExporting(`Fetched ${countOf(count, 'ad')}…`));
      const now = new Date(systemClock());
      if (kind === 'csv')
        downloadCsv(
          exportFileName(board.name, 'csv', now),
          adsToCsv(all, new Map(flattenBoards(tree.data?.items ?? []).map((node) => [node.id, node.path]))),
        );
      else
        downloadFile(
          exportFileName(board.name, 'json', now),
          'application/json',
          adsToJson(all, { id: board.id, name: board.name }, now),
        );
      setExporting(`Exported ${countOf(all.length, 'ad')} as ${kind.toUpperCase()}.`);
    } catch (error) {
      setExporting(null);
      setExportError(ApiError.from(error).message);
    }
  }

  function openReport() {
    setReport({
      title: board.name,
      kind: 'Board',
      expected: board.count,
      fileName: (now) => exportFileName(board.name, 'html', now),
      loadAds: (signal, onProgress) => allBoardAds(board.id, order, onProgress, signal),
    });
  }

  return (
    <section className="tab-section board-view" aria-labelledby={`${id}-heading`}>
      <div className="toolbar">
        <button type="button" className="btn" onClick={onBack}>
          ← All boards
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => void exportAs('csv')}
          disabled={empty || (exporting?.endsWith('…') ?? false)}
          aria-describedby={empty ? `${id}-nothing` : undefined}
        >
          Export CSV
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => void exportAs('json')}
          disabled={empty || (exporting?.endsWith('…') ?? false)}
          aria-describedby={empty ? `${id}-nothing` : undefined}
        >
          Export JSON
        </button>
        <button
          type="button"
          className="btn"
          onClick={openReport}
          disabled={empty || (exporting?.endsWith('…') ?? false)}
          aria-describedby={empty ? `${id}-nothing` : undefined}
        >
          Export report
        </button>
      </div>
      <ReportDialog source={report} onClose={() => setReport(null)} />
      <div className="view-header">
        <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
          {board.name}
        </h2>
        <span className="muted">{board.count !== null ? countOf(board.count, 'ad') : ''}</span>
        <label htmlFor={`${id}-order`} className="visually-hidden">
          Order
        </label>
        <select id={`${id}-order`} value={order} onChange={(event) => set({ order: event.target.value as BoardOrder })}>
          <option value="saved_newest">Newest saved first</option>
          <option value="saved_oldest">Oldest saved first</option>
        </select>
      </div>
      <p role="status" className="results-status">
        {exporting ?? ''}
      </p>
      {empty ? (
        <p id={`${id}-nothing`} className="visually-hidden">
          Nothing to export: this board has no ads.
        </p>
      ) : null}
      {exportError ? (
        <p role="alert" className="notice notice-error">
          Export failed: {exportError} Nothing was downloaded; try again.
        </p>
      ) : null}
      <AdResults
        label="Board ads"
        query={ads}
        showSaved
        openAdId={openAdId}
        lastOpenedId={lastOpened}
        onOpen={(adId) => {
          if (adId) setLastOpened(adId);
          set({ openAdId: adId });
        }}
        onSeeBrand={(brand) => navigate({ to: 'search', brand })}
        empty={
          <div className="empty-state">
            <h3>This board is empty</h3>
            <p>Save ads here from Search, Brands or Saved with the Save button, or press S on a card.</p>
          </div>
        }
      />
    </section>
  );
}
