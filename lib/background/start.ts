import { browser } from 'wxt/browser';
import { createDefaultApi, readConnection, workspaceApis } from './api';
import { createTransport } from './api/transport';
import { adLibraryApi } from './api/ad-library';
import { startWatch } from './watch/watch-service';
import { startVault } from './vault/start';
import type { KeeperDeps } from './vault/keeper';
import { brandPageSearch } from './watch/watch-runner';
import { connectionItem, currentService, readStoredConnection } from './api/credentials';
import { type Boards, createBoards } from './boards';
import type { Clock } from '../clock';
import { startGenerationTracker } from './jobs/generation-runner';
import { startSaveOutbox } from './jobs/outbox-runner';
import { JobGate } from './jobs/job-gate';
import { browserEraseDeps, eraseAllData } from './erase';
import { createHandlers } from './handlers';
import { createRouter, extensionOriginOf } from './router';
import { browserReportGrantDeps, RECONNECT_GRACE_MS, watchReportGrants } from './report-grants';
import { registerPanelTriggers } from './panel';
import { labelInWorkerLanguage, startWorkerLanguage } from './language';
import { relabelBadge } from './badge';
import { type InstallOptions, registerInstallHandling } from './install';
import { restrictStorageToTrustedContexts } from './storage-access';
import { openResearchPanel } from '../open-panel';
import { reconcilePageButton } from './similar/page-button-registration';
import { registerFindSimilarTriggers } from './similar/trigger';

/** What the background takes from the world it runs in: the real ones in the worker, fakes in tests. */
export interface BackgroundDeps {
  clock: Clock;
  /** Every request the worker makes: the API's, and the vault's creatives. */
  fetch: typeof globalThis.fetch;
  /** The browser's estimate of the storage Adscope uses (navigator.storage.estimate). */
  estimate: KeeperDeps['estimate'];
  install: InstallOptions;
  /** The jobs' gate. @default one open while a connection is stored (connectionStored) */
  gate?: JobGate;
}

/** Whether a connection is stored: a new worker's jobs run, write and set alarms only then. */
export const connectionStored = async (): Promise<boolean> => (await readStoredConnection()) !== null;

/**
 * The background, wired: every listener registered, every job started from storage. The
 * worker's `main()` calls it with the real clock, fetch and storage estimate; the week's
 * simulation (tests/support/week.ts) with its own, so both run this same wiring.
 */
export function startBackground(deps: BackgroundDeps) {
  const { clock } = deps;
  // First: the key's storage out of reach of content scripts, where the browser allows it.
  void restrictStorageToTrustedContexts();
  // Jobs run, write and set alarms only while a connection is stored: Delete all closes the
  // gate (and a new worker finds none stored), saving a connection opens it again.
  const gate = deps.gate ?? new JobGate(connectionStored);
  const api = createDefaultApi({ clock, fetch: deps.fetch });
  // Queued work goes out only with the workspace it was made in; a changed key holds or releases it.
  const apiFor = workspaceApis({ clock, fetch: deps.fetch });
  // Saves go to the service's boards, or to boards in this browser when the service's are read-only.
  const boards: Boards = createBoards({
    api,
    apiFor,
    service: async () => (await readStoredConnection())?.baseUrl ?? null,
    clock,
    enqueueSave: (save) => outbox.enqueue({ op: 'save', ...save }),
  });
  // The vault learns of each confirmed save (and removal) from the send itself, before the outbox marks it done.
  const vault = startVault(clock, gate, { fetch: deps.fetch, estimate: deps.estimate });
  const outbox = startSaveOutbox(
    vault.confirming((entry) => boards.send(entry)),
    clock,
    gate,
  );
  const generations = startGenerationTracker(apiFor, clock, gate);
  // The watchlist counts each request itself: a transport that never retries on its own.
  const watchLibrary = adLibraryApi(
    createTransport({ getConnection: readConnection, retryLimit: 0, clock, fetch: deps.fetch }),
  );
  const watch = startWatch({
    search: brandPageSearch(watchLibrary),
    openPanel: () => openResearchPanel(undefined),
    // Seen ads and news belong to the service, not the key: a new key for it keeps them.
    service: currentService,
    clock,
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
  const extensionOrigin = extensionOriginOf(browser.runtime.getURL('/'));
  const grants = watchReportGrants(browserReportGrantDeps(extensionOrigin, gate));
  const erase = () =>
    eraseAllData({ ...browserEraseDeps, jobs: { gate, running: [watch, vault, generations, outbox, grants] } });
  const route = createRouter(createHandlers({ api, outbox, generations, watch, vault, boards, erase, clock }), {
    extensionId: browser.runtime.id,
    extensionOrigin,
  });
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    void route(message, sender).then(sendResponse);
    return true;
  });
  // First, so the menus, the toolbar's title and every notification find the chosen language.
  startWorkerLanguage();
  labelInWorkerLanguage(relabelBadge);
  registerPanelTriggers();
  // Access held by a page of a browser that quit (or a worker that died) is given back: at
  // once after a restart, and by a new worker once the pages still open have named theirs again.
  browser.runtime.onStartup.addListener(() => void grants.reconcile());
  setTimeout(() => void grants.reconcile(), RECONNECT_GRACE_MS);
  registerInstallHandling(deps.install);
  registerFindSimilarTriggers(openResearchPanel);
  // Site access revoked in the browser's settings turns the page button off.
  const reconcile = () =>
    void reconcilePageButton().catch((error: unknown) =>
      console.warn('Adscope could not update the page button:', error instanceof Error ? error.message : error),
    );
  reconcile();
  browser.permissions.onRemoved.addListener(reconcile);
  return { gate, route, outbox, generations, watch, vault, grants, boards, erase };
}
export type Background = ReturnType<typeof startBackground>;
