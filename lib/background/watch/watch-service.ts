import { browser } from 'wxt/browser';
import { type Clock, systemClock } from '../../clock';
import { canonicalId } from '../../contract/ids';
import { invalidInput } from '../../messaging/api-error';
import {
  BRAND_NAME_CHARS,
  fitText,
  type LastRun,
  newAdCount,
  type RunState,
  WATCH_LIMIT,
  watchEntry,
  type WatchedBrand,
  WATCH_KEY_PREFIX,
  watchlistItem,
  type WatchNews,
  watchNewsItem,
  watchNextAtItem,
  watchSettingsItem,
  watchStatusItem,
} from '../../storage/watchlist';
import { showOnBadge } from '../badge';
import { t } from '../../i18n';
import { workerLanguageReady } from '../language';
import 'virtual:adscope-english/api';
import 'virtual:adscope-english/worker';
import { type AlarmEvents, wakeScheduler } from '../jobs/wake-scheduler';
import { WATCH_NOTIFICATION_PREFIX } from '../gestures';
import type { JobGate } from '../jobs/job-gate';
import {
  type BrandPageSearch,
  forgetSeen,
  markNewsSeen,
  updateNews,
  type RunResult,
  WatchRunner,
  type WatchPolicy,
} from './watch-runner';

export const WATCH_ALARM = 'adscope-watch';
const RESUME_ALARM = 'adscope-watch-resume';
/** The first scheduled check comes no sooner than this after checks are turned on. */
const FIRST_CHECK_DELAY_MS = 60_000;
/** A periodic alarm fires a little after its time and runs on from there: this close counts as the same. */
const ALARM_SLACK_MS = 60_000;

export interface WatchServiceDeps {
  search: BrandPageSearch;
  /** The connected service's workspace: seen ids and news are kept per service. */
  service?: () => Promise<string | null>;
  clock?: Clock;
  policy?: Partial<WatchPolicy>;
  /** Where its alarms are heard. @default the browser's onAlarm */
  alarms?: AlarmEvents;
  /**
   * Closed by Delete all (until a connection is saved): no check starts, none is scheduled, and
   * the request of a check under way is given up at once. @default open
   */
  gate?: JobGate;
}

function showCount(news: WatchNews, watched: WatchedBrand[]): void {
  showOnBadge('news', newAdCount(news, new Set(watched.map((brand) => brand.id))));
}

/** The notification of a check that found new ads, in the language chosen in Options. */
export function newAdsNotice(newAds: number, brands: readonly string[]): { title: string; message: string } {
  const [first, ...others] = brands;
  const from =
    others.length > 0
      ? t('worker.notify.fromOthers', { first: first ?? '', others: others.length })
      : (first ?? t('worker.notify.watchedBrands'));
  return { title: t('worker.notify.newAds', { count: newAds, from }), message: t('worker.notify.newAdsMessage') };
}

/**
 * One notification per run, only for a scheduled run that found something, only when the user
 * turned them on, and only while the jobs may run: a run stopped by Delete all announces nothing.
 */
async function notifyRun(last: LastRun, run: RunState, open: () => boolean): Promise<void> {
  if (last.newAds === 0 || run.kind !== 'scheduled' || !open()) return;
  if (!(await watchSettingsItem.get()).notify) return;
  await workerLanguageReady().catch(() => undefined);
  // Asked again after the waits: Delete all may have begun meanwhile.
  if (!open()) return;
  // Only brands still watched as the run ends: one unwatched after its news was found is not announced.
  const watched = new Map((await watchlistItem.get()).map((brand) => [brand.id, brand.name]));
  const kept = run.found?.filter((item) => watched.has(item.id));
  const count = kept ? kept.reduce((sum, item) => sum + item.ads, 0) : last.newAds;
  if (count === 0 || !open()) return;
  const names = kept ? kept.map((item) => watched.get(item.id) ?? '') : run.newBrands;
  const { title, message } = newAdsNotice(count, names);
  await browser.notifications
    .create(`${WATCH_NOTIFICATION_PREFIX}${run.id}`, {
      type: 'basic',
      iconUrl: browser.runtime.getURL('/icon/128.png'),
      title,
      message,
    })
    .catch(() => undefined);
}

export type WatchService = ReturnType<typeof startWatch>;
/** What the message handlers ask of the watchlist. */
export type WatchControls = ReturnType<typeof createWatchControls>;

