import { browser, type Browser } from 'wxt/browser';
import { z } from 'zod/mini';
import { GRANTS_PER_MESSAGE, REPORT_GRANTS_PORT } from '../messaging/report-grants';
import type { JobGate } from './jobs/job-gate';
import { lazily } from '../lazy';
import { inTurn } from '../in-turn';
import { couldNot } from './could-not';
import { existingVaultDb } from '../vault/db';

/** Where the background records the site access pages hold, so a new worker or browser gives back what nobody holds. */
export const HELD_GRANTS_KEY = 'heldGrants';
/** A worker that starts waits this long for the pages that held access to name it again, then gives back the rest. */
export const RECONNECT_GRACE_MS = 5_000;

const messageSchema = lazily(() =>
  z.strictObject({
    job: z.string().check(z.minLength(1), z.maxLength(64)),
    origins: z.array(z.string().check(z.minLength(1), z.maxLength(300))).check(z.maxLength(GRANTS_PER_MESSAGE)),
    board: z.optional(z.string().check(z.maxLength(300))),
  }),
);
/** Read tolerantly: a record that does not read is given back whole where it can be. */
const recordSchema = lazily(() =>
  z.record(z.string(), z.looseObject({ origins: z.array(z.string()), board: z.optional(z.string()) })),
);
type HeldRecord = z.infer<typeof recordSchema>;

type Port = Browser.runtime.Port;
/** A job's origins, the ports naming it, and the board it was asked for when it is one's keeping. */
type Held = { origins: Set<string>; ports: Set<Port>; board?: string };

/** Whether the vault keeper still has jobs of the board (its jobs' ids start with the board's). */
const keeping = (board: string) =>
  existingVaultDb()
    .then((db) => db?.count('jobs', IDBKeyRange.bound(`${board}\n`, `${board}\n\uffff`)))
    .then(Boolean, () => false);

export interface ReportGrantDeps {
  onConnect: { addListener(listener: (port: Port) => void): void };
  removeOrigins: (origins: string[]) => Promise<unknown>;
  /** The extension's own origin: only its pages hold access this way. */
  extensionOrigin: string;
  /** Closed by Delete all: nothing is recorded then. Asked only when there is something to record. */
  gate?: Pick<JobGate, 'allows'>;
}

export interface ReportGrants {
  /** Gives back what the record names and no page holds now (a restart mid-fetch, a worker that died). */
  reconcile(): Promise<void>;
  /** Delete all: what is held is forgotten (the erase gives back every run-time grant) once the record's writes end. */
  stop(): Promise<void>;
}

