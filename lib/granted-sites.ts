import { browser } from 'wxt/browser';

/**
 * Site access the user granted since install (not the manifest's own): what Delete all gives
 * back (lib/background/erase.ts), and what Options checks is gone after it.
 */
export async function grantedSites(): Promise<string[]> {
  const atInstall = new Set(browser.runtime.getManifest().host_permissions ?? []);
  const { origins = [] } = await browser.permissions.getAll();
  return origins.filter((origin) => !atInstall.has(origin));
}
