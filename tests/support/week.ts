import 'fake-indexeddb/auto';
import { Agent, request as httpRequest } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import { currentService } from '../../lib/background/api/credentials';
import { type Background, startBackground } from '../../lib/background/start';
import { connectionStored } from '../../lib/background/start-jobs';
import type { Clock } from '../../lib/clock';
import { DEMO_API_KEY } from '../../lib/contract/demo';
import { grantPatterns, holdReportGrants, REPORT_GRANTS_PORT } from '../../lib/messaging/report-grants';
import { generationJobsItem } from '../../lib/background/jobs/generation-tracker';
import { isActiveJob } from '../../lib/storage/generation-jobs';
import { outboxItem } from '../../lib/storage/outbox';
import { watchStatusItem } from '../../lib/storage/watchlist';
import { closeVault, deleteVault, vaultDb, vaultSize } from '../../lib/vault/db';
import type { RunningServer } from '../../server/app';
import { ServerClock } from '../../server/clock';
import type { WorkspaceState } from '../../server/demo-data';
import { TEST_NOW, TEST_NOW_ISO } from './clock';
import { vaultExists, WorkerGate } from './job-world';
import { withServer } from './server';
import { patchBrowser, type PatchedBrowser, type PortPair, portPair, swap } from './week-browser';
import { checkWeek, type CheckerMemory, emptyMemory, type MadeSave, type Observation } from './week-invariants';
import { DAY, DAYS, type Event, HOUR, MINUTE, planWeek, type Random, seeded, WEEK_SIZES } from './week-plan';

/**
 * A week in a minute: the background as entrypoints/background wires it (lib/background/start.ts),
 * on WXT's fake browser and fake-indexeddb, against the reference server in process, through
 * seven simulated days driven by one seed. One clock drives both sides: vitest's fake timers,
 * which the week moves from one timer, alarm or event of its agenda to the next, letting the
 * background's real work (storage, IndexedDB, HTTP to the server) finish between moves.
 * Each simulated hour the invariants of week-invariants.ts are checked; a failure names the
 * seed, the day and the hour.
 */

/** Midnight after TEST_NOW: the week's first day. */
export const WEEK_START = TEST_NOW + 12 * HOUR;
const EXTENSION_PAGE = `chrome-extension://${fakeBrowser.runtime.id}/sidepanel.html`;
const ROTATED_KEY = 'demo-acme-rotated-7c2e91d4a0';
/** The browser's storage quota for the extension, as navigator.storage.estimate reports it. */
export const WEEK_QUOTA = 2 * 1024 ** 3;
/** A worker is killed after about one step in ten, and now and then in the middle of a request. */
const KILL_AFTER_STEP = 0.1;
const KILL_AT_REQUEST = 0.004;
const QUIET_ROUNDS = 12;
const MEDIA_HOSTS = 6;

type Kind = 'watch' | 'save' | 'boards' | 'generation' | 'media' | 'connect' | 'other';
const KINDS: readonly Kind[] = ['watch', 'save', 'boards', 'generation', 'media', 'connect', 'other'];

export interface DayFigures {
  day: number;
  requests: Record<Kind, number> & { total: number };
  localBytes: number;
  syncBytes: number;
  vaultBytes: number;
  vaultFiles: number;
  /** Heap used after a forced collection at the day's end (the background and the server, in one process). */
  heapBytes: number;
}

export interface WeekResult {
  seed: number;
  days: DayFigures[];
  kills: number;
  restarts: number;
  saves: number;
  hours: number;
  /** What the week met and did, to show it happened: answers by kind, and the state before Delete all. */
  met: {
    refused: number;
    rateLimited: number;
    serverErrors: number;
    hung: number;
    launched: number;
    newsFound: number;
    held: number;
    generations: Record<string, number>;
    keptAds: number;
    pageJobs: number;
  };
}

export class WeekFailure extends Error {
  constructor(
    readonly seed: number,
    readonly day: number,
    readonly hour: number,
    readonly violations: readonly string[],
    recent: readonly string[] = [],
  ) {
    super(
      [
        `The week failed: seed ${seed}, day ${day}, hour ${hour}:`,
        ...violations.slice(0, 20).map((line) => `  ${line}`),
        ...(violations.length > 20 ? [`  …and ${violations.length - 20} more`] : []),
        ...(recent.length > 0 ? ['Before it:', ...recent.map((line) => `  ${line}`)] : []),
      ].join('\n'),
    );
  }
}

/** The server's clock, reading the week's. */
class WeekServerClock extends ServerClock {
  constructor(private readonly read: Clock) {
    super(TEST_NOW_ISO, 0);
  }
  override now(): Date {
    return new Date(this.read());
  }
  override generationNow(): number {
    return this.read() - WEEK_START;
  }
}

/** A forced collection, where V8 lets one be asked for. */
function collector(): (() => void) | null {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? () => void gc() : null;
  } catch {
    return null;
  }
}

const never = <T>() => new Promise<T>(() => undefined);
/** A request that never answers: only its abort ends it, or the end of the worker that made it. */
const hang = (signal: AbortSignal | null | undefined, died: Promise<void>) =>
  new Promise<Response>((_, reject) => {
    const abort = () => reject(signal?.reason);
    signal?.addEventListener('abort', abort, { once: true });
    void died.then(() => {
      signal?.removeEventListener('abort', abort);
      reject(new DOMException('The worker stopped.', 'AbortError'));
    });
  });

/**
 * One HTTP exchange with the in-process server, through node:http rather than fetch: fetch's
 * own timers are the global ones, which the week fakes, and a connection it had to open again
 * would wait for the week's clock while the week waits for it.
 */
