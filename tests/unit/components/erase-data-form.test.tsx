// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { EraseDataForm } from '@/components/options/erase-data-form';
import { type OutboxEntry, outboxItem } from '@/lib/storage/outbox';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

let root: Root;
let host: HTMLElement;

beforeEach(() => {
  fakeBrowser.reset();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
});

const entry = (id: string, status: OutboxEntry['status'], extra: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id,
  op: 'save',
  boardId: 'b1',
  boardName: 'Tents',
  adId: `ad-${id}`,
  tags: [],
  createdAt: 1,
  attempts: 0,
  nextAttemptAt: 1,
  status,
  ...extra,
});

describe('Delete all Adscope data, asked', () => {
  it('counts only the saves not sent yet: not those confirmed (kept a while for Undo), nor those that failed', async () => {
    await outboxItem.set([
      entry('1', 'done', { doneAt: 1 }),
      entry('2', 'done', { doneAt: 1 }),
      entry('3', 'failed', { attempts: 1 }),
      entry('4', 'pending'),
      entry('5', 'pending', { held: true }),
    ]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => {
      root.render(
        <QueryClientProvider client={client}>
          <EraseDataForm onErased={() => undefined} />
        </QueryClientProvider>,
      );
    });
    const start = [...host.querySelectorAll('button')].find(
      (button) => button.textContent === 'Delete all Adscope data',
    );
    await act(async () => start?.click());
    await vi.waitFor(async () => {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
      expect(host.querySelector('[role="alert"]')?.textContent).toContain('2 saves not sent yet');
    });
  });
});
