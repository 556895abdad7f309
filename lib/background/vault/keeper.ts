import type { Clock } from '../../clock';
import { ApiError } from '../../messaging/api-error';
import { t } from '../../i18n';
import 'virtual:adscope-english/api';
import { ApiCode } from '../../contract/envelope';
import { fetchMedia, IMAGE_TYPES, isPassingFailure, MEDIA_TIMEOUT_MS, type MediaFailure } from '../../media';
import type { OutboxEntry } from '../../storage/outbox';
import { safeHttpUrl } from '../../url';
import {
  freeAd,
  fullyKept,
  type KeepJob,
  keptAd,
  keptAdKey,
  type SkippedCreative,
  type VaultDb,
  vaultDb,
} from '../../vault/db';
import { type VaultState, vaultStateItem } from '../../vault/state';
import type { SendAnswer } from '../jobs/save-outbox';
import { type JobGate, jobsStopped } from '../jobs/job-gate';
import { settleWithin } from '../../settle-within';

export const VAULT_POLICY = {
  /** The most one creative may take: a larger one is not kept, and says so. */
  maxFileBytes: 8 * 1024 * 1024,
  /** Bytes one run keeps before it rests (a minute, as an alarm): a big board goes on in steps. */
  runBytes: 50 * 1024 * 1024,
  /** The vault stops keeping while the extension's storage would pass this share of the browser's quota for it. */
  quotaShare: 0.8,
  /** A run that rested goes on after this. */
  restMs: 60_000,
  /** A run stopped for room looks again after this: it goes on by itself once room is made. */
  fullMs: 15 * 60_000,
  /** One creative, from the request to its last byte. */
  fetchTimeoutMs: MEDIA_TIMEOUT_MS,
  /**
   * The browser's storage estimate: one that does not answer by then is taken as unknown (room
   * assumed); and how long a confirmed save waits on the vault to note its creatives.
   */
  estimateTimeoutMs: 5_000,
  /** A job whose links did not answer rests this long, doubled at each try… */
  retryBaseMs: 60_000,
  /** …up to this, */
  retryMaxMs: 6 * 60 * 60_000,
  /** …and this many runs; then what did not answer is left out, with why (Keep this board tries again). */
  maxAttempts: 6,
};
export type VaultPolicy = typeof VAULT_POLICY;

export interface KeeperDeps {
  /** The page's fetch: never Adscope's API transport, so no header of Adscope's is ever sent. */
  fetch: typeof globalThis.fetch;
  clock: Clock;
  /** navigator.storage.estimate() */
  estimate: () => Promise<{ usage?: number; quota?: number }>;
  /** The connection's base URL: a creative on a private address is fetched only when the service lives there. */
  service?: () => Promise<string | null>;
  /** Wake the keeper then (an alarm); null when nothing waits. */
  wakeAt: (at: number | null) => void;
  policy?: Partial<VaultPolicy>;
  /** Closed by Delete all: nothing runs, is added or written until it opens again. @default open */
  gate?: JobGate;
}

export type KeepResult = 'done' | 'rested' | 'full';
type WantedJob = Omit<KeepJob, 'id' | 'createdAt' | 'skipped'>;

/**
 * Keeps saved ads' creatives in the vault: one fetch at a time, each within a time limit, from
 * jobs in IndexedDB (written when a save is confirmed, before the outbox marks it done), within
 * a byte budget per run, so a worker stopped mid-fetch goes on from the creative it was at. A
 * job whose links did not answer rests with a growing delay while the others go on. Media hosts
 * get a request with no credentials, no referrer and no header of Adscope's; only images
 * (declared or sniffed) up to a size are kept; near the browser's quota it stops, says so, and
 * evicts nothing.
 */
export class VaultKeeper {
  private active: Promise<KeepResult> | null = null;
  private again = false;
  private readonly policy: VaultPolicy;
  /** The creative being fetched now: Cancel or a removal aborts it. */
  private current: { job: KeepJob; controller: AbortController } | null = null;

  constructor(private readonly deps: KeeperDeps) {
    this.policy = { ...VAULT_POLICY, ...deps.policy };
  }

  /** Runs the jobs due; a call while one runs makes it look again when it ends. Never rejects. */
  run(): Promise<KeepResult> {
    if (this.active) {
      this.again = true;
      return this.active;
    }
    this.active = (async () => {
      if (this.deps.gate && !(await this.deps.gate.allows())) return 'done' as const;
      let result: KeepResult;
      do {
        this.again = false;
        result = await this.pass().catch(async (error: unknown) => {
          await this.say({ stopped: 'failed', message: error instanceof Error ? error.message : String(error) });
          return 'done' as const;
        });
      } while (this.again && result === 'done');
      return result;
    })().finally(() => {
      this.active = null;
    });
    return this.active;
  }

