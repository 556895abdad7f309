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
    'generation.retry': async ({ jobId }) => {
      await deps.generations.retry(jobId);
      return { ok: true as const };
    },
    'generation.dismiss': async ({ jobId }) => {
      await deps.generations.dismiss(jobId);
      return { ok: true as const };
    },
    'outbox.save': (input) => deps.outbox.enqueue({ op: 'save', ...input }),
    'outbox.undo': ({ entryId }) => deps.outbox.undo(entryId),
    'outbox.retry': async ({ entryId }) => {
      await deps.outbox.retry(entryId);
      return { ok: true as const };
    },
    'outbox.discard': async ({ entryId }) => {
      await deps.outbox.discard(entryId);
      return { ok: true as const };
    },
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
