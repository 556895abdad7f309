import type { BrowserContext, Page } from '@playwright/test';

/** Stops the extension's service worker (as the browser does when it idles) and waits until it has. */
export async function stopServiceWorker(context: BrowserContext, page: Page, timeoutMs = 10_000): Promise<void> {
  const cdp = await context.newCDPSession(page);
  let status = '';
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) status = version.runningStatus;
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  const deadline = Date.now() + timeoutMs;
  while (status !== 'stopped') {
    if (Date.now() > deadline) throw new Error(`the service worker did not stop (last status: ${status || 'none'})`);
    await page.waitForTimeout(10);
  }
  await cdp.detach();
}
