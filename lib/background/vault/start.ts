import { type Clock, systemClock } from '../../clock';
import { outboxItem } from '../../storage/outbox';
import type { SaveOutbox } from '../jobs/save-outbox';
import { wakeScheduler } from '../jobs/wake-scheduler';
import type { JobGate } from '../jobs/job-gate';
import { VaultKeeper } from './keeper';

const VAULT_ALARM = 'adscope-vault';

/**
 * The vault in the background: it runs after the outbox changes (a save confirmed), on its alarm
 * after a rest, and when a new worker starts, so keeping goes on where it stopped.
 */
export function startVault(outbox: SaveOutbox, clock: Clock = systemClock, gate?: JobGate): VaultKeeper {
  const keeper: VaultKeeper = new VaultKeeper({
    fetch: (input, init) => fetch(input, init),
    clock,
    estimate: () => navigator.storage.estimate(),
    outbox: () => outbox.list(),
    wakeAt: wakeScheduler(VAULT_ALARM, () => void keeper.run(), clock, gate),
    ...(gate ? { gate } : {}),
  });
  outboxItem.watch(() => void keeper.run());
  void keeper.run();
  return keeper;
}
