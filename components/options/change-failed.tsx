import { ErrorNotice } from '@/components/ui/error-notice';
import { ApiError } from '@/lib/messaging/api-error';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/options';

/**
 * A setting that could not be changed: a change the browser would not store (its storage for
 * Adscope full, most often) in Adscope's words with what to do, anything else as the error says.
 */
export function ChangeFailed({ title, error }: { title: string; error: unknown }) {
  if (ApiError.from(error).field !== 'storage') return <ErrorNotice title={title} error={error} />;
  return (
    <div className="notice notice-error" role="alert">
      <p>
        <strong>{title}</strong> {t('options.notStored')}
      </p>
    </div>
  );
}
