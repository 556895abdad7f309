import { browser, type Browser } from 'wxt/browser';

/** The port a report keeps open while it holds site access asked for it alone (lib/background/report-grants.ts). */
export const REPORT_GRANTS_PORT = 'adscope-report-grants';

/** The origins of `origins` the extension has access to already: those are never given back. */
export async function heldOrigins(origins: readonly string[]): Promise<string[]> {
  const held: string[] = [];
  for (const origin of origins)
    if (await browser.permissions.contains({ origins: [origin] }).catch(() => false)) held.push(origin);
  return held;
}

/**
 * The page's side: names `origins` to the background until released; a port the background
 * drops (its worker stopped) is opened again, so the origins stay named while the page lives.
 */
export function holdReportGrants(
  origins: string[],
  connect = () => browser.runtime.connect({ name: REPORT_GRANTS_PORT }),
) {
  let released = false;
  let port: Browser.runtime.Port | null = null;
  const open = () => {
    if (released || origins.length === 0) return;
    port = connect();
    port.postMessage({ origins });
    port.onDisconnect.addListener(open);
  };
  open();
  return {
    release() {
      released = true;
      port?.onDisconnect.removeListener(open);
      port?.disconnect();
    },
  };
}
