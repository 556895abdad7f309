import { useEffect, useRef, useState } from 'react';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { BOARD_PAGE_SIZE, type BoardOrder } from '@/lib/contract/boards';
import { type Clock, systemClock } from '@/lib/clock';
import { ApiError } from '@/lib/messaging/api-error';
import { callBackground } from '@/lib/messaging/client';
import { isLocalBoardId } from '@/lib/vault/local-board-id';
import type { ReportSource } from '../report/report-dialog';
import { failureSummary } from '../ui/media-words';
import { changedWords, erasedWords, watchConnection } from '../ui/connection-watch';
import { t } from '@/lib/i18n';
import { formatNumber } from '../ui/format';
import { downloadCsv, downloadFile } from '../ui/download';
import { adsToCsv, adsToJson, exportFileName } from './export';
import { flattenBoards, useBoardTree } from './tree';
import 'virtual:adscope-english/boards';

/**
 * Fetches every ad of a board, page by page, for export: each ad once (an ad saved meanwhile
 * moves the rest down, so a next page may repeat the last of the page before). A service that
 * names a next page it gave before, or gives three pages in a row with nothing new, would be read
 * forever: the reading stops there with an error that says so.
 */
export async function allBoardAds(
  boardId: string,
  order: BoardOrder,
  onProgress: (count: number) => void,
  signal?: AbortSignal,
): Promise<LibraryAd[]> {
  const ads = new Map<string, LibraryAd>();
  const cursors = new Set<string>();
  let stale = 0;
  let cursor: string | undefined;
  for (;;) {
    const page = await callBackground(
      'boards.ads',
      { boardId, sort_by: order, page_size: BOARD_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
      signal ? { signal } : {},
    );
    const before = ads.size;
    for (const ad of page.items) if (!ads.has(ad.id)) ads.set(ad.id, ad);
    onProgress(ads.size);
    if (!page.cursor) return [...ads.values()];
    stale = ads.size > before ? 0 : stale + 1;
    if (cursors.has(page.cursor) || stale >= 3)
      throw new ApiError({ code: 'invalid_response', message: t('boards.pages.endless', { count: ads.size }) });
    cursors.add(page.cursor);
    cursor = page.cursor;
  }
}

/**
 * Download board: what the archive will hold, said before it starts; each creative within its
 * time limit and the download's own abort (Cancel); then what is in it, and what failed and why.
 */
async function downloadZip(
  board: { id: string; name: string },
  all: LibraryAd[],
  now: Date,
  signal: AbortSignal,
  say: (text: string) => void,
): Promise<string> {
  const [{ boardZip, zipPlan }, { serviceBaseUrl }] = await Promise.all([
    import('./board-zip'),
    import('../report/media'),
  ]);
  const plan = zipPlan(all);
  say(t('boards.download.progress', { plan: plan.text, done: formatNumber(0), total: formatNumber(plan.held) }));
  const { file, creatives, failures } = await boardZip({ id: board.id, name: board.name }, all, {
    fetch: (input, init) => fetch(input, init),
    now,
    signal,
    service: await serviceBaseUrl(signal),
    onProgress: (done, total) =>
      say(t('boards.download.progress', { plan: plan.text, done: formatNumber(done), total: formatNumber(total) })),
  });
  signal.throwIfAborted();
  downloadFile(exportFileName(board.name, 'zip', now), 'application/zip', file);
  const missing = creatives.filter((creative) => creative.file === null).length;
  const failed = failureSummary(failures);
  const other = missing - failures.length;
  return t('boards.download.done', {
    ads: all.length,
    creatives: creatives.length - missing,
    failed: failed || 'none',
    other: Math.max(0, other),
    why: missing > 0 ? 'yes' : 'no',
  });
}

/**
 * A board's exports: every ad read page by page, then saved as CSV (with each board's path) or
 * JSON, or handed to the offline report. The progress and a failure are said in words. Delete
 * all stops an export under way (and says so); ads read while another connection was saved are
 * not exported as the board, unless the board is kept in this browser (read from the vault). The instant an export is made at (its file name, `exported_at`) is
 * read once, when the board has been read.
 */
export function useBoardExport(
  board: { id: string; name: string; count: number | null },
  order: BoardOrder,
  clock: Clock = systemClock,
) {
  const tree = useBoardTree();
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<ReportSource | null>(null);
  /** The download under way: Cancel aborts it. */
  const [download, setDownload] = useState<AbortController | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function exportAs(kind: 'csv' | 'json' | 'zip') {
    setError(null);
    setProgress(t('boards.export.preparing'));
    const controller = new AbortController();
    abort.current = controller;
    if (kind === 'zip') setDownload(controller);
    let reading = true;
    let changed = false;
    let erased = false;
    const stopWatching = watchConnection((end) => {
      if (end === 'changed') changed ||= reading;
      else {
        erased = true;
        controller.abort();
      }
    });
    const fail = (message: string) => {
      setProgress(null);
      setError(message);
    };
    try {
      const all = await allBoardAds(
        board.id,
        order,
        (count) => setProgress(t('boards.export.fetched', { count })),
        controller.signal,
      );
      reading = false;
      // A board in this browser is read from the vault, not the service: a key or address saved
      // meanwhile changed none of its ads.
      if (changed && !isLocalBoardId(board.id)) return fail(changedWords());
      const now = new Date(clock());
      if (kind === 'zip') {
        setProgress(await downloadZip(board, all, now, controller.signal, setProgress));
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
      setProgress(t('boards.export.done', { count: all.length, format: kind.toUpperCase() }));
    } catch (failure) {
      if (erased) fail(erasedWords());
      else if (!controller.signal.aborted) fail(ApiError.from(failure).message);
    } finally {
      stopWatching();
      if (kind === 'zip') setDownload(null);
    }
  }

  function cancelDownload() {
    download?.abort();
    setDownload(null);
    setProgress(t('boards.download.cancelled'));
  }

  return {
    progress,
    error,
    /** An export is reading the board now (every language's progress ends with the ellipsis). */
    busy: progress?.endsWith('…') ?? false,
    exportAs,
    /** Cancel download: shown while a download runs. */
    cancelDownload: download ? cancelDownload : null,
    report,
    openReport: () =>
      setReport({
        title: board.name,
        kind: t('boards.report.kind'),
        expected: board.count,
        readHere: isLocalBoardId(board.id),
        fileName: (now) => exportFileName(board.name, 'html', now),
        loadAds: (signal, onProgress) => allBoardAds(board.id, order, onProgress, signal),
      }),
    closeReport: () => setReport(null),
  };
}
