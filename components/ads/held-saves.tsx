import { RequestIdDetails } from '@/components/ui/request-id-details';
import { useDiscardHeld, useOutbox } from './use-outbox';
import './notices.css';

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
      <h2 id="held-saves-title">
        {held.length === 1 ? '1 board change is held' : `${held.length} board changes are held`}
      </h2>
      <p>
        {held.length === 1 ? 'It was' : 'They were'} made with another workspace&apos;s key, and{' '}
        {held.length === 1 ? 'is' : 'are'} never sent with the key set now. Set that key again in the options to send{' '}
        {held.length === 1 ? 'it' : 'them'}.
      </p>
      <ul className="list-plain">
        {held.map((entry) => (
          <li key={entry.id} className="held-save">
            <div>
              <span>
                {entry.op === 'save' ? 'Save to' : 'Remove from'} {entry.boardName}
              </span>
              <RequestIdDetails requestId={entry.error?.requestId} />
            </div>
            <button
              type="button"
              className="btn btn-link"
              disabled={discard.isPending}
              onClick={() => discard.mutate(entry.id)}
              aria-label={`Discard: ${entry.op === 'save' ? 'save to' : 'remove from'} ${entry.boardName}`}
            >
              Discard
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
