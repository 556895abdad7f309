import { useEffect, useId, useRef, useState } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { useOutbox } from '@/components/ads/use-outbox';
import { t } from '@/lib/i18n';
import { useEraseAll } from './use-options';
import 'virtual:adscope-english/options';
import { ApiError } from '@/lib/messaging/api-error';

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
      <h2 id={`${id}-heading`}>{t('options.erase.title')}</h2>
      <p className="muted">{t('options.erase.intro')}</p>
      {confirming ? (
        <div className="notice notice-warning" role="alert">
          <p>
            <strong>{t('options.erase.question')}</strong>
          </p>
          <p>{t('options.erase.what', { waiting })}</p>
          <div className="notice-actions">
            <button type="button" className="btn btn-danger" onClick={() => erase.mutate()} disabled={erase.isPending}>
              {erase.isPending ? t('options.erase.deleting') : t('options.erase.confirm')}
            </button>
            <button ref={keep} type="button" className="btn" onClick={() => setConfirming(false)}>
              {t('options.erase.keep')}
            </button>
          </div>
        </div>
      ) : (
        <button ref={start} type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
          {t('options.erase.start')}
        </button>
      )}
      <div aria-live="polite">
        {erase.isSuccess ? (
          <p className="notice notice-success" role="status">
            {t('options.erase.done')} {erase.data.accessKept ? t('options.erase.accessKept') : null}
          </p>
        ) : null}
      </div>
      {erase.isError && ApiError.from(erase.error).field === 'vault' ? (
        // The rest is deleted: only the kept creatives are left, held by another page.
        <div className="notice notice-error" role="alert">
          <p>
            <strong>{t('options.erase.failed')}</strong> {t('options.erase.vaultLeft')}
          </p>
        </div>
      ) : erase.isError ? (
        <ErrorNotice title={t('options.erase.failed')} error={erase.error} />
      ) : null}
    </section>
  );
}
