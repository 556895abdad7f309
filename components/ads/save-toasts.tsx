import { useEffect, useMemo } from 'react';
import { ApiError } from '@/lib/messaging/api-error';
import { RequestIdDetails } from '@/components/ui/request-id-details';
import { useOutbox } from './use-outbox';
import { useSaveStore } from './save-store';
import './notices.css';

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
        const message =
          entry?.status === 'done' && entry.movedFrom
            ? `Saved in this browser to ${entry.boardName}: this service's boards are read-only through its API (${entry.movedFrom.reason}).`
            : entry?.status === 'done'
              ? `Saved to ${toast.board.name}.`
              : entry?.status === 'failed'
                ? `Could not save to ${toast.board.name}: ${entry.error ? ApiError.from(entry.error).message : 'unknown error'}`
                : entry?.held
                  ? `Held: saving to ${toast.board.name} waits for the workspace it was made in. Set that key again in the options to send it.`
                  : entry && entry.attempts > 0
                    ? `Saving to ${toast.board.name}… the service is not answering; Adscope will keep trying.`
                    : toast.message;
        return (
          <div key={toast.id} className={`toast${entry?.status === 'failed' ? ' toast-error' : ''}`}>
            <div className="toast-text">
              <span>{message}</span>
              {/* A save not done yet, or refused, names the request the service last answered. */}
              <RequestIdDetails requestId={entry?.status === 'done' ? undefined : entry?.error?.requestId} />
            </div>
            {toast.entryId && entry?.status !== 'failed' ? (
              <button type="button" className="btn" onClick={() => void undo(toast.id)}>
                Undo
              </button>
            ) : null}
            {entry?.status === 'failed' ? (
              <button type="button" className="btn" onClick={() => void retry(toast.id)}>
                Retry
              </button>
            ) : null}
            <button type="button" className="btn" aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
              ×
            </button>
          </div>
        );
      })}
    </div>
  );
}
