import { useEffect, useId, useRef, useState } from 'react';
import type { BoardOrder } from '@/lib/contract/boards';
import { t } from '@/lib/i18n';
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
import 'virtual:adscope-english/boards';

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
  // The ads read win over the tree's count, read earlier (ads may have been saved since on the
  // service): a count below what is listed is not shown, unless every page is read.
  const loaded = ads.data?.pages.reduce((sum, page) => sum + page.items.length, 0) ?? 0;
  const count =
    board.count !== null && loaded <= board.count ? board.count : ads.isSuccess && !ads.hasNextPage ? loaded : null;
  const empty = ads.isSuccess ? loaded === 0 : board.count === 0;
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
          {t('boards.view.back')}
        </button>
        {exportButton(t('boards.view.exportCsv'), () => void exports.exportAs('csv'))}
        {exportButton(t('boards.view.exportJson'), () => void exports.exportAs('json'))}
        {exportButton(t('boards.view.exportReport'), exports.openReport)}
        {exportButton(t('boards.view.download'), () => void exports.exportAs('zip'))}
        {exportButton(t('boards.view.keepCreatives'), () => void vault.prepare())}
        {exportButton(t('boards.view.checkLinks'), () => void vault.checkLinks())}
        {board.local && writes !== 'refused' ? (
          <button type="button" className="btn" onClick={() => copy.mutate()} disabled={empty || copy.isPending}>
            {copy.isPending ? t('boards.view.copying') : t('boards.view.copyToService')}
          </button>
        ) : null}
      </div>
      {board.local ? <p className="muted">{t('boards.view.localNote')}</p> : null}
      {copy.isSuccess ? (
        <p role="status" className="notice notice-success">
          {t('boards.view.copied', { count: copy.data.queued, board: copy.data.boardName })}
        </p>
      ) : null}
      {copy.data?.stopped ? <ErrorNotice title={t('boards.view.copyStopped')} error={copy.data.stopped} /> : null}
      {copy.isError ? <ErrorNotice title={t('boards.view.copyFailed')} error={copy.error} /> : null}
      <BoardVaultPanel vault={vault} />
      <ReportDialog source={exports.report} onClose={exports.closeReport} />
      <div className="view-header">
        <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
          {board.name}
        </h2>
        <span className="muted">{count !== null ? t('boards.count.ads', { count }) : ''}</span>
        <label htmlFor={`${id}-order`} className="visually-hidden">
          {t('boards.view.order')}
        </label>
        <select id={`${id}-order`} value={order} onChange={(event) => set({ order: event.target.value as BoardOrder })}>
          <option value="saved_newest">{t('boards.view.newest')}</option>
          <option value="saved_oldest">{t('boards.view.oldest')}</option>
        </select>
      </div>
      <p role="status" className="results-status">
        {exports.progress ?? ''}
      </p>
      {exports.cancelDownload ? (
        <button type="button" className="btn" onClick={exports.cancelDownload}>
          {t('boards.view.cancelDownload')}
        </button>
      ) : null}
      {empty ? (
        <p id={`${id}-nothing`} className="visually-hidden">
          {t('boards.view.nothingToExport')}
        </p>
      ) : null}
      {exports.error ? (
        <p role="alert" className="notice notice-error">
          {t('boards.view.exportFailed', { reason: exports.error })}
        </p>
      ) : null}
      <AdResults
        label={t('boards.view.adsLabel')}
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
            <h3>{t('boards.view.emptyTitle')}</h3>
            <p>{t('boards.view.emptyText')}</p>
          </div>
        }
      />
    </section>
  );
}
