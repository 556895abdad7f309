import { browser } from 'wxt/browser';
import { DEMO_BUILD } from '@/lib/build-mode';
import { createDefaultApi, readConnection, workspaceApis } from '@/lib/background/api';
import { createTransport } from '@/lib/background/api/transport';
import { adLibraryApi } from '@/lib/background/api/ad-library';
import { startWatch } from '@/lib/background/watch/watch-service';
import { startVault } from '@/lib/background/vault/start';
import { brandPageSearch } from '@/lib/background/watch/watch-runner';
import { connectionItem, currentService, readStoredConnection } from '@/lib/background/api/credentials';
import { type Boards, createBoards } from '@/lib/background/boards';
import { systemClock } from '@/lib/clock';
import { startGenerationTracker } from '@/lib/background/jobs/generation-runner';
import { startSaveOutbox } from '@/lib/background/jobs/outbox-runner';
import { JobGate } from '@/lib/background/jobs/job-gate';
import { browserEraseDeps, eraseAllData } from '@/lib/background/erase';
import { createHandlers } from '@/lib/background/handlers';
import { createRouter, extensionOriginOf } from '@/lib/background/router';
import { browserReportGrantDeps, RECONNECT_GRACE_MS, watchReportGrants } from '@/lib/background/report-grants';
import { registerPanelTriggers } from '@/lib/background/panel';
import { registerInstallHandling } from '@/lib/background/install';
import { restrictStorageToTrustedContexts } from '@/lib/background/storage-access';
import { openResearchPanel } from '@/lib/open-panel';
import { reconcilePageButton } from '@/lib/background/similar/page-button-registration';
import { findSimilarInTab, registerFindSimilarTriggers } from '@/lib/background/similar/trigger';

// Firefox runs it as an event page (MV2, not persistent): unloaded when idle, woken by its
// listeners and alarms, like Chrome's service worker. Every queue lives in storage, not memory.
export default defineBackground({
  persistent: false,
  main() {
    // First: the key's storage out of reach of content scripts, where the browser allows it.
    void restrictStorageToTrustedContexts();
    // Jobs run, write and set alarms only while a connection is stored: Delete all closes the
    // gate (and a new worker finds none stored), saving a connection opens it again.
    const gate = new JobGate(async () => (await readStoredConnection()) !== null);
    const api = createDefaultApi();
    // Queued work goes out only with the workspace it was made in; a changed key holds or releases it.
    const apiFor = workspaceApis();
    // Saves go to the service's boards, or to boards in this browser when the service's are read-only.
    const boards: Boards = createBoards({
      api,
      apiFor,
      service: async () => (await readStoredConnection())?.baseUrl ?? null,
      clock: systemClock,
      enqueueSave: (save) => outbox.enqueue({ op: 'save', ...save }),
    });
    // The vault learns of each confirmed save (and removal) from the send itself, before the outbox marks it done.
    const vault = startVault(systemClock, gate);
    const outbox = startSaveOutbox(
      vault.confirming((entry) => boards.send(entry)),
      systemClock,
      gate,
    );
    const generations = startGenerationTracker(apiFor, systemClock, gate);
    // The watchlist counts each request itself: a transport that never retries on its own.
    const watchLibrary = adLibraryApi(createTransport({ getConnection: readConnection, retryLimit: 0 }));
    const watch = startWatch({
      search: brandPageSearch(watchLibrary),
      openPanel: () => openResearchPanel(undefined),
      // Seen ads and news belong to the service, not the key: a new key for it keeps them.
      service: currentService,
      gate,
    });
    connectionItem.watch((connection) => {
      if (connection !== null && !gate.open) {
        gate.reopen();
        void watch.resume();
        void vault.run();
      }
      void outbox.drain();
      void generations.drain();
    });
    const grants = watchReportGrants(browserReportGrantDeps(extensionOriginOf(browser.runtime.getURL('/')), gate));
    const erase = () =>
      eraseAllData({ ...browserEraseDeps, jobs: { gate, running: [watch, vault, generations, outbox, grants] } });
    const route = createRouter(createHandlers({ api, outbox, generations, watch, vault, boards, erase }), {
      extensionId: browser.runtime.id,
      extensionOrigin: extensionOriginOf(browser.runtime.getURL('/')),
    });
    browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
      void route(message, sender).then(sendResponse);
      return true;
    });
    registerPanelTriggers();
    // Access held by a page of a browser that quit (or a worker that died) is given back: at
    // once after a restart, and by a new worker once the pages still open have named theirs again.
    browser.runtime.onStartup.addListener(() => void grants.reconcile());
    setTimeout(() => void grants.reconcile(), RECONNECT_GRACE_MS);
    registerInstallHandling({
      openWelcome: import.meta.env.MODE !== 'e2e' && import.meta.env.MODE !== 'bench',
      demoServer: import.meta.env.WXT_DEMO_SERVER,
    });
    registerFindSimilarTriggers(openResearchPanel);
    // Site access revoked in the browser's settings turns the page button off.
    const reconcile = () =>
      void reconcilePageButton().catch((error: unknown) =>
        console.warn('Adscope could not update the page button:', error instanceof Error ? error.message : error),
      );
    reconcile();
    browser.permissions.onRemoved.addListener(reconcile);

    if (DEMO_BUILD) {
      // Playwright cannot click a context menu or press a browser shortcut; it calls what they call.
      Object.assign(globalThis, { adscopeE2E: { findSimilarInTab, fireWatchAlarm: watch.fireAlarm } });
    }
  },
});
