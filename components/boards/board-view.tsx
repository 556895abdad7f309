import { useEffect, useId, useRef, useState } from 'react';
import type { BoardOrder } from '@/lib/contract/boards';
import { countOf } from '../ui/format';
import { ErrorNotice } from '../ui/error-notice';
import { useEscape } from '../ui/use-escape';
import { AdResults } from '../ads/ad-results';
import { navigate } from '../navigation/navigation-store';
import { ReportDialog } from '../report/report-dialog';
import { useBoardsStore } from './boards-store';
import { useBoardAds } from './queries';
import { useBoardExport } from './use-board-export';
import { useBoardVault } from './use-board-vault';
import { BoardVaultPanel } from './board-vault-panel';
import { useCopyToService } from './use-copy-board';

interface BoardViewProps {
  board: { id: string; name: string; count: number | null; local?: boolean };
  /** Whether the connected service takes board writes (for copying a board kept in this browser). */
  writes?: 'accepted' | 'refused' | 'unknown';
  onBack: () => void;
}

/** One board's ads, newest or oldest saved first, with export to CSV, JSON and an offline report. */
export function BoardView({ board, writes = 'unknown', onBack }: BoardViewProps) {
  const id = useId();
  const copy = useCopyToService(board.id);
  const { order, openAdId, set } = useBoardsStore();
  const ads = useBoardAds(board.id, order);
  const exports = useBoardExport(board, order);
  const vault = useBoardVault(board, order);
  const empty = board.count === 0 || (ads.isSuccess && (ads.data.pages[0]?.items.length ?? 0) === 0);
  const [lastOpened, setLastOpened] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [board.id]);
  useEscape(onBack, !openAdId);
  const exportButton = (label: string, onClick: () => void) => (
    <button
      type="button"
      className="btn"
      onClick={onClick}
      disabled={empty || exports.busy}
      aria-describedby={empty ? `${id}-nothing` : undefined}
    >
      {label}
    </button>
  );

  return (
    <section className="tab-section board-view" aria-labelledby={`${id}-heading`}>
      <div className="toolbar">
        <button type="button" className="btn" onClick={onBack}>
          ← All boards
        </button>
        {exportButton('Export CSV', () => void exports.exportAs('csv'))}
        {exportButton('Export JSON', () => void exports.exportAs('json'))}
        {exportButton('Export report', exports.openReport)}
        {exportButton('Download board', () => void exports.exportAs('zip'))}
        {exportButton("Keep this board's creatives", () => void vault.prepare())}
        {exportButton('Check links', () => void vault.checkLinks())}
        {board.local && writes !== 'refused' ? (
          <button type="button" className="btn" onClick={() => copy.mutate()} disabled={empty || copy.isPending}>
            {copy.isPending ? 'Copying…' : 'Copy to the service'}
          </button>
        ) : null}
      </div>
      {board.local ? (
        <p className="muted">
          Kept in this browser: it is not on the service, and goes with Delete all in the options.
        </p>
      ) : null}
      {copy.isSuccess ? (
        <p role="status" className="notice notice-success">
          Copying {countOf(copy.data.queued, 'ad')} to the service&apos;s board “{copy.data.boardName}”. Copying again
          fills the same board.
        </p>
      ) : null}
      {copy.isError ? <ErrorNotice title="Could not copy the board" error={copy.error} /> : null}
      <BoardVaultPanel vault={vault} />
      <ReportDialog source={exports.report} onClose={exports.closeReport} />
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
        {exports.progress ?? ''}
      </p>
      {exports.cancelDownload ? (
        <button type="button" className="btn" onClick={exports.cancelDownload}>
          Cancel download
        </button>
      ) : null}
      {empty ? (
        <p id={`${id}-nothing`} className="visually-hidden">
          Nothing to export: this board has no ads.
        </p>
      ) : null}
      {exports.error ? (
        <p role="alert" className="notice notice-error">
          Export failed: {exports.error} Nothing was downloaded; try again.
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
