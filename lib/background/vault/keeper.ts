import type { Clock } from '../../clock';
import { IMAGE_TYPES, MEDIA_REQUEST, mediaTypeOf, readCapped } from '../../media';
import type { OutboxEntry } from '../../storage/outbox';
import { safeHttpUrl } from '../../url';
import { fullyKept, type KeepJob, keptAdKey, type VaultDb, vaultDb } from '../../vault/db';
import { type VaultState, vaultStateItem } from '../../vault/state';
import { type JobGate, jobsStopped } from '../jobs/job-gate';

export const VAULT_POLICY = {
  /** The most one creative may take: a larger one is not kept, and says so. */
  maxFileBytes: 8 * 1024 * 1024,
  /** Bytes one run keeps before it rests (a minute, as an alarm): a big board goes on in steps. */
  runBytes: 50 * 1024 * 1024,
  /** The vault stops keeping while the extension's storage would pass this share of the browser's quota for it. */
  quotaShare: 0.8,
  /** A run that rested goes on after this. */
  restMs: 60_000,
};
export type VaultPolicy = typeof VAULT_POLICY;

export interface KeeperDeps {
  /** The page's fetch: never Adscope's API transport, so no header of Adscope's is ever sent. */
  fetch: typeof globalThis.fetch;
  clock: Clock;
  /** navigator.storage.estimate() */
  estimate: () => Promise<{ usage?: number; quota?: number }>;
  outbox: () => Promise<OutboxEntry[]>;
  /** Wake the keeper then (an alarm); null when nothing waits. */
  wakeAt: (at: number | null) => void;
  policy?: Partial<VaultPolicy>;
  /** Closed by Delete all: nothing runs, is added or written until it opens again. @default open */
  gate?: JobGate;
}

export type KeepResult = 'done' | 'outbox-first' | 'rested' | 'full';

/**
 * Keeps saved ads' creatives in the vault: one fetch at a time, after every pending save has
 * gone (the outbox is first), within a byte budget per run, from jobs in IndexedDB, so a worker
 * stopped mid-fetch goes on from the creative it was at. Media hosts get a request with no
 * credentials, no referrer and no header of Adscope's; only images (declared or sniffed) up to
 * a size are kept; near the browser's quota it stops, says so, and evicts nothing.
 */
export class VaultKeeper {
  private active: Promise<KeepResult> | null = null;
  private again = false;
  private readonly policy: VaultPolicy;

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

  /** Delete all: resolves once the run under way has ended (close the gate first: it stops at its next step). */
  async stop(): Promise<void> {
    await this.active;
  }

  private stopped(): boolean {
    return this.deps.gate?.open === false;
  }

  /** Adds jobs (a board kept from the service's list): those already kept or queued are left as they are. */
  async want(jobs: readonly Omit<KeepJob, 'id' | 'createdAt' | 'skipped'>[]): Promise<number> {
    if (this.deps.gate && !(await this.deps.gate.allows())) throw jobsStopped();
    const db = await vaultDb();
    const tx = db.transaction(['jobs', 'ads'], 'readwrite');
    let added = 0;
    const now = this.deps.clock();
    for (const [index, job] of jobs.entries()) {
      const id = keptAdKey(job.boardId, job.adId);
      const urls = [...new Set(job.urls.flatMap((url) => safeHttpUrl(url) ?? []))].slice(0, 10);
      // An ad kept whole, or waiting, stays as it is; one whose links did not answer then is tried again.
      const kept = await tx.objectStore('ads').get(id);
      if (urls.length === 0 || (await tx.objectStore('jobs').get(id)) || (kept && fullyKept(kept))) continue;
      await tx.objectStore('jobs').put({ ...job, urls, id, createdAt: now + index, skipped: [] });
      added += 1;
    }
    await tx.done;
    return added;
  }

  /** Drops a board's waiting jobs (Cancel). */
  async cancel(boardId: string): Promise<void> {
    const db = await vaultDb();
    const tx = db.transaction('jobs', 'readwrite');
    for (const job of await tx.store.getAll()) if (job.boardId === boardId) await tx.store.delete(job.id);
    await tx.done;
  }

  private async say(state: Partial<VaultState>): Promise<void> {
    if (this.stopped()) return;
    const current = await vaultStateItem.get();
    await vaultStateItem.set({ ...current, ...state, at: this.deps.clock() });
  }

