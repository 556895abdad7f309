import { adSnapshot } from '../contract/ad-snapshot';
import { type BoardNode, boardAdsPageSchema, MAX_BOARD_NAME } from '../contract/boards';
import { ApiCode } from '../contract/envelope';
import { sameId } from '../contract/ids';
import type { Clock } from '../clock';
import { ApiError, storedError } from '../messaging/api-error';
import type { CopyAnswer } from '../messaging/protocol';
import { t } from '../i18n';
import 'virtual:adscope-english/api';
import type { OutboxEntry } from '../storage/outbox';
import { factsOf, type ServiceFacts, updateFacts } from '../storage/service-facts';
import {
  allLocalBoards,
  createLocalBoard,
  isLocalBoardId,
  localAdsPage,
  localBoard,
  localBoardAd,
  localBoardTree,
  LocalBoardError,
  MAX_LOCAL_BOARDS,
  mirrorBoard,
  removeLocal,
  saveLocal,
  setCopiedTo,
  untagLocal,
} from '../vault/local-boards';
import type { Api } from './api';
import { currentWorkspace, workspaceChanged } from './api/credentials';
import { type JobGate, jobsStopped } from './jobs/job-gate';
import type { SendAnswer } from './jobs/save-outbox';
import { inTurn } from '../in-turn';
import { fitText } from '../fit-text';

/** Whether the connected service takes board writes through its API, as far as Adscope has learned. */
export type BoardWrites = 'accepted' | 'refused' | 'unknown';

export interface BoardsDeps {
  /** The API of the connection set now. */
  api: Api;
  /** The API of the workspace a queued change was made in. */
  apiFor: (workspace: string | undefined) => Api;
  /** The base URL of the connection set now; null when none is. */
  service: () => Promise<string | null>;
  clock: Clock;
  newId?: () => string;
  /** The jobs' gate: once Delete all has closed it, a send under way writes nothing more. */
  gate?: JobGate;
  /**
   * The workspace of the connection set now (null: no key), as the outbox stamps its changes.
   * @default currentWorkspace
   */
  workspace?: () => Promise<string | null>;
  /**
   * Queues a save as the Save button does (copying a board to the service), for the workspace
   * named: the one the board it goes to was made in, whatever key is set when it is queued.
   */
  enqueueSave?: (save: {
    boardId: string;
    boardName: string;
    adId: string;
    tags: string[];
    media?: string[];
    workspace?: string;
  }) => Promise<unknown>;
}

/** A write answered as if there were no such endpoint: 40401, or HTTP 404 or 405 whatever the body. */
export function noSuchEndpoint(error: ApiError): boolean {
  return error.code === ApiCode.notFound || error.httpStatus === 404 || error.httpStatus === 405;
}

function treeHas(nodes: readonly BoardNode[], boardId: string): boolean {
  return nodes.some((node) => sameId(node.board_id, boardId) || treeHas(node.children, boardId));
}

export function readOnlyError(message: string | undefined): ApiError {
  return new ApiError({
    code: 'read_only',
    message: message ? t('api.boards.readOnlySaid', { said: message }) : t('api.boards.readOnly'),
    retryable: false,
  });
}

/** A board in this browser that cannot take the change, in the chosen language. */
function localWords(error: LocalBoardError): string {
  switch (error.reason) {
    case 'limit':
      return t('api.boards.localLimit', { count: MAX_LOCAL_BOARDS });
    case 'parentGone':
      return t('api.boards.parentGone');
    default:
      return t('api.boards.gone');
  }
}

function localError(error: unknown): never {
  if (error instanceof LocalBoardError) {
    throw new ApiError({ code: 'invalid_input', field: 'board', message: localWords(error), retryable: false });
  }
  throw error;
}

/**
 * A board's name as the service takes it: at most MAX_BOARD_NAME characters. A longer one (a
 * read-only service's board, kept here under its own name) is cut after its last whole word
 * near the limit, and an ellipsis shows the cut.
 */
