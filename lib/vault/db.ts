import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { isFetchFailure, type MediaFailure } from '../media-failure';

/**
 * The vault: copies of saved ads' creatives, kept in the extension's own IndexedDB (its origin,
 * shared by the background and the extension's pages, never by web pages). Copies outlive the
 * ad platforms' expiring links. Nothing here holds the API key.
 *
 * - `files`: one kept creative per URL it was fetched from: its bytes and type.
 * - `ads`: which creatives a board's ad has kept, by board and ad; a file stays while any ad
 *   on any board refers to it.
 * - `jobs`: creatives still to keep, in the order asked (made once a save is confirmed, or for
 *   a board kept on request); the background's keeper works them one fetch at a time.
 * - `boards` and `boardAds`: boards kept in this browser and the ads saved to them (a service
 *   whose boards are read-only through its API keeps its saves here). Only the background writes.
 */
export interface KeptFile {
  url: string;
  mime: string;
  bytes: number;
  /** The bytes as fetched (an ArrayBuffer clones in every browser's IndexedDB). */
  data: ArrayBuffer;
  keptAt: number;
}

/**
 * A creative that was not kept, and why: the failure, which the page that shows it says in its
 * language. One an earlier version left out holds its English sentence instead (`reason`:
 * "Could not be fetched (HTTP 403)." or "Not an image, so not kept."), shown as it was written.
 */
export type SkippedCreative = { url: string; failure: MediaFailure } | { url: string; reason: string };

/** An earlier version's sentence for a fetch that failed (isFetchFailure): its words in the brackets. */
export const EARLIER_FETCH_FAILURE = /^Could not be fetched \((.*)\)\.$/;

export interface KeptAd {
  /** `${boardId}\n${adId}` */
  key: string;
  boardId: string;
  boardName: string;
  adId: string;
  /** Its kept creatives' URLs, in the ad's order. */
  urls: string[];
  /** Its creatives that were not kept, and why. */
  skipped: SkippedCreative[];
  keptAt: number;
}

export interface KeepJob {
  id: string;
  boardId: string;
  boardName: string;
  adId: string;
  urls: string[];
  createdAt: number;
  /** URLs that could not be kept, and why (not an image, too large, gone). */
  skipped: SkippedCreative[];
  /** Runs that met links that did not answer; the job is tried again after a growing rest. */
  attempts?: number;
  /** Not worked before this time (a backoff): the other jobs go first. */
  notBefore?: number;
  /** When that rest was set: one set at a time still ahead was set by a clock since moved back. */
  restedAt?: number;
  /** Asked for (a confirmed save, Keep this board) and not tried since: a page that asked waits for its try. */
  fresh?: boolean;
}

/** A board kept in this browser (a service whose boards are read-only through its API, or by choice). */
export interface LocalBoard {
  /** `local:` and a UUID: never sent to a service. */
  id: string;
  name: string;
  parentId: string | null;
  createdAt: number;
  /** The service's board it stands in for, when saves to that board could not be written there. */
  mirrorOf?: { service: string; boardId: string };
  /** The board it was copied to, per service (its base URL): a second copy fills the same one. */
  copiedTo?: Record<string, string>;
}

/** An ad on a board kept in this browser: the ad as it was when saved, when, and its tags. */
export interface LocalBoardAd {
  /** `${boardId}\n${adId}` */
  key: string;
  boardId: string;
  adId: string;
  /** The library ad as the service gave it (a bounded snapshot). */
  ad: Record<string, unknown>;
  savedAt: number;
  tags: string[];
  /** The queued save that put it there (its outbox id): the same save sent again finds its own write. */
  by?: string;
}

interface VaultSchema extends DBSchema {
  files: { key: string; value: KeptFile };
  ads: { key: string; value: KeptAd; indexes: { board: string } };
  jobs: { key: string; value: KeepJob; indexes: { created: number } };
  boards: { key: string; value: LocalBoard };
  boardAds: {
    key: string;
    value: LocalBoardAd;
    indexes: { board: string; ad: string; saved: [string, number, string] };
  };
}

export const VAULT_DB = 'adscope-vault';
export type VaultDb = IDBPDatabase<VaultSchema>;

let opening: Promise<VaultDb> | null = null;

