import { browser, type Browser } from 'wxt/browser';

/** The port a report keeps open while it holds site access asked for it alone (lib/background/report-grants.ts). */
export const REPORT_GRANTS_PORT = 'adscope-report-grants';

/** Origins named in one message on the port: a board on thousands of sites is named in several. */
export const GRANTS_PER_MESSAGE = 500;

/** What the page names on the port: its job, and a share of the origins it holds for it. */
export interface HeldGrantsMessage {
  job: string;
  origins: string[];
  /** The board whose creatives are kept with it: held after the page closes, while the vault keeper keeps them. */
  board?: string;
}

/**
 * The host permission patterns for `patterns` as every browser takes them: without a port.
 * Firefox refuses a pattern with a port (`http://127.0.0.1:8787/*`), and one bad pattern makes
 * it refuse the whole request; a pattern without a port matches every port in both browsers.
 * Sorted, once each; what is not an http(s) pattern is left out.
 */
export function grantPatterns(patterns: readonly string[]): string[] {
  const out = new Set<string>();
  for (const pattern of patterns) {
    const base = pattern.endsWith('/*') ? pattern.slice(0, -1) : pattern;
    if (!URL.canParse(base)) continue;
    const url = new URL(base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    out.add(`${url.protocol}//${url.hostname}/*`);
  }
  return [...out].sort();
}

/** The origins of `origins` the extension has access to already: those are never given back. */
export async function heldOrigins(origins: readonly string[]): Promise<string[]> {
  const held: string[] = [];
  for (const origin of origins)
    if (await browser.permissions.contains({ origins: [origin] }).catch(() => false)) held.push(origin);
  return held;
}

/**
 * The page's side: names `origins` to the background until released (in shares of
 * GRANTS_PER_MESSAGE, however many there are), under one job id the background records; a port
 * the background drops (its worker stopped) is opened again, so the origins stay named while
 * the page lives. Named for `board` (Keep this board's creatives), the background holds them
 * after the page closes too, until the vault keeper has no job of that board left.
 */
export function holdReportGrants(
  origins: string[],
  connect = () => browser.runtime.connect({ name: REPORT_GRANTS_PORT }),
  job: string = crypto.randomUUID(),
  board?: string,
) {
  let released = false;
  let port: Browser.runtime.Port | null = null;
  const open = () => {
    if (released || origins.length === 0) return;
    port = connect();
    for (let start = 0; start < origins.length; start += GRANTS_PER_MESSAGE) {
      const message: HeldGrantsMessage = {
        job,
        origins: origins.slice(start, start + GRANTS_PER_MESSAGE),
        ...(board === undefined ? {} : { board }),
      };
      port.postMessage(message);
    }
    port.onDisconnect.addListener(open);
  };
  open();
  return {
    job,
    release() {
      released = true;
      // Let go by the page (kept, or cancelled): the background gives it back now, whatever the keeper still has.
      if (board !== undefined) port?.postMessage({ job, origins: [] } satisfies HeldGrantsMessage);
      port?.onDisconnect.removeListener(open);
      port?.disconnect();
    },
  };
}
