import { DEMO_BUILD } from '../build-mode';

/**
 * The sites the opt-in page button asks for, as the options page and the background both see
 * them. A demo build asks only for the loopback pages it was granted at install, since a test
 * cannot click the browser's permission prompt.
 */
export const PAGE_BUTTON_ORIGINS: string[] = DEMO_BUILD
  ? ['http://127.0.0.1/*', 'http://localhost/*']
  : ['https://*/*', 'http://*/*'];

export interface PageButtonState {
  enabled: boolean;
  /** Whether the browser grants the site access the button needs. */
  granted: boolean;
}

/**
 * What turning the button on asks the browser for: its sites, and the API's own address on
 * its own, so that the API's access never depends on the button's and giving the button's
 * back later leaves the API reachable.
 */
export function pageButtonRequest(apiPattern: string | null): string[] {
  return [...new Set([...PAGE_BUTTON_ORIGINS, ...(apiPattern ? [apiPattern] : [])])];
}

/** What turning the button off gives back: its own sites, never the API's address. */
export function pageButtonRelease(apiPattern: string | null): string[] {
  return PAGE_BUTTON_ORIGINS.filter((origin) => origin !== apiPattern);
}
