/**
 * The week's invariants (tests/unit/background/week.test.ts), as one pure function of what the
 * simulation observed: each hour it hands over an Observation and gets back what broke, with
 * the memory the next hour's check needs (what New has shown, what the user marked seen).
 */

const HOUR = 3_600_000;

/**
 * The limits the week holds every job to (docs/reliability.md, "A week in a minute"). Each
 * job's own limit is shorter; the longest path in the week is its two-hour outage, then the
 * longest wait between tries (a save's 5 minutes, the watchlist's 15, the vault's 16).
 */
export const WEEK_LIMITS = {
  /** A pending save, generation, vault job or watch run, not held for another workspace. */
  pendingMs: 3 * HOUR,
  /** A confirmed save's creatives are kept (or their job waits) within this. */
  keptWithinMs: HOUR,
  /** A launched ad is in New within this: the day on another service, then the next check. */
  newWithinMs: 36 * HOUR,
  /** Requests of the watchlist's checks in one window of an hour (WATCH_POLICY.budget). */
  watchBudget: 250,
  /** storage.local's quota (Chrome, without unlimitedStorage) and the watchlist's share of it. */
  localBytes: 10_485_760,
  watchBytes: 4_500_000,
  /** storage.sync: in all, per item, and items. */
  syncBytes: 102_400,
  syncItemBytes: 8_192,
  syncItems: 512,
  /** The vault's share of the browser's quota for the extension (VAULT_POLICY.quotaShare). */
  vaultShare: 0.8,
} as const;

/** Each alarm the background sets has one purpose: one name, set at most once. */
export const ALARM_PURPOSES = [
  'adscope-save-outbox',
  'adscope-generations',
  'adscope-vault',
  'adscope-watch',
  'adscope-watch-resume',
] as const;

/** A save the user made: `key` is `${boardId}\n${adId}` (every save of the week is a different ad). */
export interface MadeSave {
  key: string;
  service: string;
  madeAt: number;
}

export interface Observation {
  at: number;
  /** Every save the user made since the last Delete all. */
  saves: readonly MadeSave[];
  /** The outbox as stored, by save key. */
  outbox: readonly { key: string; status: 'pending' | 'done' | 'failed'; held: boolean; error?: string }[];
  /** How many times the board of the save's own service holds each save key. */
  onBoards: Readonly<Record<string, number>>;
  /** Saves sent again after their confirmation was stored. */
  sentAfterConfirmed: readonly string[];
  /** The first service's New: its ads (with duplicates, if any) and each brand's count beyond those kept. */
  news: { ads: readonly { adId: string; brandId: string }[]; more: Readonly<Record<string, number>> };
  /** Ads the server launched for watched brands, and when. */
  launched: readonly { adId: string; brandId: string; at: number }[];
  /** Ads the user marked seen since the last observation (they were in New then). */
  markedSeen: readonly string[];
  /** Jobs still pending and not held: since when. */
  pending: readonly { kind: 'save' | 'generation' | 'vault' | 'watch'; id: string; since: number }[];
  /** The vault's kept ads and waiting jobs, by save key. */
  vault: { kept: readonly string[]; waiting: readonly string[] };
  /** When each save key was first seen on its board. */
  confirmedAt: Readonly<Record<string, number>>;
  /** The alarms set, as they were after each step since the last observation (and now). */
  alarms: readonly (readonly string[])[];
  /** Site access held at run time, and what may hold it: the connection and the pages' running jobs. */
  granted: readonly string[];
  allowedGrants: readonly string[];
  /** When each request of the watchlist's checks was sent, since the last Delete all. */
  watchRequests: readonly number[];
  storage: {
    localBytes: number;
    watchBytes: number;
    syncBytes: number;
    syncItems: number;
    largestSyncItem: number;
    vaultBytes: number;
    quota: number;
  };
  /** After a Delete all and before connecting again: what was written since, and what is not empty. */
  erased: { writes: readonly string[]; notEmpty: readonly string[] } | null;
  /** The last check before Delete all: every launched ad must have been in New by now. */
  final?: boolean;
}

export interface CheckerMemory {
  /** Ads New showed at the last observation. */
  inNew: ReadonlySet<string>;
  /** Ads New has ever shown. */
  everInNew: ReadonlySet<string>;
  /** Ads the user marked seen. */
  seen: ReadonlySet<string>;
  /** Each brand's count beyond those kept, at the last observation. */
  more: Readonly<Record<string, number>>;
}

export const emptyMemory = (): CheckerMemory => ({ inNew: new Set(), everInNew: new Set(), seen: new Set(), more: {} });

const ago = (at: number, since: number) => `${((at - since) / HOUR).toFixed(1)} h`;
/** A save's key as a reader takes it: board, then ad. */
const named = (key: string) => key.replace('\n', ' / ');

