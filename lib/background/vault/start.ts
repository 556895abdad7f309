import { type Clock, systemClock } from '../../clock';
import { outboxItem } from '../../storage/outbox';
import { readStoredConnection } from '../api/credentials';
import type { JobGate } from '../jobs/job-gate';
import { type AlarmEvents, wakeScheduler } from '../jobs/wake-scheduler';
import { type KeeperDeps, VaultKeeper } from './keeper';

const VAULT_ALARM = 'adscope-vault';

/** The worker's own fetch and storage estimate. */
const browserMedia: Pick<KeeperDeps, 'fetch' | 'estimate'> = {
  fetch: (input, init) => fetch(input, init),
  estimate: () => navigator.storage.estimate(),
};

/**
 * The vault in the background: it learns of each confirmed save from the outbox's send (wrap it
 * with `keeper.confirming`), runs on its alarm after a rest or a backoff, and when a new worker
 * starts, so keeping goes on where it stopped. Delete all closes `gate`: nothing runs until it opens.
 */
export function startVault(
  clock: Clock = systemClock,
  gate?: JobGate,
  media: Pick<KeeperDeps, 'fetch' | 'estimate'> = browserMedia,
  alarms?: AlarmEvents,
): VaultKeeper {
  const keeper: VaultKeeper = new VaultKeeper({
    fetch: media.fetch,
    clock,
    estimate: media.estimate,
    service: async () => (await readStoredConnection())?.baseUrl ?? null,
    wakeAt: wakeScheduler(VAULT_ALARM, () => void keeper.run(), clock, gate, alarms),
    ...(gate ? { gate } : {}),
  });
  // The outbox's confirmed saves of the last ten minutes: any the vault missed becomes a job.
  void outboxItem
    .get()
    .then((entries) => keeper.catchUp(entries))
    .catch(() => undefined)
    .finally(() => void keeper.run());
  return keeper;
}
