import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Field } from '@/components/ui/field';
import { SkeletonList } from '@/components/ui/skeleton';
import { settingsQueryKey, useSettings } from '@/components/ui/use-settings';
import { apiKeySchema, baseUrlProblem, normalizeBaseUrl, originPattern } from '@/lib/messaging/connection';
import { ApiError } from '@/lib/messaging/api-error';
import { DEMO_API_KEY, DEMO_BASE_URL } from '@/lib/contract/demo';
import { DEMO_BUILD } from '@/lib/build-mode';
import { callBackground } from '@/lib/messaging/client';
import type { ConnectionReport } from '@/lib/messaging/protocol';
import { countOf } from '../ui/format';

type FieldErrors = Partial<Record<'baseUrl' | 'apiKey', string>>;

/** Checks the form without the network; returns the normalised base URL or the field errors. */
function validate(
  baseUrl: string,
  apiKey: string,
  hasStoredKey: boolean,
): { baseUrl: string } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const urlProblem = baseUrlProblem(baseUrl);
  if (urlProblem) errors.baseUrl = urlProblem;
  if (apiKey.trim() === '') {
    if (!hasStoredKey) errors.apiKey = 'Paste your API key.';
  } else {
    const parsed = apiKeySchema.safeParse(apiKey);
    if (!parsed.success) errors.apiKey = parsed.error.issues[0]?.message ?? 'This API key is not valid.';
  }
  return Object.keys(errors).length > 0 ? { errors } : { baseUrl: normalizeBaseUrl(baseUrl) };
}

/** Waits for the stored settings so the form starts from them. */
export function ConnectionForm({ heading = 'Connection' }: { heading?: string }) {
  const settings = useSettings();
  if (settings.isError) return <ErrorNotice title="Could not read the settings" error={settings.error} />;
  if (!settings.data) return <SkeletonList label="Loading settings" rows={2} />;
  return <ConnectionFormBody initialBaseUrl={settings.data.baseUrl} heading={heading} />;
}

