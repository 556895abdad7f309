import { browser, type Browser } from 'wxt/browser';
import { z } from 'zod';
import { REPORT_GRANTS_PORT } from '../messaging/report-grants';

const heldSchema = z.object({ origins: z.array(z.string().max(300)).max(500) }).strict();

type Port = Browser.runtime.Port;

export interface ReportGrantDeps {
  onConnect: { addListener(listener: (port: Port) => void): void };
  removeOrigins: (origins: string[]) => Promise<unknown>;
  /** The extension's own origin: only its pages hold access this way. */
  extensionOrigin: string;
}

/**
 * Site access asked for one report is given back even when the page that asked closes mid-fetch
 * (the panel closed, the browser quit): the page names the origins on a port while it holds
 * them, and when the port closes, the background gives back what it named.
 */
export function watchReportGrants(deps: ReportGrantDeps): void {
  deps.onConnect.addListener((port) => {
    if (port.name !== REPORT_GRANTS_PORT) return;
    if (!port.sender?.url?.startsWith(deps.extensionOrigin)) {
      port.disconnect();
      return;
    }
    let held: string[] = [];
    port.onMessage.addListener((message: unknown) => {
      const parsed = heldSchema.safeParse(message);
      if (parsed.success) held = parsed.data.origins;
    });
    port.onDisconnect.addListener(() => {
      if (held.length > 0) void deps.removeOrigins(held).catch(() => undefined);
    });
  });
}

export const browserReportGrantDeps = (extensionOrigin: string): ReportGrantDeps => ({
  onConnect: browser.runtime.onConnect,
  removeOrigins: (origins) => browser.permissions.remove({ origins }),
  extensionOrigin,
});
