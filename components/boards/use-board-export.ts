import { useState } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { BOARD_PAGE_SIZE, type BoardOrder } from '@/lib/contract/boards';
import { systemClock } from '@/lib/clock';
import { ApiError } from '@/lib/messaging/api-error';
import { callBackground } from '@/lib/messaging/client';
import type { ReportSource } from '../report/report-dialog';
import { countOf } from '../ui/format';
import { downloadCsv, downloadFile } from '../ui/download';
import { adsToCsv, adsToJson, exportFileName } from './export';
import { flattenBoards, useBoardTree } from './tree';

/** Fetches every ad of a board, page by page, for export. */
export async function allBoardAds(
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
      { boardId, sort_by: order, page_size: BOARD_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
      signal ? { signal } : {},
    );
    ads.push(...page.items);
    onProgress(ads.length);
    if (!page.cursor) return ads;
    cursor = page.cursor;
  }
}

/**
 * A board's exports: every ad read page by page, then saved as CSV (with each board's path) or
 * JSON, or handed to the offline report. The progress and a failure are said in words.
 */
export function useBoardExport(board: { id: string; name: string; count: number | null }, order: BoardOrder) {
  const tree = useBoardTree();
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<ReportSource | null>(null);

  async function exportAs(kind: 'csv' | 'json' | 'zip') {
    setError(null);
    setProgress('Preparing the export…');
    try {
      const all = await allBoardAds(board.id, order, (count) => setProgress(`Fetched ${countOf(count, 'ad')}…`));
      const now = new Date(systemClock());
      if (kind === 'zip') {
        const { boardZip } = await import('./board-zip');
        const { file, creatives } = await boardZip({ id: board.id, name: board.name }, all, {
          fetch: (input, init) => fetch(input, init),
          now,
          onProgress: (done, total) => setProgress(`Creatives: ${done} of ${total}…`),
        });
        downloadFile(exportFileName(board.name, 'zip', now), 'application/zip', file);
        const missing = creatives.filter((creative) => creative.file === null).length;
        setProgress(
          `Downloaded ${countOf(all.length, 'ad')} with ${countOf(creatives.length - missing, 'creative')}${
            missing > 0 ? `; ${missing} not in it (board.json says why)` : ''
          }.`,
        );
        return;
      }
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
      setProgress(`Exported ${countOf(all.length, 'ad')} as ${kind.toUpperCase()}.`);
    } catch (failure) {
      setProgress(null);
      setError(ApiError.from(failure).message);
    }
  }

  return {
    progress,
    error,
    /** An export is reading the board now. */
    busy: progress?.endsWith('…') ?? false,
    exportAs,
    report,
    openReport: () =>
      setReport({
        title: board.name,
        kind: 'Board',
        expected: board.count,
        fileName: (now) => exportFileName(board.name, 'html', now),
        loadAds: (signal, onProgress) => allBoardAds(board.id, order, onProgress, signal),
      }),
    closeReport: () => setReport(null),
  };
}
