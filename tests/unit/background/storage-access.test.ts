import { describe, expect, it, vi } from 'vitest';
import { restrictStorageToTrustedContexts } from '../../../lib/background/storage-access';

describe('extension storage out of reach of content scripts', () => {
  it('restricts each area the browser lets it restrict', async () => {
    const local = { setAccessLevel: vi.fn(async () => undefined) };
    const session = { setAccessLevel: vi.fn(async () => undefined) };
    const sync = { setAccessLevel: vi.fn(async () => undefined) };
    expect(await restrictStorageToTrustedContexts({ local, session, sync })).toEqual({
      local: true,
      session: true,
      sync: true,
    });
    for (const area of [local, session, sync]) {
      expect(area.setAccessLevel).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
    }
  });

  it("leaves alone an area the browser cannot restrict (Firefox's local), and one that refuses", async () => {
    const session = { setAccessLevel: vi.fn(async () => Promise.reject(new Error('not supported'))) };
    expect(await restrictStorageToTrustedContexts({ local: {}, session, sync: {} })).toEqual({
      local: false,
      session: false,
      sync: false,
    });
    expect(await restrictStorageToTrustedContexts({ local: undefined, session: undefined, sync: undefined })).toEqual({
      local: false,
      session: false,
      sync: false,
    });
  });
});
