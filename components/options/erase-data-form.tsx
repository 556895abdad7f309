import { useEffect, useId, useRef, useState } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { countOf } from '@/components/ui/format';
import { useOutbox } from '@/components/ads/use-outbox';
import { useEraseAll } from './use-options';

/** "Delete all Adscope data", asked twice: what goes, what stays on the service, then the erase. */
export function EraseDataForm({ onErased }: { onErased: () => void }) {
  const id = useId();
  const outbox = useOutbox();
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const erase = useEraseAll(() => {
    setConfirming(false);
    onErased();
  });
  // The question takes the focus on its safe answer; closing it gives the focus back to where it came from.
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) keep.current?.focus();
    else if (asked.current) start.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  // Only what the service has not confirmed yet: done (kept a while for Undo) and failed entries are not waiting.
  const waiting = outbox?.filter((entry) => entry.status === 'pending').length ?? 0;
  return (
    <section aria-labelledby={`${id}-heading`} className="card">
      <h2 id={`${id}-heading`}>Your data in this browser</h2>
      <p className="muted">
        Adscope keeps your key, preferences, saves the service has not confirmed yet, image generations in progress,
        your watchlist, the boards kept in this browser and the creatives it kept of your saved ads here. Deleting them
        leaves your boards and saved ads on the service as they are.
      </p>
      {confirming ? (
        <div className="notice notice-warning" role="alert">
          <p>
            <strong>Delete everything Adscope keeps in this browser?</strong>
          </p>
          <p>
            The API key and preferences, {waiting > 0 ? `${countOf(waiting, 'save')} not sent yet, ` : ''}image
            generations in progress, the boards kept in this browser and their ads, the kept creatives, and the
            watchlist, on your other synced browsers too. Site access you granted is given back. This cannot be undone.
          </p>
          <div className="notice-actions">
            <button type="button" className="btn btn-danger" onClick={() => erase.mutate()} disabled={erase.isPending}>
              {erase.isPending ? 'Deleting…' : 'Delete everything'}
            </button>
            <button ref={keep} type="button" className="btn" onClick={() => setConfirming(false)}>
              Keep my data
            </button>
          </div>
        </div>
      ) : (
        <button ref={start} type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
          Delete all Adscope data
        </button>
      )}
      <div aria-live="polite">
        {erase.isSuccess ? (
          <p className="notice notice-success" role="status">
            Everything Adscope kept in this browser is deleted. Connect again to use it.
          </p>
        ) : null}
      </div>
      {erase.isError ? <ErrorNotice title="Could not delete everything" error={erase.error} /> : null}
    </section>
  );
}
