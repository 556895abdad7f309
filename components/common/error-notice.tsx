import { useEffect, useState } from 'react';
import { ApiError, errorAdvice } from '@/lib/api/errors';
import { systemClock } from '@/lib/clock';

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
      {onRetry && apiError.retryable ? (
        <div className="notice-actions">
          <RetryButton key={errorId(error)} waitMs={waitMs} onRetry={onRetry} />
        </div>
      ) : null}
    </div>
  );
}
