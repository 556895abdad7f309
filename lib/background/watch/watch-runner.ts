import { storage } from 'wxt/utils/storage';
import type { Clock } from '../../clock';
import { ApiCode } from '../../contract/envelope';
import type { LibraryAd, LibraryPage } from '../../contract/ad-library';
import { ApiError } from '../../messaging/api-error';
import {
  type BrandCheck,
  type LastRun,
  NEWS_KEPT_PER_BRAND,
  type RunOutcome,
  type RunState,
  type WatchedBrand,
  type WatchNews,
  type WatchStatus,
  watchlistItem,
  watchNewsItem,
  watchSettingsItem,
  watchStatusItem,
} from '../../storage/watchlist';
import { diffPage, type SeenSet, seenSetSchema } from './seen-set';

/** One request for a page of a brand's ads, newest first; never retried inside (every request is counted here). */
export type BrandPageSearch = (brandId: string, cursor: string | undefined) => Promise<LibraryPage>;

/** Ads per request ("100 is used in practice", spec 4.10). */
export const WATCH_PAGE_SIZE = 100;

export interface WatchPolicy {
  budget: number;
  pagesPerBrand: number;
  baselinePages: number;
  maxPauseMs: number;
  failurePausesMs: readonly number[];
  defaultRetryAfterMs: number;
  slackMs: number;
}

export const WATCH_POLICY: WatchPolicy = {
  /** Requests one run may send, whatever happens: 100 brands take about 100. */
  budget: 250,
  /** Pages looked at per brand in a check: the next only while a whole page was new. */
  pagesPerBrand: 3,
  /** Pages the first check of a brand learns. */
  baselinePages: 2,
  /** A Retry-After longer than this ends the run; the next one starts where the interval says. */
  maxPauseMs: 60 * 60_000,
  /** Waits after a failure to reach the service, the run paused in storage; after the last, the run ends. */
  failurePausesMs: [60_000, 5 * 60_000, 15 * 60_000],
  /** Without a Retry-After, a 429 pauses the run this long. */
  defaultRetryAfterMs: 60_000,
  /** An alarm that fires this much early still counts as on time. */
  slackMs: 60_000,
};

export type RunKind = 'scheduled' | 'baseline' | 'resume' | 'manual';
export type RunResult = RunOutcome | 'skipped' | 'paused';

export interface WatchRunnerDeps {
  search: BrandPageSearch;
  clock: Clock;
  /** Wake the runner at `at` to go on with a paused run; null when nothing waits. */
  wakeAt: (at: number | null) => void;
  /** The news changed (the badge). */
  onNews?: (news: WatchNews, watched: WatchedBrand[]) => void;
  /** A run ended: its one notification, if any. */
  onRunEnd?: (last: LastRun, run: RunState) => void;
  policy?: Partial<WatchPolicy>;
}

const seenKey = (brandId: string) => `local:watchSeen.${brandId}` as const;

async function readSeen(brandId: string): Promise<SeenSet | null> {
  const parsed = seenSetSchema.safeParse(await storage.getItem(seenKey(brandId)));
  return parsed.success ? parsed.data : null;
}

/** Forgets what a brand had: its seen ids. */
export async function forgetSeen(brandIds: readonly string[]): Promise<void> {
  if (brandIds.length > 0) await storage.removeItems(brandIds.map(seenKey));
}

let newsChain: Promise<unknown> = Promise.resolve();

/** Changes the news in turn with every other change (a check adding, the user marking seen): none is lost. */
export function updateNews<T>(change: (news: WatchNews) => T): Promise<{ news: WatchNews; result: T }> {
  const next = newsChain.then(async () => {
    const news = await watchNewsItem.get();
    const result = change(news);
    await watchNewsItem.set(news);
    return { news, result };
  });
  newsChain = next.catch(() => undefined);
  return next;
}

/** Puts a check's new ads in front of what the user has not looked at yet; says how many were added. */
export function addNews(news: WatchNews, brand: WatchedBrand, ads: readonly LibraryAd[], now: number): number {
  const entry = news.brands[brand.id] ?? { name: brand.name, ads: [], more: 0 };
  const known = new Set(entry.ads.map((item) => item.ad.id));
  const added = ads.filter((ad) => !known.has(ad.id)).map((ad) => ({ ad, firstSeenAt: now }));
  if (added.length === 0) return 0;
  const all = [...added, ...entry.ads];
  news.brands[brand.id] = {
    name: brand.name,
    ads: all.slice(0, NEWS_KEPT_PER_BRAND),
    more: entry.more + Math.max(0, all.length - NEWS_KEPT_PER_BRAND),
  };
  return added.length;
}

type Stop = { stop: Exclude<RunOutcome, 'complete'>; message: string } | { pause: number; failure: boolean };
type BrandResult = { check: BrandCheck } | Stop;