  /**
   * Adds jobs (a confirmed save, or a board kept from the service's list): those kept whole are
   * left as they are; one waiting is made due (asked again, it is tried again now). Each is
   * fresh until the keeper's next try of it ends: a page that asked waits for that. The board's
   * name asked now is its name: its kept ads and waiting jobs take it (Options lists it so).
   */
  async want(jobs: readonly WantedJob[]): Promise<number> {
    if (this.deps.gate && !(await this.deps.gate.allows())) throw jobsStopped();
    const db = await vaultDb();
    const tx = db.transaction(['jobs', 'ads'], 'readwrite');
    let added = 0;
    const now = this.deps.clock();
    const named = new Set<string>();
    for (const [index, job] of jobs.entries()) {
      if (!named.has(job.boardId)) {
        named.add(job.boardId);
        for (const row of await tx.objectStore('ads').index('board').getAll(job.boardId))
          if (row.boardName !== job.boardName) await tx.objectStore('ads').put({ ...row, boardName: job.boardName });
      }
      const id = keptAdKey(job.boardId, job.adId);
      const urls = [...new Set(job.urls.flatMap((url) => safeHttpUrl(url) ?? []))].slice(0, 10);
      if (urls.length === 0) continue;
      const waiting = await tx.objectStore('jobs').get(id);
      if (waiting) {
        // Asked again: due whatever the clock does next, and untried until the keeper's next try of it ends.
        const { notBefore, ...due } = waiting;
        await tx.objectStore('jobs').put({ ...due, boardName: job.boardName, fresh: true });
        if ((notBefore ?? 0) > now) added += 1;
        continue;
      }
      // An ad kept whole stays as it is; one whose links did not answer then is tried again.
      const kept = await tx.objectStore('ads').get(id);
      if (kept && fullyKept(kept)) continue;
      await tx.objectStore('jobs').put({ ...job, urls, id, createdAt: now + index, skipped: [], fresh: true });
      added += 1;
    }
    await tx.done;
    return added;
  }

  /**
   * The outbox's send, wrapped: a confirmed save with creatives becomes a job before the outbox
   * marks it done (a worker stopped in between sends the idempotent save again and writes the
   * job again), under the board it ended on (`movedTo`: kept in this browser); a confirmed
   * removal frees the ad's kept copies on that board.
   */
  confirming(send: (entry: OutboxEntry) => Promise<SendAnswer>): (entry: OutboxEntry) => Promise<SendAnswer> {
    return async (entry) => {
      let answer: SendAnswer;
      try {
        answer = await send(entry);
      } catch (error) {
        // A removal of an ad already gone is what was wanted: the outbox marks it done.
        if (entry.op === 'remove' && ApiError.from(error).code === ApiCode.notFound)
          await this.noted(this.forget(entry));
        throw error;
      }
      if (entry.op === 'remove') await this.noted(this.forget(entry));
      else if (entry.media?.length) {
        const board = answer.movedTo ?? entry;
        await this.noted(
          this.want([{ boardId: board.boardId, boardName: board.boardName, adId: entry.adId, urls: entry.media }]),
        );
        void this.run();
      }
      return answer;
    };
  }

  /** Delete all: resolves once the run under way has ended (close the gate first: it stops at its next step). */
  async stop(): Promise<void> {
    await this.active;
  }

  private stopped(): boolean {
    return this.deps.gate?.open === false;
  }

  /**
   * A vault that cannot write (its database broken) never turns a save the service took into a
   * failed one: it says so, and the next worker's `catchUp` finds the save in the outbox.
   */
  private async noted(work: Promise<unknown>): Promise<void> {
    const said = work.catch(async (error: unknown) => {
      // Stopped by Delete all: nothing to say, and nothing may be written.
      if (this.stopped()) return;
      await this.say({ stopped: 'failed', message: error instanceof Error ? error.message : String(error) }).catch(
        () => undefined,
      );
    });
    // A vault that does not answer (its database never opens) holds no save back: the next
    // worker's catch-up finds what it missed.
    await settleWithin(said, this.policy.estimateTimeoutMs, undefined);
  }

  /**
   * At a worker's start: saves the outbox confirmed (it keeps them ten minutes) become jobs
   * unless a later change to the same ad on the same board followed (a removal, kept as long).
   * A net under `confirming`, for a save confirmed while the vault could not write, or by an
   * earlier version; never a gate.
   */
  async catchUp(entries: readonly OutboxEntry[]): Promise<void> {
    const wanted: WantedJob[] = [];
    for (const entry of entries) {
      if (entry.op !== 'save' || entry.status !== 'done' || !entry.media?.length) continue;
      const later = entries.some(
        (other) =>
          other !== entry &&
          other.boardId === entry.boardId &&
          other.adId === entry.adId &&
          other.createdAt >= entry.createdAt &&
          other.op === 'remove',
      );
      if (later) continue;
      const kept = await keptAd(entry.boardId, entry.adId);
      if (!kept)
        wanted.push({ boardId: entry.boardId, boardName: entry.boardName, adId: entry.adId, urls: entry.media });
    }
    if (wanted.length > 0) await this.want(wanted);
  }