/** The user's actions on the watchlist: watch, unwatch, mark seen, check now. */
export function createWatchControls({
  runner,
  clock,
  schedule,
  refreshBadge,
}: {
  runner: WatchRunner;
  clock: Clock;
  schedule: () => Promise<unknown>;
  refreshBadge: () => Promise<void>;
}) {
  async function markSeen(brandIds: readonly string[] | 'all'): Promise<void> {
    const { result: marked } = await updateNews((news) => {
      const before: WatchNews = { ...news, brands: { ...news.brands } };
      if (brandIds === 'all') news.brands = {};
      else {
        // Whatever form of its id each brand's news is kept under.
        const gone = new Set(brandIds.map((id) => canonicalId(id) ?? id));
        for (const id of Object.keys(news.brands)) if (gone.has(canonicalId(id) ?? id)) delete news.brands[id];
      }
      for (const id of Object.keys(news.brands)) delete before.brands[id];
      return before;
    });
    await refreshBadge();
    await markNewsSeen(marked);
  }

  return {
    /** "Check now": every watched brand, now, whatever the interval. */
    checkNow: async (): Promise<{ started: boolean }> => {
      if (runner.running) return { started: false };
      void runner.run('manual').then(() => schedule());
      return { started: true };
    },
    add: async (brands: readonly { id: string; name: string }[]) => {
      const current = await watchlistItem.get();
      const have = new Set(current.map((brand) => canonicalId(brand.id) ?? brand.id));
      // One brand whatever the form of its id (a UUID upper case or without dashes), kept as the
      // service gave it: the form it is asked with. A row whose id is not a legal id is skipped; a
      // long name is cut, never refused.
      const adding: { id: string; name: string }[] = [];
      let skipped = 0;
      for (const brand of brands) {
        const id = canonicalId(brand.id);
        if (id === null) skipped += 1;
        if (id === null || have.has(id)) continue;
        have.add(id);
        adding.push({ id: brand.id, name: fitText(brand.name.trim() || 'Unnamed brand', BRAND_NAME_CHARS) });
      }
      if (current.length + adding.length > WATCH_LIMIT) {
        const room = WATCH_LIMIT - current.length;
        throw invalidInput(
          'brands',
          room === 0
            ? t('api.watch.full', { limit: WATCH_LIMIT })
            : t('api.watch.tooMany', { count: adding.length, room, limit: WATCH_LIMIT }),
        );
      }
      if (adding.length > 0) {
        const now = clock();
        await browser.storage.sync.set(
          Object.assign({}, ...adding.map((brand, index) => watchEntry({ ...brand, addedAt: now + index }))),
        );
      }
      if (adding.length === 0 && skipped > 0 && skipped === brands.length) {
        throw invalidInput('brands', t('api.watch.noIds', { count: skipped }));
      }
      return { added: adding.length, watching: current.length + adding.length, skipped };
    },
    remove: async (given: readonly string[]) => {
      const brandIds = given.flatMap((id) => canonicalId(id) ?? []);
      const gone = new Set(brandIds);
      // Every form the id was written under (a UUID upper case, without dashes on another browser).
      const keys = Object.keys(await browser.storage.sync.get(null)).filter(
        (key) => key.startsWith(WATCH_KEY_PREFIX) && gone.has(canonicalId(key.slice(WATCH_KEY_PREFIX.length)) ?? ''),
      );
      if (keys.length > 0) await browser.storage.sync.remove(keys);
      await markSeen(brandIds);
      // Seen ids are kept under the form the brand was watched by.
      await forgetSeen([...new Set([...brandIds, ...keys.map((key) => key.slice(WATCH_KEY_PREFIX.length))])]);
      return { watching: (await watchlistItem.get()).length };
    },
    markSeen: async (brandIds: readonly string[] | 'all') => {
      await markSeen(brandIds);
      return { ok: true as const };
    },
  };
}

/**
 * The watchlist in the background: the alarm at the user's interval, resumption of a run cut
 * short, the badge's count and the notification. Every entry point runs through one
 * WatchRunner, so two runs never overlap.
 */