const CONNECTION_CODES = new Set<unknown>([
  'not_configured',
  'workspace_changed',
  'permission_denied',
  'origin_changed',
  'origin_unconfirmed',
  'redirected',
]);

/**
 * Checks watched brands for ads never seen before. One run at a time, one request at a time,
 * within a request budget. Its state is in storage after every request, so a run cut short
 * (worker stopped, browser closed) goes on from the brand it was at; a 429 pauses it for the
 * Retry-After, also in storage.
 */
export class WatchRunner {
  private active: Promise<RunResult> | null = null;
  private readonly policy: WatchPolicy;
  /** The kind of the run under way. */
  private current: RunState['kind'] | null = null;
  /** A check asked for while a baseline ran: it starts when that one ends. */
  private waiting: RunKind | null = null;

  constructor(private readonly deps: WatchRunnerDeps) {
    this.policy = { ...WATCH_POLICY, ...deps.policy };
  }

  /**
   * Starts or continues a run. A run in storage (paused or cut short) always goes on first.
   * A scheduled run starts only when the interval has passed since the last one; `manual` is
   * the user's "Check now". While a run is under way, a call joins it.
   */
  run(kind: RunKind): Promise<RunResult> {
    if (this.active) {
      // A check asked for during a baseline (a few new brands) follows it; during a full run, it is that run.
      if ((kind === 'scheduled' || kind === 'manual') && this.current === 'baseline') this.waiting = kind;
      return this.active;
    }
    this.active = this.loop(kind).finally(() => {
      this.active = null;
      this.current = null;
    });
    return this.active;
  }

  get running(): boolean {
    return this.active !== null;
  }

  private async loop(kind: RunKind): Promise<RunResult> {
    const result = await this.execute(kind);
    if (result !== 'complete' && result !== 'skipped') return result;
    const waiting = this.waiting;
    this.waiting = null;
    const next = waiting ? await this.execute(waiting) : 'complete';
    // Brands watched while it ran learn what they have now, not at the next interval; a run
    // cut short (budget, failure) leaves its brands to the next one.
    if (next === 'complete' || next === 'skipped') await this.execute('baseline');
    return result;
  }

