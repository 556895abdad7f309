import { MAX_TAGS } from '../../contract/boards';
import { ApiCode } from '../../contract/envelope';
import { ApiError, storedError } from '../../messaging/api-error';
import { type OutboxEntry, outboxItem, type OutboxRequest } from '../../storage/outbox';
import type { Clock } from '../../clock';
import { isLocalBoardId } from '../../vault/local-boards';
import { DurableQueue, environmentOf, type QueueEnvironment } from './durable-queue';
import type { JobGate, Stoppable } from './job-gate';
import { couldNot } from '../could-not';

export const OUTBOX_POLICY = {
  baseDelayMs: 2000,
  maxDelayMs: 5 * 60_000,
  /** Confirmed entries stay this long so the UI can show "saved" and offer undo. */
  keepDoneMs: 10 * 60_000,
} as const;

/** What a confirmed change tells: a save's answer carries the board's new count of ads, when the service gives it. */
export interface SendAnswer {
  adNum?: number | null;
  /** The save was kept on another board (one in this browser, when the service's boards are read-only), and why. */
  movedTo?: { boardId: string; boardName: string; reason: string };
  /** The board held the ad already (a board in this browser tells), and the tags this save added. */
  alreadyThere?: { added: string[] };
}

export interface OutboxDeps extends QueueEnvironment {
  send: (entry: OutboxEntry) => Promise<SendAnswer | void>;
  /** Asks to be woken at this time (alarm plus timer); null when nothing is due. */
  schedule: (at: number | null) => void;
  /** Start sending as soon as something is queued. @default true */
  autoDrain?: boolean;
  /**
   * The workspace of the connection set now (null: no key). Entries are stamped with it and
   * held while another is set. Without it, entries belong to no workspace and are never held.
   */
  workspace?: () => Promise<string | null>;
  /** Closed by Delete all: nothing is queued, sent or written until it opens again. @default open */
  gate?: JobGate;
}

/**
 * Network trouble, rate limits, upstream outages and a service that failed mid-way (a 5xx in its
 * own words, after which the change may or may not have landed) pass; wrong input or a missing
 * board does not.
 */
export function isTransient(error: ApiError): boolean {
  if (error.code === 'network' || error.code === 'timeout' || error.code === 'rate_limited') return true;
  if (error.code === ApiCode.upstream || error.code === 'service_error') return true;
  return error.code === 'invalid_response' && error.retryable;
}

const samePair = (a: OutboxEntry, b: Pick<OutboxEntry, 'boardId' | 'adId'>) =>
  a.boardId === b.boardId && a.adId === b.adId;

/**
 * Board saves and removals, written to storage before the first send and driven from there:
 * retried with full-jitter backoff on transient failures, stopped on 40001/40401, and never
 * applied twice (the endpoints are idempotent, and one entry exists per pending change).
 * Changes to the same ad on the same board are sent strictly in the order they were made; an
 * entry is sent only with the workspace it was made in, and held while another one is set.
 */
export class SaveOutbox implements Stoppable {
  private readonly queue: DurableQueue<OutboxEntry>;
  private readonly now: Clock;
  private readonly random: () => number;
  private readonly newId: () => string;

  constructor(private readonly deps: OutboxDeps) {
    ({ now: this.now, random: this.random, newId: this.newId } = environmentOf(deps));
    this.queue = new DurableQueue(outboxItem, {
      dueAt: (entry) => this.dueAt(entry),
      // An older change to the same ad on the same board that is not done yet goes first.
      waits: (entry, entries) =>
        entries.some(
          (other) =>
            other.id !== entry.id &&
            other.status === 'pending' &&
            samePair(other, entry) &&
            (other.createdAt < entry.createdAt ||
              (other.createdAt === entry.createdAt && entries.indexOf(other) < entries.indexOf(entry))),
        ),
      order: (a, b) => a.createdAt - b.createdAt,
      work: (entry) => this.send(entry),
      afterPass: () => this.prune(),
      schedule: deps.schedule,
      now: this.now,
      ...(deps.gate ? { gate: deps.gate } : {}),
    });
  }

  /** Delete all: resolves once the pass under way has ended (close the gate first) and nothing more is written. */
  stop(): Promise<void> {
    return this.queue.stop();
  }

  /** Pending and not held; a clock that went back since the entry was scheduled makes it due now. */
  private dueAt(entry: OutboxEntry): number | null {
    if (entry.status !== 'pending' || entry.held) return null;
    const now = this.now();
    if (entry.scheduledAt !== undefined && now < entry.scheduledAt) return now;
    return entry.nextAttemptAt;
  }

  list(): Promise<OutboxEntry[]> {
    return this.queue.list();
  }