export function startWatch(deps: WatchServiceDeps) {
  const clock = deps.clock ?? systemClock;
  const gate = deps.gate;
  const allowed = async () => !gate || (await gate.allows());
  /** Open now, for what cannot wait: an alarm set or a write at the end of a step. */
  const open = () => !gate || gate.open;
  const alarms = deps.alarms ?? browser.alarms.onAlarm;
  const wakeAt = wakeScheduler(RESUME_ALARM, () => void runner.run('resume'), clock, gate, alarms);
  const runner: WatchRunner = new WatchRunner({
    // A check under way when the jobs stop ends at once: its answer, coming later, is not read.
    search: gate ? (brand, cursor) => gate.race(deps.search(brand, cursor)) : deps.search,
    clock,
    wakeAt,
    ...(deps.service ? { service: deps.service } : {}),
    onNews: showCount,
    onRunEnd: (last, run) => void notifyRun(last, run, open),
    ...(deps.policy ? { policy: deps.policy } : {}),
  });

  /**
   * Sets the alarm from the interval and the last scheduled run: never sooner than the user asked.
   * The gate is asked again right before each alarm and write, since Delete all may begin while
   * this waits on storage or the browser: it sets and writes nothing after that.
   */
  async function schedule(): Promise<number | null> {
    if (!(await allowed())) return null;
    const { intervalHours } = await watchSettingsItem.get();
    if (intervalHours === 0) {
      await browser.alarms.clear(WATCH_ALARM);
      if (open()) await watchNextAtItem.set(null);
      return null;
    }
    const interval = intervalHours * 3_600_000;
    const { lastScheduledAt } = await watchStatusItem.get();
    const now = clock();
    // The worker wakes for every message: an alarm already set for this time and interval stays.
    const existing = await browser.alarms.get(WATCH_ALARM);
    const period = existing?.periodInMinutes === intervalHours * 60;
    // Before the first scheduled run there is none to count from: the alarm set then stands, or
    // each worker that wakes would put the first check off by another interval.
    const first =
      lastScheduledAt === null && period && existing && existing.scheduledTime <= now + interval
        ? existing.scheduledTime
        : null;
    // A last run in the future (the clock was fast, then put right) counts as now.
    const at = first ?? Math.max(now + FIRST_CHECK_DELAY_MS, Math.min(lastScheduledAt ?? now, now) + interval);
    const same = period && existing !== undefined && Math.abs(existing.scheduledTime - at) < ALARM_SLACK_MS;
    if (!open()) return null;
    if (!same) await browser.alarms.create(WATCH_ALARM, { when: at, periodInMinutes: intervalHours * 60 });
    const due = same ? existing.scheduledTime : at;
    if ((await watchNextAtItem.get()) !== due && open()) await watchNextAtItem.set(due);
    return open() ? due : null;
  }

  async function refreshBadge(): Promise<void> {
    showCount(await watchNewsItem.get(), await watchlistItem.get());
  }

  async function scheduledRun(): Promise<RunResult> {
    if (!(await allowed())) return 'skipped';
    const result = await runner.run('scheduled');
    // The next due time moves with each scheduled run.
    await schedule();
    return result;
  }

  alarms.addListener((alarm) => {
    if (alarm.name === WATCH_ALARM) void scheduledRun();
  });
  watchSettingsItem.watch(() => void schedule());
  watchlistItem.watch((now, before) => {
    void refreshBadge();
    const known = new Set(before.map((brand) => brand.id));
    if (now.some((brand) => !known.has(brand.id))) void runIf('baseline');
  });

  async function runIf(kind: 'baseline' | 'resume'): Promise<void> {
    if (await allowed()) await runner.run(kind);
  }

  // A new worker (stopped, updated, the browser restarted) goes on with a run cut short.
  void schedule();
  void refreshBadge();
  void runIf('resume');

  const controls = createWatchControls({ runner, clock, schedule, refreshBadge });
  return {
    runner,
    schedule,
    /** The alarm, as the browser fires it (also the e2e hook). */
    fireAlarm: scheduledRun,
    ...controls,
    checkNow: async (): Promise<{ started: boolean }> => ((await allowed()) ? controls.checkNow() : { started: false }),
    /** Delete all: resolves once the check under way has ended (close the gate first: its request is given up). */
    async stop(): Promise<void> {
      if (runner.running) await runner.run('resume');
    },
    /** Another service connected: its news (none yet, or what was put aside) is New's from now on. */
    followService: async (): Promise<void> => {
      if (!(await allowed())) return;
      await runner.followService().catch(() => undefined);
      await refreshBadge();
    },
    /** A connection saved after Delete all: the schedule is set again. */
    resume: async (): Promise<void> => {
      await schedule();
    },
  };
}
