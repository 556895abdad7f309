import { ApiCode } from '../../contract/envelope';
import { ApiError } from '../../messaging/api-error';
import { type OutboxEntry, outboxItem, type OutboxRequest } from '../../storage/outbox';
import { type Clock, systemClock } from '../../clock';

export const OUTBOX_POLICY = {
  baseDelayMs: 2000,
  maxDelayMs: 5 * 60_000,
  /** Confirmed entries stay this long so the UI can show "saved" and offer undo. */
  keepDoneMs: 10 * 60_000,
} as const;

export interface OutboxDeps {
  send: (entry: OutboxEntry) => Promise<void>;
  /** Asks to be woken at this time (alarm plus timer); null when nothing is due. */
  schedule: (at: number | null) => void;
  /** @default systemClock */
  now?: Clock;
  random?: () => number;
  newId?: () => string;
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
  private chain: Promise<unknown> = Promise.resolve();
  private draining: Promise<void> | null = null;
  private readonly now: Clock;
  private readonly random: () => number;
  private readonly newId: () => string;

  constructor(private readonly deps: OutboxDeps) {
    this.now = deps.now ?? systemClock;
    this.random = deps.random ?? Math.random;
    this.newId = deps.newId ?? (() => crypto.randomUUID());
  }

  /** Serialises read-modify-write of the stored list (never held across a network call). */
  private update<T>(mutate: (entries: OutboxEntry[]) => T): Promise<T> {
    const run = this.chain.then(async () => {
      const entries = await outboxItem.get();
      const result = mutate(entries);
      await outboxItem.set(entries);
      return result;
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  list(): Promise<OutboxEntry[]> {
    return outboxItem.get();
  }

  /** Queues a change; a second identical request while one is pending returns the first (a double click makes one save). */
  async enqueue(request: OutboxRequest): Promise<OutboxEntry> {
    const entry = await this.update((entries) => {
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
    const dropped = await this.update((entries) => {
      const index = entries.findIndex((e) => e.id === entryId && e.status === 'pending' && e.attempts === 0);
      if (index < 0 || this.inFlight.has(entryId)) return false;
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
    await this.update((entries) => {
      const entry = entries.find((e) => e.id === entryId && e.status === 'failed');
      if (!entry) return;
      entry.status = 'pending';
      entry.attempts = 0;
      entry.nextAttemptAt = this.now();
      delete entry.error;
    });
    if (this.deps.autoDrain !== false) void this.drain();
  }

  async dismiss(entryId: string): Promise<void> {
    await this.update((entries) => {
      const index = entries.findIndex((e) => e.id === entryId && e.status !== 'pending');
      if (index >= 0) entries.splice(index, 1);
    });
  }

  private readonly inFlight = new Set<string>();

  /** Sends every due entry once; safe to call at any time (concurrent calls share one run). */
  drain(): Promise<void> {
    this.draining ??= this.runDrain().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private delayFor(attempts: number, retryAfterMs: number | undefined): number {
    const ceiling = Math.min(OUTBOX_POLICY.maxDelayMs, OUTBOX_POLICY.baseDelayMs * 2 ** (attempts - 1));
    const jittered = this.random() * ceiling;
    return Math.max(jittered, retryAfterMs ?? 0, 250);
  }

  private async runDrain(): Promise<void> {
    // Each entry is tried at most once per run, so the loop ends whatever the storage holds.
    const tried = new Set<string>();
    for (;;) {
      const now = this.now();
      const due = (await this.list())
        .filter((e) => e.status === 'pending' && e.nextAttemptAt <= now && !this.inFlight.has(e.id) && !tried.has(e.id))
        .sort((a, b) => a.createdAt - b.createdAt);
      if (due.length === 0) break;
      for (const entry of due) {
        tried.add(entry.id);
        this.inFlight.add(entry.id);
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
        } finally {
          this.inFlight.delete(entry.id);
        }
        await this.update((entries) => {
          const stored = entries.find((e) => e.id === entry.id);
          if (stored) Object.assign(stored, outcome, outcome.status === 'done' ? { error: undefined } : {});
        });
      }
    }
    await this.update((entries) => {
      const cutoff = this.now() - OUTBOX_POLICY.keepDoneMs;
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const entry = entries[i];
        if (entry?.status === 'done' && (entry.doneAt ?? 0) < cutoff) entries.splice(i, 1);
      }
    });
    const next = (await this.list()).filter((e) => e.status === 'pending').map((e) => e.nextAttemptAt);
    this.deps.schedule(next.length > 0 ? Math.min(...next) : null);
  }
}
