import { RequestIdDetails } from '@/components/ui/request-id-details';
import { useDiscardHeld, useOutbox } from './use-outbox';
import { t } from '@/lib/i18n';
import './notices.css';
import 'virtual:adscope-english/ads';

/**
 * Saves made with another workspace's key wait here, never sent with this one: the panel says
 * so, and the user can let each one wait for its key or discard it.
 */
export function HeldSaves() {
  const outbox = useOutbox();
  const held = (outbox ?? []).filter((entry) => entry.status === 'pending' && entry.held === true);
  const discard = useDiscardHeld();
  if (held.length === 0) return null;
  return (
    <section className="notice notice-warning held-saves" aria-labelledby="held-saves-title">
      <h2 id="held-saves-title">{t('ads.held.title', { count: held.length })}</h2>
      <p>{t('ads.held.body', { count: held.length })}</p>
      <ul className="list-plain">
        {held.map((entry) => (
          <li key={entry.id} className="held-save">
            <div>
              <span>{t(entry.op === 'save' ? 'ads.held.save' : 'ads.held.remove', { board: entry.boardName })}</span>
              <RequestIdDetails requestId={entry.error?.requestId} />
            </div>
            <button
              type="button"
              className="btn btn-link"
              disabled={discard.isPending}
              onClick={() => discard.mutate(entry.id)}
              aria-label={t(entry.op === 'save' ? 'ads.held.discardSave' : 'ads.held.discardRemove', {
                board: entry.boardName,
              })}
            >
              {t('ads.held.discard')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
