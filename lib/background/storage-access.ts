import { browser } from 'wxt/browser';

interface AccessControlledArea {
  setAccessLevel?: (options: { accessLevel: 'TRUSTED_CONTEXTS' | 'TRUSTED_AND_UNTRUSTED_CONTEXTS' }) => Promise<void>;
}

/**
 * Keeps extension storage out of reach of page-facing contexts (content scripts), where the
 * browser allows it: Chrome for `local`, `session` and `sync` (the watchlist). Firefox (ESR 153) has no access levels:
 * it gives content scripts no `session` area at all, and leaves `local` readable by them, so
 * Adscope's content scripts never touch storage (checked in tests/firefox). Says which areas it
 * restricted; an area the browser cannot restrict is left as it is.
 */
type Area = 'local' | 'session' | 'sync';

export async function restrictStorageToTrustedContexts(
  areas: Record<Area, unknown> = {
    local: browser.storage.local,
    session: browser.storage.session,
    sync: browser.storage.sync,
  },
): Promise<Record<Area, boolean>> {
  const restrict = async (area: unknown): Promise<boolean> => {
    const setAccessLevel = (area as AccessControlledArea | undefined)?.setAccessLevel;
    if (typeof setAccessLevel !== 'function') return false;
    try {
      await setAccessLevel.call(area, { accessLevel: 'TRUSTED_CONTEXTS' });
      return true;
    } catch {
      return false;
    }
  };
  const [local, session, sync] = await Promise.all([
    restrict(areas.local),
    restrict(areas.session),
    restrict(areas.sync),
  ]);
  return { local, session, sync };
}
