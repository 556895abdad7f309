import type { Api } from '../api';
import { type Clock, systemClock } from '../../clock';
import { SaveOutbox } from './save-outbox';
import { wakeScheduler } from './wake-scheduler';

export const OUTBOX_ALARM = 'adscope-save-outbox';

/** Runs the save outbox in the background: sends through the API client, and resumes at every start. */
export function startSaveOutbox(api: Api, clock: Clock = systemClock): SaveOutbox {
  const outbox: SaveOutbox = new SaveOutbox({
    send: async (entry) => {
      if (entry.op === 'save') await api.boards.save(entry.boardId, entry.adId, entry.tags);
      else await api.boards.remove(entry.boardId, entry.adId);
    },
    schedule: wakeScheduler(OUTBOX_ALARM, () => void outbox.drain(), clock),
    now: clock,
  });
  void outbox.drain();
  return outbox;
}
