import { browser } from 'wxt/browser';
import { deleteVault } from '../vault/db';
import { showOnBadge } from './badge';
import { browserPageButtonDeps, type PageButtonDeps, reconcilePageButton } from './similar/page-button-registration';

/** The browser calls erasing needs beside storage; injectable for tests. */
export interface EraseDeps {
  clearAlarms(): Promise<unknown>;
  /** Host access the user granted at run time (not what the manifest grants at install). */
  grantedOrigins(): Promise<string[]>;
  removeOrigins(origins: string[]): Promise<unknown>;
  pageButton: PageButtonDeps;
  /** Deletes the vault's kept creatives (IndexedDB). */
  clearVault(): Promise<unknown>;
}

export const browserEraseDeps: EraseDeps = {
  clearAlarms: () => browser.alarms.clearAll(),
  grantedOrigins: async () => {
    const atInstall = new Set(browser.runtime.getManifest().host_permissions ?? []);
    const { origins = [] } = await browser.permissions.getAll();
    return origins.filter((origin) => !atInstall.has(origin));
  },
  removeOrigins: (origins) => browser.permissions.remove({ origins }),
  pageButton: browserPageButtonDeps,
  clearVault: deleteVault,
};

/**
 * "Delete all Adscope data": everything Adscope keeps in this browser, at once. The key and
 * preferences, unsent saves, generations, the watchlist (synced storage, so on the user's other
 * synced browsers too), the state of its checks, the vault's kept creatives, and the alarms
 * that would wake any of them.
 * The page button's script is unregistered, and the site access the user granted at run time
 * is given back (what the manifest grants at install cannot be, and is not asked for).
 */
export async function eraseAllData(deps: EraseDeps = browserEraseDeps): Promise<void> {
  await deps.clearAlarms();
  await Promise.all([
    browser.storage.local.clear(),
    browser.storage.session.clear(),
    browser.storage.sync.clear(),
    deps.clearVault(),
  ]);
  await reconcilePageButton(deps.pageButton);
  const granted = await deps.grantedOrigins();
  if (granted.length > 0) await deps.removeOrigins(granted);
  showOnBadge('jobs', 0);
  showOnBadge('news', 0);
}