  /**
   * Queues a change. The same change while it is the newest pending one for this ad and board
   * returns that one (a double click makes one save); anything else is queued after what is
   * pending for the pair, and sent after it.
   */
  enqueue(request: OutboxRequest & { workspace?: string }): Promise<OutboxEntry> {
    // A board kept in this browser belongs to no workspace: its saves are never held.
    if (isLocalBoardId(request.boardId)) return this.enqueueIn(request, async () => undefined);
    // A change for a workspace its maker names (a copy's save, for the board it made there)
    // belongs to that one, whatever key is set as it is queued.
    const named = this.deps.workspace ? request.workspace : undefined;
    if (named !== undefined) return this.enqueueIn(request, async () => named);
    return this.enqueueIn(request, async () => (await this.deps.workspace?.()) ?? undefined);
  }

  private async enqueueIn(
    request: OutboxRequest,
    workspaceOf: () => Promise<string | undefined>,
  ): Promise<OutboxEntry> {
    const workspace = await workspaceOf();
    const entry = await this.queue.update((entries) => {
      const change: OutboxRequest = {
        op: request.op,
        boardId: request.boardId,
        boardName: request.boardName,
        adId: request.adId,
        tags: [...request.tags],
        ...(request.op === 'save' && request.media && request.media.length > 0 ? { media: [...request.media] } : {}),
        ...(request.op === 'save' && request.ad ? { ad: request.ad } : {}),
        ...(request.op === 'save' && request.untag ? { untag: [...request.untag] } : {}),
      };
      const latest = entries.findLast(
        (e) => e.status === 'pending' && samePair(e, change) && e.workspace === workspace,
      );
      // An Undo that takes tags off is a change of its own: never one with a save, either way.
      if (latest?.op === change.op && !latest.untag && !change.untag) {
        const added = change.tags.filter((tag) => !latest.tags.includes(tag));
        // Nothing new, or not sent yet: this is the same change (a double click).
        if (added.length === 0) return latest;
        if (!this.queue.isInFlight(latest.id)) {
          latest.tags.push(...added);
          if (change.ad) latest.ad = change.ad;
          return latest;
        }
        // On its way without the new tags: those go in a change of their own, after it.
      }
      const now = this.now();
      const created: OutboxEntry = {
        ...change,
        id: this.newId(),
        createdAt: Math.max(now, ...entries.filter((e) => samePair(e, change)).map((e) => e.createdAt + 1)),
        attempts: 0,
        nextAttemptAt: now,
        scheduledAt: now,
        status: 'pending',
        ...(workspace === undefined ? {} : { workspace }),
      };
      entries.push(created);
      return created;
    });
    if (this.deps.autoDrain !== false) void this.drain();
    return entry;
  }

  /** Undoes a save or removal: drops it if it was never sent, else queues the opposite change. */
  async undo(entryId: string): Promise<OutboxEntry | null> {
    const target = (await this.list()).find((e) => e.id === entryId);
    if (!target) return null;
    const dropped = await this.queue.update((entries) => {
      // Only a change that never left: a worker stopped mid-send cannot have written what came of it.
      const index = entries.findIndex(
        (e) => e.id === entryId && e.status === 'pending' && e.sentAt === undefined && e.attempts === 0,
      );
      if (index < 0 || this.queue.isInFlight(entryId)) return false;
      entries.splice(index, 1);
      return true;
    });
    if (dropped) return null;
    const board = { boardId: target.boardId, boardName: target.boardName, adId: target.adId };
    // Built from the change alone: nothing of the target's state (its error, its attempts) carries
    // over, but its workspace does: an undo belongs where the change it undoes was made. A change
    // that ended on a board in this browser (one kept here for a read-only service too) belongs to
    // no workspace, as that board does: its undo is never held for the key it was made under.
    const workspace = async () =>
      this.deps.workspace && !isLocalBoardId(target.boardId) ? target.workspace : undefined;
    if (target.op === 'save' && target.alreadyThere && isLocalBoardId(target.boardId)) {
      // The ad was on the board before this save: its Undo takes back the tags it added and leaves
      // the ad with its earlier save. One that added none changed nothing there is to take back.
      const added = target.alreadyThere.added;
      if (added.length === 0) return null;
      return this.enqueueIn({ op: 'save', ...board, tags: [], untag: [...added] }, workspace);
    }
    // A second save of the ad to the same service board, after one not failed nor taken back: the
    // ad was there before it (or will be), so its Undo leaves the ad where the first save put it.
    if (target.op === 'save' && !isLocalBoardId(target.boardId)) {
      const entries = await this.list();
      const earlier = entries
        .slice(
          0,
          entries.findIndex((e) => e.id === target.id),
        )
        .findLast((e) => e.adId === target.adId && e.boardId === target.boardId && e.status !== 'failed');
      if (earlier?.op === 'save') return null;
    }
    // Undoing that Undo puts the tags back.
    if (target.op === 'save' && target.untag)
      return this.enqueueIn({ op: 'save', ...board, tags: [...target.untag] }, workspace);
    return this.enqueueIn(
      {
        op: target.op === 'save' ? 'remove' : 'save',
        ...board,
        tags: target.op === 'save' ? [] : [...target.tags],
      },
      workspace,
    );
  }

  async retry(entryId: string): Promise<void> {
    await this.queue.update((entries) => {
      const entry = entries.find((e) => e.id === entryId && e.status === 'failed');
      if (!entry) return;
      const now = this.now();
      entry.status = 'pending';
      entry.attempts = 0;
      entry.nextAttemptAt = now;
      entry.scheduledAt = now;
      delete entry.error;
    });
    if (this.deps.autoDrain !== false) void this.drain();
  }

