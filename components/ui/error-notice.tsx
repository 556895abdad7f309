import { useEffect, useState } from 'react';
import { ApiCode } from '@/lib/contract/envelope';
import { ApiError } from '@/lib/messaging/api-error';
import { systemClock } from '@/lib/clock';
import { RequestIdDetails } from './request-id-details';

interface ErrorNoticeProps {
  error: unknown;
  /** Shown as the notice's heading. */
  title?: string;
  onRetry?: () => void;
}

/** A retry button that stays disabled, counting down, until a rate limit's Retry-After has passed. */
function RetryButton({ waitMs, onRetry }: { waitMs: number; onRetry: () => void }) {
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
    <button type="button" className="btn" onClick={onRetry} disabled={left > 0}>
      {left > 0 ? `Retry in ${left} s` : 'Retry'}
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

/** What the user should do about an error, in one sentence, shown under the API's own message. */
export function errorAdvice(error: Pick<ApiError, 'code' | 'httpStatus' | 'message'>): string {
  switch (error.code) {
    case ApiCode.invalid:
      return /workspace|api key|credential/i.test(error.message)
        ? 'Check the API key in Adscope options.'
        : 'Change the highlighted input and try again.';
    case ApiCode.planLimit:
      return /quota|free plan|a day/i.test(error.message)
        ? 'The plan allowance resets at midnight UTC; upgrade the workspace for more.'
        : 'This brand is over your plan limit. Upgrade the plan or pick another brand.';
    case ApiCode.notFound:
      return 'It may have been deleted or belong to another workspace.';
    case ApiCode.upstream:
      return 'The upstream service is unavailable. Try again in a minute.';
    case 'network':
      return 'Check your connection and the base URL in Adscope options.';
    case 'timeout':
      return 'The service took too long to answer. Try again.';
    case 'rate_limited':
      return 'Too many requests. Adscope will let you retry shortly.';
    case 'invalid_response':
      return 'The server answered with something that is not Open API v1. Check the base URL.';
    case 'not_configured':
      return 'Open Adscope options and add your API key.';
    case 'permission_denied':
      return 'Allow Adscope to reach the API origin when the browser asks.';
    case 'invalid_input':
      return 'Correct the field and try again.';
    case 'generation_failed':
      return 'Try again, or change the brief.';
    case 'origin_changed':
      return 'Enter the key for the new address, or confirm that the stored key may go there.';
    case 'redirected':
      return 'Enter the address the service really answers at as the base URL in Adscope options.';
    case 'key_refused':
      return 'Check the API key in Adscope options: paste the whole key of the workspace you want to use.';
    case 'not_allowed':
      return "Check the workspace's plan and the key's permissions with the service.";
    case 'service_error':
      return 'The service failed. Try again in a minute; if it keeps failing, give its support the request id.';
    default:
      return 'Try again. If it keeps happening, reload the extension.';
  }
}

/** An error in words: the API's message, what to do about it, and a retry where one can help. */
export function ErrorNotice({ error, title = 'Something went wrong', onRetry }: ErrorNoticeProps) {
  const apiError = ApiError.from(error);
  const waitMs = apiError.code === 'rate_limited' ? (apiError.retryAfterMs ?? 5000) : 0;
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
          <RetryButton key={errorId(error)} waitMs={waitMs} onRetry={onRetry} />
        </div>
      ) : null}
    </div>
  );
}
