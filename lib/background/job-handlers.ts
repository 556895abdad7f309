import type { GenerationTracker } from './jobs/generation-tracker';
import type { SaveOutbox } from './jobs/save-outbox';
import type { Boards } from './boards';
import type { WatchControls } from './watch/watch-service';
import type { VaultKeeper } from './vault/keeper';
import { ApiError } from '../messaging/api-error';
import { t } from '../i18n';
import 'virtual:adscope-english/api';
import { watchSettingsItem } from '../storage/watchlist';
import type { Handlers } from './router';

/** A job's action that answers nothing but that it was done. */
const done = async (work: Promise<unknown>) => {
  await work;
  return { ok: true as const };
};
import { settingsView } from './settings';
import { eraseAllData } from './erase';

export interface JobHandlerDeps {
  outbox: SaveOutbox;
  generations: GenerationTracker;
  watch: WatchControls;
  /** Boards, the service's and this browser's. */
  boards: Boards;
  /** The vault's keeper; without it (tests of other parts), keeping is refused. */
  vault?: VaultKeeper;
  /** "Delete all Adscope data"; the background's own stops its jobs first. @default eraseAllData() */
  erase?: () => Promise<void>;
}

/** The handlers of the jobs and boards: saves, generations, the vault, the watchlist, Delete all. */
export function jobHandlers(deps: JobHandlerDeps) {
  const { boards } = deps;
  return {
    'data.eraseAll': async () => {
      await (deps.erase ?? eraseAllData)();
      return settingsView();
    },
    'boards.ads': ({ boardId, ...params }, { signal }) => boards.ads(boardId, params, signal),
    'boards.local': () => boards.local(),
    'boards.create': ({ name, parentId, local }) => boards.create(name, parentId, local ?? false),
    'boards.copyToService': ({ boardId }) => boards.copyToService(boardId),
    'generation.submit': ({ choice, brandName }) => deps.generations.submit(choice, brandName),
    'generation.retry': ({ jobId }) => done(deps.generations.retry(jobId)),
    'generation.dismiss': ({ jobId }) => done(deps.generations.dismiss(jobId)),
    'outbox.save': (input) => deps.outbox.enqueue({ op: 'save', ...input }),
    'outbox.undo': ({ entryId }) => deps.outbox.undo(entryId),
    'outbox.retry': ({ entryId }) => done(deps.outbox.retry(entryId)),
    'outbox.discard': ({ entryId }) => done(deps.outbox.discard(entryId)),
    'vault.keep': async ({ boardId, boardName, ads }) => {
      if (!deps.vault) throw new ApiError({ code: 'not_configured', message: t('api.vault.notRunning') });

      const added = await deps.vault.want(ads.map((ad) => ({ boardId, boardName, adId: ad.adId, urls: ad.urls })));
      void deps.vault.run();
      return { added };
    },
    'vault.cancel': async ({ boardId }) => {
      await deps.vault?.cancel(boardId);
      return { ok: true as const };
    },
    'watch.add': ({ brands }) => deps.watch.add(brands),
    'watch.remove': ({ brandIds }) => deps.watch.remove(brandIds),
    'watch.markSeen': ({ brandIds }) => deps.watch.markSeen(brandIds),
    'watch.checkNow': () => deps.watch.checkNow(),
    'watch.setSettings': async (settings) => {
      await watchSettingsItem.set(settings);
      return settings;
    },
  } satisfies Partial<Handlers>;
}