const agent = new Agent({ keepAlive: true });
function request(
  url: string,
  init: RequestInit | undefined,
): Promise<{ status: number; headers: Headers; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const signal = init?.signal;
    if (signal?.aborted) return reject(signal.reason);
    const headers = new Headers(init?.headers);
    const outgoing = httpRequest(
      url,
      { method: init?.method ?? 'GET', headers: Object.fromEntries(headers), agent },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          signal?.removeEventListener('abort', abort);
          const answer = new Headers();
          for (const [name, value] of Object.entries(incoming.headers))
            if (value !== undefined) answer.set(name, Array.isArray(value) ? value.join(', ') : value);
          resolve({ status: incoming.statusCode ?? 0, headers: answer, body: Buffer.concat(chunks) });
        });
        incoming.on('error', reject);
      },
    );
    const abort = () => {
      outgoing.destroy();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
    outgoing.on('error', (error) => {
      signal?.removeEventListener('abort', abort);
      reject(new TypeError('fetch failed', { cause: error }));
    });
    outgoing.end(typeof init?.body === 'string' ? init.body : undefined);
  });
}

interface Worker {
  id: number;
  dead: boolean;
  gate: WorkerGate;
  background: Background;
  /** Timers its code set: they die with it. */
  timers: Set<Parameters<typeof clearTimeout>[0]>;
  ports: PortPair[];
  died: Promise<void>;
  kill: () => void;
}

interface PageJob {
  origins: string[];
  release: () => void;
}

type Reply = { ok: true; data: unknown } | { ok: false; error: { code: unknown; message: string } };

class WorkerDied extends Error {}

/** Bytes of a storage area as Chrome counts them: each key and its value as JSON. */
function areaBytes(items: Record<string, unknown>) {
  let total = 0;
  let watch = 0;
  let largest = 0;
  for (const [key, value] of Object.entries(items)) {
    const bytes = key.length + JSON.stringify(value).length;
    total += bytes;
    largest = Math.max(largest, bytes);
    if (key.startsWith('watch')) watch += bytes;
  }
  return { total, watch, largest, items: Object.keys(items).length };
}

export interface WeekOptions {
  seed: number;
  /** A line per day, as the week goes. */
  log?: (line: string) => void;
  /** Stops after this many hours (to look at the start of a failing week). @default the whole week */
  hours?: number;
}

/** Runs the week; resolves with its figures, or rejects with a WeekFailure naming the seed, day and hour. */
export async function runWeek(options: WeekOptions): Promise<WeekResult> {
  const world = new Week(options);
  try {
    await world.setUp();
    return await world.run();
  } finally {
    await world.tearDown();
  }
}

class Week {
  private readonly seed: number;
  private readonly random: Random;
  private readonly plan;
  /** What is still to come: the plan, and the user's tries again. */
  private readonly agenda: { at: number; event: Event }[];
  private readonly log: (line: string) => void;
  private readonly length: number;
  private browser!: PatchedBrowser;
  private first!: RunningServer;
  private second: RunningServer | null = null;
  private worker!: Worker;
  private workers = 0;
  private kills = 0;
  private restarts = 0;
  private needsWorker = false;
  private inflight = 0;
  private activity = 0;
  private outage = false;
  /** Creatives being fetched that will never answer, now. */
  private hangingNow = 0;
  /** No worker is killed meanwhile (Delete all while jobs run). */
  private steady = false;
  /** Where the extension is connected: the first service, the second, or nothing (after Delete all). */
  private service: 'first' | 'second' | null = null;
  private firstKey = DEMO_API_KEY;
  private firstNewsService = '';
  private readonly pageJobs = new Map<number, PageJob>();
  // What the checker is told.
  private saves: MadeSave[] = [];
  private savesMade = 0;
  private saveArgs = new Map<string, { boardId: string; adId: string; urls: string[]; service: string }>();
  private launched: { adId: string; brandId: string; at: number }[] = [];
  private markedSeen: string[] = [];
  private confirmedAt: Record<string, number> = {};
  private everDone = new Set<string>();
  private sentAfterConfirmed: string[] = [];
  private watchRequests: number[] = [];
  private memory: CheckerMemory = emptyMemory();
  private erasedWrites: string[] | null = null;
  private lastUsage = 0;
  private alarmsSeen: string[][] = [];
  /** The week's last events (the agenda's, kills and restarts), for a failure to show. */
  private readonly trace: string[] = [];
  private note(what: string): void {
    const at = this.clock() - WEEK_START;
    const day = Math.floor(at / DAY);
    const time = new Date(at % DAY).toISOString().slice(11, 19);
    this.trace.push(`day ${day} ${time} ${what}`);
    if (process.env.WEEK_TRACE) console.info(`day ${day} ${time} ${what}`);
    if (this.trace.length > 200) this.trace.splice(0, 100);
  }
  // Figures.
  private readonly days: DayFigures[] = [];
  private requests = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  private restores: (() => void)[] = [];
  private hours = 0;
  /** The hour of the week under way. */
  private hour = 0;
  private readonly met: WeekResult['met'] = {
    refused: 0,
    rateLimited: 0,
    serverErrors: 0,
    hung: 0,
    launched: 0,
    newsFound: 0,
    held: 0,
    generations: {},
    keptAds: 0,
    pageJobs: 0,
  };
  // The world as the server has it.
  private watched: { id: string; name: string }[] = [];
  private boards: { id: string; name: string }[] = [];
  private ads: { id: string; brand: string; urls: string[] }[] = [];
  private ownedBrand = { id: '', name: '' };
  private readonly gc = collector();

  constructor(options: WeekOptions) {
    this.seed = options.seed;
    this.random = seeded(options.seed ^ 0x5eed);
    this.plan = planWeek(options.seed);
    this.agenda = [...this.plan.events];
    this.log = options.log ?? (() => undefined);
    this.length = options.hours ?? DAYS * 24;
  }

  /** The week's clock: the fake timers' own. */
  readonly clock: Clock = () => vi.getMockedSystemTime()?.getTime() ?? WEEK_START;