function ConnectionFormBody({ initialBaseUrl, heading }: { initialBaseUrl: string; heading: string }) {
  const settings = useSettings();
  const queryClient = useQueryClient();
  const [baseUrl, setBaseUrl] = useState(initialBaseUrl);
  const [apiKey, setApiKey] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [report, setReport] = useState<ConnectionReport | null>(null);
  /** The browser's permission prompt is open: the button says what it waits for. */
  const [asking, setAsking] = useState(false);
  const keyField = useRef<HTMLInputElement>(null);

  const save = useMutation({
    mutationFn: async (input: { baseUrl: string; apiKey: string; confirmedOrigin?: string }) => {
      const result = await callBackground('settings.save', {
        baseUrl: input.baseUrl,
        ...(input.apiKey.trim() ? { apiKey: input.apiKey } : {}),
        ...(input.confirmedOrigin ? { confirmedOrigin: input.confirmedOrigin } : {}),
      });
      return result;
    },
    onSuccess: (result) => {
      queryClient.setQueryData(settingsQueryKey, result.settings);
      setBaseUrl(result.settings.baseUrl);
      setApiKey('');
      setReport(result.connection);
    },
    onError: (error) => {
      const apiError = ApiError.from(error);
      if (apiError.code === 'origin_changed' || apiError.code === 'origin_unconfirmed') return;
      if (apiError.field === 'baseUrl' || apiError.field === 'apiKey')
        setFieldErrors({ [apiError.field]: apiError.message });
    },
  });

  const forget = useMutation({
    mutationFn: () => callBackground('settings.forgetKey', {}),
    onSuccess: (view) => {
      queryClient.setQueryData(settingsQueryKey, view);
      setReport(null);
    },
  });

  const hasStoredKey = settings.data?.hasApiKey ?? false;
  // The key would go to an origin the user has not said yes to (a stored key's new origin, or one
  // the browser does not ask about because the page button's access covers it): the user decides.
  const saveError = save.isError ? ApiError.from(save.error) : null;
  const originQuestion =
    saveError?.code === 'origin_changed' || saveError?.code === 'origin_unconfirmed'
      ? (saveError.details as { origin?: unknown } | undefined)?.origin
      : undefined;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setReport(null);
    save.reset();
    const checked = validate(baseUrl, apiKey, hasStoredKey);
    if ('errors' in checked) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    // Asked first, inside the click, because the browser wants a user gesture for the prompt.
    let granted: boolean;
    setAsking(true);
    try {
      granted = await browser.permissions.request({ origins: [originPattern(checked.baseUrl)] });
    } catch {
      granted = false;
    } finally {
      setAsking(false);
    }
    if (!granted) {
      setFieldErrors({
        baseUrl: `Permission refused: Adscope needs access to ${new URL(checked.baseUrl).origin} to call the API. Save again and choose Allow. Nothing was saved.`,
      });
      return;
    }
    save.mutate({ baseUrl: checked.baseUrl, apiKey });
  }

  function fillDemoServer() {
    setBaseUrl(DEMO_BASE_URL);
    setApiKey(DEMO_API_KEY);
    setFieldErrors({});
  }

  const keyHint = settings.data?.hasApiKey
    ? `A key ending in ${settings.data.apiKeyLast4} is stored for ${settings.data.origin ?? 'this address'}. Leave this empty to keep it.`
    : 'Stored only on this device, and only sent to the base URL above.';

  return (
    <section aria-labelledby="connection-heading" className="card">
      <h2 id="connection-heading">{heading}</h2>
      <p className="muted">
        Your API key is in your workspace's settings on the Advertising Intelligence Service (its API or developer
        section); copy it from there. The base URL is the service's API address, as its documentation gives it.
      </p>
      <form onSubmit={onSubmit} noValidate>
        <Field
          label="Base URL"
          type="url"
          name="baseUrl"
          autoComplete="url"
          placeholder="https://api.example.com"
          value={baseUrl}
          onChange={(event) => setBaseUrl(event.target.value)}
          hint="The address of the Advertising Intelligence Service, without /open/v1."
          error={fieldErrors.baseUrl}
        />
        <Field
          label="API key"
          type="password"
          name="apiKey"
          ref={keyField}
          autoComplete="off"
          spellCheck={false}
          placeholder={settings.data?.hasApiKey ? `•••• ${settings.data.apiKeyLast4}` : 'Paste your API key'}
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value)}
          hint={keyHint}
          error={fieldErrors.apiKey}
        />
        <div className="notice-actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending || asking}>
            {asking ? 'Waiting for your permission…' : save.isPending ? 'Testing connection…' : 'Save and test'}
          </button>
          {DEMO_BUILD ? (
            <button type="button" className="btn" onClick={fillDemoServer}>
              Use the local demo server
            </button>
          ) : null}
          {settings.data?.hasApiKey ? (
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
      {typeof originQuestion === 'string' ? (
        <div className="notice notice-warning" role="alert">
          <p>
            <strong>Send your stored key to {originQuestion}?</strong>
          </p>
          <p>
            The key ending in {settings.data?.apiKeyLast4} was entered for {settings.data?.origin ?? 'another address'}.
            Adscope sends it nowhere else unless you say so. Nothing was saved.
          </p>
          <div className="notice-actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() =>
                save.mutate({ baseUrl: normalizeBaseUrl(baseUrl), apiKey, confirmedOrigin: originQuestion })
              }
            >
              Send it to {originQuestion}
            </button>
            {saveError?.code === 'origin_changed' ? (
              <button
                type="button"
                className="btn"
                onClick={() => {
                  save.reset();
                  keyField.current?.focus();
                }}
              >
                Enter a key for {originQuestion}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
      {save.isError && !ApiError.from(save.error).field ? (
        <ErrorNotice title="Could not connect. Nothing was saved." error={save.error} />
      ) : null}
      {save.isError && ApiError.from(save.error).field && typeof originQuestion !== 'string' ? (
        <p className="visually-hidden" role="alert">
          Could not connect. Nothing was saved. {ApiError.from(save.error).message}
        </p>
      ) : null}
      {forget.isError ? <ErrorNotice title="Could not forget the key" error={forget.error} /> : null}
    </section>
  );
}