  private async execute(kind: RunKind): Promise<RunResult> {
    const { clock } = this.deps;
    const now = clock();
    const status = await watchStatusItem.get();
    const watched = await watchlistItem.get();
    let run = status.run;
    if (run) {
      if (run.pausedUntil !== null && run.pausedUntil > now) {
        this.deps.wakeAt(run.pausedUntil);
        return 'paused';
      }
    } else {
      if (kind === 'resume') return 'skipped';
      const settings = await watchSettingsItem.get();
      const interval = settings.intervalHours * 3_600_000;
      if (kind === 'scheduled') {
        if (interval === 0) return 'skipped';
        if (status.lastScheduledAt !== null && now < status.lastScheduledAt + interval - this.policy.slackMs)
          return 'skipped';
      }
      if (kind === 'baseline' && interval === 0) return 'skipped';
      const checkedAt = (id: string) => status.brands[id]?.checkedAt ?? -1;
      const queue =
        kind === 'baseline'
          ? watched.filter((brand) => !status.brands[brand.id]).map((brand) => brand.id)
          : watched.map((brand) => brand.id).sort((a, b) => checkedAt(a) - checkedAt(b));
      if (queue.length === 0) return 'skipped';
      run = {
        id: `${now.toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
        kind: kind === 'baseline' ? 'baseline' : 'scheduled',
        startedAt: now,
        queue,
        total: queue.length,
        requests: 0,
        budget: this.policy.budget,
        newAds: 0,
        newBrands: [],
        pausedUntil: null,
        pauses: 0,
      };
      status.run = run;
      if (kind !== 'baseline') status.lastScheduledAt = now;
      await this.prune(status, watched);
      await watchStatusItem.set(status);
    }
    this.current = run.kind;
    return this.carryOn(status, run, watched);
  }

  /** Drops what is kept for brands no longer watched (unwatched here, or on another synced browser). */
  private async prune(status: WatchStatus, watched: WatchedBrand[]): Promise<void> {
    const ids = new Set(watched.map((brand) => brand.id));
    const gone = Object.keys(status.brands).filter((id) => !ids.has(id));
    for (const id of gone) delete status.brands[id];
    await updateNews((news) => {
      for (const id of Object.keys(news.brands)) if (!ids.has(id)) delete news.brands[id];
    });
    await forgetSeen(gone);
  }

  private async carryOn(status: WatchStatus, run: RunState, watched: WatchedBrand[]): Promise<RunResult> {
    run.pausedUntil = null;
    this.deps.wakeAt(null);
    while (run.queue.length > 0) {
      const id = run.queue[0] ?? '';
      // Read afresh: a brand unwatched while the run went on is skipped.
      const brand = (await watchlistItem.get()).find((candidate) => candidate.id === id);
      if (brand) {
        const result = await this.checkBrand(brand, run, status);
        if ('pause' in result) {
          if (result.failure) run.pauses += 1;
          run.pausedUntil = this.deps.clock() + result.pause;
          await watchStatusItem.set(status);
          this.deps.wakeAt(run.pausedUntil);
          return 'paused';
        }
        if ('stop' in result) return this.finish(status, run, result.stop, result.message, watched);
        status.brands[id] = result.check;
      }
      run.queue.shift();
      await watchStatusItem.set(status);
    }
    return this.finish(status, run, 'complete', null, watched);
  }

  private async finish(
    status: WatchStatus,
    run: RunState,
    outcome: RunOutcome,
    message: string | null,
    watched: WatchedBrand[],
  ): Promise<RunOutcome> {
    const last: LastRun = {
      kind: run.kind,
      startedAt: run.startedAt,
      finishedAt: this.deps.clock(),
      outcome,
      checked: run.total - run.queue.length,
      total: run.total,
      requests: run.requests,
      newAds: run.newAds,
      message,
    };
    status.run = null;
    status.last = last;
    await watchStatusItem.set(status);
    this.deps.wakeAt(null);
    this.deps.onRunEnd?.(last, run);
    this.deps.onNews?.(await watchNewsItem.get(), watched);
    return outcome;
  }

  private async checkBrand(brand: WatchedBrand, run: RunState, status: WatchStatus): Promise<BrandResult> {
    const { clock } = this.deps;
    const stored = await readSeen(brand.id);
    // The first check learns what the brand has: nothing in it is news.
    const baseline = stored === null;
    let seen: SeenSet = stored ?? { entries: [] };
    const pages = baseline ? this.policy.baselinePages : this.policy.pagesPerBrand;
    let cursor: string | undefined;
    let looked = 0;
    for (let page = 0; page < pages; page += 1) {
      if (run.requests >= run.budget) {
        return {
          stop: 'budget',
          message: `Stopped at its limit of ${run.budget} requests; the brands left go first next time.`,
        };
      }
      // Counted before it is sent: a worker stopped mid-request has still spent it.
      run.requests += 1;
      await watchStatusItem.set(status);
      let answer: LibraryPage;
      try {
        answer = await this.deps.search(brand.id, cursor);
      } catch (error) {
        return this.failure(error, run);
      }
      run.pauses = 0;
      const now = clock();
      const ids = answer.items.map((ad) => ad.id);
      const diff = diffPage(seen, ids, now);
      looked += ids.length;
      if (!baseline && diff.fresh.length > 0) {
        const fresh = new Set(diff.fresh);
        const { news, result: added } = await updateNews((news) =>
          addNews(
            news,
            brand,
            answer.items.filter((ad) => fresh.has(ad.id)),
            now,
          ),
        );
        if (added > 0) {
          run.newAds += added;
          if (!run.newBrands.includes(brand.name)) run.newBrands.push(brand.name);
          this.deps.onNews?.(news, await watchlistItem.get());
        }
      }
      // After the news: a stop in between finds these ids unseen again, and the news dedupes them.
      seen = diff.seen;
      await storage.setItem(seenKey(brand.id), seen);
      cursor = answer.cursor || undefined;
      const allNew = ids.length > 0 && diff.fresh.length === ids.length;
      if (!cursor || (!baseline && !allNew)) break;
    }
    return { check: { checkedAt: clock(), outcome: 'ok', looked, message: null } };
  }

  private failure(error: unknown, run: RunState): BrandResult {
    const apiError = error instanceof ApiError ? error : null;
    const code = apiError?.code;
    const message = (apiError?.message ?? (error instanceof Error ? error.message : 'Unknown failure.')).slice(0, 300);
    const now = this.deps.clock();
    if (code === 'rate_limited') {
      const wait = apiError?.retryAfterMs ?? this.policy.defaultRetryAfterMs;
      if (wait > this.policy.maxPauseMs) {
        return {
          stop: 'rate_limited',
          message: 'The service asked Adscope to wait over an hour; the next check will try again.',
        };
      }
      return { pause: wait, failure: false };
    }
    if (code === ApiCode.notFound) {
      return { check: { checkedAt: now, outcome: 'not_found', looked: 0, message: 'The service has no such brand.' } };
    }
    if (CONNECTION_CODES.has(code)) return { stop: 'not_connected', message };
    if (apiError?.retryable) {
      const wait = this.policy.failurePausesMs[run.pauses];
      if (wait === undefined) return { stop: 'failed', message: `${message} Checked again at the next interval.` };
      return { pause: wait, failure: true };
    }
    return { check: { checkedAt: now, outcome: 'failed', looked: 0, message } };
  }
}
