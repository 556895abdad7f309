import type { BoardNode, BoardOrder } from '../contract/boards';
import { existingVaultDb, type LocalBoard, type LocalBoardAd, vaultDb } from './db';
import { LOCAL_BOARD_PREFIX } from './local-board-id';

/**
 * Boards kept in this browser: a tree of their own, and the ads saved to them, in the vault's
 * IndexedDB. They answer in the service's own shapes (a board tree; a cursor page of library ads
 * with `saved_details`), so every view of a board (order, export, report, zip, kept creatives,
 * compare) reads them as it reads the service's. Only the background writes them.
 */

export { isLocalBoardId, LOCAL_BOARD_PREFIX } from './local-board-id';
/** Boards in this browser: enough for any research, bounded so the tree stays quick. */
export const MAX_LOCAL_BOARDS = 500;

const adKey = (boardId: string, adId: string) => `${boardId}\n${adId}`;

export class LocalBoardError extends Error {
  override readonly name = 'LocalBoardError';
  /** What went wrong, for the worker to say in the chosen language (the message is English, for logs). */
  constructor(
    readonly reason: 'limit' | 'parentGone' | 'gone',
    message: string,
  ) {
    super(message);
  }
}

/** Every board in this browser, as the service's tree shape, with its count of ads. */
export async function localBoardTree(): Promise<BoardNode[]> {
  const db = await existingVaultDb();
  if (!db) return [];
  const tx = db.transaction(['boards', 'boardAds']);
  const boards = await tx.objectStore('boards').getAll();
  const counts = new Map<string, number>();
  const index = tx.objectStore('boardAds').index('board');
  for (const board of boards) counts.set(board.id, await index.count(board.id));
  await tx.done;
  const nodes = new Map<string, BoardNode>(
    boards.map((board) => [
      board.id,
      { board_id: board.id, name: board.name, ad_num: counts.get(board.id) ?? 0, children: [] },
    ]),
  );
  const roots: BoardNode[] = [];
  for (const board of [...boards].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))) {
    const node = nodes.get(board.id);
    if (!node) continue;
    const parent = board.parentId ? nodes.get(board.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export async function localBoard(id: string): Promise<LocalBoard | null> {
  return (await (await existingVaultDb())?.get('boards', id)) ?? null;
}

export async function allLocalBoards(): Promise<LocalBoard[]> {
  return (await (await existingVaultDb())?.getAll('boards')) ?? [];
}

/** A new board in this browser, at the top or inside another of its boards. */
export async function createLocalBoard(
  init: Pick<LocalBoard, 'name' | 'parentId'> & Partial<Pick<LocalBoard, 'mirrorOf'>>,
  id: string,
  now: number,
): Promise<LocalBoard> {
  const db = await vaultDb();
  const tx = db.transaction('boards', 'readwrite');
  if ((await tx.store.count()) >= MAX_LOCAL_BOARDS) {
    throw new LocalBoardError('limit', `At most ${MAX_LOCAL_BOARDS} boards are kept in this browser.`);
  }
  if (init.parentId !== null && !(await tx.store.get(init.parentId))) {
    throw new LocalBoardError('parentGone', 'The board to put it in is no longer in this browser.');
  }
  const board: LocalBoard = {
    id: `${LOCAL_BOARD_PREFIX}${id}`,
    name: init.name,
    parentId: init.parentId,
    createdAt: now,
    ...(init.mirrorOf ? { mirrorOf: init.mirrorOf } : {}),
  };
  await tx.store.put(board);
  await tx.done;
  return board;
}

/** The board in this browser that stands in for a service's board, made on first need. */
export async function mirrorBoard(
  service: string,
  boardId: string,
  name: string,
  id: string,
  now: number,
): Promise<LocalBoard> {
  const existing = (await allLocalBoards()).find(
    (board) => board.mirrorOf?.service === service && board.mirrorOf.boardId === boardId,
  );
  return existing ?? createLocalBoard({ name, parentId: null, mirrorOf: { service, boardId } }, id, now);
}

export async function setCopiedTo(boardId: string, service: string, serviceBoardId: string): Promise<void> {
  const db = await vaultDb();
  const tx = db.transaction('boards', 'readwrite');
  const board = await tx.store.get(boardId);
  if (board) await tx.store.put({ ...board, copiedTo: { ...board.copiedTo, [service]: serviceBoardId } });
  await tx.done;
}

/**
 * Saves an ad to a board in this browser, as the service's save does: saving again keeps one
 * copy, merges the tags, keeps the first save time and takes the newer snapshot. Answers the
 * board's new count and, when the board held the ad already, the tags this save added to it (what
 * its Undo takes back, leaving the earlier save as it was).
 */
export async function saveLocal(
  boardId: string,
  ad: Record<string, unknown> & { id: string },
  tags: readonly string[],
  now: number,
  /** The queued save this is (its outbox id), sent again after a worker stopped before it heard the answer. */
  by?: string,
): Promise<{ ad_num: number; alreadyThere: { added: string[] } | null }> {
  const db = await vaultDb();
  const tx = db.transaction(['boards', 'boardAds'], 'readwrite');
  if (!(await tx.objectStore('boards').get(boardId))) {
    throw new LocalBoardError('gone', 'That board is no longer in this browser.');
  }
  const store = tx.objectStore('boardAds');
  const key = adKey(boardId, ad.id);
  const before = await store.get(key);
  const firstBy = before ? before.by : by;
  const record: LocalBoardAd = {
    key,
    boardId,
    adId: ad.id,
    ad,
    savedAt: before?.savedAt ?? now,
    tags: [...new Set([...(before?.tags ?? []), ...tags])].slice(0, 20),
    ...(firstBy === undefined ? {} : { by: firstBy }),
  };
  await store.put(record);
  const count = await store.index('board').count(boardId);
  await tx.done;
  // Put there by this very save, sent again: it was not there before it, and its Undo takes it off.
  const own = before !== undefined && by !== undefined && before.by === by;
  return {
    ad_num: count,
    alreadyThere: before && !own ? { added: record.tags.filter((tag) => !before.tags.includes(tag)) } : null,
  };
}

/** Takes tags off an ad on a board in this browser; an ad the board no longer holds is left as it is (not saved again). */
export async function untagLocal(boardId: string, adId: string, tags: readonly string[]): Promise<{ ad_num: number }> {
  const db = await vaultDb();
  const tx = db.transaction('boardAds', 'readwrite');
  const before = await tx.store.get(adKey(boardId, adId));
  if (before) await tx.store.put({ ...before, tags: before.tags.filter((tag) => !tags.includes(tag)) });
  const count = await tx.store.index('board').count(boardId);
  await tx.done;
  return { ad_num: count };
}

/** The ad as a board in this browser keeps it, or null when the board does not hold it. */
export async function localBoardAd(boardId: string, adId: string): Promise<Record<string, unknown> | null> {
  return (await (await existingVaultDb())?.get('boardAds', adKey(boardId, adId)))?.ad ?? null;
}

/** Takes an ad off a board in this browser; removing one that is not there is no error. */
export async function removeLocal(boardId: string, adId: string): Promise<{ ad_num: number }> {
  const db = await vaultDb();
  const tx = db.transaction('boardAds', 'readwrite');
  await tx.store.delete(adKey(boardId, adId));
  const count = await tx.store.index('board').count(boardId);
  await tx.done;
  return { ad_num: count };
}

/** A cursor names the last ad of the page before: its save time and id. */
function readCursor(cursor: string | undefined): [number, string] | null {
  if (!cursor) return null;
  const bar = cursor.indexOf('|');
  const savedAt = Number(cursor.slice(0, bar));
  return bar > 0 && Number.isFinite(savedAt) ? [savedAt, cursor.slice(bar + 1)] : null;
}

export interface LocalPageRequest {
  sort_by?: BoardOrder | undefined;
  cursor?: string | undefined;
  page_size?: number | undefined;
}

/**
 * One page of a board's ads, newest or oldest saved first, as the service's board page: library
 * ads with `saved_details` (this board's save time and tags, and every board in this browser
 * that holds the ad). The cursor is a keyset on (saved time, ad id): saves and removals between
 * pages neither repeat nor skip an ad.
 */
export async function localAdsPage(
  boardId: string,
  request: LocalPageRequest,
): Promise<{ items: Record<string, unknown>[]; cursor: string | null }> {
  const db = await existingVaultDb();
  if (!db) return { items: [], cursor: null };
  const size = Math.min(100, Math.max(1, request.page_size ?? 100));
  const newest = (request.sort_by ?? 'saved_newest') === 'saved_newest';
  const after = readCursor(request.cursor);
  const low: [string, number, string] = [boardId, -Infinity, ''];
  const high: [string, number, string] = [boardId, Infinity, '\uffff'];
  const range = after
    ? newest
      ? IDBKeyRange.bound(low, [boardId, after[0], after[1]], false, true)
      : IDBKeyRange.bound([boardId, after[0], after[1]], high, true, false)
    : IDBKeyRange.bound(low, high);
  const tx = db.transaction('boardAds');
  const rows: LocalBoardAd[] = [];
  let cursor = await tx.store.index('saved').openCursor(range, newest ? 'prev' : 'next');
  while (cursor && rows.length < size + 1) {
    rows.push(cursor.value);
    cursor = await cursor.continue();
  }
  const page = rows.slice(0, size);
  const holders = await Promise.all(page.map((row) => tx.store.index('ad').getAll(row.adId)));
  await tx.done;
  const last = page.at(-1);
  return {
    items: page.map((row, index) => ({
      ...row.ad,
      id: row.adId,
      saved_details: {
        saved_at: new Date(row.savedAt).toISOString(),
        boards: (holders[index] ?? []).map((holder) => holder.boardId),
        tags: row.tags,
      },
    })),
    cursor: rows.length > size && last ? `${last.savedAt}|${last.adId}` : null,
  };
}

/** Which boards in this browser hold each ad (read from the keys alone), for the cards' "saved" state. */
export async function localHoldings(): Promise<Map<string, string[]>> {
  const holdings = new Map<string, string[]>();
  for (const key of (await (await existingVaultDb())?.getAllKeys('boardAds')) ?? []) {
    const cut = key.indexOf('\n');
    const adId = key.slice(cut + 1);
    holdings.set(adId, [...(holdings.get(adId) ?? []), key.slice(0, cut)]);
  }
  return holdings;
}

/** What boards in this browser hold, for the storage view. */
export async function localBoardsSize(): Promise<{ boards: number; ads: number }> {
  const db = await existingVaultDb();
  if (!db) return { boards: 0, ads: 0 };
  return { boards: await db.count('boards'), ads: await db.count('boardAds') };
}
