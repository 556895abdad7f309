import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { z } from 'zod/mini';
import { defineValidatedItem } from '../../../lib/storage/validated-item';

const item = defineValidatedItem('local:probe', z.array(z.object({ n: z.number() })), { fallback: [] });

beforeEach(() => fakeBrowser.reset());

describe('defineValidatedItem', () => {
  it('hands out a fresh fallback: mutating what was read changes nothing stored or later read', async () => {
    const first = await item.get();
    first.push({ n: 1 });
    expect(await item.get()).toEqual([]);
  });

  it('reads a tampered value as the fallback, and refuses to write an invalid one', async () => {
    await fakeBrowser.storage.local.set({ probe: [{ n: 'x' }] });
    expect(await item.get()).toEqual([]);
    await expect(item.set([{ n: 'x' } as unknown as { n: number }])).rejects.toThrow();
  });
});
