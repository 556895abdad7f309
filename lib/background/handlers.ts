import { browser } from 'wxt/browser';
import { type Api } from './api';
import { type Clock, systemClock } from '../clock';
import type { GenerationTracker } from './jobs/generation-tracker';
import type { SaveOutbox } from './jobs/save-outbox';
import { type Boards, createBoards } from './boards';
import { readStoredConnection } from './api/credentials';
import type { WatchControls } from './watch/watch-service';
import type { VaultKeeper } from './vault/keeper';
import { ApiError } from '../messaging/api-error';
import { t } from '../i18n';
import 'virtual:adscope-english/api';
import { watchSettingsItem } from '../storage/watchlist';
import { openResearchPanel } from '../open-panel';
import { handOverPage } from './similar/handover';
import {
  type PageButtonDeps,
  browserPageButtonDeps,
  reconcilePageButton,
  pageButtonWords,
  setPageButton,
} from './similar/page-button-registration';
import { findSimilar } from './similar/resolve';
import { readTabById } from './similar/trigger';
import type { Handlers } from './router';
import { createSettingsService, type OriginAccess } from './settings';
import { eraseAllData } from './erase';
import { createTranscriber } from './transcripts';

export interface HandlerDeps {
  api: Api;
  outbox: SaveOutbox;
  generations: GenerationTracker;
  watch: WatchControls;
  /** Boards, the service's and this browser's; by default over `api` and `outbox`. */
  boards?: Boards;
  /** The vault's keeper; without it (tests of other parts), keeping is refused. */
  vault?: VaultKeeper;
  /** Host-permission check; injectable for tests. */
  hasOriginAccess?: (pattern: string) => Promise<OriginAccess>;
  /** The page button's browser side; injectable for tests. */
  pageButton?: PageButtonDeps;
  /** Reads a tab for find-similar; injectable for tests. */
  readTab?: (tabId: number) => Promise<void>;
  /** @default systemClock */
  clock?: Clock;
  /** "Delete all Adscope data"; the background's own stops its jobs first. @default eraseAllData() */
  erase?: () => Promise<void>;
  /** An extension API call that keeps the worker alive during long work; injectable for tests. */
  keepAlive?: () => Promise<unknown>;
}

/** The URL and host name of the frame a content script sent from, as the browser reports it. */
function pageOf(url: string | undefined): { url: string; hostname: string } {
  if (!url || !URL.canParse(url)) return { url: '', hostname: '' };
  const parsed = new URL(url);
  return { url: url.slice(0, 2048), hostname: parsed.hostname.toLowerCase().slice(0, 253) };
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const clock = deps.clock ?? systemClock;
  const settings = createSettingsService({
    clock,
    ...(deps.hasOriginAccess ? { hasOriginAccess: deps.hasOriginAccess } : {}),
  });
  const pageButton = deps.pageButton ?? browserPageButtonDeps;
  const readTab = deps.readTab ?? ((tabId: number) => readTabById(tabId, 'toolbar'));
  const boards =
    deps.boards ??
    createBoards({
      api: deps.api,
      apiFor: () => deps.api,
      service: async () => (await readStoredConnection())?.baseUrl ?? null,
      clock,
      enqueueSave: (save) => deps.outbox.enqueue({ op: 'save', ...save }),
    });
  const transcribe = createTranscriber(deps.api.accounts, deps.keepAlive ?? (() => browser.runtime.getPlatformInfo()));
  return {
    'settings.get': () => settings.view(),
    'settings.save': (input) => settings.save(input),
    'settings.setTheme': ({ theme }) => settings.setTheme(theme),
    'settings.setLanguage': ({ language }) => settings.setLanguage(language),
    'settings.forgetKey': () => settings.forgetKey(),
    'data.eraseAll': async () => {
      await (deps.erase ?? eraseAllData)();
      return settings.view();
    },
    'connection.test': () => settings.test(),
    'ownedBrands.list': (_, { signal }) => deps.api.ownedBrands.list(signal),
    'library.search': (params, { signal }) => deps.api.library.search(params, signal),
    'library.saved': (params, { signal }) => deps.api.library.saved(params, signal),
    'library.ad': ({ adId }, { signal }) => deps.api.library.ad(adId, signal),
    'brands.search': (params, { signal }) => deps.api.brands.search(params, signal),
    'brands.followed': (params, { signal }) => deps.api.brands.followed(params, signal),
    'brands.followedList': (params, { signal }) => deps.api.brands.followedList(params, signal),
    'brands.detail': ({ brandId }, { signal }) => deps.api.brands.detail(brandId, signal),
    'brands.ads': ({ brandId, ...params }, { signal }) => deps.api.brands.ads(brandId, params, signal),
    'boards.tree': (_, { signal }) => deps.api.boards.tree(signal),
    'boards.ads': ({ boardId, ...params }, { signal }) => boards.ads(boardId, params, signal),
    'boards.local': () => boards.local(),
    'boards.create': ({ name, parentId, local }) => boards.create(name, parentId, local ?? false),
    'boards.copyToService': ({ boardId }) => boards.copyToService(boardId),
    'similar.find': (query, { signal }) => findSimilar(deps.api, query, signal),
    'similar.show': async ({ source, signals }, context) => {
      // First, while the click that sent this may still count as the user's gesture.
      const opening =
        source === 'button' ? openResearchPanel(context.windowId).catch(() => false) : Promise.resolve(true);
      // The page's address is the browser's word for the sending frame, not the page's own.
      const page = pageOf(context.url);
      await handOverPage(source, context.tabId ?? null, { kind: 'page', signals: { ...signals, ...page } }, clock);
      return { opened: await opening };
    },
    'similar.inTab': async ({ tabId }) => {
      await readTab(tabId);
      return { ok: true as const };
    },
    'pageButton.get': () => reconcilePageButton(pageButton),
    'pageButton.set': ({ enabled }) => setPageButton(enabled, pageButton),
    'pageButton.words': () => pageButtonWords(),

    'accounts.list': (_, { signal }) => deps.api.accounts.list(signal),
    'accounts.metrics': ({ accountId }, { signal }) => deps.api.accounts.metrics(accountId, signal),
    'accounts.summary': ({ accountId, window, metrics }, { signal }) =>
      deps.api.accounts.summary(accountId, { window, metrics }, signal),
    'accounts.ads': ({ accountId, window, metrics, sortBy, sortOrder, limit }, { signal }) =>
      deps.api.accounts.ads(accountId, { window, metrics, sortBy, sortOrder, limit }, signal),
    'accounts.ad': ({ accountId, adId, window, metrics }, { signal }) =>
      deps.api.accounts.ad(accountId, adId, { window, metrics }, signal),
    'accounts.transcript': ({ accountId, videoId }, { signal }) =>
      deps.api.accounts.transcript(accountId, videoId, signal),
    'accounts.transcribe': ({ accountId, videoId }) => transcribe(accountId, videoId),
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
    'sidePanel.open': async ({ windowId }, context) => ({
      opened: await openResearchPanel(windowId ?? context.windowId),
    }),
  };
}