function savesLostOrDoubled(obs: Observation, out: string[]): void {
  const entries = new Map(obs.outbox.map((entry) => [entry.key, entry]));
  for (const save of obs.saves) {
    const entry = entries.get(save.key);
    const landed = obs.onBoards[save.key] ?? 0;
    if (landed > 1) out.push(`save ${named(save.key)} is on its board ${landed} times`);
    if (entry?.status === 'failed') out.push(`save ${named(save.key)} failed: ${entry.error ?? 'no error kept'}`);
    else if (landed === 0 && entry?.status !== 'pending')
      out.push(
        `save ${named(save.key)} is lost: not on its board, and the outbox ${entry ? 'calls it done' : 'forgot it'}`,
      );
  }
  for (const key of new Set(obs.sentAfterConfirmed))
    out.push(`save ${named(key)} was sent again after it was confirmed`);
}

function newsOnce(obs: Observation, memory: CheckerMemory, out: string[]): CheckerMemory {
  const launched = new Map(obs.launched.map((ad) => [ad.adId, ad]));
  const seen = new Set([...memory.seen, ...obs.markedSeen]);
  const now = new Set<string>();
  for (const { adId } of obs.news.ads) {
    if (now.has(adId)) out.push(`ad ${adId} is in New twice`);
    now.add(adId);
    if (memory.seen.has(adId)) out.push(`ad ${adId} is in New again after it was marked seen`);
    if (!launched.has(adId)) out.push(`ad ${adId} is in New but was never launched (New flooded)`);
  }
  const brandOf = new Map(obs.launched.map((ad) => [ad.adId, ad.brandId]));
  for (const adId of memory.inNew) {
    if (now.has(adId) || seen.has(adId)) continue;
    const brand = brandOf.get(adId) ?? '';
    // Past the kept ads of a brand, the oldest are counted instead.
    if ((obs.news.more[brand] ?? 0) > (memory.more[brand] ?? 0)) continue;
    out.push(`ad ${adId} left New without being marked seen`);
  }
  const everInNew = new Set([...memory.everInNew, ...now]);
  for (const ad of obs.launched) {
    if (everInNew.has(ad.adId)) continue;
    const late = obs.at - ad.at > WEEK_LIMITS.newWithinMs;
    if (late || (obs.final && obs.at - ad.at > 7 * HOUR))
      out.push(`ad ${ad.adId} launched ${ago(obs.at, ad.at)} ago never came into New`);
  }
  return { inNew: now, everInNew, seen, more: { ...obs.news.more } };
}

function jobsInTime(obs: Observation, out: string[]): void {
  for (const job of obs.pending) {
    if (obs.at - job.since > WEEK_LIMITS.pendingMs)
      out.push(`${job.kind} ${job.id} is still pending after ${ago(obs.at, job.since)}`);
  }
  const kept = new Set([...obs.vault.kept, ...obs.vault.waiting]);
  for (const [key, at] of Object.entries(obs.confirmedAt)) {
    if (!kept.has(key) && obs.at - at > WEEK_LIMITS.keptWithinMs)
      out.push(`confirmed save ${named(key)} has nothing in the vault after ${ago(obs.at, at)}`);
  }
}

function alarmsOnce(obs: Observation, out: string[]): void {
  const found = new Set<string>();
  for (const alarms of obs.alarms) {
    const counts = new Map<string, number>();
    for (const name of alarms) counts.set(name, (counts.get(name) ?? 0) + 1);
    for (const [name, count] of counts) {
      if (count > 1) found.add(`alarm ${name} is set ${count} times`);
      if (!(ALARM_PURPOSES as readonly string[]).includes(name)) found.add(`alarm ${name} has no known purpose`);
    }
  }
  out.push(...found);
}

function grantsHeld(obs: Observation, out: string[]): void {
  const allowed = new Set(obs.allowedGrants);
  for (const origin of obs.granted)
    if (!allowed.has(origin)) out.push(`site access to ${origin} is held with no job running for it`);
}

/** The watchlist's windows as its runner counts them: each opens at the first request after the last one closed. */
function budgetKept(obs: Observation, out: string[]): void {
  let since: number | null = null;
  let count = 0;
  for (const at of [...obs.watchRequests].sort((a, b) => a - b)) {
    if (since === null || at - since >= HOUR) {
      since = at;
      count = 0;
    }
    count += 1;
    if (count === WEEK_LIMITS.watchBudget + 1)
      out.push(
        `the watchlist sent over ${WEEK_LIMITS.watchBudget} requests in the hour from ${new Date(since).toISOString()}`,
      );
  }
}