  async setUp(): Promise<void> {
    fakeBrowser.reset();
    await deleteVault();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], now: WEEK_START });
    // The background's own jitter and ids of runs, from the seed too.
    const spin = seeded(this.seed ^ 0xa11ce);
    this.restores.push(
      swap(Math, 'random', spin.next),
      swap(console, 'warn', () => undefined),
    );
    this.trackTimers();
    this.browser = patchBrowser();
    this.spyOnWrites();
    // The worker's own requests that do not go through its wiring (testing a connection) die with it too.
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => this.fetchOf(this.worker)(input, init));
    this.first = await withServer({ clock: new WeekServerClock(this.clock) });
    this.chooseWorld(this.workspace(this.first));
    this.startWorker();
  }

  async tearDown(): Promise<void> {
    if (this.worker && !this.worker.dead) this.killWorker(this.worker);
    for (const restore of this.restores.reverse()) restore();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    await closeVault();
    await this.first?.close();
    await this.second?.close();
  }

  private workspace(server: RunningServer): WorkspaceState {
    const found = server.state.data.workspaces.find((workspace) => workspace.apiKey === DEMO_API_KEY);
    if (!found) throw new Error('the demo workspace is missing');
    return found;
  }

  /** The watched brands (small enough that every ad is on their newest page), the saves' ads and boards. */
  private chooseWorld(workspace: WorkspaceState): void {
    const { ads, brands } = this.first.state.data.catalogue;
    const counts = new Map<string, number>();
    for (const ad of ads) counts.set(ad.unified_brand_id, (counts.get(ad.unified_brand_id) ?? 0) + 1);
    const small = brands.filter((brand) => {
      const count = counts.get(brand.id) ?? 0;
      return count >= 3 && count <= 30;
    });
    this.watched = this.random
      .shuffle(small)
      .slice(0, WEEK_SIZES.brands)
      .map((brand) => ({ id: brand.id, name: brand.name }));
    const withImages = ads.filter((ad) => ad.imageCount > 0);
    this.ads = this.random
      .shuffle(withImages)
      .slice(0, this.plan.saves)
      .map((ad) => {
        const host = `https://cdn${parseInt(ad.id.slice(-3), 10) % MEDIA_HOSTS}.week.test`;
        const urls = Array.from(
          { length: Math.min(2, ad.imageCount) },
          (_, n) => `${host}/media/ads/${ad.id}/image-${n + 1}.svg`,
        );
        return { id: ad.id, brand: ad.unified_brand_id, urls };
      });
    this.boards = workspace.boards.slice(0, 10).map((board) => ({ id: board.board_id, name: board.name }));
    const owned = workspace.ownedBrands.find((brand) => !brand.locked);
    if (!owned) throw new Error('the demo workspace has no unlocked brand');
    this.ownedBrand = { id: owned.id, name: owned.name };
  }

  // ---- The network ------------------------------------------------------------------------

  private kindOf(url: URL, method: string): Kind {
    if (url.hostname.endsWith('.week.test')) return 'media';
    const path = url.pathname;
    if (path.includes('/ad-library')) return 'watch';
    if (method === 'POST' && /\/boards\/[^/]+\/ads$/.test(path)) return 'save';
    if (path.includes('/boards')) return 'boards';
    if (path.includes('/image-generations')) return 'generation';
    if (path.includes('/owned-brands')) return 'connect';
    return 'other';
  }

  /** The fetch a worker makes its requests with: it dies with the worker. */
  private fetchOf(worker: Worker): typeof fetch {
    return async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = init?.method ?? 'GET';
      const kind = this.kindOf(url, method);
      // A dead worker's request never answers. A creative's ends as the worker did, so the keeper's
      // call lets go of what it held (the keeper, stopped, writes nothing after); an API call's
      // caller would go on as if the service had failed, so it waits forever.
      const dead = () => (kind === 'media' ? hang(init?.signal, worker.died) : never<Response>());
      if (worker.dead) return dead();
      this.requests[kind] += 1;
      let target = url.href;
      if (kind === 'media') {
        const index = this.ads.findIndex((ad) => ad.urls[0] === url.href);
        if (this.plan.hanging.has(index)) {
          this.met.hung += 1;
          this.hangingNow += 1;
          return hang(init?.signal, worker.died).finally(() => (this.hangingNow -= 1));
        }
        target = `${this.first.baseUrl}${url.pathname}`;
      } else {
        if (kind === 'watch') this.watchRequests.push(this.clock());
        if (this.outage && url.origin === this.first.baseUrl) {
          this.met.refused += 1;
          throw new TypeError('fetch failed');
        }
        if (kind === 'save') await this.noteSend(url, init);
      }
      const killAt =
        !this.steady && this.random.chance(KILL_AT_REQUEST) ? (this.random.chance(0.5) ? 'before' : 'after') : null;
      if (killAt === 'before') {
        this.killWorker(worker);
        return dead();
      }
      this.inflight += 1;
      this.activity += 1;
      try {
        const { status, headers, body } = await request(target, init);
        if (status === 429) this.met.rateLimited += 1;
        if (status >= 500 || (body.byteLength < 200 && body.toString().includes('"code":50001')))
          this.met.serverErrors += 1;
        if (killAt === 'after') this.killWorker(worker);
        if (worker.dead) return dead();
        return new Response(status === 204 ? null : new Uint8Array(body), { status, headers });
      } finally {
        this.inflight -= 1;
        this.activity += 1;
      }
    };
  }

  /** A save on its way: was it confirmed in storage already? */
  private async noteSend(url: URL, init: RequestInit | undefined): Promise<void> {
    const boardId = decodeURIComponent(url.pathname.split('/').at(-2) ?? '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    const adId = typeof body === 'object' && body !== null && 'ad_id' in body ? String(body.ad_id) : '';
    const key = `${boardId}\n${adId}`;
    const stored = (await fakeBrowser.storage.local.get('saveOutbox')).saveOutbox;
    const done =
      Array.isArray(stored) &&
      stored.some(
        (entry: { boardId?: unknown; adId?: unknown; op?: unknown; status?: unknown }) =>
          entry.boardId === boardId && entry.adId === adId && entry.op === 'save' && entry.status === 'done',
      );
    if (done || this.everDone.has(key)) this.sentAfterConfirmed.push(key);
  }

  /** Counts every write to storage (for Delete all), and the activity the week waits on. */
  /**
   * Counts every write to storage (for Delete all), and the activity the week waits on. A write
   * while the worker is dead (its code still on its way out when it was killed) never happens:
   * a killed worker writes nothing more.
   */
  private spyOnWrites(): void {
    for (const area of ['local', 'session', 'sync'] as const) {
      const storage = fakeBrowser.storage[area];
      const set = storage.set.bind(storage);
      const remove = storage.remove.bind(storage);
      const clear = storage.clear.bind(storage);
      if (area === 'session') this.clearSession = clear;
      const write = (what: string, then: () => Promise<void>) => {
        if (this.worker?.dead) return never<void>();
        this.activity += 1;
        this.erasedWrites?.push(`${area}: ${what}`);
        return then();
      };
      this.restores.push(
        swap(storage, 'set', (items) => write(`set ${Object.keys(items).join(', ')}`, () => set(items))),
        swap(storage, 'remove', (keys) => write(`remove ${[keys].flat().join(', ')}`, () => remove(keys))),
        swap(storage, 'clear', () => write('clear', () => clear())),
      );
    }
    // A digest (a workspace's fingerprint) is done off the thread: the week waits for it as for a request.
    const digest = crypto.subtle.digest.bind(crypto.subtle);
    this.restores.push(
      swap(crypto.subtle, 'digest', async (algorithm, data) => {
        this.inflight += 1;
        try {
          return await digest(algorithm, data);
        } finally {
          this.inflight -= 1;
          this.activity += 1;
        }
      }),
    );
  }

  private clearSession: () => Promise<void> = async () => undefined;

  // ---- Workers ----------------------------------------------------------------------------

  private startWorker(): Worker {
    this.workers += 1;
    let kill = () => undefined as void;
    const died = new Promise<void>((resolve) => (kill = resolve));
    const gate = new WorkerGate(connectionStored);
    const worker: Worker = {
      id: this.workers,
      dead: false,
      gate,
      background: undefined as unknown as Background,
      timers: new Set(),
      ports: [],
      died,
      kill,
    };
    this.worker = worker;
    worker.background = startBackground({
      clock: this.clock,
      fetch: this.fetchOf(worker),
      estimate: async () => ({ usage: this.lastUsage, quota: WEEK_QUOTA }),
      install: { openWelcome: true, demoServer: undefined },
      gate,
    });
    this.needsWorker = false;
    return worker;
  }

  /** The worker stops where it is: its requests never answer, its listeners and timers go, its code never runs again. */
  private killWorker(worker: Worker): void {
    if (worker.dead) return;
    worker.dead = true;
    worker.gate.kill();
    worker.kill();
    for (const timer of worker.timers) this.clearTimer(timer);
    worker.timers.clear();
    // What its modules kept go with it (a new worker loads them afresh): WXT's storage watchers.
    storage.unwatch();
    this.browser.removeWorkerListeners();
    for (const pair of worker.ports) pair.detachBackground();
    this.needsWorker = true;
  }

  /** A new worker, as the browser starts one for the next event: the pages' ports reconnect to it. */
  private async replaceWorker(reason: 'kill' | 'restart'): Promise<void> {
    const old = this.worker;
    this.note(reason === 'kill' ? `worker ${old.id} killed` : 'browser restarted');
    this.killWorker(old);
    await closeVault();
    if (reason === 'restart') {
      // The browser quit: its pages with it (their site access is given back at start-up), and session storage.
      this.pageJobs.clear();
      await this.clearSession();
      this.restarts += 1;
    } else this.kills += 1;
    this.startWorker();
    if (reason === 'restart') await fakeBrowser.runtime.onStartup.trigger();
    else for (const pair of old.ports) pair.closeFromBackground();
  }

  /** A message from the side panel, answered by the worker (or lost with it: the page sends it again). */
  private async send(type: string, payload: unknown = {}): Promise<Reply> {
    for (let attempt = 0; ; attempt += 1) {
      if (this.needsWorker) await this.replaceWorker('kill');
      const worker = this.worker;
      try {
        return await new Promise<Reply>((resolve, reject) => {
          void worker.died.then(() => reject(new WorkerDied()));
          void fakeBrowser.runtime.onMessage.trigger(
            { type, payload },
            { id: fakeBrowser.runtime.id, url: EXTENSION_PAGE },
            resolve,
          );
        });
      } catch (error) {
        if (!(error instanceof WorkerDied) || attempt > 5) throw error;
      }
    }
  }

  private async must(type: string, payload: unknown = {}): Promise<unknown> {
    const reply = await this.send(type, payload);
    if (!reply.ok) throw new Error(`${type} was refused: ${reply.error.message}`);
    return reply.data;
  }

  // ---- Time -------------------------------------------------------------------------------

  /** Waits until the background has nothing left to do but wait: no request in flight, nothing stirring. */
  private async idle(): Promise<void> {
    let quiet = 0;
    let seen = this.activity;
    for (let round = 0; quiet < QUIET_ROUNDS; round += 1) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.inflight > 0 || this.activity !== seen) {
        quiet = 0;
        seen = this.activity;
      } else quiet += 1;
      if (round > 1_000_000) throw new Error('the background never settled');
    }
    const alarms = (await fakeBrowser.alarms.getAll()).map((alarm) => alarm.name).sort();
    if (alarms.join() !== this.alarmsSeen.at(-1)?.join()) this.alarmsSeen.push(alarms);
    if (this.needsWorker) await this.replaceWorker('kill');
  }

  /** Fires the alarms due (a periodic one is set again for its next time), as the browser does. */
  private async fireAlarms(): Promise<boolean> {
    const now = this.clock();
    const due = (await fakeBrowser.alarms.getAll()).filter((alarm) => alarm.scheduledTime <= now);
    for (const alarm of due) {
      await fakeBrowser.alarms.clear(alarm.name);
      if (alarm.periodInMinutes)
        await fakeBrowser.alarms.create(alarm.name, {
          when: alarm.scheduledTime + alarm.periodInMinutes * MINUTE,
          periodInMinutes: alarm.periodInMinutes,
        });
      await fakeBrowser.alarms.onAlarm.trigger(alarm);
      await this.idle();
      await this.maybeKill();
    }
    return due.length > 0;
  }

  private async maybeKill(): Promise<void> {
    if (this.service !== null && !this.steady && this.random.chance(KILL_AFTER_STEP)) {
      this.killWorker(this.worker);
      await this.replaceWorker('kill');
      await this.idle();
    }
  }

  /** Moves the clock to `target`, firing every timer and alarm on the way, each after the work before it settled. */
  private async advanceTo(target: number): Promise<void> {
    await this.idle();
    // A background that asks to be woken now, over and over, never lets the clock move: a defect.
    let still = 0;
    let at = this.clock();
    const spin = () => {
      if (this.clock() !== at) [still, at] = [0, this.clock()];
      else if ((still += 1) > 10_000)
        throw new WeekFailure(this.seed, Math.floor(this.hour / 24), this.hour % 24, [
          `10,000 wake-ups at ${new Date(at).toISOString()} without the clock moving: something asks to be woken now, again and again`,
        ]);
    };
    for (;;) {
      const alarms = await fakeBrowser.alarms.getAll();
      const nextAlarm = Math.min(...alarms.map((alarm) => alarm.scheduledTime));
      const nextPage = Math.min(...this.pageEnds.map((end) => end.at));
      // Timers take whole milliseconds: an alarm due a fraction of one later is reached at the next.
      const stop = Math.max(this.clock(), Math.ceil(Math.min(target, nextAlarm, nextPage)));
      let reached = false;
      const sentinel = this.setTimer(() => (reached = true), stop - this.clock());
      while (!reached) {
        await vi.advanceTimersToNextTimerAsync();
        await this.idle();
        spin();
      }
      this.clearTimer(sentinel);
      await this.endPages();
      await this.fireAlarms();
      if (this.clock() >= target) return;
      spin();
    }
  }

  // ---- The agenda -------------------------------------------------------------------------

  async run(): Promise<WeekResult> {
    const events = this.agenda;
    for (let hour = 0; hour < this.length; hour += 1) {
      this.hour = hour;
      const end = WEEK_START + (hour + 1) * HOUR;
      while (events.length > 0 && WEEK_START + (events[0]?.at ?? 0) < end) {
        const next = events.shift();
        if (!next) break;
        await this.advanceTo(WEEK_START + next.at);
        this.note(next.event.kind);
        await this.perform(next.event);
        await this.idle();
        await this.maybeKill();
        // Delete all is checked at once: every store empty, no alarm, no access held.
        if (next.event.kind === 'erase-while-running') await this.check();
      }
      await this.advanceTo(end);
      const final = events[0]?.event.kind === 'erase-while-running' && WEEK_START + (events[0]?.at ?? 0) === end;
      this.hours += 1;
      await this.check(final);
      if (hour % 24 === 23) await this.endDay(Math.floor(hour / 24));
    }
    return {
      seed: this.seed,
      days: this.days,
      kills: this.kills,
      restarts: this.restarts,
      saves: this.savesMade,
      hours: this.hours,
      met: this.met,
    };
  }

  private async perform(event: Event): Promise<void> {
    switch (event.kind) {
      case 'install':
        await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
        return;
      case 'setup':
        if (!(await this.connect('first', DEMO_API_KEY, event))) return;
        await this.must('watch.setSettings', { intervalHours: 6, notify: true });
        await this.must('watch.add', { brands: this.watched });
        for (let n = this.boards.length; n < WEEK_SIZES.boards; n += 1) {
          const board = (await this.must('boards.create', { name: `Week board ${n + 1}`, parentId: null })) as {
            board_id: string;
            name: string | null;
          };
          this.boards.push({ id: board.board_id, name: board.name ?? `Week board ${n + 1}` });
        }
        return;
      case 'save':
        return this.save(event.index);
      case 'generate':
        await this.send('generation.submit', {
          choice: {
            prompt: `Week ${event.index + 1}: trail shoes in the rain`,
            brand_id: this.ownedBrand.id,
            size: event.size,
          },
          brandName: this.ownedBrand.name,
        });
        return;
      case 'launch': {
        if (this.service === null) return;
        const brands = event.brands.flatMap((index) => this.watched[index]?.id ?? []);
        const made = this.first.state.launchAds(brands, event.count, event.daysAgo);
        for (const ad of made) this.launched.push({ adId: ad.id, brandId: ad.brandId, at: this.clock() });
        return;
      }
      case 'mark-seen':
        return this.markSeen(event.share);
      case 'outage':
        this.outage = event.on;
        return;
      case 'burst':
        this.first.state.faults.add({ kind: 'rate-limit', retryAfter: String(event.retryAfter), times: event.times });
        return;
      case 'fault':
        this.first.state.faults.add({ kind: event.fault, path: event.path, times: event.times });
        return;
      case 'keep':
        return this.keepBoard(event.job, event.minutes, event.closedMidway);
      case 'restart':
        return this.replaceWorker('restart');
      case 'rotate-key': {
        const acme = this.workspace(this.first);
        const known = this.first.state.workspaceForKey.bind(this.first.state);
        this.first.state.workspaceForKey = (key) => (key === ROTATED_KEY ? acme : known(key));
        this.firstKey = ROTATED_KEY;
        if (this.service === 'first') await this.connect('first', ROTATED_KEY, { kind: 'back-to-first' });
        return;
      }
      case 'connect-second':
        this.second ??= await withServer({ clock: new WeekServerClock(this.clock) });
        await this.connect('second', DEMO_API_KEY, event);
        return;
      case 'back-to-first':
        await this.connect('first', this.firstKey, event);
        return;
      case 'erase-while-running':
        return this.eraseWhileRunning();
      case 'reconnect':
        if (await this.connect('first', this.firstKey, event))
          await this.must('watch.add', { brands: this.watched.slice(0, 5) });
        return;
    }
  }

  /** "Save and test" in the options; refused for now (the service unreachable or busy), the user tries again a quarter of an hour later. */
  private async connect(service: 'first' | 'second', apiKey: string, retry: Event): Promise<boolean> {
    const server = service === 'first' ? this.first : this.second;
    if (!server) throw new Error('no second service');
    await fakeBrowser.permissions.request({ origins: grantPatterns([server.baseUrl]) });
    const reply = await this.send('settings.save', { baseUrl: server.baseUrl, apiKey });
    if (!reply.ok) {
      // The service unreachable, busy or failing for now: the user tries again later. Anything else is a defect.
      if (!['network', 'timeout', 'rate_limited', 50001, 'service_error'].includes(reply.error.code as string))
        throw new Error(`settings.save was refused: ${reply.error.message}`);
      const at = this.clock() - WEEK_START + 15 * MINUTE;
      const index = this.agenda.findIndex((planned) => planned.at > at);
      this.agenda.splice(index < 0 ? this.agenda.length : index, 0, { at, event: retry });
      return false;
    }
    this.service = service;
    this.erasedWrites = null;
    if (service === 'first') this.firstNewsService = ((await currentService()) ?? '').slice(0, 16);
    return true;
  }

  private async save(index: number): Promise<void> {
    if (this.service === null) return;
    const ad = this.ads[index];
    if (!ad) throw new Error(`no ad for save ${index}`);
    // On the second service, its own boards (its demo boards have the first's ids: the ad tells them apart).
    const boards = this.service === 'second' ? this.boards.slice(0, 10) : this.boards;
    const board = this.random.pick(boards);
    if (this.plan.expiring.has(index)) this.first.state.expiredMedia.add(new URL(ad.urls[0] ?? '').pathname);
    const reply = await this.send('outbox.save', {
      boardId: board.id,
      boardName: board.name,
      adId: ad.id,
      tags: ['week'],
      media: ad.urls,
    });
    if (!reply.ok) throw new Error(`save ${index} was refused: ${reply.error.message}`);
    const key = `${board.id}\n${ad.id}`;
    this.saves.push({ key, service: this.service, madeAt: this.clock() });
    this.savesMade += 1;
    this.saveArgs.set(key, { boardId: board.id, adId: ad.id, urls: ad.urls, service: this.service });
  }

  private async markSeen(share: number): Promise<void> {
    if (this.service !== 'first' || this.worker.background.jobs().watch.runner.running) return;
    await this.idle();
    // The user marks what New shows: the connected service's news, once a check has brought it back.
    const shown = (await fakeBrowser.storage.local.get('watchNews')).watchNews as { service?: unknown } | undefined;
    if (shown?.service !== this.firstNewsService) return;
    const news = await this.firstNews();
    const brands = [...new Set(news.ads.map((ad) => ad.brandId))];
    const marking = share >= 1 ? brands : brands.filter(() => this.random.chance(share));
    if (marking.length === 0) return;
    // What New shows now is observed first: the checker learns of it before it goes.
    await this.check();
    const reply = await this.send('watch.markSeen', { brandIds: share >= 1 ? 'all' : marking });
    if (!reply.ok) return;
    const gone = new Set(marking);
    this.markedSeen.push(...news.ads.filter((ad) => gone.has(ad.brandId)).map((ad) => ad.adId));
  }

  /** Keep this board: the page asks for the creatives' sites, names them to the worker while the keeper works, then gives them back. */
  private async keepBoard(job: number, minutes: number, closedMidway: boolean): Promise<void> {
    if (this.service !== 'first') return;
    const saved = [...this.saveArgs.values()].filter((args) => args.service === 'first');
    const board = saved.length > 0 ? this.random.pick(saved).boardId : null;
    const ads = saved.filter((args) => args.boardId === board);
    if (!board || ads.length === 0) return;
    const origins = grantPatterns(ads.flatMap((args) => args.urls)).filter(
      (origin) => !this.browser.granted.has(origin),
    );
    await fakeBrowser.permissions.request({ origins });
    const hold = holdReportGrants(origins, () => this.connectPort(), `keep-${job}`);
    const page: PageJob = { origins, release: () => hold.release() };
    this.pageJobs.set(job, page);
    this.met.pageJobs += 1;
    await this.send('vault.keep', {
      boardId: board,
      boardName: this.boards.find((candidate) => candidate.id === board)?.name ?? 'Board',
      ads: ads.map((args) => ({ adId: args.adId, urls: args.urls })),
    });
    this.pageEnds.push({ at: this.clock() + minutes * MINUTE, job, closedMidway });
  }

  /**
   * Every timer is set on the live worker's account (the week's own go through `setTimer`), so a
   * killed worker's timers die with it: its code, waiting on one, never runs again.
   */
  private setTimer: typeof setTimeout = setTimeout;
  private clearTimer: typeof clearTimeout = clearTimeout;
  private trackTimers(): void {
    const set = globalThis.setTimeout;
    const clear = globalThis.clearTimeout;
    this.setTimer = set;
    this.clearTimer = clear;
    const tracked = ((handler: () => void, ms?: number, ...args: unknown[]) => {
      const timer = set(handler, ms, ...args);
      // Only the extension's own timers (its caller is in lib/): fetch's (undici's) belong to the process.
      if (this.worker && (new Error().stack ?? '').split('\n')[2]?.includes('/lib/')) {
        // Set by a dead worker's code still on its way out (it made the call that killed it): it never fires.
        if (this.worker.dead) clear(timer);
        else this.worker.timers.add(timer);
      }
      return timer;
    }) as typeof setTimeout;
    this.restores.push(swap(globalThis, 'setTimeout', tracked));
  }

  private pageEnds: { at: number; job: number; closedMidway: boolean }[] = [];

  private connectPort() {
    const pair = portPair(REPORT_GRANTS_PORT, EXTENSION_PAGE);
    this.worker.ports.push(pair);
    this.browser.onConnect.trigger(pair.background);
    return pair.page;
  }

  private async endPages(): Promise<void> {
    const now = this.clock();
    for (const end of this.pageEnds.filter((candidate) => candidate.at <= now)) {
      this.pageEnds.splice(this.pageEnds.indexOf(end), 1);
      const page = this.pageJobs.get(end.job);
      if (!page) continue;
      this.pageJobs.delete(end.job);
      // Done: the page gives its access back itself. Closed mid-way: the worker does, when the port closes.
      if (!end.closedMidway) await fakeBrowser.permissions.remove({ origins: page.origins });
      page.release();
    }
  }

  private async eraseWhileRunning(): Promise<void> {
    const launched = new Set(this.launched.map((ad) => ad.adId));
    this.met.launched = launched.size;
    this.met.newsFound = [...this.memory.everInNew].filter((id) => launched.has(id)).length;
    this.met.held = (await outboxItem.get()).filter((entry) => entry.held).length;
    for (const job of await generationJobsItem.get())
      this.met.generations[job.phase] = (this.met.generations[job.phase] ?? 0) + 1;
    this.met.keptAds = (await vaultExists()) ? (await (await vaultDb()).getAllKeys('ads')).length : 0;
    // The keeper under way (Keep this board, on creatives that never answer) and a check under
    // way (Check now), and no worker killed meanwhile: then Delete all.
    this.steady = true;
    const stuck = [...this.saveArgs.values()].filter((args) =>
      this.plan.hanging.has(this.ads.findIndex((ad) => ad.id === args.adId)),
    );
    const board = stuck[0]?.boardId;
    if (board === undefined) throw new Error('no save of the week has a creative that never answers');
    await this.must('vault.keep', {
      boardId: board,
      boardName: 'Board',
      ads: stuck.filter((args) => args.boardId === board).map((args) => ({ adId: args.adId, urls: args.urls })),
    });
    await this.idle();
    await this.must('watch.checkNow');
    if (this.hangingNow === 0) throw new Error('the keeper was not fetching at Delete all');
    if (!this.worker.background.jobs().watch.runner.running) throw new Error('no check was running at Delete all');
    const reply = await this.send('data.eraseAll');
    this.steady = false;
    if (!reply.ok) throw new Error(`Delete all failed: ${reply.error.message}`);
    for (const page of this.pageJobs.values()) page.release();
    this.pageJobs.clear();
    this.pageEnds = [];
    this.service = null;
    this.erasedWrites = [];
    // What the checker knew goes with the data.
    this.saves = [];
    this.saveArgs.clear();
    this.launched = [];
    this.markedSeen = [];
    this.confirmedAt = {};
    this.everDone.clear();
    this.sentAfterConfirmed = [];
    this.watchRequests = [];
    this.memory = emptyMemory();
  }

  // ---- Observing --------------------------------------------------------------------------

  private async firstNews(): Promise<Observation['news']> {
    const local = await fakeBrowser.storage.local.get(null);
    type StoredNews = {
      service?: string | null;
      brands?: Record<string, { ads?: { ad?: { id?: string } }[]; more?: number }>;
    };
    const current = local.watchNews as StoredNews | undefined;
    const here =
      current?.service === this.firstNewsService
        ? current
        : (local[`watchNewsAside.${this.firstNewsService}`] as StoredNews | undefined);
    const ads: { adId: string; brandId: string }[] = [];
    const more: Record<string, number> = {};
    for (const [brandId, entry] of Object.entries(here?.brands ?? {})) {
      more[brandId] = entry.more ?? 0;
      for (const item of entry.ads ?? []) ads.push({ adId: item.ad?.id ?? '', brandId });
    }
    return { ads, more };
  }

  private serverOf(service: string): RunningServer | null {
    return service === 'first' ? this.first : this.second;
  }

  private async observe(final: boolean): Promise<Observation> {
    const now = this.clock();
    const outbox = await outboxItem.get();
    for (const entry of outbox) if (entry.status === 'done') this.everDone.add(`${entry.boardId}\n${entry.adId}`);
    const onBoards: Record<string, number> = {};
    for (const save of this.saves) {
      const server = this.serverOf(save.service);
      const args = this.saveArgs.get(save.key);
      const board =
        server && args
          ? this.workspace(server).boards.find((candidate) => candidate.board_id === args.boardId)
          : undefined;
      const count = board?.saves.filter((saved) => saved.adId === args?.adId).length ?? 0;
      onBoards[save.key] = count;
      if (count > 0) this.confirmedAt[save.key] ??= now;
    }
    const pending: Observation['pending'][number][] = [];
    for (const entry of outbox)
      if (entry.status === 'pending' && !entry.held)
        pending.push({ kind: 'save', id: entry.adId, since: entry.createdAt });
    for (const job of await generationJobsItem.get())
      if (isActiveJob(job) && !job.held) pending.push({ kind: 'generation', id: job.id, since: job.createdAt });
    const status = await watchStatusItem.get();
    if (status.run) pending.push({ kind: 'watch', id: status.run.id, since: status.run.startedAt });
    const vault = { kept: [] as string[], waiting: [] as string[] };
    let vaultBytes = 0;
    const hasVault = await vaultExists();
    if (hasVault) {
      const db = await vaultDb();
      vault.kept = (await db.getAllKeys('ads')).map(String);
      for (const job of await db.getAll('jobs')) {
        vault.waiting.push(job.id);
        pending.push({ kind: 'vault', id: job.adId, since: job.createdAt });
      }
      vaultBytes = (await vaultSize()).bytes;
    }
    const local = await fakeBrowser.storage.local.get(null);
    const sync = await fakeBrowser.storage.sync.get(null);
    const session = await fakeBrowser.storage.session.get(null);
    const localBytes = areaBytes(local);
    const syncBytes = areaBytes(sync);
    this.lastUsage = localBytes.total + vaultBytes;
    const alarms = (await fakeBrowser.alarms.getAll()).map((alarm) => alarm.name);
    const alarmsSeen = [...this.alarmsSeen, alarms];
    this.alarmsSeen = [];
    const allowedGrants = [
      ...(this.service ? ['http://127.0.0.1/*'] : []),
      ...[...this.pageJobs.values()].flatMap((page) => page.origins),
    ];
    const news = await this.firstNews();
    const markedSeen = this.markedSeen;
    this.markedSeen = [];
    const sent = this.sentAfterConfirmed;
    this.sentAfterConfirmed = [];
    return {
      at: now,
      saves: this.saves,
      outbox: outbox
        .filter((entry) => entry.op === 'save')
        .map((entry) => ({
          key: `${entry.boardId}\n${entry.adId}`,
          status: entry.status,
          held: entry.held === true,
          ...(entry.error ? { error: entry.error.message } : {}),
        })),
      onBoards,
      sentAfterConfirmed: sent,
      news,
      launched: this.launched,
      markedSeen,
      pending,
      vault,
      confirmedAt: this.confirmedAt,
      alarms: alarmsSeen,
      granted: [...this.browser.granted],
      allowedGrants,
      watchRequests: this.watchRequests,
      storage: {
        localBytes: localBytes.total,
        watchBytes: localBytes.watch,
        syncBytes: syncBytes.total,
        syncItems: syncBytes.items,
        largestSyncItem: syncBytes.largest,
        vaultBytes,
        quota: WEEK_QUOTA,
      },
      erased:
        this.erasedWrites === null
          ? null
          : {
              writes: this.erasedWrites,
              notEmpty: [
                ...(Object.keys(local).length > 0 ? [`storage.local (${Object.keys(local).join(', ')})`] : []),
                ...(Object.keys(sync).length > 0 ? ['storage.sync'] : []),
                ...(Object.keys(session).length > 0 ? ['storage.session'] : []),
                ...(hasVault ? ['the vault'] : []),
                ...(alarms.length > 0 ? [`alarms (${alarms.join(', ')})`] : []),
                ...(this.browser.granted.size > 0 ? [`site access (${[...this.browser.granted].join(', ')})`] : []),
              ],
            },
      final,
    };
  }

  private async checkHourNow(final = false): Promise<string[]> {
    await this.endPages();
    const observation = await this.observe(final);
    const { violations, memory } = checkWeek(observation, this.memory);
    this.memory = memory;
    return violations;
  }

  /** Checks every invariant now; a failure names the seed, the day and the hour. */
  private async check(final = false): Promise<void> {
    const violations = await this.checkHourNow(final);
    if (violations.length === 0) return;
    // WEEK_DEBUG=1: what the stores hold at the failure, to read beside the events before it.
    if (process.env.WEEK_DEBUG)
      console.info(
        `Seed ${this.seed}, the stores at the failure:`,
        JSON.stringify(
          {
            watch: { ...(await watchStatusItem.get()), brands: undefined },
            alarms: await fakeBrowser.alarms.getAll(),
            outbox: (await outboxItem.get()).filter((entry) => entry.status !== 'done'),
            generations: (await generationJobsItem.get()).filter(isActiveJob),
          },
          null,
          1,
        ),
      );
    throw new WeekFailure(this.seed, Math.floor(this.hour / 24), this.hour % 24, violations, this.trace.slice(-12));
  }

  private async endDay(day: number): Promise<void> {
    const local = areaBytes(await fakeBrowser.storage.local.get(null));
    const sync = areaBytes(await fakeBrowser.storage.sync.get(null));
    const vault = (await vaultExists()) ? await vaultSize() : { bytes: 0, files: 0 };
    // The servers' request logs are the week's, not the background's: they go before the heap is read.
    for (const server of [this.first, this.second]) if (server) server.state.requestLog.length = 0;
    this.gc?.();
    this.gc?.();
    if (process.env.SNAP && day === 0 && this.seed === 20261202)
      (await import('node:v8')).writeHeapSnapshot(`/tmp/week-seed2.heapsnapshot`);
    if (process.env.SNAP && day === 0) console.info('BASEURL', this.first.baseUrl);
    const requests = { ...this.requests, total: Object.values(this.requests).reduce((sum, count) => sum + count, 0) };
    this.days.push({
      day,
      requests,
      localBytes: local.total,
      syncBytes: sync.total,
      vaultBytes: vault.bytes,
      vaultFiles: vault.files,
      heapBytes: process.memoryUsage().heapUsed,
    });
    this.requests = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
    this.log(
      `day ${day}: ${requests.total} requests, storage.local ${local.total} B, sync ${sync.total} B, vault ${vault.bytes} B (${vault.files} files), ${this.kills} kills`,
    );
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
const signed = (text: string, delta: number) => (delta >= 0 ? `+${text}` : `−${text.replace('-', '')}`);

/** The week's figures, a row a day: requests, each storage area and its growth, and the heap. */
export function weekTable(result: WeekResult): string {
  const rows = result.days.map((day, index) => {
    const before = result.days[index - 1];
    const growth = (now: number, then: number | undefined) =>
      then === undefined ? '' : ` (${signed(kb(now - then), now - then)})`;
    const r = day.requests;
    return `| ${day.day} | ${r.total} (${r.watch} / ${r.save} / ${r.boards} / ${r.generation} / ${r.media} / ${
      r.connect + r.other
    }) | ${kb(day.localBytes)}${growth(day.localBytes, before?.localBytes)} | ${kb(day.syncBytes)}${growth(
      day.syncBytes,
      before?.syncBytes,
    )} | ${kb(day.vaultBytes)}, ${day.vaultFiles} files${growth(day.vaultBytes, before?.vaultBytes)} | ${mb(
      day.heapBytes,
    )} |`;
  });
  return [
    `Seed ${result.seed}: ${result.saves} saves, ${result.met.launched} ads launched (${result.met.newsFound} came into New), ${result.kills} workers killed, ${result.restarts} browser restarts.`,
    '',
    '| Day | Requests (watch / saves / boards / generations / creatives / other) | storage.local | storage.sync | Vault | Heap after GC |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
