import { useEffect, useMemo } from 'react';
import { ApiError } from '@/lib/messaging/api-error';
import { RequestIdDetails } from '@/components/ui/request-id-details';
import { useOutbox } from './use-outbox';
import { useSaveStore } from './save-store';
import { t } from '@/lib/i18n';
import './notices.css';
import 'virtual:adscope-english/ads';
import 'virtual:adscope-english/common';

const HIDE_AFTER_MS = 10_000;

/** Save confirmations with Undo, following each save from queued to confirmed or failed. */
export function SaveToasts() {
  const toasts = useSaveStore((state) => state.toasts);
  const undo = useSaveStore((state) => state.undo);
  const retry = useSaveStore((state) => state.retry);
  const dismiss = useSaveStore((state) => state.dismissToast);
  const outbox = useOutbox();
  const entries = useMemo(() => outbox ?? [], [outbox]);

  useEffect(() => {
    const timers = toasts.map((toast) => {
      const entry = entries.find((e) => e.id === toast.entryId);
      // Keep a toast while its save is still pending or has failed.
      if (entry && entry.status !== 'done') return undefined;
      return setTimeout(() => dismiss(toast.id), HIDE_AFTER_MS);
    });
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [toasts, entries, dismiss]);

  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => {
        const entry = entries.find((e) => e.id === toast.entryId);
        const message = toast.undoing
          ? entry?.status === 'done'
            ? t('ads.toast.undone', { board: toast.board.name })
            : entry?.status === 'failed'
              ? t('ads.toast.undoFailed', {
                  board: toast.board.name,
                  error: entry.error ? ApiError.from(entry.error).message : t('ads.toast.unknownError'),
                })
              : toast.message
          : entry?.status === 'done' && entry.movedFrom
            ? t('ads.toast.savedLocally', { board: entry.boardName, reason: entry.movedFrom.reason })
            : entry?.status === 'done'
              ? t('ads.toast.saved', { board: toast.board.name })
              : entry?.status === 'failed'
                ? t('ads.toast.failed', {
                    board: toast.board.name,
                    error: entry.error ? ApiError.from(entry.error).message : t('ads.toast.unknownError'),
                  })
                : entry?.held
                  ? t('ads.toast.held', { board: toast.board.name })
                  : entry && entry.attempts > 0
                    ? // The service answered "too many requests": it asked to wait, it is not unreachable.
                      t(entry.error?.code === 'rate_limited' ? 'ads.toast.asked' : 'ads.toast.retrying', {
                        board: toast.board.name,
                      })
                    : toast.message;
        return (
          <div key={toast.id} className={`toast${entry?.status === 'failed' ? ' toast-error' : ''}`}>
            <div className="toast-text">
              <span>{message}</span>
              {/* A save not done yet, or refused, names the request the service last answered. */}
              <RequestIdDetails requestId={entry?.status === 'done' ? undefined : entry?.error?.requestId} />
            </div>
            {toast.entryId && !toast.undoing && entry?.status !== 'failed' ? (
              <button type="button" className="btn" onClick={() => void undo(toast.id)}>
                {t('ads.toast.undo')}
              </button>
            ) : null}
            {entry?.status === 'failed' ? (
              <button type="button" className="btn" onClick={() => void retry(toast.id)}>
                {t('common.retry')}
              </button>
            ) : null}
            <button type="button" className="btn" aria-label={t('ads.toast.dismiss')} onClick={() => dismiss(toast.id)}>
              ×
            </button>
          </div>
        );
      })}
    </div>
  );
}