function storageWithin(obs: Observation, out: string[]): void {
  const s = obs.storage;
  const over = (what: string, value: number, limit: number) => {
    if (value > limit) out.push(`${what}: ${value} over its limit of ${limit}`);
  };
  over('storage.local bytes', s.localBytes, WEEK_LIMITS.localBytes);
  over("storage.local bytes of the watchlist's checks", s.watchBytes, WEEK_LIMITS.watchBytes);
  over('storage.sync bytes', s.syncBytes, WEEK_LIMITS.syncBytes);
  over('storage.sync items', s.syncItems, WEEK_LIMITS.syncItems);
  over('storage.sync largest item', s.largestSyncItem, WEEK_LIMITS.syncItemBytes);
  over('vault bytes', s.vaultBytes, Math.floor(s.quota * WEEK_LIMITS.vaultShare));
}

function erasedStaysErased(obs: Observation, out: string[]): void {
  if (!obs.erased) return;
  for (const write of obs.erased.writes) out.push(`written after Delete all: ${write}`);
  for (const store of obs.erased.notEmpty) out.push(`not empty after Delete all: ${store}`);
}

/** Every invariant of the week against one observation; the memory goes to the next check. */
export function checkWeek(
  obs: Observation,
  memory: CheckerMemory = emptyMemory(),
): { violations: string[]; memory: CheckerMemory } {
  const violations: string[] = [];
  savesLostOrDoubled(obs, violations);
  const next = newsOnce(obs, memory, violations);
  jobsInTime(obs, violations);
  alarmsOnce(obs, violations);
  grantsHeld(obs, violations);
  budgetKept(obs, violations);
  storageWithin(obs, violations);
  erasedStaysErased(obs, violations);
  return { violations, memory: next };
}

/** An observation of a world where nothing happened: a base the checker's own tests change one thing in. */
export function quietObservation(at: number): Observation {
  return {
    at,
    saves: [],
    outbox: [],
    onBoards: {},
    sentAfterConfirmed: [],
    news: { ads: [], more: {} },
    launched: [],
    markedSeen: [],
    pending: [],
    vault: { kept: [], waiting: [] },
    confirmedAt: {},
    alarms: [],
    granted: [],
    allowedGrants: [],
    watchRequests: [],
    storage: {
      localBytes: 0,
      watchBytes: 0,
      syncBytes: 0,
      syncItems: 0,
      largestSyncItem: 0,
      vaultBytes: 0,
      quota: 1,
    },
    erased: null,
  };
}

/**
 * A day-by-day figure that grows every day without a stated bound fails; so does one past its
 * bound. `slack` is growth too small to count (a heap's noise).
 */
export function figureProblem(name: string, perDay: readonly number[], bound: number | null, slack = 0): string | null {
  const peak = Math.max(...perDay);
  if (bound !== null) return peak > bound ? `${name} reached ${peak}, over its bound of ${bound}` : null;
  const grows = perDay.length > 2 && perDay.slice(1).every((value, day) => value > (perDay[day] ?? 0) + slack);
  return grows ? `${name} grew every day with no stated bound: ${perDay.join(', ')}` : null;
}

/**
 * The bounds the week's figures are held to (docs/reliability.md, "A week in a minute"): the
 * requests of a day (the watchlist's 250 an hour, and the user's own saves, generations and
 * creatives, a few hundred a day here), and each storage area's limit. The heap has no bound
 * of its own: it must not grow every day by more than its noise.
 */
export const FIGURE_BOUNDS = {
  requestsPerDay: 10_000,
  localBytes: WEEK_LIMITS.localBytes,
  syncBytes: WEEK_LIMITS.syncBytes,
  /** The heap's day-over-day change that counts as growth. */
  heapSlackBytes: 2 * 1024 * 1024,
} as const;

export interface FigureDay {
  requests: { total: number };
  localBytes: number;
  syncBytes: number;
  vaultBytes: number;
  heapBytes: number;
}

/** What is wrong with a week's figures: one past its bound, or one that grows every day with none. */
export function figureProblems(days: readonly FigureDay[], quota: number): string[] {
  return [
    figureProblem(
      'requests a day',
      days.map((day) => day.requests.total),
      FIGURE_BOUNDS.requestsPerDay,
    ),
    figureProblem(
      'storage.local bytes',
      days.map((day) => day.localBytes),
      FIGURE_BOUNDS.localBytes,
    ),
    figureProblem(
      'storage.sync bytes',
      days.map((day) => day.syncBytes),
      FIGURE_BOUNDS.syncBytes,
    ),
    figureProblem(
      'vault bytes',
      days.map((day) => day.vaultBytes),
      Math.floor(quota * WEEK_LIMITS.vaultShare),
    ),
    figureProblem(
      'heap bytes',
      days.map((day) => day.heapBytes),
      null,
      FIGURE_BOUNDS.heapSlackBytes,
    ),
  ].filter((problem): problem is string => problem !== null);
}
