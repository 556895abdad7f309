import { NO_KEY } from '../../support/settings-views';
// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { HeldSaves } from '@/components/ads/held-saves';
import { useSaveStore } from '@/components/ads/save-store';
import { SaveToasts } from '@/components/ads/save-toasts';
import { ConnectionForm } from '@/components/options/connection-form';
import { ErrorNotice } from '@/components/ui/error-notice';
import { ApiError } from '@/lib/messaging/api-error';
import { type OutboxEntry, outboxItem } from '@/lib/storage/outbox';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const ID = '20a3d4af927efade86e6ff9f1cae3ff7';
const keyRefused = new ApiError({
  code: 'key_refused',
  field: 'apiKey',
  httpStatus: 401,
  message: 'The service did not accept this key: invalid_api_key. The API key is invalid.',
  retryable: false,
  requestId: ID,
});

let root: Root;
let host: HTMLElement;
let consoleErrors: ReturnType<typeof vi.spyOn>;

async function render(node: ReactNode): Promise<void> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  await act(async () => {
    root.render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
  });
}

/** Waits, letting React and storage settle, until `check` passes. */
async function until(check: () => void): Promise<void> {
  await vi.waitFor(async () => {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    check();
  });
}

const detailsIn = (element: ParentNode) => element.querySelector('details');
const copyButton = (element: ParentNode) =>
  [...element.querySelectorAll('button')].find((button) => button.textContent === 'Copy request id');

beforeEach(() => {
  fakeBrowser.reset();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  consoleErrors = vi.spyOn(console, 'error');
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  // Rendering, opening and copying say nothing on the console.
  expect(consoleErrors).not.toHaveBeenCalled();
});

describe('the Details disclosure of an error', () => {
  it('shows the request id under a native Details, copies it, and says so to screen readers', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await render(<ErrorNotice title="Could not save" error={keyRefused} />);
    const details = detailsIn(host);
    expect(details).not.toBeNull();
    const summary = details?.querySelector(':scope > summary');
    expect(summary?.textContent).toBe('Details');
    expect(details?.textContent).toContain(`Request id: ${ID}`);
    const button = copyButton(details as HTMLElement);
    expect(button?.getAttribute('type')).toBe('button');
    const live = details?.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe('');

    await act(async () => {
      (details as HTMLDetailsElement).open = true;
      button?.click();
    });
    expect(writeText).toHaveBeenCalledWith(ID);
    await until(() => expect(live?.textContent).toBe('Copied'));
  });

  it('says so when the clipboard refuses', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await render(<ErrorNotice error={keyRefused.toJSON()} />);
    await act(async () => copyButton(host)?.click());
    await until(() => expect(host.querySelector('[aria-live="polite"]')?.textContent).toMatch(/Could not copy/));
  });

  it('is not there when the service gave no request id', async () => {
    await render(<ErrorNotice error={new ApiError({ code: 'network', message: 'Could not reach the API server.' })} />);
    expect(host.querySelector('.notice-error')).not.toBeNull();
    expect(detailsIn(host)).toBeNull();
  });

  it('a new error starts uncopied', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await render(<ErrorNotice error={keyRefused} />);
    await act(async () => copyButton(host)?.click());
    await until(() => expect(host.textContent).toContain('Copied'));
    const next = new ApiError({
      code: 'service_error',
      message: 'The service failed (HTTP 500): oops',
      requestId: 'r2',
    });
    await render(<ErrorNotice error={next} />);
    expect(host.textContent).toContain('Request id: r2');
    expect(host.textContent).not.toContain('Copied');
  });
});

describe('the options connection form', () => {
  it('puts a refused key under the key field in the service’s words, not under the base URL, with Details', async () => {
    const view = NO_KEY;
    // The browser's prompt, answered Allow (its typings pick the callback overload).
    const allow: () => Promise<boolean> = async () => true;
    vi.spyOn(browser.permissions, 'request').mockImplementation(allow as unknown as typeof browser.permissions.request);
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation(async (message: unknown) => {
      const { type } = message as { type: string };
      if (type === 'settings.get') return { ok: true, data: view };
      if (type === 'settings.save') return { ok: false, error: keyRefused.toJSON() };
      throw new Error(`unexpected ${type}`);
    });
    await render(<ConnectionForm />);
    await until(() => expect(host.querySelector('input[name="baseUrl"]')).not.toBeNull());
    type('baseUrl', 'https://api.example.com');
    type('apiKey', 'sk_live_0123456789abcdef');
    await act(async () => {
      host.querySelector('form')?.requestSubmit();
    });
    const keyField = () => host.querySelector('input[name="apiKey"]')?.closest('.field');
    await until(() => expect(keyField()?.querySelector('.field-error')?.textContent).toBe(keyRefused.message));
    expect(host.querySelector('input[name="baseUrl"]')?.closest('.field')?.querySelector('.field-error')).toBeNull();
    expect(host.querySelector('input[name="apiKey"]')?.getAttribute('aria-invalid')).toBe('true');
    expect(detailsIn(host)?.textContent).toContain(`Request id: ${ID}`);
  });

  function type(name: string, value: string): void {
    const input = host.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    if (!input) throw new Error(`no ${name} field`);
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }
});

describe('saves in the panel', () => {
  const failedSave: OutboxEntry = {
    id: 'e1',
    op: 'save',
    boardId: 'b1',
    boardName: 'Tents',
    adId: 'ad-1',
    tags: [],
    createdAt: 1,
    attempts: 1,
    nextAttemptAt: 1,
    status: 'failed',
    error: keyRefused.toJSON(),
  };

  it('a failed save’s toast has Details with the request id', async () => {
    await outboxItem.set([failedSave]);
    useSaveStore.setState({
      toasts: [
        { id: 't1', entryId: 'e1', message: 'Saving to Tents…', board: { id: 'b1', name: 'Tents' }, adId: 'ad-1' },
      ],
    });
    await render(<SaveToasts />);
    await until(() => expect(host.textContent).toContain('Could not save to Tents'));
    expect(detailsIn(host)?.textContent).toContain(`Request id: ${ID}`);
    expect(copyButton(host)).toBeDefined();
    await act(async () => useSaveStore.setState({ toasts: [] }));
  });

  it('a held save that met an error has Details with its request id', async () => {
    await outboxItem.set([
      {
        ...failedSave,
        status: 'pending',
        held: true,
        error: { code: 'service_error', httpStatus: 503, message: 'down', retryable: true, requestId: 'req-held' },
      },
    ]);
    await render(<HeldSaves />);
    await until(() => expect(host.textContent).toContain('1 board change is held'));
    expect(detailsIn(host)?.textContent).toContain('Request id: req-held');
  });
});
