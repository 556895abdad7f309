import { browser } from 'wxt/browser';
import { deleteVault } from '../vault/db';
import { markConnectionChange } from './api/credentials';
import { showOnBadge } from './badge';
import type { JobGate, Stoppable } from './jobs/job-gate';
import { browserPageButtonDeps, type PageButtonDeps, reconcilePageButton } from './similar/page-button-registration';
import { settleWithin } from '../settle-within';
import { grantedSites } from '../granted-sites';
import { ApiError } from '../messaging/api-error';

/** The browser calls erasing needs beside storage; injectable for tests. */
export interface EraseDeps {
  clearAlarms(): Promise<unknown>;
  /** Host access the user granted at run time (not what the manifest grants at install). */
  grantedOrigins(): Promise<string[]>;
  removeOrigins(origins: string[]): Promise<unknown>;
  pageButton: PageButtonDeps;
  /** Deletes the vault's kept creatives (IndexedDB). */
  clearVault(): Promise<unknown>;
  /**
   * What runs in the background and may write (the watchlist's check, the vault's keeper, the
   * generation tracker, the save outbox, the site access held for reports and boards), and the
   * gate they all answer to: closed first, then each is waited for, then everything is deleted.
   * The gate stays closed (no write, no alarm) until a connection is saved.
   */
  jobs?: { gate: JobGate; running: readonly Stoppable[] };
}

export const browserEraseDeps: EraseDeps = {
  clearAlarms: () => browser.alarms.clearAll(),
  grantedOrigins: grantedSites,
  removeOrigins: (origins) => browser.permissions.remove({ origins }),
  pageButton: browserPageButtonDeps,
  clearVault: deleteVault,
};

/**
 * "Delete all Adscope data": everything Adscope keeps in this browser, at once. The key and
 * preferences, unsent saves, generations, the watchlist (synced storage, so on the user's other
 * synced browsers too), the state of its checks, the vault's kept creatives, and the alarms
 * that would wake any of them.
 * The page button's script is unregistered, and the site access the user granted at run time
 * is given back (what the manifest grants at install cannot be, and is not asked for).
 * Every job is stopped first, and waited for (up to 10 s: a step that never ends, such as a
 * database that does not open, holds the rest back no longer): nothing a step under way learns
 * afterwards is written, and no alarm is set again until the user connects again. A vault that
 * cannot be deleted in that time is said apart, after everything else is. A connection being tested
 * when it begins is not stored afterwards.
 */
export async function eraseAllData(deps: EraseDeps = browserEraseDeps): Promise<void> {
  // A "Save and test" still waiting on the service stores nothing once it answers.
  markConnectionChange();
  if (deps.jobs) {
    deps.jobs.gate.close();
    // A step that never ends (a database that does not open) holds the rest back no longer than this.
    await Promise.all(
      deps.jobs.running.map((job) =>
        settleWithin(
          job.stop().catch(() => undefined),
          STOP_WAIT_MS,
          undefined,
        ),
      ),
    );
  }
  await deps.clearAlarms();
  const [vault] = await Promise.all([
    settleWithin(deps.clearVault(), STOP_WAIT_MS, 'late'),
    browser.storage.local.clear(),
    browser.storage.session.clear(),
    browser.storage.sync.clear(),
  ]);
  await reconcilePageButton(deps.pageButton);
  const granted = await deps.grantedOrigins();
  if (granted.length > 0) await deps.removeOrigins(granted);
  showOnBadge('jobs', 0);
  showOnBadge('news', 0);
  // Everything else is deleted; the page says the kept creatives are not (another page holds them).
  if (vault) throw new ApiError({ code: 'internal', field: 'vault', message: 'The vault could not be deleted.' });
}

const STOP_WAIT_MS = 10_000;
