import { useEffect, useState } from 'react';
import { ApiCode } from '@/lib/contract/envelope';
import { ApiError } from '@/lib/messaging/api-error';
import { systemClock } from '@/lib/clock';
import { t } from '@/lib/i18n';
import { RequestIdDetails } from './request-id-details';
import 'virtual:adscope-english/common';
import 'virtual:adscope-english/errors';
import 'virtual:adscope-english/ui';

interface ErrorNoticeProps {
  error: unknown;
  /** Shown as the notice's heading. */
  title?: string;
  onRetry?: () => void;
  /** What Retry loads again, in its name, where a page shows more than one notice ("Retry Acme"). */
  retryWhat?: string;
}

/** A retry button that stays disabled, counting down, until a rate limit's Retry-After has passed. */
function RetryButton({ waitMs, onRetry, what }: { waitMs: number; onRetry: () => void; what?: string | undefined }) {
  const [deadline] = useState(() => systemClock() + waitMs);
  const [now, setNow] = useState(systemClock);
  useEffect(() => {
    const timer = setInterval(() => {
      const current = systemClock();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  return (
    <button
      type="button"
      className="btn"
      onClick={onRetry}
      disabled={left > 0}
      aria-label={what === undefined || left > 0 ? undefined : t('ui.error.retryWhat', { what })}
    >
      {left > 0 ? t('ui.error.retryIn', { seconds: left }) : t('common.retry')}
    </button>
  );
}

const errorIds = new WeakMap<object, number>();
let nextErrorId = 1;
/** A stable id per error object, so a new failure restarts the countdown. */
function errorId(error: unknown): number {
  if (typeof error !== 'object' || error === null) return 0;
  let id = errorIds.get(error);
  if (id === undefined) {
    id = nextErrorId++;
    errorIds.set(error, id);
  }
  return id;
}

/**
 * What the user should do about an error, in one sentence, shown under the API's own message. A
 * refusal on the key field is about the key whatever language its sentence is in (Adscope's own
 * sentence follows the chosen language; the service's words are read for what they name).
 */
export function errorAdvice(
  error: Pick<ApiError, 'code' | 'httpStatus' | 'message'> & { field?: string | undefined },
): string {
  switch (error.code) {
    case ApiCode.invalid:
      return error.field === 'apiKey' || /workspace|api key|credential/i.test(error.message)
        ? t('errors.advice.checkKey')
        : t('errors.advice.changeInput');
    case ApiCode.planLimit:
      return /quota|free plan|a day/i.test(error.message)
        ? t('errors.advice.quotaResets')
        : t('errors.advice.brandOverLimit');
    case ApiCode.notFound:
      return t('errors.advice.notFound');
    case ApiCode.upstream:
      return t('errors.advice.upstream');
    case 'network':
      return t('errors.advice.network');
    case 'timeout':
      return t('errors.advice.timeout');
    case 'rate_limited':
      return t('errors.advice.rateLimited');
    case 'invalid_response':
      return t('errors.advice.invalidResponse');
    case 'not_configured':
      return t('errors.advice.notConfigured');
    case 'permission_denied':
      return t('errors.advice.permissionDenied');
    case 'invalid_input':
      return t('errors.advice.invalidInput');
    case 'generation_failed':
      return t('errors.advice.generationFailed');
    case 'origin_changed':
      return t('errors.advice.originChanged');
    case 'redirected':
      return t('errors.advice.redirected');
    case 'key_refused':
      return t('errors.advice.keyRefused');
    case 'not_allowed':
      return t('errors.advice.notAllowed');
    case 'service_error':
      return t('errors.advice.serviceError');
    // Stopped on purpose (cancelled, or a later change to the same thing stands): nothing to mend.
    case 'aborted':
      return t('errors.advice.aborted');
    default:
      return t('errors.advice.other');
  }
}

/** An error in words: the API's message, what to do about it, and a retry where one can help. */
export function ErrorNotice({ error, title = t('ui.error.title'), onRetry, retryWhat }: ErrorNoticeProps) {
  const apiError = ApiError.from(error);
  // The wait the service asked for (a rate limit's, or an outage's Retry-After); a rate limit waits 5 s at least.
  const waitMs = apiError.retryAfterMs ?? (apiError.code === 'rate_limited' ? 5000 : 0);
  return (
    <div className="notice notice-error" role="alert">
      <p>
        <strong>{title}</strong>
      </p>
      <p>{apiError.message}</p>
      <p className="muted">{errorAdvice(apiError)}</p>
      <RequestIdDetails requestId={apiError.requestId} />
      {onRetry && apiError.retryable ? (
        <div className="notice-actions">
          <RetryButton key={errorId(error)} waitMs={waitMs} onRetry={onRetry} what={retryWhat} />
        </div>
      ) : null}
    </div>
  );
}
