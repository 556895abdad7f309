import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { vaultStateItem } from '../../../lib/vault/state';
import { newsSchema } from '../../../lib/storage/watchlist';
import { outboxEntrySchema } from '../../../lib/storage/outbox';

beforeEach(() => fakeBrowser.reset());

const entry = {
  id: 'e1',
  op: 'save',
  boardId: 'b1',
  boardName: 'Hooks',
  adId: 'a1',
  tags: [],
  createdAt: 1,
  attempts: 0,
  nextAttemptAt: 1,
  status: 'pending',
} as const;

describe('stored records read back as they were written, whatever else storage holds', () => {
  it('keeps each field that reads and puts the stated fallback in place of one that does not', async () => {
    await fakeBrowser.storage.local.set({
      vaultState: { stopped: 'melted', message: 'x'.repeat(401), board: { id: 'b' }, at: 'soon', serial: 3, extra: 1 },
    });
    expect(await vaultStateItem.get()).toEqual({ stopped: null, message: null, board: null, at: 0, serial: 3 });
  });

  it('fills a missing value with its default, and a wrong one with its fallback', () => {
    expect(newsSchema.parse({ brands: {} })).toEqual({ brands: {}, service: null });
    expect(newsSchema.parse({ brands: {}, service: 42 })).toEqual({ brands: {}, service: null });
    expect(newsSchema.parse({ brands: 'none', service: 'svc' })).toEqual({ brands: {}, service: 'svc' });
  });

  it('drops keys a record does not know, and leaves an absent optional field absent', () => {
    const read = outboxEntrySchema.parse({ ...entry, injected: '<script>' });
    expect(read).toEqual(entry);
    expect('sentAt' in read).toBe(false);
  });

  it('refuses a record whose required field does not read, and a count that is not whole', () => {
    expect(outboxEntrySchema.safeParse({ ...entry, status: 'sent' }).success).toBe(false);
    expect(outboxEntrySchema.safeParse({ ...entry, attempts: 1.5 }).success).toBe(false);
    expect(outboxEntrySchema.safeParse({ ...entry, attempts: -1 }).success).toBe(false);
  });
});
