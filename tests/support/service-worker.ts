import type { BrowserContext, Page } from '@playwright/test';

/**
 * Stops every service worker of the browser (as the browser does when they idle) and waits until
 * each has said it stopped. The protocol's first report of a worker (sent on `enable`) may reach
 * us after the reports of its stop, so a worker counts as stopped once it said so after the stop
 * was asked for, whatever older report comes later.
 */
export async function stopServiceWorker(context: BrowserContext, page: Page, timeoutMs = 10_000): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const seen = new Set<string>();
  const stopped = new Set<string>();
  let stopAsked = false;
  let last = '';
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) {
      seen.add(version.versionId);
      last = version.runningStatus;
      if (version.runningStatus === 'stopped') stopped.add(version.versionId);
      else if (!stopAsked) stopped.delete(version.versionId);
    }
  });
  await cdp.send('ServiceWorker.enable');
  stopAsked = true;
  await cdp.send('ServiceWorker.stopAllWorkers');
  const deadline = Date.now() + timeoutMs;
  while (seen.size === 0 || [...seen].some((id) => !stopped.has(id))) {
    if (Date.now() > deadline) throw new Error(`the service worker did not stop (last status: ${last || 'none'})`);
    await page.waitForTimeout(10);
  }
  await cdp.detach();
}
