import type { Browser } from 'wxt/browser';
import { type Api, readConnection } from './api';
import { createTransport } from './api/transport';
import { adLibraryApi } from './api/ad-library';
import { startWatch } from './watch/watch-service';
import { startVault } from './vault/start';
import type { KeeperDeps } from './vault/keeper';
import { brandPageSearch } from './watch/watch-runner';
import { currentService, currentWorkspace, readStoredConnection } from './api/credentials';
import { type Boards, createBoards } from './boards';
import type { Clock } from '../clock';
import { startGenerationTracker } from './jobs/generation-runner';
import { startSaveOutbox } from './jobs/outbox-runner';
import { JobGate } from './jobs/job-gate';
import { followConnection } from './jobs/connection-watch';
import { browserEraseDeps, eraseAllData } from './erase';
import { jobHandlers } from './job-handlers';
import type { ReportGrants } from './report-grants';
import { registerPanelMenu } from './panel';
import { labelInWorkerLanguage } from './language';
import { relabelBadge } from './badge';
import { type InstallOptions, registerInstallHandling } from './install';
import { reconcilePageButton } from './similar/page-button-registration';
import { registerFindSimilarMenu } from './similar/trigger';
import type { HeldEvent } from './held-event';
import { couldNot } from './could-not';

/** Whether a connection is stored: a new worker's jobs run, write and set alarms only then. */
export const connectionStored = async (): Promise<boolean> => (await readStoredConnection()) !== null;

export interface JobsDeps {
  clock: Clock;
  /** Every request the worker makes: the API's, and the vault's creatives. */
  fetch: typeof globalThis.fetch;
  /** The browser's estimate of the storage Adscope uses (navigator.storage.estimate). */
  estimate: KeeperDeps['estimate'];
  install: InstallOptions;
  /** The jobs' gate. @default one open while a connection is stored (connectionStored) */
  gate?: JobGate | undefined;
  /** The API of the connection set now, and of the workspace a queued change was made in. */
  api: Api;
  apiFor: (workspace: string | undefined) => Api;
  /** The worker's alarms and installs, held from its first turn until these listen (lib/background/held-event.ts). */
  alarms: HeldEvent<[Browser.alarms.Alarm]>;
  installed: HeldEvent<[Browser.runtime.InstalledDetails]>;
  /** The site access pages hold, heard from the worker's first turn: Delete all stops it too. */
  grants: ReportGrants;
}

/**
 * The jobs, started from storage: the save outbox, the generations, the vault and the watchlist,
 * boards, Delete all, and what the worker redoes at each start (the toolbar's title and the menus
 * in the chosen language, the page button against the site access granted). A woken worker
 * starts them once the event that woke it is seen to (lib/background/start.ts); the alarm that
 * woke it, held until then, reaches them here.
 */
export function startJobs(deps: JobsDeps) {
  const { clock, api, apiFor } = deps;
  // Jobs run, write and set alarms only while a connection is stored: Delete all closes the
  // gate (and a new worker finds none stored), saving a connection opens it again.
  const gate = deps.gate ?? new JobGate(connectionStored);
  // Saves go to the service's boards, or to boards in this browser when the service's are read-only.
  const boards: Boards = createBoards({
    api,
    apiFor,
    service: async () => (await readStoredConnection())?.baseUrl ?? null,
    clock,
    gate,
    // The workspace the outbox stamps its changes with: a copy to the service queues for the one it began in.
    workspace: currentWorkspace,
    enqueueSave: (save) => outbox.enqueue({ op: 'save', ...save }),
  });
  // The vault learns of each confirmed save (and removal) from the send itself, before the outbox marks it done.
  const vault = startVault(clock, gate, { fetch: deps.fetch, estimate: deps.estimate }, deps.alarms);
  const outbox = startSaveOutbox(
    vault.confirming((entry) => boards.send(entry)),
    clock,
    gate,
    deps.alarms,
  );
  const generations = startGenerationTracker(apiFor, clock, gate, deps.alarms);
  // The watchlist counts each request itself: a transport that never retries on its own.
  const watchLibrary = adLibraryApi(
    createTransport({ getConnection: readConnection, retryLimit: 0, clock, fetch: deps.fetch }),
  );
  const watch = startWatch({
    search: brandPageSearch(watchLibrary),
    // Seen ads and news belong to the service, not the key: a new key for it keeps them.
    service: currentService,
    clock,
    gate,
    alarms: deps.alarms,
  });
  followConnection(gate, { watch, vault, outbox, generations });
  const erase = () =>
    eraseAllData({
      ...browserEraseDeps,
      jobs: { gate, running: [watch, vault, generations, outbox, deps.grants] },
    });
  labelInWorkerLanguage(relabelBadge);
  registerPanelMenu(deps.installed);
  registerFindSimilarMenu(deps.installed);
  registerInstallHandling(deps.install, deps.installed);
  // Site access revoked in the browser's settings (while no worker listened) turns the page button off.
  void reconcilePageButton().catch(couldNot('update the page button'));
  // Every listener is in: the alarm or the install that woke the worker reaches them now.
  deps.alarms.release();
  deps.installed.release();
  const handlers = jobHandlers({ outbox, generations, watch, vault, boards, erase });
  return { gate, outbox, generations, watch, vault, boards, erase, handlers };
}
export type Jobs = ReturnType<typeof startJobs>;
