import { describe, expect, it, vi } from 'vitest';
import { restrictStorageToTrustedContexts } from '../../../lib/background/storage-access';

describe('extension storage out of reach of content scripts', () => {
  it('restricts each area the browser lets it restrict', async () => {
    const local = { setAccessLevel: vi.fn(async () => undefined) };
    const session = { setAccessLevel: vi.fn(async () => undefined) };
    expect(await restrictStorageToTrustedContexts({ local, session })).toEqual({ local: true, session: true });
    expect(local.setAccessLevel).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
    expect(session.setAccessLevel).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
  });

  it("leaves alone an area the browser cannot restrict (Firefox's local), and one that refuses", async () => {
    const session = { setAccessLevel: vi.fn(async () => Promise.reject(new Error('not supported'))) };
    expect(await restrictStorageToTrustedContexts({ local: {}, session })).toEqual({ local: false, session: false });
    expect(await restrictStorageToTrustedContexts({ local: undefined, session: undefined })).toEqual({
      local: false,
      session: false,
    });
  });
});
