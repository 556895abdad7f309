import { useState } from 'react';
import { t } from '@/lib/i18n';
import './request-id-details.css';
import 'virtual:adscope-english/ui';

/**
 * The id the service gave a failed request, for its support: folded under "Details", with a
 * button that copies it. Nothing when the service gave none.
 */
export function RequestIdDetails({ requestId }: { requestId: string | undefined }) {
  // Which id was copied (or could not be), so a new error's id starts uncopied.
  const [copied, setCopied] = useState<{ id: string; ok: boolean } | null>(null);
  if (!requestId) return null;
  const copy = () => {
    const done = (ok: boolean) => setCopied({ id: requestId, ok });
    try {
      navigator.clipboard.writeText(requestId).then(
        () => done(true),
        () => done(false),
      );
    } catch {
      // No clipboard here (an insecure context): the id can still be selected.
      done(false);
    }
  };
  const said = copied?.id === requestId ? (copied.ok ? t('ui.requestId.copied') : t('ui.requestId.copyFailed')) : '';
  return (
    <details className="request-details">
      <summary>{t('ui.requestId.details')}</summary>
      <p>
        {t('ui.requestId.label')} <code>{requestId}</code>
      </p>
      <button type="button" className="btn" onClick={copy}>
        {t('ui.requestId.copy')}
      </button>{' '}
      <span aria-live="polite">{said}</span>
    </details>
  );
}
