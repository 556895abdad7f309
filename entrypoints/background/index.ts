import { browser } from 'wxt/browser';
import { createDefaultApi } from '@/lib/api';
import { createHandlers } from '@/lib/messaging/handlers';
import { createRouter, extensionOriginOf } from '@/lib/messaging/router';
import { registerPanelTriggers } from '@/lib/panel';

export default defineBackground(() => {
  const route = createRouter(createHandlers({ api: createDefaultApi() }), {
    extensionId: browser.runtime.id,
    extensionOrigin: extensionOriginOf(browser.runtime.getURL('/')),
  });
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    void route(message, sender).then(sendResponse);
    return true;
  });
  registerPanelTriggers();
});
