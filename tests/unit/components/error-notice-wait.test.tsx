// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { ErrorNotice } from '@/components/ui/error-notice';
import { ApiError } from '@/lib/messaging/api-error';
import { reactRoot } from '../../support/react-root';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
const page = reactRoot();

const retry = () => page.host.querySelector('button');

describe('ErrorNotice: the wait the service asked for', () => {
  // The service is down for maintenance and says when to come back (a 503's Retry-After): Retry
  // waits that long, where a click at once would only meet the same outage.
  it('holds Retry for the time an outage said it lasts', () => {
    const error = new ApiError({
      code: 'service_error',
      message: 'The server or a proxy in front of it failed (HTTP 503): Down for maintenance',
      retryable: true,
      retryAfterMs: 3_600_000,
    });
    act(() => page.root.render(<ErrorNotice error={error} onRetry={() => undefined} />));
    expect(retry()?.textContent).toBe('Retry in 3600 s');
    expect(retry()?.disabled).toBe(true);
  });

  it('offers Retry at once for a failure that named no wait', () => {
    const error = new ApiError({ code: 'service_error', message: 'The service failed (HTTP 500).', retryable: true });
    act(() => page.root.render(<ErrorNotice error={error} onRetry={() => undefined} />));
    expect(retry()?.textContent).toBe('Retry');
    expect(retry()?.disabled).toBe(false);
  });
});