async function readRecord(): Promise<HeldRecord> {
  const raw = (await browser.storage.local.get(HELD_GRANTS_KEY))[HELD_GRANTS_KEY];
  const parsed = recordSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

/**
 * Site access asked for one report or one board's keeping is given back even when the page that
 * asked closes mid-fetch (the panel closed, the browser quit): the page names the origins on a
 * port while it holds them, the background records them in storage.local under the page's job,
 * and when the port closes it gives back what no other job holds. A new worker (and the browser
 * at start-up) gives back what the record names and no page holds any more. Access asked to keep
 * a board's creatives is held, once no page names it, until the vault keeper has no job of that
 * board left (looked at each time the keeper says what it does, and by a new worker).
 */
export function watchReportGrants(deps: ReportGrantDeps): ReportGrants {
  /** Each job a page holds now: its origins, and the ports naming it. */
  const live = new Map<string, Held>();
  const writes = inTurn();
  const writeRecord = (change: (record: HeldRecord) => void) =>
    writes(async () => {
      // A new worker's gate answers once it has read whether a connection is stored.
      if (deps.gate && !(await deps.gate.allows())) return;
      const record = await readRecord();
      change(record);
      if (Object.keys(record).length === 0) await browser.storage.local.remove(HELD_GRANTS_KEY);
      else await browser.storage.local.set({ [HELD_GRANTS_KEY]: record });
    }).catch(couldNot('record the site access held'));

  /** Gives back `origins` of `job` but those another live job holds, then forgets the job. */
  async function giveBack(job: string, origins: Iterable<string>): Promise<void> {
    const still = new Set<string>();
    for (const [other, held] of live) if (other !== job) for (const origin of held.origins) still.add(origin);
    const back = [...new Set(origins)].filter((origin) => !still.has(origin));
    if (back.length > 0) {
      // One pattern the browser refuses (a port, in Firefox) must not keep the others: then one at a time.
      await deps.removeOrigins(back).catch(async () => {
        for (const origin of back) await deps.removeOrigins([origin]).catch(() => undefined);
      });
    }
    await writeRecord((record) => void delete record[job]);
  }

  /**
   * A job no page names any more: given back, unless the keeper still keeps its board (then once
   * it is done, or has stopped: the disk full, a failure, as a page that asked gives it back then).
   */
  async function release(job: string, held: Held, stopped?: unknown): Promise<void> {
    if (!stopped && held.board && (await keeping(held.board))) return;
    if (live.get(job) !== held || held.ports.size > 0) return;
    live.delete(job);
    await giveBack(job, held.origins);
  }

  // Each word of the keeper's (a board begun, all done) may end a keeping that holds access.
  browser.storage.onChanged.addListener(({ vaultState }) => {
    const stopped = (vaultState?.newValue as { stopped?: unknown } | undefined)?.stopped;
    if (vaultState) for (const [job, held] of live) if (held.ports.size === 0) void release(job, held, stopped);
  });

  deps.onConnect.addListener((port) => {
    if (port.name !== REPORT_GRANTS_PORT) return;
    if (!port.sender?.url?.startsWith(deps.extensionOrigin)) {
      port.disconnect();
      return;
    }
    const jobs = new Set<string>();
    port.onMessage.addListener((message: unknown) => {
      // An older page names its origins without a job: the port is its job.
      const parsed = messageSchema.safeParse(
        typeof message === 'object' && message !== null && !('job' in message)
          ? { ...message, job: `port-${portSerial(port)}` }
          : message,
      );
      if (!parsed.success) return;
      const { job, origins, board } = parsed.data;
      const held: Held = live.get(job) ?? { origins: new Set<string>(), ports: new Set<Port>() };
      // A page that lets go names the job without its board: the keeping is over for it.
      held.board = board;
      live.set(job, held);
      held.ports.add(port);
      jobs.add(job);
      for (const origin of origins) held.origins.add(origin);
      const all = [...held.origins];
      void writeRecord((record) => void (record[job] = { origins: all, board: held.board }));
    });
    port.onDisconnect.addListener(() => {
      for (const job of jobs) {
        const held = live.get(job);
        if (!held) continue;
        held.ports.delete(port);
        void release(job, held).catch(() => undefined);
      }
    });
  });

  return {
    async reconcile() {
      await writes.settled();
      const record = await readRecord().catch((): HeldRecord => ({}));
      for (const [job, { origins, board }] of Object.entries(record))
        if (!live.has(job)) {
          const held: Held = { origins: new Set(origins), ports: new Set(), board };
          live.set(job, held);
          await release(job, held).catch(() => undefined);
        }
    },
    async stop() {
      live.clear();
      await writes.settled();
    },
  };
}

const serials = new WeakMap<Port, number>();
let nextSerial = 0;
function portSerial(port: Port): number {
  let serial = serials.get(port);
  if (serial === undefined) serials.set(port, (serial = nextSerial += 1));
  return serial;
}

export const browserReportGrantDeps = (extensionOrigin: string, gate?: Pick<JobGate, 'allows'>): ReportGrantDeps => ({
  onConnect: browser.runtime.onConnect,
  removeOrigins: (origins) => browser.permissions.remove({ origins }),
  extensionOrigin,
  ...(gate ? { gate } : {}),
});
