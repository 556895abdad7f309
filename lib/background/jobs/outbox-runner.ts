import type { Api } from '../api';
import { currentWorkspace } from '../api/credentials';
import { type Clock, systemClock } from '../../clock';
import { SaveOutbox } from './save-outbox';
import { wakeScheduler } from './wake-scheduler';

export const OUTBOX_ALARM = 'adscope-save-outbox';

/**
 * Runs the save outbox in the background: each entry is sent through the client of the
 * workspace it was made in, and the outbox resumes at every start.
 */
export function startSaveOutbox(
  apiFor: (workspace: string | undefined) => Api,
  clock: Clock = systemClock,
): SaveOutbox {
  const outbox: SaveOutbox = new SaveOutbox({
    send: async (entry) => {
      const api = apiFor(entry.workspace);
      if (entry.op === 'save') return { adNum: (await api.boards.save(entry.boardId, entry.adId, entry.tags)).ad_num };
      await api.boards.remove(entry.boardId, entry.adId);
      return {};
    },
    schedule: wakeScheduler(OUTBOX_ALARM, () => void outbox.drain(), clock),
    now: clock,
    workspace: currentWorkspace,
  });
  void outbox.drain();
  return outbox;
}
