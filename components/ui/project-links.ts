import { browser } from 'wxt/browser';

/**
 * A file of the project's repository (the privacy policy, the changelog), from the manifest's
 * homepage_url, which comes from package.json; null when the build names no home page.
 */
export function projectFileUrl(file: string): string | null {
  const home = browser.runtime.getManifest().homepage_url;
  return home ? `${home}/blob/main/${file}` : null;
}
