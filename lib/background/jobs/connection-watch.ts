import { connectionItem } from '../api/credentials';
import type { JobGate } from './job-gate';

/** What a saved connection sets going again. */
export interface ConnectionJobs {
  /** `followService`: New and the badge are of the service connected now. */
  watch: { resume(): Promise<void>; followService(): Promise<void> };
  vault: { run(): Promise<unknown> };
  outbox: { drain(): Promise<unknown> };
  generations: { drain(): Promise<unknown> };
}

/**
 * The jobs follow the stored connection: one saved after Delete all (or in a new worker that
 * found none) opens the gate again and resumes the watchlist and the vault; on every change the
 * outbox and the generations look again, since a changed key may release what waited for its
 * workspace, and New follows the service connected now. The worker (lib/background/start-jobs.ts) and the test worlds wire it the same way.
 * Returns the unsubscribe function.
 */
export function followConnection(gate: JobGate, jobs: ConnectionJobs): () => void {
  return connectionItem.watch((connection) => {
    if (connection !== null && !gate.open) {
      gate.reopen();
      void jobs.watch.resume();
      void jobs.vault.run();
    }
    void jobs.watch.followService();
    void jobs.outbox.drain();
    void jobs.generations.drain();
  });
}
