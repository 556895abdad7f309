import type { Api } from '../api';
import { currentWorkspace } from '../api/credentials';
import { type Clock, systemClock } from '../../clock';
import type { OutboxEntry } from '../../storage/outbox';
import { SaveOutbox, type SendAnswer } from './save-outbox';
import { type AlarmEvents, wakeScheduler } from './wake-scheduler';
import type { JobGate } from './job-gate';

export const OUTBOX_ALARM = 'adscope-save-outbox';

/** Sends a change straight to the service's board endpoints (the contract's assumption). */
export function serviceSend(apiFor: (workspace: string | undefined) => Api) {
  return async (entry: OutboxEntry): Promise<SendAnswer> => {
    const api = apiFor(entry.workspace);
    if (entry.op === 'save') return { adNum: (await api.boards.save(entry.boardId, entry.adId, entry.tags)).ad_num };
    await api.boards.remove(entry.boardId, entry.adId);
    return {};
  };
}

/**
 * Runs the save outbox in the background: each entry is sent by `send` (boards in this browser,
 * or the service through the client of the workspace it was made in), and the outbox resumes at
 * every start.
 */
export function startSaveOutbox(
  send: (entry: OutboxEntry) => Promise<SendAnswer>,
  clock: Clock = systemClock,
  gate?: JobGate,
  alarms?: AlarmEvents,
): SaveOutbox {
  const outbox: SaveOutbox = new SaveOutbox({
    send,
    schedule: wakeScheduler(OUTBOX_ALARM, () => void outbox.drain(), clock, gate, alarms),
    now: clock,
    workspace: currentWorkspace,
    ...(gate ? { gate } : {}),
  });
  void outbox.drain();
  return outbox;
}