  /** Confirmed saves with creatives become jobs; a save still pending comes first. */
  private async fromOutbox(db: VaultDb): Promise<boolean> {
    const outbox = await this.deps.outbox();
    if (outbox.some((entry) => entry.status === 'pending' && !entry.held)) return false;
    const confirmed = outbox.filter((entry) => entry.op === 'save' && entry.status === 'done' && entry.media?.length);
    const fresh: Omit<KeepJob, 'id' | 'createdAt' | 'skipped'>[] = [];
    for (const entry of confirmed) {
      const id = keptAdKey(entry.boardId, entry.adId);
      if (!(await db.get('ads', id)) && !(await db.get('jobs', id))) {
        fresh.push({
          boardId: entry.boardId,
          boardName: entry.boardName,
          adId: entry.adId,
          urls: entry.media ?? [],
        });
      }
    }
    if (fresh.length > 0) await this.want(fresh);
    return true;
  }

  private async pass(): Promise<KeepResult> {
    if (this.stopped()) return 'done';
    const db = await vaultDb();
    if (!(await this.fromOutbox(db))) return 'outbox-first';
    let spent = 0;
    let lastSaid: number | null = null;
    let lastBoard: string | null = null;
    for (;;) {
      if (this.stopped()) return 'done';
      const [job] = await db.getAllFromIndex('jobs', 'created', undefined, 1);
      if (!job) {
        this.deps.wakeAt(null);
        await this.say({ stopped: null, message: null, board: null });
        return 'done';
      }
      // The progress, at most once a second: every write reaches every open page.
      if (lastSaid === null || this.deps.clock() - lastSaid >= 1000 || job.boardId !== lastBoard) {
        await this.say({ board: { id: job.boardId, name: job.boardName, waiting: await db.count('jobs') } });
        lastSaid = this.deps.clock();
        lastBoard = job.boardId;
      }
      for (const url of job.urls) {
        if (job.skipped.some((skip) => skip.url === url) || (await db.getKey('files', url))) continue;
        if (spent >= this.policy.runBytes) {
          this.deps.wakeAt(this.deps.clock() + this.policy.restMs);
          return 'rested';
        }
        if (await this.nearQuota()) {
          await this.say({
            stopped: 'full',
            message:
              "The browser's storage for Adscope is nearly full, so the vault stopped keeping creatives. Free a board in Options to make room; nothing was removed.",
          });
          return 'full';
        }
        const kept = await this.keep(db, url);
        if (this.stopped()) return 'done';
        if (typeof kept === 'number') spent += kept;
        else {
          job.skipped.push({ url, reason: kept });
          await db.put('jobs', job);
        }
      }
      // Every creative kept or skipped: the ad is in the vault, and its job is done.
      if (this.stopped()) return 'done';
      const tx = db.transaction(['ads', 'jobs'], 'readwrite');
      const keptUrls = [];
      for (const url of job.urls) if (!job.skipped.some((skip) => skip.url === url)) keptUrls.push(url);
      await tx.objectStore('ads').put({
        key: job.id,
        boardId: job.boardId,
        boardName: job.boardName,
        adId: job.adId,
        urls: keptUrls,
        skipped: job.skipped,
        keptAt: this.deps.clock(),
      });
      await tx.objectStore('jobs').delete(job.id);
      await tx.done;
    }
  }

  private async nearQuota(): Promise<boolean> {
    const { usage, quota } = await this.deps.estimate().catch(() => ({}) as { usage?: number; quota?: number });
    if (usage === undefined || quota === undefined || quota <= 0) return false;
    return usage + this.policy.maxFileBytes > quota * this.policy.quotaShare;
  }

  /** Fetches and stores one creative: its bytes, or why it was not kept. */
  private async keep(db: VaultDb, url: string): Promise<number | string> {
    const safe = safeHttpUrl(url);
    if (!safe) return 'Not a web address.';
    let response: Response;
    try {
      const fetching = this.deps.fetch(safe, { ...MEDIA_REQUEST, redirect: 'follow' });
      response = await (this.deps.gate ? this.deps.gate.race(fetching) : fetching);
    } catch {
      return 'Could not be fetched (network error or no access to its site).';
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return `Could not be fetched (HTTP ${response.status}).`;
    }
    const bytes = await readCapped(response, this.policy.maxFileBytes);
    if (this.stopped()) return 'Stopped.';
    if (!bytes) return `Larger than ${Math.round(this.policy.maxFileBytes / 1_048_576)} MB, so not kept.`;
    const mime = mediaTypeOf(response.headers.get('content-type'), bytes, IMAGE_TYPES);
    if (!mime) return 'Not an image, so not kept.';
    await db.put('files', {
      url,
      mime,
      bytes: bytes.length,
      data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      keptAt: this.deps.clock(),
    });
    return bytes.length;
  }
}