  private async forget(entry: Pick<OutboxEntry, 'boardId' | 'adId'>): Promise<void> {
    await freeAd(entry.boardId, entry.adId);
    if (this.current?.job.boardId === entry.boardId && this.current.job.adId === entry.adId)
      this.current.controller.abort();
  }

  /** Drops a board's waiting jobs (Cancel), and stops the fetch under way for it. */
  async cancel(boardId: string): Promise<void> {
    const db = await vaultDb();
    const tx = db.transaction('jobs', 'readwrite');
    for (const job of await tx.store.getAll()) if (job.boardId === boardId) await tx.store.delete(job.id);
    await tx.done;
    if (this.current?.job.boardId === boardId) this.current.controller.abort();
  }

  private async say(state: Partial<VaultState>): Promise<void> {
    if (this.stopped()) return;
    const current = await vaultStateItem.get();
    await vaultStateItem.set({ ...current, ...state, at: this.deps.clock(), serial: current.serial + 1 });
  }

  /** The oldest job that is due, and when the next resting one is. */
  private async nextJob(db: VaultDb): Promise<{ job: KeepJob | null; nextAt: number | null }> {
    const now = this.deps.clock();
    let nextAt: number | null = null;
    let cursor = await db.transaction('jobs').store.index('created').openCursor();
    while (cursor) {
      const { notBefore = 0, restedAt = 0 } = cursor.value;
      // A rest set at a time still ahead was set by a clock since moved back: it is over.
      if (notBefore <= now || restedAt > now || notBefore - now > this.policy.retryMaxMs)
        return { job: cursor.value, nextAt };
      nextAt = nextAt === null ? notBefore : Math.min(nextAt, notBefore);
      cursor = await cursor.continue();
    }
    return { job: null, nextAt };
  }

  private async pass(): Promise<KeepResult> {
    if (this.stopped()) return 'done';
    const db = await vaultDb();
    const service = (await this.deps.service?.().catch(() => null)) ?? null;
    const budget = { spent: 0 };
    let lastSaid: number | null = null;
    let lastBoard: string | null = null;
    for (;;) {
      if (this.stopped()) return 'done';
      const { job, nextAt } = await this.nextJob(db);
      if (!job) {
        this.deps.wakeAt(nextAt);
        await this.say({ stopped: null, message: null, board: null });
        return 'done';
      }
      // The progress, at most once a second (by a clock that has not gone back): every write reaches every open page.
      const now = this.deps.clock();
      if (lastSaid === null || now - lastSaid >= 1000 || now < lastSaid || job.boardId !== lastBoard) {
        // Keeping again: whatever stopped it before (a full disk) is no longer so.
        await this.say({
          stopped: null,
          message: null,
          // This board's ads still waiting (resting ones too), never another board's.
          board: {
            id: job.boardId,
            name: job.boardName,
            waiting: (await db.getAll('jobs')).filter((other) => other.boardId === job.boardId).length,
          },
        });
        lastSaid = this.deps.clock();
        lastBoard = job.boardId;
      }
      const stop = await this.work(db, job, service, budget);
      if (stop) return stop;
    }
  }

  /** Works one job's creatives; its end is written, or the run stops (rest, quota) and it waits as it is. */
  private async work(
    db: VaultDb,
    job: KeepJob,
    service: string | null,
    budget: { spent: number },
  ): Promise<KeepResult | null> {
    const passing: SkippedCreative[] = [];
    for (const url of job.urls) {
      if (job.skipped.some((skip) => skip.url === url) || (await db.getKey('files', url))) continue;
      if (budget.spent >= this.policy.runBytes) {
        this.deps.wakeAt(this.deps.clock() + this.policy.restMs);
        return 'rested';
      }
      if (await this.nearQuota()) return this.full();
      if (this.stopped()) return 'done';
      const controller = new AbortController();
      this.current = { job, controller };
      const kept = await this.keep(db, job.id, url, service, controller.signal).finally(() => {
        this.current = null;
      });
      if (this.stopped()) return 'done';
      if (kept === 'cancelled') return null;
      if (kept === 'full') return this.full();
      if (typeof kept === 'number') budget.spent += kept;
      else if (isPassingFailure(kept)) passing.push({ url, failure: kept });
      else {
        job.skipped.push({ url, failure: kept });
        if (!(await this.update(db, job))) return null;
      }
    }
    if (this.stopped()) return 'done';
    await this.finish(db, job, passing);
    return null;
  }