/** Opens the vault; `create`: made when it does not exist (a writer), else the open fails and leaves none. */
function openVault(create: boolean): Promise<VaultDb> {
  return openDB<VaultSchema>(VAULT_DB, 2, {
    upgrade(db, oldVersion, _newVersion, transaction) {
      if (oldVersion === 0 && !create) {
        // A read finds no vault: aborted, the new database is not kept.
        transaction.done.catch(() => undefined);
        transaction.abort();
        return;
      }
      if (oldVersion < 1) {
        db.createObjectStore('files', { keyPath: 'url' });
        db.createObjectStore('ads', { keyPath: 'key' }).createIndex('board', 'boardId');
        db.createObjectStore('jobs', { keyPath: 'id' }).createIndex('created', 'createdAt');
      }
      if (oldVersion < 2) {
        // Boards kept in this browser, beside the kept creatives: erased with them.
        db.createObjectStore('boards', { keyPath: 'id' });
        const boardAds = db.createObjectStore('boardAds', { keyPath: 'key' });
        boardAds.createIndex('board', 'boardId');
        boardAds.createIndex('ad', 'adId');
        boardAds.createIndex('saved', ['boardId', 'savedAt', 'adId']);
      }
    },
    blocking(_currentVersion, _blockedVersion, event) {
      // Another page upgrades or deletes the vault: this one lets go, and opens it again when next asked.
      (event.target as IDBDatabase).close();
      void opening?.then((db) => db.close());
      opening = null;
    },
  });
}

/** The vault's database, opened once per page or worker; created when it does not exist (the background's writers). */
export function vaultDb(): Promise<VaultDb> {
  opening ??= openVault(true);
  return opening;
}

/** Whether the browser lists the vault's database (a browser that cannot list them is taken to have it). */
async function vaultListed(): Promise<boolean> {
  try {
    return (await indexedDB.databases()).some((db) => db.name === VAULT_DB);
  } catch {
    return true;
  }
}

const isAbort = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';

/**
 * The vault's database when it exists, else null: what pages read never creates it, so after
 * Delete all it stays deleted. The browser is asked only while no connection is open here (an
 * open one is let go when the vault is deleted); one deleted between the look and the open is
 * not made again by the open.
 */
export async function existingVaultDb(): Promise<VaultDb | null> {
  if (opening) return opening;
  if (!(await vaultListed())) return null;
  if (opening) return opening;
  let db: VaultDb;
  try {
    db = await openVault(false);
  } catch (error) {
    if (isAbort(error)) return null;
    throw error;
  }
  // Opened meanwhile by another ask: one connection per page.
  if (opening) {
    db.close();
    return opening;
  }
  opening = Promise.resolve(db);
  return db;
}

/** Closes this page's connection (tests delete the database between cases). */
export async function closeVault(): Promise<void> {
  const db = await opening;
  db?.close();
  opening = null;
}

/** Whether a kept ad has all it can have: nothing left out only because its link did not answer then. */
export function fullyKept(ad: KeptAd): boolean {
  return ad.skipped.every((skip) =>
    'failure' in skip ? !isFetchFailure(skip.failure) : !EARLIER_FETCH_FAILURE.test(skip.reason),
  );
}

export const keptAdKey = (boardId: string, adId: string) => `${boardId}\n${adId}`;

/** The kept copy of a creative, or null. */
export async function keptFile(url: string): Promise<KeptFile | null> {
  return (await (await existingVaultDb())?.get('files', url)) ?? null;
}

export interface VaultBoardSize {
  boardId: string;
  boardName: string;
  ads: number;
  /** Bytes of the files its ads refer to (a file two boards share counts in both). */
  bytes: number;
}

export interface VaultSize {
  /** Bytes of every kept file, each once. */
  bytes: number;
  files: number;
  boards: VaultBoardSize[];
  /** Creatives waiting to be kept. */
  waiting: number;
}

/**
 * An ad's kept creatives as the vault holds them: its row, and the files its waiting job has
 * stored since (a run stopped part-way through the ad, for room or its byte budget, writes the
 * row only when the job ends). Null when it has neither.
 */
function keptNow(row: KeptAd | undefined, job: KeepJob | undefined, stored: ReadonlySet<string>): KeptAd | null {
  const more = job?.urls.filter((url) => stored.has(url) && !row?.urls.includes(url)) ?? [];
  if (!job || more.length === 0) return row ?? null;
  const { id: key, boardId, boardName, adId, createdAt: keptAt } = job;
  const base = row ?? { key, boardId, boardName, adId, urls: [], skipped: [], keptAt };
  return { ...base, urls: [...base.urls, ...more], skipped: base.skipped.filter((skip) => !more.includes(skip.url)) };
}

/**
 * What the vault holds, in all and per board, largest board first. A board is named as its most
 * recently kept ad names it (a board renamed since is listed by its name now).
 */
