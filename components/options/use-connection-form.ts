import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import { settingsQueryKey, useSettings } from '@/components/ui/use-settings';
import { apiKeySchema, baseUrlProblem, normalizeBaseUrl, originPattern } from '@/lib/messaging/connection';
import { ApiError } from '@/lib/messaging/api-error';
import { IN_WORDS } from '@/lib/contract/issue-words';
import { DEMO_API_KEY, DEMO_BASE_URL } from '@/lib/contract/demo';
import { DEMO_BUILD } from '@/lib/build-mode';
import { callBackground } from '@/lib/messaging/client';
import type { ConnectionReport } from '@/lib/messaging/protocol';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/connection';
import 'virtual:adscope-english/options';

export type FieldErrors = Partial<Record<'baseUrl' | 'apiKey', string>>;

/** Checks the form without the network; returns the normalised base URL or the field errors. */
export function validateConnection(
  baseUrl: string,
  apiKey: string,
  hasStoredKey: boolean,
): { baseUrl: string } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const urlProblem = baseUrlProblem(baseUrl);
  if (urlProblem) errors.baseUrl = urlProblem;
  if (apiKey.trim() === '') {
    if (!hasStoredKey) errors.apiKey = t('options.connection.keyMissing');
  } else {
    const parsed = apiKeySchema.safeParse(apiKey, IN_WORDS);
    if (!parsed.success) errors.apiKey = parsed.error.issues[0]?.message ?? t('options.connection.keyInvalid');
  }
  return Object.keys(errors).length > 0 ? { errors } : { baseUrl: normalizeBaseUrl(baseUrl) };
}

/**
 * The connection form's state and actions: the fields, each field's error, the browser's
 * permission asked inside the click, the save (which tests the key), forgetting the key, and the
 * question when the stored key would go to an origin the user has not said yes to.
 */
export function useConnectionForm(initialBaseUrl: string, keyField: RefObject<HTMLInputElement | null>) {
  const settings = useSettings();
  const queryClient = useQueryClient();
  const [baseUrl, setBaseUrl] = useState(initialBaseUrl);
  // The stored address changed elsewhere (Options, another window): the field follows it, unless
  // the user has typed in it since it last showed what was stored.
  const storedBaseUrl = settings.data?.baseUrl;
  const [shownStored, setShownStored] = useState(initialBaseUrl);
  if (storedBaseUrl !== undefined && storedBaseUrl !== shownStored) {
    setShownStored(storedBaseUrl);
    if (baseUrl === shownStored) setBaseUrl(storedBaseUrl);
  }
  const [apiKey, setApiKey] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  /** What the last save found, with the key it found it of (its last four characters). */
  const [report, setReport] = useState<(ConnectionReport & { keyLast4: string | null }) | null>(null);
  /** The browser's permission prompt is open: the button says what it waits for. */
  const [asking, setAsking] = useState(false);
  /** The fields as they read now, for an answer that comes after the user has typed on. */
  const fieldsNow = useRef({ baseUrl, apiKey });
  useEffect(() => {
    fieldsNow.current = { baseUrl, apiKey };
  }, [baseUrl, apiKey]);

  const save = useMutation({
    /** `typedBaseUrl` is the base URL field as it read when sent (`baseUrl` is its normalised form). */
    mutationFn: (input: { baseUrl: string; typedBaseUrl: string; apiKey: string; confirmedOrigin?: string }) =>
      callBackground('settings.save', {
        baseUrl: input.baseUrl,
        ...(input.apiKey.trim() ? { apiKey: input.apiKey } : {}),
        ...(input.confirmedOrigin ? { confirmedOrigin: input.confirmedOrigin } : {}),
      }),
    onSuccess: (result, input) => {
      queryClient.setQueryData(settingsQueryKey, result.settings);
      // The test can take seconds and the fields stay editable: a field the user has changed since is
      // theirs, not the saved value's, and is left as typed (to be saved next).
      setBaseUrl((field) => (field === input.typedBaseUrl ? result.settings.baseUrl : field));
      setApiKey((field) => (field === input.apiKey ? '' : field));
      setReport({ ...result.connection, keyLast4: result.settings.apiKeyLast4 });
    },
    onError: (error, input) => {
      const apiError = ApiError.from(error);
      if (apiError.code === 'origin_changed' || apiError.code === 'origin_unconfirmed') return;
      const { field } = apiError;
      if (field !== 'baseUrl' && field !== 'apiKey') return;
      // A refusal of what was sent goes under its field only if the field still holds it: a key
      // typed during the test was not tested, and the form says the failure as the connection's.
      const sent = field === 'baseUrl' ? input.typedBaseUrl : input.apiKey;
      if (fieldsNow.current[field] === sent) setFieldErrors({ [field]: apiError.message });
    },
  });
  const forget = useMutation({
    mutationFn: () => callBackground('settings.forgetKey', {}),
    onSuccess: (view) => {
      queryClient.setQueryData(settingsQueryKey, view);
      setReport(null);
    },
  });

  // The key would go to an origin the user has not said yes to (a stored key's new origin, or one
  // the browser does not ask about because the page button's access covers it): the user decides.
  const saveError = save.isError ? ApiError.from(save.error) : null;
  const asked =
    saveError?.code === 'origin_changed' || saveError?.code === 'origin_unconfirmed'
      ? (saveError.details as { origin?: unknown } | undefined)?.origin
      : undefined;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setReport(null);
    save.reset();
    const checked = validateConnection(baseUrl, apiKey, settings.data?.hasApiKey ?? false);
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
        baseUrl: t('options.connection.permissionRefused', { origin: new URL(checked.baseUrl).origin }),
      });
      return;
    }
    save.mutate({ baseUrl: checked.baseUrl, typedBaseUrl: baseUrl, apiKey });
  }

  return {
    settings: settings.data,
    baseUrl,
    setBaseUrl,
    apiKey,
    setApiKey,
    fieldErrors,
    // Said of the connection stored now only: a key forgotten or replaced elsewhere (Options, Delete all) takes it away.
    report:
      report &&
      settings.data?.hasApiKey &&
      settings.data.baseUrl === report.baseUrl &&
      settings.data.apiKeyLast4 === report.keyLast4
        ? report
        : null,
    asking,
    save,
    saveError,
    forget,
    onSubmit,
    /** The origin the stored key would be sent to, when the user must say yes first. */
    originQuestion: typeof asked === 'string' ? asked : null,
    sendToOrigin: (origin: string) =>
      save.mutate({ baseUrl: normalizeBaseUrl(baseUrl), typedBaseUrl: baseUrl, apiKey, confirmedOrigin: origin }),
    enterNewKey: () => {
      save.reset();
      keyField.current?.focus();
    },
    /** Fills in the local demo server; only development, e2e and bench builds have it (compiled out otherwise). */
    fillDemoServer: DEMO_BUILD
      ? () => {
          setBaseUrl(DEMO_BASE_URL);
          setApiKey(DEMO_API_KEY);
          setFieldErrors({});
        }
      : null,
  };
}

export type ConnectionFormState = ReturnType<typeof useConnectionForm>;
