import { type RefObject, useRef } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Field } from '@/components/ui/field';
import { RequestIdDetails } from '@/components/ui/request-id-details';
import { SkeletonList } from '@/components/ui/skeleton';
import { useSettings } from '@/components/ui/use-settings';
import { ApiError } from '@/lib/messaging/api-error';
import { DEMO_BUILD } from '@/lib/build-mode';
import { countOf } from '../ui/format';
import { type ConnectionFormState, useConnectionForm } from './use-connection-form';

/** Waits for the stored settings so the form starts from them. */
export function ConnectionForm({ heading = 'Connection' }: { heading?: string }) {
  const settings = useSettings();
  if (settings.isError) return <ErrorNotice title="Could not read the settings" error={settings.error} />;
  if (!settings.data) return <SkeletonList label="Loading settings" rows={2} />;
  return <ConnectionFormBody initialBaseUrl={settings.data.baseUrl} heading={heading} />;
}

function ConnectionFormBody({ initialBaseUrl, heading }: { initialBaseUrl: string; heading: string }) {
  const keyField = useRef<HTMLInputElement>(null);
  const form = useConnectionForm(initialBaseUrl, keyField);
  const { settings, save, forget, asking, report, originQuestion } = form;
  const fieldFailure = save.isError ? ApiError.from(save.error) : null;
  return (
    <section aria-labelledby="connection-heading" className="card">
      <h2 id="connection-heading">{heading}</h2>
      <p className="muted">
        Your API key is in your workspace's settings on the Advertising Intelligence Service (its API or developer
        section); copy it from there. The base URL is the service's API address, as its documentation gives it.
      </p>
      <form onSubmit={form.onSubmit} noValidate>
        <ConnectionFields form={form} keyField={keyField} />
        <div className="notice-actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending || asking}>
            {asking ? 'Waiting for your permission…' : save.isPending ? 'Testing connection…' : 'Save and test'}
          </button>
          {DEMO_BUILD && form.fillDemoServer ? (
            <button type="button" className="btn" onClick={form.fillDemoServer}>
              Use the local demo server
            </button>
          ) : null}
          {settings?.hasApiKey ? (
            <button type="button" className="btn" onClick={() => forget.mutate()} disabled={forget.isPending}>
              Forget the stored key
            </button>
          ) : null}
        </div>
      </form>
      <div aria-live="polite">
        {report ? (
          <div className="notice notice-success" role="status">
            <p>
              <strong>Connected.</strong> {new URL(report.baseUrl).origin} accepted the key; the workspace has{' '}
              {countOf(report.ownedBrands, 'owned brand')}.
            </p>
          </div>
        ) : null}
      </div>
      {originQuestion !== null ? <OriginQuestion form={form} origin={originQuestion} /> : null}
      {fieldFailure && !fieldFailure.field ? (
        <ErrorNotice title="Could not connect. Nothing was saved." error={fieldFailure} />
      ) : null}
      {fieldFailure?.field && originQuestion === null ? (
        <>
          <p className="visually-hidden" role="alert">
            Could not connect. Nothing was saved. {fieldFailure.message}
          </p>
          {/* The message is under its field; the request id the service gave, for its support, is here. */}
          <RequestIdDetails requestId={fieldFailure.requestId} />
        </>
      ) : null}
      {forget.isError ? <ErrorNotice title="Could not forget the key" error={forget.error} /> : null}
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
    ? `A key ending in ${settings.apiKeyLast4} is stored for ${settings.origin ?? 'this address'}. Leave this empty to keep it.`
    : 'Stored only on this device, and only sent to the base URL above.';
  return (
    <>
      <Field
        label="Base URL"
        type="url"
        name="baseUrl"
        autoComplete="url"
        placeholder="https://api.example.com"
        value={form.baseUrl}
        onChange={(event) => form.setBaseUrl(event.target.value)}
        hint="The address of the Advertising Intelligence Service, without /open/v1."
        error={form.fieldErrors.baseUrl}
      />
      <Field
        label="API key"
        type="password"
        name="apiKey"
        ref={keyField}
        autoComplete="off"
        spellCheck={false}
        placeholder={settings?.hasApiKey ? `•••• ${settings.apiKeyLast4}` : 'Paste your API key'}
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
        <strong>Send your stored key to {origin}?</strong>
      </p>
      <p>
        The key ending in {settings?.apiKeyLast4} was entered for {settings?.origin ?? 'another address'}. Adscope sends
        it nowhere else unless you say so. Nothing was saved.
      </p>
      <div className="notice-actions">
        <button type="button" className="btn btn-primary" onClick={() => form.sendToOrigin(origin)}>
          Send it to {origin}
        </button>
        {saveError?.code === 'origin_changed' ? (
          <button type="button" className="btn" onClick={form.enterNewKey}>
            Enter a key for {origin}
          </button>
        ) : null}
      </div>
    </div>
  );
}