export async function vaultSize(): Promise<VaultSize> {
  const db = await existingVaultDb();
  if (!db) return { bytes: 0, files: 0, boards: [], waiting: 0 };
  const sizes = new Map<string, number>();
  let bytes = 0;
  let files = 0;
  let cursor = await db.transaction('files').store.openCursor();
  while (cursor) {
    sizes.set(cursor.value.url, cursor.value.bytes);
    bytes += cursor.value.bytes;
    files += 1;
    cursor = await cursor.continue();
  }
  const rows = new Map((await db.getAll('ads')).map((ad) => [ad.key, ad]));
  const jobs = await db.getAll('jobs');
  const stored = new Set(sizes.keys());
  for (const job of jobs) {
    const ad = keptNow(rows.get(job.id), job, stored);
    if (ad) rows.set(ad.key, ad);
  }
  const boards = new Map<string, VaultBoardSize>();
  // Oldest kept first: the board's name is the last one's.
  for (const ad of [...rows.values()].sort((a, b) => a.keptAt - b.keptAt)) {
    // An ad none of whose creatives is kept holds nothing here (its row only says why).
    if (ad.urls.length === 0) continue;
    const board = boards.get(ad.boardId) ?? { boardId: ad.boardId, boardName: ad.boardName, ads: 0, bytes: 0 };
    board.boardName = ad.boardName;
    board.ads += 1;
    board.bytes += ad.urls.reduce((sum, url) => sum + (sizes.get(url) ?? 0), 0);
    boards.set(ad.boardId, board);
  }
  const waiting = jobs.reduce((sum, job) => sum + job.urls.length, 0);
  return { bytes, files, boards: [...boards.values()].sort((a, b) => b.bytes - a.bytes), waiting };
}

/** Which of an ad's creatives the vault has, for a board. */
export async function keptAd(boardId: string, adId: string): Promise<KeptAd | null> {
  return (await (await existingVaultDb())?.get('ads', keptAdKey(boardId, adId))) ?? null;
}

/**
 * What a page that asked to keep a board's ads waits on, read at once: each ad's kept creatives
 * (its row with what its waiting job stored since, or null), and how many of them have a job the
 * keeper has not tried since it was asked. Null when the vault is gone (Delete all).
 */
export async function askedAds(
  boardId: string,
  adIds: readonly string[],
): Promise<{ kept: (KeptAd | null)[]; untried: number } | null> {
  const db = await existingVaultDb();
  if (!db) return null;
  const tx = db.transaction(['ads', 'jobs', 'files']);
  const keys = adIds.map((adId) => keptAdKey(boardId, adId));
  const [kept, jobs] = await Promise.all([
    Promise.all(keys.map((key) => tx.objectStore('ads').get(key))),
    Promise.all(keys.map((key) => tx.objectStore('jobs').get(key))),
  ]);
  const urls = [...new Set(jobs.flatMap((job) => job?.urls ?? []))];
  const found = await Promise.all(urls.map((url) => tx.objectStore('files').getKey(url)));
  await tx.done;
  const stored = new Set(urls.filter((_url, index) => found[index] !== undefined));
  return {
    kept: kept.map((row, index) => keptNow(row, jobs[index], stored)),
    untried: jobs.filter((job) => job?.fresh === true).length,
  };
}

/**
 * Frees a board: its kept ads and jobs go, and every file no other board's ad refers to. One
 * transaction: a board is freed whole or not at all.
 */
export function freeBoard(boardId: string): Promise<void> {
  return freeWhere((item) => item.boardId === boardId);
}

/**
 * Frees one ad of a board (it was removed from it, on the service or in this browser): its kept
 * row, its job, and each of its files no other ad or job refers to.
 */
export function freeAd(boardId: string, adId: string): Promise<void> {
  return freeWhere((item) => item.boardId === boardId && item.adId === adId);
}

async function freeWhere(matches: (item: { boardId: string; adId: string }) => boolean): Promise<void> {
  // No vault: nothing to free (and none is made to free it).
  const db = await existingVaultDb();
  if (!db) return;
  const tx = db.transaction(['files', 'ads', 'jobs'], 'readwrite');
  const ads = tx.objectStore('ads');
  const jobs = tx.objectStore('jobs');
  const used = new Set<string>();
  for (const ad of await ads.getAll()) {
    if (matches(ad)) await ads.delete(ad.key);
    else for (const url of ad.urls) used.add(url);
  }
  for (const job of await jobs.getAll()) {
    if (matches(job)) await jobs.delete(job.id);
    else for (const url of job.urls) used.add(url);
  }
  const files = tx.objectStore('files');
  // Every file nothing refers to goes (a board's), not only the freed ones: none is left behind.
  for (const url of await files.getAllKeys()) if (!used.has(url)) await files.delete(url);
  await tx.done;
}

/** Frees everything the vault holds. */
export async function freeVault(): Promise<void> {
  const db = await existingVaultDb();
  if (!db) return;
  const tx = db.transaction(['files', 'ads', 'jobs'], 'readwrite');
  await Promise.all([tx.objectStore('files').clear(), tx.objectStore('ads').clear(), tx.objectStore('jobs').clear()]);
  await tx.done;
}

/** Deletes the vault's database whole ("Delete all Adscope data"); other pages' connections let go of it. */
export async function deleteVault(): Promise<void> {
  await closeVault();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(VAULT_DB);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('The vault could not be deleted.'));
  });
}