  /** Drops a held entry: the user gives up on a change made in another workspace. */
  async discard(entryId: string): Promise<void> {
    await this.queue.update((entries) => {
      const index = entries.findIndex((e) => e.id === entryId && e.held === true && !this.queue.isInFlight(e.id));
      if (index >= 0) entries.splice(index, 1);
    });
  }

  /** Holds what belongs to another workspace, releases what belongs to this one, then sends every due entry once. */
  async drain(): Promise<void> {
    if (this.deps.gate && !(await this.deps.gate.allows())) return;
    if (this.deps.workspace) {
      try {
        const current = await this.deps.workspace();
        await this.queue.update((entries) => {
          for (const entry of entries) {
            const held = entry.status === 'pending' && entry.workspace !== undefined && entry.workspace !== current;
            if (held) entry.held = true;
            else delete entry.held;
          }
        });
      } catch (error) {
        couldNot("check the saves' workspace")(error);
      }
    }
    return this.queue.drain();
  }

  private delayFor(attempts: number, retryAfterMs: number | undefined): number {
    const ceiling = Math.min(OUTBOX_POLICY.maxDelayMs, OUTBOX_POLICY.baseDelayMs * 2 ** (attempts - 1));
    const jittered = this.random() * ceiling;
    return Math.max(jittered, retryAfterMs ?? 0, 250);
  }

  private async send(entry: OutboxEntry): Promise<void> {
    const fresh = entry.sentAt === undefined;
    /** Held before it left: the connection is checked before any request, so nothing of it was sent. */
    let unsent = false;
    if (fresh) {
      // Written before the change leaves, so Undo never drops one that may have landed.
      const marked = await this.queue.patch(entry.id, (stored) => {
        stored.sentAt = this.now();
      });
      if (!marked) return;
    }
    // An undo of a save that was kept in this browser meanwhile (a read-only service) takes the ad
    // off the board it landed on (only a save is ever moved).
    const landed =
      entry.op === 'remove' &&
      (await this.list()).findLast((e) => e.adId === entry.adId && e.movedFrom?.boardId === entry.boardId);
    let outcome: Partial<OutboxEntry>;
    try {
      const answer = await this.deps.send(landed ? { ...entry, boardId: landed.boardId } : entry);
      const adNum = answer?.adNum;
      const moved = answer?.movedTo;
      const already = answer?.alreadyThere;
      outcome = {
        status: 'done',
        doneAt: this.now(),
        ...(typeof adNum === 'number' ? { adNum } : {}),
        ...(entry.op === 'save' && already ? { alreadyThere: { added: already.added.slice(0, MAX_TAGS) } } : {}),
        ...(moved
          ? {
              boardId: moved.boardId,
              boardName: moved.boardName,
              movedFrom: { boardId: entry.boardId, boardName: entry.boardName, reason: moved.reason.slice(0, 400) },
            }
          : {}),
      };
    } catch (caught) {
      const error = ApiError.from(caught);
      if (error.code === 'workspace_changed') {
        // The key changed while this was on its way: held, not tried. Refused before it left, it
        // was never sent: Undo may still drop it.
        outcome = { held: true };
        unsent = fresh;
      } else if (entry.op === 'remove' && error.code === ApiCode.notFound) {
        // Already gone: the removal is what we wanted.
        outcome = { status: 'done', doneAt: this.now() };
      } else if (isTransient(error)) {
        const attempts = entry.attempts + 1;
        const now = this.now();
        outcome = {
          attempts,
          nextAttemptAt: now + this.delayFor(attempts, error.retryAfterMs),
          scheduledAt: now,
          error: storedError(error),
        };
      } else {
        outcome = { status: 'failed', error: storedError(error), attempts: entry.attempts + 1 };
      }
    }
    await this.queue.patch(entry.id, (stored) => {
      Object.assign(stored, outcome);
      if (unsent) delete stored.sentAt;
      if (outcome.status === 'done' || outcome.status === 'failed') delete stored.held;
      // A failed save keeps its ad: Retry sends it again, and a board in this browser keeps the ad
      // as it was saved (nothing else holds it). A confirmed one needs it no more.
      if (outcome.status === 'done') {
        delete stored.error;
        delete stored.ad;
      }
    });
  }

  /**
   * Confirmed entries are kept a while for the UI's "saved" and Undo, then dropped. One confirmed
   * at a time still ahead was confirmed by a clock since set back: its while starts again now.
   */
  private prune(): Promise<void> {
    return this.queue.update((entries) => {
      const now = this.now();
      const cutoff = now - OUTBOX_POLICY.keepDoneMs;
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const entry = entries[i];
        if (entry?.status !== 'done') continue;
        if ((entry.doneAt ?? 0) < cutoff) entries.splice(i, 1);
        else if ((entry.doneAt ?? 0) > now) entry.doneAt = now;
      }
    });
  }
}
