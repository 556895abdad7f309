import { type Clock, systemClock } from '../../clock';
import type { ValidatedItem } from '../../storage/validated-item';
import { type JobGate, jobsStopped } from './job-gate';
import { inTurn } from '../../in-turn';

/** What every queue's owner takes injected, so tests fix the time, the jitter and the ids. */
export interface QueueEnvironment {
  /** @default systemClock */
  now?: Clock;
  /** @default Math.random */
  random?: () => number;
  /** @default crypto.randomUUID */
  newId?: () => string;
}

export function environmentOf(deps: QueueEnvironment): Required<QueueEnvironment> {
  return {
    now: deps.now ?? systemClock,
    random: deps.random ?? Math.random,
    newId: deps.newId ?? (() => crypto.randomUUID()),
  };
}

export interface DurableQueueOptions<T> {
  /** When the record is to be worked next, or null when nothing is left to do with it. */
  dueAt: (record: T) => number | null;
  /** Works one due record; it writes what became of it through `update` or `patch`. */
  work: (record: T) => Promise<void>;
  /** After each pass over the due records, with the list as stored then (prune, tell the UI). */
  afterPass?: (records: T[]) => Promise<void> | void;
  /** The order due records are worked in. @default storage order */
  order?: (a: T, b: T) => number;
  /** A record waits, however due, while this holds (an older change to the same thing is not done yet). */
  waits?: (record: T, records: readonly T[]) => boolean;
  /** After a storage write failed, the next pass is tried this much later. @default 30000 */
  storageRetryMs?: number;
  /** Asks to be woken at this time; null when nothing is due any more. */
  schedule: (at: number | null) => void;
  now: Clock;
  /**
   * While closed (Delete all, until a connection is saved): nothing is written, nothing is
   * worked, nothing is scheduled, and a record being worked is given up at once. @default open
   */
  gate?: JobGate;
}

type Change<T> = [(records: T[]) => unknown, (value: unknown) => void, (error: unknown) => void];

/**
 * A list of records kept in storage.local and worked through from there, the one mechanism
 * behind the save outbox and the generation tracker. A record is written before any work on
 * it is sent, so a stopped worker or a restarted browser loses nothing: whoever drains next
 * picks it up. Every read-modify-write of the list is serialised (and never held across a
 * network call); a record is worked by one drain at a time; concurrent drains share one run,
 * and a drain asked for during a run makes it pass once more.
 */
export class DurableQueue<T extends { id: string }> {
  private readonly writes = inTurn();
  private draining: Promise<void> | null = null;
  private again = false;
  private readonly inFlight = new Set<string>();
  /** Changes waiting for the next turn, made together in it. */
  private batch: Change<T>[] | null = null;

  constructor(
    private readonly item: ValidatedItem<T[]>,
    private readonly options: DurableQueueOptions<T>,
  ) {}

  list(): Promise<T[]> {
    return this.item.get();
  }

  /**
   * Reads, changes and writes the stored list as one step. A change that changes nothing is not
   * written: every write reaches every open page, which reads and checks the whole list again.
   * Changes asked while the list waits for its turn are made in that one read and write, in the
   * order asked (a board of a thousand ads queued at once writes the list a few times, not a
   * thousand); each caller hears once the write is done, and if it fails (or a change throws),
   * every change of it fails, and nothing of them is written.
   */
  update<R>(mutate: (records: T[]) => R): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const change: Change<T> = [mutate, resolve as (value: unknown) => void, reject];
      if (this.batch) return void this.batch.push(change);
      const batch = (this.batch = [change]);
      this.writes(async () => {
        this.batch = null;
        if (this.options.gate && !(await this.options.gate.allows())) throw jobsStopped();
        const records = await this.item.get();
        const before = JSON.stringify(records);
        const results = batch.map(([apply]) => apply(records));
        if (JSON.stringify(records) !== before) {
          // Closed while reading: a step that was under way when Delete all began writes nothing.
          if (this.options.gate?.open === false) throw jobsStopped();
          await this.item.set(records);
        }
        batch.forEach(([, answer], index) => answer(results[index]));
      }).catch((error: unknown) => {
        for (const [, , fail] of batch) fail(error);
      });
    });
  }

  /** Changes one record in place; resolves with a copy of it, or null when it is gone. */
  patch(id: string, change: (record: T) => void): Promise<T | null> {
    return this.update((records) => {
      const record = records.find((candidate) => candidate.id === id);
      if (record) change(record);
      return record ? structuredClone(record) : null;
    });
  }

  /**
   * Resolves once the drain under way (if any) has ended and no write of this queue is pending.
   * Close the gate first: a record being worked is then given up at once, and nothing more is written.
   */
  async stop(): Promise<void> {
    await this.draining;
    await this.writes.settled();
  }

  private closed(): boolean {
    return this.options.gate?.open === false;
  }

  /** Whether a drain is sending this record right now. */
  isInFlight(id: string): boolean {
    return this.inFlight.has(id);
  }

  /** Works every due record once, then asks for the next wake-up; safe to call at any time. */
  drain(): Promise<void> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = this.run().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  /** When a record is to be worked: never while it waits for another one. */
  private dueAtOf(record: T, records: readonly T[]): number | null {
    if (this.options.waits?.(record, records)) return null;
    return this.options.dueAt(record);
  }

  private due(records: T[], tried: ReadonlySet<string>): T[] {
    const now = this.options.now();
    const due = records.filter((record) => {
      const at = this.dueAtOf(record, records);
      return at !== null && at <= now && !this.inFlight.has(record.id) && !tried.has(record.id);
    });
    return this.options.order ? due.sort(this.options.order) : due;
  }

  /**
   * Never rejects: a storage failure (quota exceeded, a write refused) stops nothing else. The
   * record it concerned is left as stored before, and worked again on a later pass.
   */
  private async run(): Promise<void> {
    if (this.options.gate && !(await this.options.gate.allows())) return;
    let failure: unknown = null;
    do {
      this.again = false;
      // Each record is worked at most once per pass, so a pass ends whatever the storage holds.
      const tried = new Set<string>();
      try {
        for (;;) {
          const due = this.due(await this.list(), tried);
          if (due.length === 0) break;
          for (const record of due) {
            if (this.closed()) break;
            tried.add(record.id);
            this.inFlight.add(record.id);
            try {
              const work = this.options.work(record);
              await (this.options.gate ? this.options.gate.race(work) : work);
            } catch (error) {
              failure = error;
            } finally {
              this.inFlight.delete(record.id);
            }
          }
          if (this.closed()) break;
        }
        if (this.closed()) return;
        await this.options.afterPass?.(await this.list());
      } catch (error) {
        failure = error;
      }
    } while (this.again && !this.closed());
    // Stopped: no wake-up is asked for, no warning is given.
    if (this.closed()) return;
    let next: number | null = null;
    try {
      const records = await this.list();
      for (const record of records) {
        const at = this.dueAtOf(record, records);
        if (at !== null) next = next === null ? at : Math.min(next, at);
      }
    } catch (error) {
      failure = error;
    }
    if (failure !== null) {
      console.warn(
        'Adscope could not update its queue in storage; trying again shortly:',
        failure instanceof Error ? failure.message : failure,
      );
      // What was due stays due: it is tried again after a pause, not in a tight loop.
      const now = this.options.now();
      const retryAt = now + (this.options.storageRetryMs ?? 30_000);
      next = next === null || next <= now ? retryAt : Math.min(next, retryAt);
    }
    this.options.schedule(next);
  }
}
