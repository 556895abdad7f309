import { useEffect, useState } from 'react';
import { ApiError, errorAdvice } from '@/lib/api/errors';

interface ErrorNoticeProps {
  error: unknown;
  /** Shown as the notice's heading. */
  title?: string;
  onRetry?: () => void;
}

/** Seconds left before a rate-limited call may be retried, counting down once a second. */
function useCountdown(ms: number | undefined): number {
  const [left, setLeft] = useState(() => Math.ceil((ms ?? 0) / 1000));
  useEffect(() => {
    const deadline = Date.now() + (ms ?? 0);
    setLeft(Math.ceil((ms ?? 0) / 1000));
    if (!ms) return;
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [ms]);
  return left;
}

/** An error in words: the API's message, what to do about it, and a retry where one can help. */
export function ErrorNotice({ error, title = 'Something went wrong', onRetry }: ErrorNoticeProps) {
  const apiError = ApiError.from(error);
  const wait = useCountdown(apiError.code === 'rate_limited' ? (apiError.retryAfterMs ?? 5000) : undefined);
  return (
    <div className="notice notice-error" role="alert">
      <p>
        <strong>{title}</strong>
      </p>
      <p>{apiError.message}</p>
      <p className="muted">{errorAdvice(apiError)}</p>
      {onRetry && apiError.retryable ? (
        <div className="notice-actions">
          <button type="button" className="btn" onClick={onRetry} disabled={wait > 0}>
            {wait > 0 ? `Retry in ${wait} s` : 'Retry'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
