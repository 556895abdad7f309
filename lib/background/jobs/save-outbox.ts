import { ApiCode } from '../../contract/envelope';
import { ApiError } from '../../messaging/api-error';
import { type OutboxEntry, outboxItem, type OutboxRequest } from '../../storage/outbox';
import type { Clock } from '../../clock';
import { DurableQueue, environmentOf, type QueueEnvironment } from './durable-queue';

export const OUTBOX_POLICY = {
  baseDelayMs: 2000,
  maxDelayMs: 5 * 60_000,
  /** Confirmed entries stay this long so the UI can show "saved" and offer undo. */
  keepDoneMs: 10 * 60_000,
} as const;

export interface OutboxDeps extends QueueEnvironment {
  send: (entry: OutboxEntry) => Promise<void>;
  /** Asks to be woken at this time (alarm plus timer); null when nothing is due. */
  schedule: (at: number | null) => void;
  /** Start sending as soon as something is queued. @default true */
  autoDrain?: boolean;
}

/** Network trouble, rate limits and upstream outages pass; wrong input or a missing board does not. */
export function isTransient(error: ApiError): boolean {
  if (error.code === 'network' || error.code === 'timeout' || error.code === 'rate_limited') return true;
  if (error.code === ApiCode.upstream) return true;
  return error.code === 'invalid_response' && error.retryable;
}

/**
 * Board saves and removals, written to storage before the first send and driven from there:
 * retried with full-jitter backoff on transient failures, stopped on 40001/40401, and never
 * applied twice (the endpoints are idempotent, and one entry exists per pending change).
 */
export class SaveOutbox {
  private readonly queue: DurableQueue<OutboxEntry>;
  private readonly now: Clock;
  private readonly random: () => number;
  private readonly newId: () => string;

  constructor(private readonly deps: OutboxDeps) {
    ({ now: this.now, random: this.random, newId: this.newId } = environmentOf(deps));
    this.queue = new DurableQueue(outboxItem, {
      dueAt: (entry) => (entry.status === 'pending' ? entry.nextAttemptAt : null),
      order: (a, b) => a.createdAt - b.createdAt,
      work: (entry) => this.send(entry),
      afterPass: () => this.prune(),
      schedule: deps.schedule,
      now: this.now,
    });
  }

  list(): Promise<OutboxEntry[]> {
    return this.queue.list();
  }

  /** Queues a change; a second identical request while one is pending returns the first (a double click makes one save). */
  async enqueue(request: OutboxRequest): Promise<OutboxEntry> {
    const entry = await this.queue.update((entries) => {
      const same = entries.find(
        (e) =>
          e.status === 'pending' && e.op === request.op && e.boardId === request.boardId && e.adId === request.adId,
      );
      if (same) {
        for (const tag of request.tags) if (!same.tags.includes(tag)) same.tags.push(tag);
        return same;
      }
      const created: OutboxEntry = {
        ...request,
        tags: [...request.tags],
        id: this.newId(),
        createdAt: this.now(),
        attempts: 0,
        nextAttemptAt: this.now(),
        status: 'pending',
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
      const index = entries.findIndex((e) => e.id === entryId && e.status === 'pending' && e.attempts === 0);
      if (index < 0 || this.queue.isInFlight(entryId)) return false;
      entries.splice(index, 1);
      return true;
    });
    if (dropped) return null;
    return this.enqueue({
      ...target,
      op: target.op === 'save' ? 'remove' : 'save',
      tags: target.op === 'save' ? [] : target.tags,
    });
  }

  async retry(entryId: string): Promise<void> {
    await this.queue.update((entries) => {
      const entry = entries.find((e) => e.id === entryId && e.status === 'failed');
      if (!entry) return;
      entry.status = 'pending';
      entry.attempts = 0;
      entry.nextAttemptAt = this.now();
      delete entry.error;
    });
    if (this.deps.autoDrain !== false) void this.drain();
  }

  /** Sends every due entry once; safe to call at any time (concurrent calls share one run). */
  drain(): Promise<void> {
    return this.queue.drain();
  }

  private delayFor(attempts: number, retryAfterMs: number | undefined): number {
    const ceiling = Math.min(OUTBOX_POLICY.maxDelayMs, OUTBOX_POLICY.baseDelayMs * 2 ** (attempts - 1));
    const jittered = this.random() * ceiling;
    return Math.max(jittered, retryAfterMs ?? 0, 250);
  }

  private async send(entry: OutboxEntry): Promise<void> {
    let outcome: Partial<OutboxEntry>;
    try {
      await this.deps.send(entry);
      outcome = { status: 'done', doneAt: this.now() };
    } catch (caught) {
      const error = ApiError.from(caught);
      if (entry.op === 'remove' && error.code === ApiCode.notFound) {
        // Already gone: the removal is what we wanted.
        outcome = { status: 'done', doneAt: this.now() };
      } else if (isTransient(error)) {
        const attempts = entry.attempts + 1;
        outcome = {
          attempts,
          nextAttemptAt: this.now() + this.delayFor(attempts, error.retryAfterMs),
          error: error.toJSON(),
        };
      } else {
        outcome = { status: 'failed', error: error.toJSON(), attempts: entry.attempts + 1 };
      }
    }
    await this.queue.patch(entry.id, (stored) =>
      Object.assign(stored, outcome, outcome.status === 'done' ? { error: undefined } : {}),
    );
  }

  /** Confirmed entries are kept a while for the UI's "saved" and Undo, then dropped. */
  private prune(): Promise<void> {
    return this.queue.update((entries) => {
      const cutoff = this.now() - OUTBOX_POLICY.keepDoneMs;
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const entry = entries[i];
        if (entry?.status === 'done' && (entry.doneAt ?? 0) < cutoff) entries.splice(i, 1);
      }
    });
  }
}
