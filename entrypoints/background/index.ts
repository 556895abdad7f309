import { browser } from 'wxt/browser';
import { createDefaultApi } from '@/lib/api';
import { startSaveOutbox } from '@/lib/jobs/outbox-runner';
import { createHandlers } from '@/lib/messaging/handlers';
import { createRouter, extensionOriginOf } from '@/lib/messaging/router';
import { registerPanelTriggers } from '@/lib/panel';

export default defineBackground(() => {
  const api = createDefaultApi();
  const outbox = startSaveOutbox(api);
  const route = createRouter(createHandlers({ api, outbox }), {
    extensionId: browser.runtime.id,
    extensionOrigin: extensionOriginOf(browser.runtime.getURL('/')),
  });
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    void route(message, sender).then(sendResponse);
    return true;
  });
  registerPanelTriggers();
});