  /** Stops for room, and says so: what it kept stays (and is counted), the job waits as it is. */
  private async full(): Promise<KeepResult> {
    this.deps.wakeAt(this.deps.clock() + this.policy.fullMs);
    await this.say({ stopped: 'full', message: t('api.vault.nearlyFull') });
    return 'full';
  }

  /** Writes the job's progress, unless it was cancelled or its ad removed meanwhile. */
  private async update(db: VaultDb, job: KeepJob): Promise<boolean> {
    const tx = db.transaction('jobs', 'readwrite');
    const present = (await tx.store.getKey(job.id)) !== undefined;
    if (present) await tx.store.put(job);
    await tx.done;
    return present;
  }

  /**
   * The ad as kept now (only creatives in the files store); its job done, or resting when links
   * did not answer and tries remain (tried: no longer fresh). A job cancelled meanwhile is not
   * written back.
   */
  private async finish(db: VaultDb, job: KeepJob, passing: SkippedCreative[]): Promise<void> {
    const tx = db.transaction(['ads', 'jobs', 'files'], 'readwrite');
    if ((await tx.objectStore('jobs').getKey(job.id)) === undefined) {
      await tx.done;
      return;
    }
    const keptUrls: string[] = [];
    for (const url of job.urls) if ((await tx.objectStore('files').getKey(url)) !== undefined) keptUrls.push(url);
    const now = this.deps.clock();
    await tx.objectStore('ads').put({
      key: job.id,
      boardId: job.boardId,
      boardName: job.boardName,
      adId: job.adId,
      urls: keptUrls,
      skipped: [...job.skipped, ...passing],
      keptAt: now,
    });
    const attempts = (job.attempts ?? 0) + 1;
    if (passing.length > 0 && attempts < this.policy.maxAttempts) {
      const delay = Math.min(this.policy.retryMaxMs, this.policy.retryBaseMs * 2 ** (attempts - 1));
      await tx.objectStore('jobs').put({ ...job, attempts, notBefore: now + delay, restedAt: now, fresh: false });
    } else await tx.objectStore('jobs').delete(job.id);
    await tx.done;
  }

  private async nearQuota(): Promise<boolean> {
    type Estimate = { usage?: number; quota?: number };
    const asked = settleWithin<Estimate, Estimate>(this.deps.estimate(), this.policy.estimateTimeoutMs, {});
    // Delete all does not wait on an estimate that never answers.
    const { usage, quota } = await (this.deps.gate ? this.deps.gate.race(asked) : asked).catch((): Estimate => ({}));
    if (usage === undefined || quota === undefined || quota <= 0) return false;
    return usage + this.policy.maxFileBytes > quota * this.policy.quotaShare;
  }

  /**
   * Fetches and stores one creative: its bytes, why it was not kept, 'cancelled', or 'full' when
   * the browser refuses the write for room (its estimate is only an estimate).
   */
  private async keep(
    db: VaultDb,
    jobId: string,
    url: string,
    service: string | null,
    signal: AbortSignal,
  ): Promise<number | MediaFailure | 'cancelled' | 'full'> {
    const safe = safeHttpUrl(url);
    if (!safe) return { kind: 'not-web' };
    let got;
    try {
      const fetching = fetchMedia(safe, {
        fetch: this.deps.fetch,
        signal,
        timeoutMs: this.policy.fetchTimeoutMs,
        maxBytes: this.policy.maxFileBytes,
        allowed: IMAGE_TYPES,
        service,
        init: { redirect: 'follow' },
      });
      // Delete all gives up the fetch under way at once.
      got = await (this.deps.gate ? this.deps.gate.race(fetching) : fetching);
    } catch {
      return 'cancelled';
    }
    if (this.stopped()) return 'cancelled';
    if (!got.ok) return got.failure;
    const { bytes, mime } = got;
    // Written only while its job is there: a board cancelled or an ad removed meanwhile leaves no file behind.
    const tx = db.transaction(['files', 'jobs'], 'readwrite');
    // A refused write fails its request or the transaction: either is awaited here, never left unheard.
    const done = tx.done;
    try {
      const present = (await tx.objectStore('jobs').getKey(jobId)) !== undefined;
      if (present)
        await tx.objectStore('files').put({
          url,
          mime,
          bytes: bytes.length,
          data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
          keptAt: this.deps.clock(),
        });
      await done;
      return present ? bytes.length : 'cancelled';
    } catch (error) {
      done.catch(() => undefined);
      if ((error as Error | null)?.name === 'QuotaExceededError') return 'full';
      throw error;
    }
  }
}