export function serviceBoardName(name: string): string {
  // A name a service gave (kept here for a read-only one) may hold what no board name may: control
  // characters become spaces, half a character the replacement mark.
  const whole = name
    .toWellFormed()
    .replace(/\p{Cc}+/gu, ' ')
    .trim();
  if (whole.length <= MAX_BOARD_NAME) return whole;
  const cut = fitText(whole, MAX_BOARD_NAME).slice(0, -1);
  const space = cut.lastIndexOf(' ');
  const words = space >= MAX_BOARD_NAME / 2 ? cut.slice(0, space) : cut;
  return `${words.replace(/[\s,;:.\-–—]+$/u, '')}…`;
}

/** Creative URLs of a snapshot, for the vault. */
function mediaOf(ad: Record<string, unknown>): string[] {
  const urls: string[] = [];
  for (const list of [ad.images, ad.videos]) {
    if (!Array.isArray(list)) continue;
    for (const item of list as Record<string, unknown>[]) {
      const url = item.url ?? item.preview_image_url;
      if (typeof url === 'string' && /^https?:\/\//.test(url) && url.length <= 2048) urls.push(url);
    }
  }
  return urls.slice(0, 10);
}

/**
 * Boards as Adscope shows them: the service's, and boards kept in this browser. It learns
 * whether the service accepts board writes from the first write the service refuses as an
 * unknown endpoint for a board its list still shows (remembered per service), and from then on
 * a save goes to a board in this browser that stands in for the service's, said with its reason.
 */
export function createBoards(deps: BoardsDeps) {
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const workspaceNow = deps.workspace ?? currentWorkspace;
  const copies = inTurn();

  async function factsNow(): Promise<{ service: string | null; facts: ServiceFacts }> {
    const service = await deps.service().catch(() => null);
    return { service, facts: service ? await factsOf(service) : {} };
  }

  /** Before each write a send makes after a wait: Delete all, begun meanwhile, has the last word. */
  function stillOpen(): void {
    if (deps.gate?.open === false) throw jobsStopped();
  }

  async function learnRefused(service: string, error: ApiError): Promise<void> {
    stillOpen();
    await updateFacts(service, (facts) => ({
      ...facts,
      boardWrites: 'refused',
      boardWritesAt: deps.clock(),
      boardWritesMessage: error.message.slice(0, 300),
    }));
  }

  /** After a write answered "no such endpoint": the board list decides whether that is the service or the board. */
  async function refusedFor(api: Api, service: string | null, boardId: string | null, error: ApiError) {
    if (!service || !noSuchEndpoint(error)) return false;
    const tree = await api.boards.tree();
    if (boardId !== null && !treeHas(tree.items, boardId)) return false;
    await learnRefused(service, error);
    return true;
  }

  /**
   * What a board in this browser keeps of a saved ad: the ad the save carries; else (a save queued
   * by an earlier version, an Undo of a removal) the one the board holds already, or the library's.
   */
  async function adToKeep(entry: OutboxEntry, boardId: string, api: Api): Promise<Record<string, unknown>> {
    if (entry.ad) return entry.ad;
    const held = await localBoardAd(boardId, entry.adId);
    if (held) return held;
    return api.library.ad(entry.adId).then(
      (found) => adSnapshot(found),
      (caught: unknown) => {
        // An ad the library no longer has is kept by its id: nothing else is known of it.
        if (ApiError.from(caught).code === ApiCode.notFound) return { id: entry.adId };
        throw caught;
      },
    );
  }

  /** A save to a service board that cannot take it, kept in this browser on the board standing in for it. */
  async function keepHere(entry: OutboxEntry, api: Api, service: string, reason: string): Promise<SendAnswer> {
    stillOpen();
    const mirror = await mirrorBoard(service, entry.boardId, entry.boardName, newId(), deps.clock()).catch(localError);
    const ad = await adToKeep(entry, mirror.id, api);
    stillOpen();
    const saved = await saveLocal(mirror.id, { ...ad, id: entry.adId }, entry.tags, deps.clock(), entry.id).catch(
      localError,
    );
    return {
      adNum: saved.ad_num,
      movedTo: { boardId: mirror.id, boardName: mirror.name, reason },
      ...(saved.alreadyThere ? { alreadyThere: saved.alreadyThere } : {}),
    };
  }

  /** Sends one queued change: to this browser's board, or to the service (and here when its boards are read-only). */
  async function send(entry: OutboxEntry): Promise<SendAnswer> {
    if (isLocalBoardId(entry.boardId)) {
      if (entry.op === 'remove') return { adNum: (await removeLocal(entry.boardId, entry.adId)).ad_num };
      if (entry.untag) return { adNum: (await untagLocal(entry.boardId, entry.adId, entry.untag)).ad_num };
      const ad = await adToKeep(entry, entry.boardId, deps.api);
      const saved = await saveLocal(entry.boardId, { ...ad, id: entry.adId }, entry.tags, deps.clock(), entry.id);
      return { adNum: saved.ad_num, ...(saved.alreadyThere ? { alreadyThere: saved.alreadyThere } : {}) };
    }
    const api = deps.apiFor(entry.workspace);
    const { service, facts } = await factsNow();
    // "Read-only" decides without a request, and is the service's connected now: a change made in
    // another workspace is held (the outbox's workspace_changed), never decided by that one's facts.
    // Any other send asks through its own workspace's client, which refuses another's the same way.
    if (
      facts.boardWrites === 'refused' &&
      entry.workspace !== undefined &&
      (await currentWorkspace()) !== entry.workspace
    )
      throw workspaceChanged();
    if (entry.op === 'save') {
      if (service && facts.boardWrites === 'refused') {
        return keepHere(entry, api, service, facts.boardWritesMessage ?? t('api.boards.readOnlyReason'));
      }
      try {
        const answer = await api.boards.save(entry.boardId, entry.adId, entry.tags);
        if (service && facts.boardWrites !== 'accepted' && deps.gate?.open !== false) {
          await updateFacts(service, (known) => ({ ...known, boardWrites: 'accepted', boardWritesAt: deps.clock() }));
        }
        return { adNum: answer.ad_num };
      } catch (caught) {
        const error = ApiError.from(caught);
        if (service && (await refusedFor(api, service, entry.boardId, error))) {
          return keepHere(entry, api, service, error.message);
        }
        throw error;
      }
    }
    if (facts.boardWrites === 'refused') throw readOnlyError(facts.boardWritesMessage);
    try {
      await api.boards.remove(entry.boardId, entry.adId);
      return {};
    } catch (caught) {
      const error = ApiError.from(caught);
      // "Not in the board" and "no such endpoint" share 40401: only a method refused (405) or the
      // gateway's own words tell a read-only service from an ad already removed.
      const unknownRoute = error.httpStatus === 405 || /no matching open api/i.test(error.message);
      if (unknownRoute && (await refusedFor(api, service, entry.boardId, error))) throw readOnlyError(error.message);
      throw error;
    }
  }

  async function local() {
    const { facts } = await factsNow();
    const writes: BoardWrites = facts.boardWrites ?? 'unknown';
    return {
      items: await localBoardTree(),
      writes,
      ...(facts.boardWritesMessage && writes === 'refused' ? { message: facts.boardWritesMessage } : {}),
    };
  }

  async function ads(
    boardId: string,
    params: { sort_by?: 'saved_newest' | 'saved_oldest'; cursor?: string; page_size?: number },
    signal?: AbortSignal,
  ) {
    if (!isLocalBoardId(boardId)) return deps.api.boards.ads(boardId, params, signal);
    return boardAdsPageSchema.parse(await localAdsPage(boardId, params));
  }

  /** A new board: in this browser when asked, inside one of its boards, or when the service's are read-only. */
  async function create(name: string, parentId: string | null, here: boolean) {
    const { service, facts } = await factsNow();
    const inBrowser = (note?: string) =>
      createLocalBoard(
        { name, parentId: parentId && isLocalBoardId(parentId) ? parentId : null },
        newId(),
        deps.clock(),
      )
        .then((board) => ({ board_id: board.id, name: board.name, local: true, ...(note ? { note } : {}) }))
        .catch(localError);
    if (here || (parentId !== null && isLocalBoardId(parentId))) return inBrowser();
    if (facts.boardWrites === 'refused') return inBrowser(readOnlyError(facts.boardWritesMessage).message);
    try {
      const created = await deps.api.boards.create(name, parentId);
      return { board_id: created.board_id, name: created.name, local: false };
    } catch (caught) {
      const error = ApiError.from(caught);
      if (await refusedFor(deps.api, service, null, error)) return inBrowser(readOnlyError(error.message).message);
      throw error;
    }
  }

  /**
   * Copies a board kept in this browser to the service, once it takes writes: into the service
   * board it was copied to before (or one of the same name at the top), else a new one; each ad
   * then goes through the outbox as a save, which the service keeps once however often it comes.
   */
  function copyToService(boardId: string): Promise<CopyAnswer> {
    // One copy at a time (two panels may ask at once): a second finds the board the first made.
    return copies(() => copyOnce(boardId));
  }

  async function copyOnce(boardId: string): Promise<CopyAnswer> {
    const board = await localBoard(boardId);
    if (!board)
      throw new ApiError({
        code: 'invalid_input',
        field: 'board',
        message: t('api.boards.gone'),
      });
    const { service, facts } = await factsNow();
    if (!service)
      throw new ApiError({ code: 'not_configured', field: 'baseUrl', message: t('api.boards.connectFirst') });
    if (facts.boardWrites === 'refused') throw readOnlyError(facts.boardWritesMessage);
    const enqueue = deps.enqueueSave;
    if (!enqueue) throw new ApiError({ code: 'internal', message: t('api.boards.noQueue') });

    // The copy belongs to the workspace set as it begins: the board is found or made through its
    // client (which refuses once another key is set), and every ad is queued for it, so a key
    // saved meanwhile holds the rest until it is back rather than send them where the board is not.
    const workspace = (await workspaceNow()) ?? undefined;
    const api = deps.apiFor(workspace);
    const name = serviceBoardName(board.name);
    const tree = await api.boards.tree();
    const before = board.copiedTo?.[service];
    let target =
      before && treeHas(tree.items, before)
        ? before
        : tree.items.find((node) => node.name === name && !isLocalBoardId(node.board_id))?.board_id;
    if (!target) {
      try {
        target = (await api.boards.create(name, null)).board_id;
      } catch (caught) {
        const error = ApiError.from(caught);
        if (await refusedFor(api, service, null, error)) throw readOnlyError(error.message);
        throw error;
      }
    }
    await setCopiedTo(board.id, service, target);
    let queued = 0;
    let cursor: string | undefined;
    try {
      do {
        const page = await localAdsPage(board.id, { sort_by: 'saved_oldest', page_size: 100, cursor });
        // A page's ads are queued at once: the outbox writes them in one step, not one each.
        const failed: unknown[] = [];
        await Promise.all(
          page.items.map((ad) =>
            enqueue({
              boardId: target,
              boardName: name,
              adId: String(ad.id),
              tags: (ad.saved_details as { tags?: string[] } | undefined)?.tags ?? [],
              media: mediaOf(ad),
              ...(workspace === undefined ? {} : { workspace }),
            }).then(
              () => (queued += 1),
              (error: unknown) => failed.push(error),
            ),
          ),
        );
        if (failed.length > 0) throw failed[0];
        cursor = page.cursor ?? undefined;
      } while (cursor);
    } catch (caught) {
      // Stopped half-way (storage full): what was queued lands all the same, so the answer says so, and why the rest did not go.
      if (!queued) throw caught;
      return { boardId: target, boardName: name, queued, stopped: storedError(ApiError.from(caught)) };
    }
    return { boardId: target, boardName: name, queued };
  }

  return { send, local, ads, create, copyToService, allLocal: allLocalBoards };
}
export type Boards = ReturnType<typeof createBoards>;
