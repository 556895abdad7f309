import { browser } from 'wxt/browser';
import type { Clock } from '../clock';
import type { KeeperDeps } from './vault/keeper';
import type { JobGate } from './jobs/job-gate';
import type { InstallOptions } from './install';
import { createDefaultApi, workspaceApis } from './api';
import { startWorkerLanguage } from './language';
import { HeldEvent } from './held-event';
import { registerGestures } from './gestures';
import { browserReportGrantDeps, RECONNECT_GRACE_MS, watchReportGrants } from './report-grants';
import { createWorkerRouter } from './routing';
import { reconcilePageButton } from './similar/page-button-registration';
import { findSimilarFromCommand, findSimilarFromMenu } from './similar/trigger';
import { type Jobs, startJobs } from './start-jobs';
import { restrictStorageToTrustedContexts } from './storage-access';
import { couldNot } from './could-not';

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

/** A woken worker's jobs start once its first event is seen to, or this long after it started. */
const JOBS_AT_THE_LATEST_MS = 1_000;

/** `scheme://host` of an extension URL such as `browser.runtime.getURL('/')`. */
export function extensionOriginOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

/**
 * The worker's first turn: every listener registered, as a service worker must for the browser
 * to wake it for them, the chosen language asked for, and nothing more. A woken worker answers
 * the event that woke it first; its jobs (outbox, generations, vault, watchlist), which read and
 * write storage and set alarms as they start, start once that event is seen to (a message: once
 * it is answered), or at once for an event that needs them (an alarm, an install, a job's
 * request). An alarm or an install that arrives before the jobs listen is held and given to
 * them then (docs/performance.md, worker cold start).
 * The worker's `main()` calls this with the real clock, fetch and storage estimate; the week's
 * simulation (tests/support/week.ts) with its own, so both run this same wiring.
 */
export function startBackground(deps: BackgroundDeps) {
  const { clock } = deps;
  // First: the key's storage out of reach of content scripts, where the browser allows it.
  void restrictStorageToTrustedContexts();
  // Every notification, menu and reply in the chosen language: read now, there by the time a reply is.
  startWorkerLanguage();

  const api = createDefaultApi({ clock, fetch: deps.fetch });
  // Queued work goes out only with the workspace it was made in; a changed key holds or releases it.
  const apiFor = workspaceApis({ clock, fetch: deps.fetch });
  let jobs: Jobs | undefined;
  const started = (): Jobs => (jobs ??= startJobs({ ...deps, api, apiFor, alarms, installed, grants }));
  // Once the event that woke the worker is seen to, the jobs go on from storage.
  let woken = false;
  const handled = () => {
    if (woken) return;
    woken = true;
    setTimeout(started, 0);
  };
  // A worker woken for something it does not answer here (a page's port) starts them anyway.
  setTimeout(handled, JOBS_AT_THE_LATEST_MS);
  const alarms = new HeldEvent(browser.alarms.onAlarm, () => void started());
  const installed = new HeldEvent(browser.runtime.onInstalled, () => void started());

  const extensionOrigin = extensionOriginOf(browser.runtime.getURL('/'));
  const route = createWorkerRouter({
    clock,
    identity: { extensionId: browser.runtime.id, extensionOrigin },
    api,
    jobs: async () => started().handlers,
  });
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    void route(message, sender).then(sendResponse).finally(handled);
    return true;
  });
  registerGestures({ fromMenu: findSimilarFromMenu, fromCommand: findSimilarFromCommand }, clock, handled);
  // What the jobs watch in storage (the connection, the watchlist, its settings, the language)
  // changed while no worker listened: the jobs start, and read it as it is now.
  browser.storage.onChanged.addListener(handled);
  // Access held by a page of a browser that quit (or a worker that died) is given back: at
  // once after a restart, and by a new worker once the pages still open have named theirs again.
  const grants = watchReportGrants(browserReportGrantDeps(extensionOrigin, { allows: () => started().gate.allows() }));
  browser.runtime.onStartup.addListener(() => {
    void grants.reconcile();
    handled();
  });
  setTimeout(() => void grants.reconcile(), RECONNECT_GRACE_MS);
  // Site access revoked in the browser's settings turns the page button off.
  browser.permissions.onRemoved.addListener(() => {
    void reconcilePageButton().catch(couldNot('update the page button'));
    handled();
  });
  return { route, jobs: started, grants };
}
export type Background = ReturnType<typeof startBackground>;
