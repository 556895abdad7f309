import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import type { Clock } from '../../clock';
import { ApiCode } from '../../contract/envelope';
import type { LibraryAd, LibraryPage } from '../../contract/ad-library';
import type { adLibraryApi } from '../api/ad-library';
import { ApiError } from '../../messaging/api-error';
import { t } from '../../i18n';
import 'virtual:adscope-english/api';
import {
  type BrandCheck,
  fitText,
  keepableAds,
  type LastRun,
  NEWS_BYTES_BUDGET,
  NEWS_KEPT_PER_BRAND,
  newsAdOf,
  newsBytes,
  newsSchema,
  type RunLimit,
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
import { areaKey } from '../../storage/validated-item';
import { diffPage, NO_SWEEP, readSeen as readStoredSeen, type SeenSet, storeSeen, type Sweep } from './seen-set';
import { inTurn } from '../../in-turn';

type AdLibraryApi = ReturnType<typeof adLibraryApi>;

/** One request for a page of a brand's ads, newest first; never retried inside (every request is counted here). */
export type BrandPageSearch = (brandId: string, cursor: string | undefined) => Promise<LibraryPage>;

/** Ads per request ("100 is used in practice", spec 4.10); the transport lowers it to what a service taught. */
export const WATCH_PAGE_SIZE = 100;

/** The brand check's one request: a page of a brand's ads in the library, newest first. */
export function brandPageSearch(library: Pick<AdLibraryApi, 'search'>): BrandPageSearch {
  return (brandId, cursor) =>
    library.search({
      unified_brand_id: brandId,
      order: 'newest',
      page_size: WATCH_PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    });
}

export interface WatchPolicy {
  budget: number;
  windowMs: number;
  pagesPerBrand: number;
  baselinePages: number;
  sweepPages: number;
  longestWaitMs: number;
  failurePausesMs: readonly number[];
  defaultRetryAfterMs: number;
  slackMs: number;
}

export const WATCH_POLICY: WatchPolicy = {
  /**
   * Requests all runs together may send in one window (an hour), whatever happens: back-to-back
   * runs share it. A check of 100 brands takes about 200 (the newest page and one sweep page each).
   */
  budget: 250,
  windowMs: 60 * 60_000,
  /** Pages of the newest ads looked at per brand in a check: the next only while a whole page was new. */
  pagesPerBrand: 3,
  /** Pages the first check of a brand learns. */
  baselinePages: 2,
  /**
   * The sweep: each check also reads one page below the newest, the next one down each time,
   * back to page 2 after this one. With 100 ads a page, every ad among a brand's first 2,000 is
   * looked at once every 19 checks, so an ad found late is news whatever its launch date.
   */
  sweepPages: 20,
  /** The longest Retry-After honoured: a longer one waits this long, then tries. */
  longestWaitMs: 24 * 60 * 60_000,
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
  /** The connected service (its workspace); seen ids and news are kept per service. */
  service?: () => Promise<string | null>;
}

const SEEN_PREFIX = 'watchSeen.';
/** Seen ids are kept per service (workspace): a switch to another learns its brands afresh, never floods New. */
const seenKey = (service: string, brandId: string) => `local:${SEEN_PREFIX}${service}.${brandId}` as const;
/** Where an earlier version kept a brand's seen ids, for the service connected then. */
const legacySeenKey = (brandId: string) => `local:${SEEN_PREFIX}${brandId}` as const;
/**
 * The service and brand a seen key names (`watchSeen.<service>.<brand id>`): the service (a hex
 * fingerprint, or 'none') has no dot, the brand id may (ids are opaque). A key of an earlier
 * version (`watchSeen.<uuid>`) has no service.
 */
function seenKeyParts(key: string): { service: string | null; brandId: string } | null {
  if (!key.startsWith(SEEN_PREFIX)) return null;
  const rest = key.slice(SEEN_PREFIX.length);
  const dot = rest.indexOf('.');
  return dot > 0 ? { service: rest.slice(0, dot), brandId: rest.slice(dot + 1) } : { service: null, brandId: rest };
}
/** The service key when none is connected (and in tests). */
const NO_SERVICE = 'none';
/** News of another service, put aside until it is connected again. */
const newsAsideKey = (service: string) => `local:watchNewsAside.${service}` as const;

/** A brand's seen ids, and whether they were read where an earlier version kept them. */
async function readSeen(service: string, brandId: string): Promise<{ seen: SeenSet; legacy: boolean } | null> {
  const current = readStoredSeen(await storage.getItem(seenKey(service, brandId))).seen;
  if (current) return { seen: current, legacy: false };
  const legacy = readStoredSeen(await storage.getItem(legacySeenKey(brandId))).seen;
  return legacy ? { seen: legacy, legacy: true } : null;
}

/**
 * Ads the user marked seen are seen ids of their brand, so a check that could not write its seen
 * ids (storage full) finds them seen, not new again. At most, nothing is written.
 */
export async function markNewsSeen(news: WatchNews): Promise<void> {
  const service = news.service ?? NO_SERVICE;
  for (const [brandId, entry] of Object.entries(news.brands)) {
    const stored = await readSeen(service, brandId);
    const seen =
      stored &&
      diffPage(
        stored.seen,
        entry.ads.map((item) => item.ad.id),
        null,
      ).seen;
    if (seen) await storage.setItem(seenKey(service, brandId), storeSeen(seen)).catch(() => undefined);
  }
}

/** Forgets what brands had, on every service: their seen ids. */
export async function forgetSeen(brandIds: readonly string[]): Promise<void> {
  if (brandIds.length === 0) return;
  const ids = new Set(brandIds);
  const keys = Object.keys(await browser.storage.local.get(null)).filter((key) =>
    ids.has(seenKeyParts(key)?.brandId ?? ''),
  );
  if (keys.length > 0) await browser.storage.local.remove(keys);
}

const newsChanges = inTurn();

/**
 * Changes the news in turn with every other change (a check adding, the user marking seen): none
 * is lost. `alongside` names other keys of `storage.local` to write with the news, in the same
 * write: storage keeps them all or refuses them all (a full storage never keeps the one without
 * the other).
 */
export function updateNews<T>(
  change: (news: WatchNews) => T | Promise<T>,
  alongside: (result: T) => Record<string, unknown> = () => ({}),
): Promise<{ news: WatchNews; result: T }> {
  return newsChanges(async () => {
    const news = await watchNewsItem.get();
    const result = await change(news);
    await browser.storage.local.set({ ...watchNewsItem.entry(news), ...alongside(result) });
    return { news, result };
  });
}

/** Puts a check's new ads in front of what the user has not looked at yet; says how many were added. */
export function addNews(news: WatchNews, brand: WatchedBrand, ads: readonly LibraryAd[], now: number): number {
  const entry = news.brands[brand.id] ?? { name: brand.name, ads: [], more: 0 };
  const known = new Set(entry.ads.map((item) => item.ad.id));
  const added = ads.filter((ad) => !known.has(ad.id)).map((ad) => ({ ad: newsAdOf(ad), firstSeenAt: now }));
  if (added.length === 0) return 0;
  const all = [...added, ...entry.ads];
  news.brands[brand.id] = {
    name: brand.name,
    ads: all.slice(0, NEWS_KEPT_PER_BRAND),
    more: entry.more + Math.max(0, all.length - NEWS_KEPT_PER_BRAND),
  };
  keepWithinBudget(news);
  return added.length;
}

/**
 * Past the news's byte budget, the oldest finds of all brands are counted (in `more`, which New
 * shows with a link to the brand's newest ads) instead of kept. Linear in the kept ads.
 */
export function keepWithinBudget(news: WatchNews, budget = NEWS_BYTES_BUDGET): void {
  let bytes = newsBytes(news);
  if (bytes <= budget) return;
  const kept = Object.values(news.brands).flatMap((entry) =>
    entry.ads.map((item) => ({ entry, item, size: new TextEncoder().encode(JSON.stringify(item)).length + 1 })),
  );
  kept.sort((a, b) => a.item.firstSeenAt - b.item.firstSeenAt);
  const dropped = new Set<object>();
  for (const { entry, item, size } of kept) {
    if (bytes <= budget) break;
    dropped.add(item);
    entry.more += 1;
    bytes -= size;
  }
  for (const entry of Object.values(news.brands)) entry.ads = entry.ads.filter((item) => !dropped.has(item));
}

/** Why a run stopped; a stop at the hour's limit is kept as data (`limit`), worded where it is shown. */
type RunStop = { stop: Exclude<RunOutcome, 'complete'>; message: string | null; limit?: RunLimit };
/**
 * A brand's answer not kept: the brand was unwatched while its request was out (`gone`), or
 * another service was connected meanwhile (`moved`), so the answer may not be the run's service's.
 */
type Drop = { drop: 'gone' | 'moved' };
type Stop = RunStop | { pause: number; failure: boolean } | Drop;
type BrandResult = { check: BrandCheck } | Stop;

const CONNECTION_CODES = new Set<unknown>([
  'not_configured',
  'key_refused',
  'workspace_changed',
  'permission_denied',
  'origin_changed',
  'origin_unconfirmed',
  'redirected',
]);

/** Said when storage refused a write: the words are made when it happens, in the language then chosen. */
const storageFull = (): RunStop => ({ stop: 'storage_full', message: t('api.watch.storageFull') });

/** "1 ad skipped: its id is not one Adscope can keep." for refused rows; null when none were. */
function skippedAdsMessage(count: number): string | null {
  return count <= 0 ? null : t('api.watch.skippedAds', { count });
}

/**
 * Checks watched brands for ads never seen before. One run at a time, one request at a time,
 * within a request budget shared by every run of the hour. Its state is in storage after every
 * request, so a run cut short (worker stopped, browser closed) goes on from the brand it was
 * at; a 429 pauses it for the Retry-After, also in storage. A write that storage refuses (its
 * quota) ends the run before anything more is sent, never in a loop.
 */
export class WatchRunner {
  private active: Promise<RunResult> | null = null;
  private readonly policy: WatchPolicy;
  /** The kind of the run under way. */
  private current: RunState['kind'] | null = null;
  /** A check asked for while a baseline or a wake-up's resume ran: it starts when that one ends. */
  private waiting: RunKind | null = null;
  /** What started the run under way. */
  private starting: RunKind | null = null;

  constructor(private readonly deps: WatchRunnerDeps) {
    this.policy = { ...WATCH_POLICY, ...deps.policy };
  }

  /**
   * Starts or continues a run. A run in storage (paused or cut short) always goes on first.
   * A scheduled run starts only when the interval has passed since the last one; `manual` is
   * the user's "Check now". While a run is under way, a call joins it. Never rejects.
   */
  run(kind: RunKind): Promise<RunResult> {
    if (this.active) {
      // A check asked for during a baseline (a few new brands) or a wake-up's resume follows it;
      // during a full run, it is that run.
      if ((kind === 'scheduled' || kind === 'manual') && (this.current === 'baseline' || this.starting === 'resume'))
        this.waiting = kind;
      return this.active;
    }
    this.starting = kind;
    this.active = this.loop(kind)
      .catch((error: unknown) => {
        console.warn('Adscope: a watchlist check stopped:', error instanceof Error ? error.message : error);
        return 'failed' as const;
      })
      .finally(() => {
        this.active = null;
        this.current = null;
        this.starting = null;
      });
    return this.active;
  }

  get running(): boolean {
    return this.active !== null;
  }

  private async loop(kind: RunKind): Promise<RunResult> {
    const first = await this.execute(kind);
    if (first !== 'complete' && first !== 'skipped') return first;
    const waiting = this.waiting;
    this.waiting = null;
    const next = waiting ? await this.execute(waiting) : null;
    // A wake-up with no run to go on with starts nothing more: a run that failed is not retried by waking.
    if (kind === 'resume' && first === 'skipped' && next === null) return first;
    // Brands watched while it ran learn what they have now, not at the next interval; a run
    // cut short (budget, failure) leaves its brands to the next one.
    if (next === null || next === 'complete' || next === 'skipped') await this.execute('baseline');
    return first === 'skipped' && next !== null ? next : first;
  }

  /** The service key seen ids and news are kept under. */
  private async service(): Promise<string> {
    const key = (await this.deps.service?.()) ?? null;
    return key ? key.slice(0, 16) : NO_SERVICE;
  }

  /** Whether the brand is on the watchlist now (read afresh: the user may have unwatched it meanwhile). */
  private async watching(brandId: string): Promise<boolean> {
    return (await watchlistItem.get()).some((brand) => brand.id === brandId);
  }

  private async execute(kind: RunKind): Promise<RunResult> {
    const { clock } = this.deps;
    const now = clock();
    const status = await watchStatusItem.get();
    const watched = await watchlistItem.get();
    const service = await this.service();
    let run = status.run;
    if (run) {
      // A wait longer than the one asked was set by a clock that has since gone back: it has passed.
      if (
        run.pausedUntil !== null &&
        run.pausedUntil > now &&
        run.pausedUntil - now <= (run.pausedFor ?? this.policy.longestWaitMs)
      ) {
        this.deps.wakeAt(run.pausedUntil);
        return 'paused';
      }
      // A check going on after a wait checks its brands now: the next is due an interval from now,
      // not from its start (a check waiting behind it, an alarm missed asleep, checks none again).
      if (run.kind === 'scheduled') status.lastScheduledAt = now;
    } else {
      if (kind === 'resume') return 'skipped';
      const settings = await watchSettingsItem.get();
      const interval = settings.intervalHours * 3_600_000;
      // A time in the future (the clock was fast, then put right) counts as now.
      const lastScheduledAt = status.lastScheduledAt === null ? null : Math.min(status.lastScheduledAt, now);
      if (kind === 'scheduled') {
        if (interval === 0) return 'skipped';
        if (lastScheduledAt !== null && now < lastScheduledAt + interval - this.policy.slackMs) return 'skipped';
      }
      if (kind === 'baseline' && interval === 0) return 'skipped';
      const checkedAt = (id: string) => Math.min(status.brands[id]?.checkedAt ?? -1, now);
      const queue =
        kind === 'baseline'
          ? watched.filter((brand) => !status.brands[brand.id]).map((brand) => brand.id)
          : watched.map((brand) => brand.id).sort((a, b) => checkedAt(a) - checkedAt(b));
      if (queue.length === 0) return 'skipped';
      const open = status.window;
      // A window opened at a time still ahead was opened by a clock since set back: its requests
      // still count, as if it opened now (so no hour sends more than the budget twice, however the clock moves).
      const window =
        open && open.since > now
          ? { since: now, requests: open.requests }
          : open && now - open.since < this.policy.windowMs
            ? open
            : { since: now, requests: 0 };
      status.window = window;
      run = {
        id: `${now.toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
        kind: kind === 'baseline' ? 'baseline' : 'scheduled',
        startedAt: now,
        queue,
        total: queue.length,
        requests: 0,
        budget: Math.max(0, this.policy.budget - window.requests),
        newAds: 0,
        skipped: 0,
        newBrands: [],
        found: [],
        pausedUntil: null,
        pauseReason: null,
        pauses: 0,
      };
      status.run = run;
      if (kind !== 'baseline') status.lastScheduledAt = now;
      try {
        await this.switchService(service);
        await this.prune(status, watched);
        await watchStatusItem.set(status);
      } catch {
        return this.end(status, run, storageFull());
      }
    }
    this.current = run.kind;
    return this.carryOn(status, run, service);
  }

  /**
   * The connection changed: New and the badge follow the service connected now at once, not at
   * its next check (a run under way switches as it goes).
   */
  async followService(): Promise<void> {
    if (this.active || !this.deps.service) return;
    await this.switchService(await this.service());
  }

  /**
   * News is kept per service: on a switch, this one's is put aside and the other's (if any)
   * comes back; the seen ids and news of services before the previous one are dropped.
   */
  private async switchService(service: string): Promise<void> {
    if (((await watchNewsItem.get()).service ?? NO_SERVICE) === service) return;
    const { result: switched } = await updateNews((news) => {
      if ((news.service ?? NO_SERVICE) === service) return null;
      const before = { ...news, brands: { ...news.brands } };
      news.brands = {};
      news.service = service;
      return before;
    });
    if (!switched) return;
    const previous = switched.service ?? NO_SERVICE;
    const aside = newsSchema.safeParse(await storage.getItem(newsAsideKey(service)));
    if (aside.success) {
      await updateNews((news) => {
        news.brands = { ...aside.data.brands, ...news.brands };
      });
    }
    await storage.removeItem(newsAsideKey(service));
    if (Object.keys(switched.brands).length > 0) await storage.setItem(newsAsideKey(previous), switched);
    // Kept: this service's and the previous one's; a brand's ids under any other go.
    const keep = new Set([service, previous]);
    const stale = Object.keys(await browser.storage.local.get(null)).filter((key) => {
      const parts = key.split('.');
      if (parts[0] === 'watchNewsAside') return !keep.has(parts[1] ?? '');
      const seen = seenKeyParts(key);
      return seen !== null && seen.service !== null && !keep.has(seen.service);
    });
    if (stale.length > 0) await browser.storage.local.remove(stale);
  }

  /** Drops what is kept for brands no longer watched (unwatched here, or on another synced browser). */
  private async prune(status: WatchStatus, watched: WatchedBrand[]): Promise<void> {
    const ids = new Set(watched.map((brand) => brand.id));
    const gone = Object.keys(status.brands).filter((id) => !ids.has(id));
    for (const id of gone) delete status.brands[id];
    const news = await watchNewsItem.get();
    if (Object.keys(news.brands).some((id) => !ids.has(id))) {
      await updateNews((current) => {
        for (const id of Object.keys(current.brands)) if (!ids.has(id)) delete current.brands[id];
      });
    }
    await forgetSeen(gone);
  }

  private async carryOn(status: WatchStatus, run: RunState, startedUnder: string): Promise<RunResult> {
    let service = startedUnder;
    run.pausedUntil = null;
    run.pauseReason = null;
    this.deps.wakeAt(null);
    while (run.queue.length > 0) {
      const id = run.queue[0] ?? '';
      // Read afresh: a brand unwatched while the run went on is skipped.
      const brand = (await watchlistItem.get()).find((candidate) => candidate.id === id);
      if (brand) {
        const result = await this.checkBrand(brand, run, status, service);
        if ('pause' in result) {
          if (result.failure) run.pauses += 1;
          run.pausedUntil = this.deps.clock() + result.pause;
          run.pausedFor = result.pause;
          run.pauseReason = result.failure ? 'failure' : 'rate_limited';
          if (!(await this.save(status))) return this.end(status, run, storageFull());
          this.deps.wakeAt(run.pausedUntil);
          return 'paused';
        }
        if ('stop' in result) return this.end(status, run, result);
        if ('drop' in result && result.drop === 'moved') {
          // Another service was connected mid-run: the run goes on under it, this brand again,
          // each brand compared with that service's seen ids (a service new to it is learned, not news).
          service = await this.service();
          try {
            await this.switchService(service);
          } catch {
            return this.end(status, run, storageFull());
          }
          // What it found under the service left was put aside with its news: neither announced
          // nor counted, and the badge follows the news shown now.
          run.newAds = 0;
          run.newBrands = [];
          run.found = [];
          this.deps.onNews?.(await watchNewsItem.get(), await watchlistItem.get());
          continue;
        }
        if ('check' in result) {
          if (await this.watching(id)) status.brands[id] = result.check;
          // Unwatched as its check ended: what the check wrote of it goes too.
          else await forgetSeen([id]);
        }
      }
      run.queue.shift();
      if (!(await this.save(status))) return this.end(status, run, storageFull());
    }
    return this.finish(status, run, 'complete', null);
  }

  /** Writes the status; false when storage refuses it. */
  private async save(status: WatchStatus): Promise<boolean> {
    try {
      await watchStatusItem.set(status);
      return true;
    } catch {
      return false;
    }
  }

  private end(status: WatchStatus, run: RunState, stop: RunStop) {
    return this.finish(status, run, stop.stop, stop.message, stop.limit);
  }

  private async finish(
    status: WatchStatus,
    run: RunState,
    outcome: RunOutcome,
    message: string | null,
    limit?: RunLimit,
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
      message: runMessage(message, run.skipped ?? 0),
    };
    if (run.skipped) last.skipped = run.skipped;
    if (limit) last.limit = limit;
    status.run = null;
    status.last = last;
    if (!(await this.save(status))) {
      // Storage refuses even the ended run: drop what this run added to the status, so it does
      // not go on at the next wake-up and send again.
      await watchStatusItem.set({ ...status, brands: {} }).catch(() => undefined);
    }
    this.deps.wakeAt(null);
    this.deps.onRunEnd?.(last, run);
    // The watchlist as it is now: the badge counts no brand unwatched while the run went on.
    this.deps.onNews?.(await watchNewsItem.get(), await watchlistItem.get());
    return outcome;
  }

  /** Counts one request against the run and the hour's window, in storage before it is sent. */
  private async spend(run: RunState, status: WatchStatus): Promise<RunStop | null> {
    const now = this.deps.clock();
    let window = status.window;
    // The hour lapsed while the run waited (a pause, a night asleep): it goes on with the new hour's
    // budget, and its stop names that hour's end, never one gone by.
    if (!window || now - window.since >= this.policy.windowMs) {
      window = status.window = { since: now, requests: 0 };
      run.budget = run.requests + this.policy.budget;
    }
    if (run.requests >= run.budget) {
      return {
        stop: 'budget',
        message: null,
        limit: { budget: this.policy.budget, freesAt: window.since + this.policy.windowMs },
      };
    }
    // Counted before it is sent: a worker stopped mid-request has still spent it.
    run.requests += 1;
    window.requests += 1;
    return (await this.save(status)) ? null : storageFull();
  }

  private async checkBrand(
    brand: WatchedBrand,
    run: RunState,
    status: WatchStatus,
    service: string,
  ): Promise<BrandResult> {
    const { clock } = this.deps;
    const stored = await readSeen(service, brand.id);
    // The first check learns what the brand has: nothing in it is news.
    const baseline = stored === null;
    let seen: SeenSet = stored?.seen ?? { hashes: [], sweep: NO_SWEEP };
    let looked = 0;
    /** Ads of this brand's pages refused for their ids. */
    let refused = 0;

    /** Ads on a page as the service gives them: 100 asked, fewer where it takes no more (learned-limits.ts). */
    let pageRows = WATCH_PAGE_SIZE;
    /** One page (`page`: 1 is the newest): compared, its new ads put in the news, then the seen ids written. */
    const readPage = async (
      at: string | undefined,
      page: number,
      learnOnly: boolean,
    ): Promise<PageRead | BrandResult> => {
      const spent = await this.spend(run, status);
      if (spent) return spent;
      let answer: LibraryPage;
      try {
        answer = await this.deps.search(brand.id, at);
      } catch (error) {
        // Failed while another service was connected meanwhile (maybe by it): the run goes on under that one.
        if ((await this.service()) !== service) return { drop: 'moved' };
        return this.failure(error, run);
      }
      // The answer came after a wait: what changed meanwhile decides whether it is kept. One
      // given while another service was connected may be that service's, compared here with
      // this one's seen ids; one for a brand unwatched meanwhile is not written back.
      if ((await this.service()) !== service) return { drop: 'moved' };
      if (!(await this.watching(brand.id))) return { drop: 'gone' };
      run.pauses = 0;
      const now = clock();
      // Where the service's rows enter: an ad whose id cannot be kept is refused and counted, the others read
      // (with the rows the contract's reader refused already: an id missing, null or too long).
      const rows = keepableAds(answer.items);
      const skipped = rows.refused + (typeof answer.refused === 'number' ? answer.refused : 0);
      refused += skipped;
      run.skipped = (run.skipped ?? 0) + skipped;
      const ids = rows.ads.map((ad) => ad.id);
      if (page === 1 && answer.cursor && ids.length > 0) pageRows = Math.min(ids.length, WATCH_PAGE_SIZE);
      const diff = diffPage(seen, ids, (page - 1) * pageRows);
      looked += ids.length - diff.unread;
      /** Whether the page's seen ids went with its finds, in the news's own write. */
      let seenWritten = false;
      let counted = run;
      if (!learnOnly && diff.fresh.length > 0) {
        const fresh = new Set(diff.fresh);
        // Each new id once: a row the service lists twice on a page is one ad, found and counted once.
        const finds = rows.ads.filter((ad) => fresh.delete(ad.id));
        try {
          // Whether it is still watched is read in turn with the user's unwatching (which clears its news).
          // Its finds and its seen ids are written together: a full storage keeps neither, and the
          // next check finds these ads again, never counts one twice.
          const { news, result: added } = await updateNews(
            async (news) => ((await this.watching(brand.id)) ? addNews(news, brand, finds, now) : 0),
            (added) => {
              seenWritten = added > 0;
              if (!seenWritten) return {};
              // The run's counts go in the same write, on a copy taken up once it landed: a worker
              // stopped after it still announces these finds, and a write refused counts none.
              counted = structuredClone(run);
              counted.newAds += added;
              if (!counted.newBrands.includes(brand.name) && counted.newBrands.length < 1000)
                counted.newBrands.push(brand.name);
              // A run an earlier version began has finds not counted per brand: it goes on counting them all.
              if (counted.found || counted.newAds === added) {
                const found = (counted.found ??= []);
                const entry = found.find((item) => item.id === brand.id);
                if (entry) entry.ads += added;
                else if (found.length < 1000) found.push({ id: brand.id, ads: added });
              }
              return {
                [areaKey(seenKey(service, brand.id))]: storeSeen(diff.seen),
                ...watchStatusItem.entry({ ...status, run: counted }),
              };
            },
          );
          if (added > 0) {
            Object.assign(run, counted);
            this.deps.onNews?.(news, await watchlistItem.get());
          }
        } catch {
          return storageFull();
        }
      }
      seen = diff.seen;
      if (!(await this.writeSeen(service, brand.id, seen, stored?.legacy ?? false, seenWritten))) return storageFull();
      const cursor = typeof answer.cursor === 'string' && answer.cursor !== '' ? answer.cursor : undefined;
      return { cursor, read: ids.length - diff.unread, fresh: diff.fresh.length };
    };

    const pages = baseline ? this.policy.baselinePages : this.policy.pagesPerBrand;
    let cursor: string | undefined;
    let read = 0;
    while (read < pages) {
      const result = await readPage(cursor, read + 1, baseline);
      if (!('read' in result)) return result;
      read += 1;
      cursor = result.cursor;
      const allNew = result.read > 0 && result.fresh === result.read;
      if (!cursor || (!baseline && !allNew)) break;
    }
    // The sweep goes on below the pages just read; the first check starts it where it stopped.
    // A check that read to the end saw every id the brand has: a full sweep's worth.
    const sweep: Sweep | Stop = !cursor
      ? { ...NO_SWEEP, cycles: Math.max(1, seen.sweep.cycles) }
      : baseline
        ? { cursor, page: read + 1, cycles: 0 }
        : await this.sweep(seen.sweep, cursor, read + 1, readPage, pageRows);
    if (!('cursor' in sweep)) return sweep;
    seen = { ...seen, sweep };
    if (!(await this.writeSeen(service, brand.id, seen, false))) return storageFull();
    return { check: { checkedAt: clock(), outcome: 'ok', looked, message: skippedAdsMessage(refused) } };
  }

  /** Writes a brand's seen ids (unless `written` with its news already), then drops an earlier version's copy. */
  private async writeSeen(
    service: string,
    brandId: string,
    seen: SeenSet,
    legacy: boolean,
    written = false,
  ): Promise<boolean> {
    try {
      if (!written) await storage.setItem(seenKey(service, brandId), storeSeen(seen));
      if (legacy) await storage.removeItem(legacySeenKey(brandId));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Reads one page below the newest (the sweep), where the last check's sweep stopped, so a
   * late-indexed ad deep in a brand's list is news too. Until the first full sweep of a brand,
   * what it finds is learned, not news (its first check learned only the newest pages). A
   * cursor the service no longer takes starts the sweep again; the check itself is fine.
   */
  private async sweep(
    state: Sweep,
    headCursor: string,
    /** The page below the last one the check read. */
    headNext: number,
    readPage: (cursor: string | undefined, page: number, learnOnly: boolean) => Promise<PageRead | BrandResult>,
    /** Ads on the newest page: a service that gives fewer than 100 a page is swept as deep in ads. */
    rows: number,
  ): Promise<Sweep | Stop> {
    const deepest = Math.ceil((this.policy.sweepPages * WATCH_PAGE_SIZE) / Math.max(1, rows));
    const restart = state.cursor === null || state.page < headNext || state.page > deepest;
    const page = restart ? headNext : state.page;
    if (page > deepest) return { ...NO_SWEEP, cycles: state.cycles + 1 };
    const result = await readPage(restart ? headCursor : (state.cursor ?? headCursor), page, state.cycles === 0);
    if ('check' in result) return { ...NO_SWEEP, cycles: state.cycles };
    if (!('read' in result)) return result;
    if (!result.cursor || page + 1 > deepest) return { ...NO_SWEEP, cycles: state.cycles + 1 };
    return { cursor: result.cursor, page: page + 1, cycles: state.cycles };
  }

  private failure(error: unknown, run: RunState): BrandResult {
    const apiError = error instanceof ApiError ? error : null;
    const code = apiError?.code;
    const message = fitText(
      apiError?.message ?? (error instanceof Error ? error.message : t('api.watch.unknownFailure')),
      240,
    );
    const now = this.deps.clock();
    if (code === 'rate_limited') {
      // Honoured however long, up to a day: the run waits in storage, and New says until when.
      const wait = Math.min(apiError?.retryAfterMs ?? this.policy.defaultRetryAfterMs, this.policy.longestWaitMs);
      return { pause: wait, failure: false };
    }
    if (code === ApiCode.notFound) {
      return { check: { checkedAt: now, outcome: 'not_found', looked: 0, message: t('api.watch.noSuchBrand') } };
    }
    if (CONNECTION_CODES.has(code)) return { stop: 'not_connected', message };
    if (apiError?.retryable) {
      const wait = this.policy.failurePausesMs[run.pauses];
      if (wait === undefined) return { stop: 'failed', message: t('api.watch.failedAgain', { said: message }) };
      // An outage that says how long it lasts (a 503's Retry-After) is waited out, up to a day.
      const asked = Math.min(apiError.retryAfterMs ?? 0, this.policy.longestWaitMs);
      return { pause: Math.max(wait, asked), failure: true };
    }
    return { check: { checkedAt: now, outcome: 'failed', looked: 0, message } };
  }
}

/** A run's closing words: why it stopped, then the ads it refused; cut to what is kept. */
function runMessage(message: string | null, skipped: number): string | null {
  const words = [message, skippedAdsMessage(skipped)].filter((part): part is string => part !== null).join(' ');
  return words === '' ? null : fitText(words, 300);
}

/** What one page told: the next cursor, ids read, and how many of them were new. */
interface PageRead {
  cursor: string | undefined;
  read: number;
  fresh: number;
}
