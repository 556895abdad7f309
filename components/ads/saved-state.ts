import type { LibraryAd } from '@/lib/contract/ad-library';
import type { OutboxEntry } from '@/lib/storage/outbox';
import { canonicalId } from '@/lib/contract/ids';

/** A board's id as the save state keeps it: a UUID in either spelling is one board. */
export const boardKey = (id: string): string => canonicalId(id) ?? id;

export interface AdSaveState {
  /** Boards holding the ad (by `boardKey`), as the server said plus what the outbox confirmed or is sending. */
  boards: Set<string>;
  pending: OutboxEntry[];
  failed: OutboxEntry[];
}

/** What the card shows: the ad's boards with queued saves and removals applied optimistically. */
export function adSaveState(
  ad: LibraryAd,
  outbox: readonly OutboxEntry[] | undefined,
  /** Boards kept in this browser that hold each ad. */
  local?: ReadonlyMap<string, readonly string[]>,
): AdSaveState {
  const boards = new Set([...(ad.saved_details?.boards ?? []), ...(local?.get(ad.id) ?? [])].map(boardKey));
  const pending: OutboxEntry[] = [];
  const failed: OutboxEntry[] = [];
  const mine = (outbox ?? []).filter((entry) => entry.adId === ad.id);
  // A failure is said while it is the last change asked of its board: a later save or removal that landed replaces it.
  const last = new Map(mine.map((entry) => [boardKey(entry.boardId), entry]));
  for (const entry of mine) {
    if (entry.status === 'failed') {
      if (last.get(boardKey(entry.boardId)) === entry) failed.push(entry);
      continue;
    }
    if (entry.op === 'save') boards.add(boardKey(entry.boardId));
    else boards.delete(boardKey(entry.boardId));
    if (entry.status === 'pending') pending.push(entry);
  }
  return { boards, pending, failed };
}
