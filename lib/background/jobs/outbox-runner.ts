import { browser } from 'wxt/browser';
import type { Api } from '../api';
import { type Clock, systemClock } from '../../clock';
import { SaveOutbox } from './save-outbox';

export const OUTBOX_ALARM = 'adscope-save-outbox';

/**
 * Runs the save outbox in the background: sends through lib/api, wakes itself with a timer
 * while the worker lives and an alarm for when it does not, and resumes at every start.
 */
export function startSaveOutbox(api: Api, clock: Clock = systemClock): SaveOutbox {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const outbox: SaveOutbox = new SaveOutbox({
    now: clock,
    send: async (entry) => {
      if (entry.op === 'save') await api.boards.save(entry.boardId, entry.adId, entry.tags);
      else await api.boards.remove(entry.boardId, entry.adId);
    },
    schedule: (at) => {
      clearTimeout(timer);
      if (at === null) {
        void browser.alarms.clear(OUTBOX_ALARM);
        return;
      }
      timer = setTimeout(() => void outbox.drain(), Math.max(0, at - clock()));
      // Alarms fire no sooner than 30 s, which is fine for a worker that was stopped meanwhile.
      void browser.alarms.create(OUTBOX_ALARM, { when: Math.max(at, clock() + 30_000) });
    },
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === OUTBOX_ALARM) void outbox.drain();
  });
  void outbox.drain();
  return outbox;
}
