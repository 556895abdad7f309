import { type RefObject, useRef } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Field } from '@/components/ui/field';
import { RequestIdDetails } from '@/components/ui/request-id-details';
import { SkeletonList } from '@/components/ui/skeleton';
import { useSettings } from '@/components/ui/use-settings';
import { ApiError } from '@/lib/messaging/api-error';
import { DEMO_BUILD } from '@/lib/build-mode';
import { t } from '@/lib/i18n';
import { type ConnectionFormState, useConnectionForm } from './use-connection-form';
import 'virtual:adscope-english/demo';
import 'virtual:adscope-english/options';

/** Waits for the stored settings so the form starts from them. */
export function ConnectionForm({ heading }: { heading?: string }) {
  const settings = useSettings();
  if (settings.isError) return <ErrorNotice title={t('options.connection.readFailed')} error={settings.error} />;
  if (!settings.data) return <SkeletonList label={t('options.connection.loading')} rows={2} />;
  return (
    <ConnectionFormBody initialBaseUrl={settings.data.baseUrl} heading={heading ?? t('options.connection.title')} />
  );
}

function ConnectionFormBody({ initialBaseUrl, heading }: { initialBaseUrl: string; heading: string }) {
  const keyField = useRef<HTMLInputElement>(null);
  const form = useConnectionForm(initialBaseUrl, keyField);
  const { settings, save, forget, asking, report, originQuestion } = form;
  const failure = save.isError ? ApiError.from(save.error) : null;
  // A failure of a field is said under it, unless the user has changed the field since it was sent.
  const underField =
    (failure?.field === 'baseUrl' || failure?.field === 'apiKey') && form.fieldErrors[failure.field] !== undefined;
  return (
    <section aria-labelledby="connection-heading" className="card">
      <h2 id="connection-heading">{heading}</h2>
      <p className="muted">{t('options.connection.intro')}</p>
      <form onSubmit={form.onSubmit} noValidate>
        <ConnectionFields form={form} keyField={keyField} />
        <div className="notice-actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending || asking}>
            {asking
              ? t('options.connection.asking')
              : save.isPending
                ? t('options.connection.testing')
                : t('options.connection.save')}
          </button>
          {DEMO_BUILD && form.fillDemoServer ? (
            <button type="button" className="btn" onClick={form.fillDemoServer}>
              {t('demo.useServer')}
            </button>
          ) : null}
          {settings?.hasApiKey ? (
            <button type="button" className="btn" onClick={() => forget.mutate()} disabled={forget.isPending}>
              {t('options.connection.forget')}
            </button>
          ) : null}
        </div>
      </form>
      <div aria-live="polite">
        {report ? (
          <div className="notice notice-success" role="status">
            <p>
              <strong>{t('options.connection.connected')}</strong>{' '}
              {t('options.connection.accepted', { origin: new URL(report.baseUrl).origin, count: report.ownedBrands })}
            </p>
          </div>
        ) : null}
      </div>
      {originQuestion !== null ? <OriginQuestion form={form} origin={originQuestion} /> : null}
      {failure?.field === 'storage' ? (
        // The service took the key and the browser would not store it: not a failure to connect.
        <div className="notice notice-error" role="alert">
          <p>
            <strong>{t('options.connection.notStored')}</strong> {t('options.connection.notStoredBody')}
          </p>
        </div>
      ) : failure && !underField ? (
        <ErrorNotice title={t('options.connection.failed')} error={failure} />
      ) : null}
      {failure && underField && originQuestion === null ? (
        <>
          <p className="visually-hidden" role="alert">
            {t('options.connection.failedBecause', { reason: failure.message })}
          </p>
          {/* The message is under its field; the request id the service gave, for its support, is here. */}
          <RequestIdDetails requestId={failure.requestId} />
        </>
      ) : null}
      {forget.isError ? <ErrorNotice title={t('options.connection.forgetFailed')} error={forget.error} /> : null}
    </section>
  );
}

function ConnectionFields({
  form,
  keyField,
}: {
  form: ConnectionFormState;
  keyField: RefObject<HTMLInputElement | null>;
}) {
  const { settings } = form;
  const keyHint = settings?.hasApiKey
    ? t('options.connection.keyStored', {
        last4: settings.apiKeyLast4 ?? '',
        origin: settings.origin ?? t('options.connection.thisAddress'),
      })
    : t('options.connection.keyHint');
  return (
    <>
      <Field
        label={t('options.connection.baseUrl')}
        type="url"
        name="baseUrl"
        autoComplete="url"
        placeholder="https://api.example.com"
        value={form.baseUrl}
        onChange={(event) => form.setBaseUrl(event.target.value)}
        hint={t('options.connection.baseUrlHint')}
        error={form.fieldErrors.baseUrl}
      />
      <Field
        label={t('options.connection.apiKey')}
        type="password"
        name="apiKey"
        ref={keyField}
        autoComplete="off"
        spellCheck={false}
        placeholder={settings?.hasApiKey ? `•••• ${settings.apiKeyLast4}` : t('options.connection.apiKeyPlaceholder')}
        value={form.apiKey}
        onChange={(event) => form.setApiKey(event.target.value)}
        hint={keyHint}
        error={form.fieldErrors.apiKey}
      />
    </>
  );
}

/** The stored key would go to an origin it was not entered for: send it there, or enter another. */
function OriginQuestion({ form, origin }: { form: ConnectionFormState; origin: string }) {
  const { settings, saveError } = form;
  return (
    <div className="notice notice-warning" role="alert">
      <p>
        <strong>{t('options.origin.question', { origin })}</strong>
      </p>
      <p>
        {t('options.origin.explain', {
          last4: settings?.apiKeyLast4 ?? '',
          storedOrigin: settings?.origin ?? t('options.origin.another'),
        })}
      </p>
      <div className="notice-actions">
        <button type="button" className="btn btn-primary" onClick={() => form.sendToOrigin(origin)}>
          {t('options.origin.send', { origin })}
        </button>
        {saveError?.code === 'origin_changed' ? (
          <button type="button" className="btn" onClick={form.enterNewKey}>
            {t('options.origin.enterKey', { origin })}
          </button>
        ) : null}
      </div>
    </div>
  );
}
