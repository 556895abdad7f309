import { browser } from 'wxt/browser';
import { createDefaultApi } from '@/lib/api';
import { createHandlers } from '@/lib/messaging/handlers';
import { createRouter } from '@/lib/messaging/router';
import { registerPanelTriggers } from '@/lib/panel';

export default defineBackground(() => {
  const route = createRouter(createHandlers({ api: createDefaultApi() }), {
    extensionId: browser.runtime.id,
    extensionOrigin: new URL(browser.runtime.getURL('/')).origin,
  });
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    void route(message, sender).then(sendResponse);
    return true;
  });
  registerPanelTriggers();
});
