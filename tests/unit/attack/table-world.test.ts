/*
 * The job table of docs/reliability.md ("Each long job against each change under it"), attacked
 * cell by cell: each test is a job and a change under it (or two at once), and what a user
 * expects of it. Requests are held with promises the test releases; the clock is a manual one.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { workspaceChanged } from '@/lib/background/api/credentials';
import { type GenerationApi, generationJobsItem, GenerationTracker } from '@/lib/background/jobs/generation-tracker';
import { SaveOutbox } from '@/lib/background/jobs/save-outbox';
import { VaultKeeper } from '@/lib/background/vault/keeper';
import { ApiCode } from '@/lib/contract/envelope';
import type { GenerationChoice } from '@/lib/contract/generation-fields';
import type { Generation } from '@/lib/contract/image-generations';
import { ApiError } from '@/lib/messaging/api-error';
import type { GenerationJob } from '@/lib/storage/generation-jobs';
import type { OutboxEntry } from '@/lib/storage/outbox';
import { closeVault, keptFile } from '@/lib/vault/db';
import { vaultStateItem } from '@/lib/vault/state';
import { manualClock, TEST_NOW } from '../../support/clock';

const MB = 1024 * 1024;
const HOUR = 3_600_000;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

let clock: ReturnType<typeof manualClock>;

beforeEach(async () => {
  await closeVault();
  globalThis.indexedDB = new IDBFactory();
  fakeBrowser.reset();
  clock = manualClock();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A promise the test settles. */
function held<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Lets storage and settled promises run until `done`. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !done(); i += 1) await new Promise((resolve) => setImmediate(resolve));
  expect(done()).toBe(true);
}

/** A media host in memory: each URL's answer, and every request made to it. */
function mediaHost() {
  const answers = new Map<string, () => Response>();
  const requests: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = String(input);
    requests.push(url);
    const answer = answers.get(url);
    return answer ? answer() : new Response('gone', { status: 404 });
  };
  return {
    requests,
    fetch: fetch as typeof globalThis.fetch,
    image(url: string) {
      answers.set(url, () => new Response(PNG.slice(), { headers: { 'content-type': 'image/png' } }));
    },
    busy(url: string) {
      answers.set(url, () => new Response('busy', { status: 503 }));
    },
  };
}

describe('Generation tracker × key changed and back', () => {
  const brief: GenerationChoice = { prompt: 'Trail shoes for spring', brand_id: 'brand-1', size: 1 };

  /** A job as the tracker stores it, made under workspace A. */
  function job(id: string, change: Partial<GenerationJob>): GenerationJob {
    return {
      id,
      createdAt: TEST_NOW,
      choice: brief,
      brandName: 'Acme',
      phase: 'submitting',
      submitAttempts: 0,
      pollFailures: 0,
      nextAt: TEST_NOW,
      generationId: null,
      status: null,
      imageIds: [],
      images: [],
      error: null,
      finishedAt: null,
      workspace: 'A',
      ...change,
    };
  }

  // Cell: Generation tracker × Key changed (same service): "Held: it is neither polled nor
  // submitted… It goes on when the key is back." A submit refused before it left (the client of
  // workspace A reads the connection, finds B's key and sends nothing: connectionOf) is held with
  // its "sending" mark still set, so once A is back the job counts as maybe created and charged:
  // the plan's refusal is then "Not confirmed yet" and submitted again after UTC midnight by itself.
  it('a submit held by a key switch before it left is, back under its key, failed by a plan refusal like any first submit', async () => {
    let current = 'A';
    const poll = held<Generation>();
    const sent: string[] = [];
    let planRefuses = false;
    const apiOf = (workspace: string | undefined): GenerationApi => ({
      // As the workspace's client does: nothing is sent while another workspace's key is set.
      submit: async (body) => {
        if (workspace !== current) throw workspaceChanged();
        sent.push(`submit ${body.idempotency_key}`);
        if (planRefuses) throw new ApiError({ code: ApiCode.planLimit, message: 'Your plan allows 10 a day.' });
        return { generation_id: 'gen-s', status: 'pending', image_ids: [], concept_ids: [], images: [] };
      },
      get: async (generationId) => {
        if (workspace !== current) throw workspaceChanged();
        sent.push(`get ${generationId}`);
        return poll.promise;
      },
      image: async () => {
        throw new Error('no image asked');
      },
    });
    const tracker = new GenerationTracker({
      api: apiOf,
      workspace: async () => current,
      schedule: () => undefined,
      now: clock,
      random: () => 0.5,
      newId: () => 'unused-id',
    });
    // A running job polled first, then a brief due to be submitted, both made under A.
    await generationJobsItem.set([
      job('job-running-0001', { phase: 'running', generationId: 'gen-r', status: 'processing' }),
      job('job-submit-0002', { createdAt: TEST_NOW - 1 }),
    ]);
    const pass = tracker.drain();
    await until(() => sent.includes('get gen-r'));
    // The key is switched to B while the running job's poll is on its way (the worker drains as
    // followConnection does); the poll then answers, and the pass goes on to the submit.
    current = 'B';
    const switched = tracker.drain();
    poll.resolve({ generation_id: 'gen-r', status: 'processing', image_ids: [], concept_ids: [], images: [] });
    await Promise.all([pass, switched]);
    expect(sent.filter((request) => request.startsWith('submit'))).toEqual([]);
    expect((await generationJobsItem.get()).find((stored) => stored.id === 'job-submit-0002')?.held).toBe(true);

    // A is back: the submit leaves for the first time, and the plan refuses it.
    current = 'A';
    planRefuses = true;
    await tracker.drain();
    expect(sent.filter((request) => request.startsWith('submit'))).toEqual(['submit job-submit-0002']);
    const after = (await generationJobsItem.get()).find((stored) => stored.id === 'job-submit-0002');
    expect(after).toMatchObject({ phase: 'failed', error: { code: ApiCode.planLimit } });
    expect(after?.maybeCreated).toBeUndefined();
  });
});

describe('Save outbox × key changed and back', () => {
  // Cell: Save outbox × Key changed (same service): "Held… Sent when that key is back, or
  // discarded", with Undo's rule that only a change that may have landed is undone by another.
  // The save refused before it left (workspace A's client sends nothing under B's key) keeps the
  // sentAt written before the send, so its Undo, under A again, is not a drop: the service is sent
  // the save, then its removal, for an ad the user undid before anything left.
  it('an Undo of a save held by a key switch before it left drops it: the service is sent nothing of it', async () => {
    let current = 'A';
    const first = held<void>();
    const sent: string[] = [];
    let ids = 0;
    const outbox = new SaveOutbox({
      // As the workspace's client does (connectionOf): nothing is sent under another workspace's key.
      send: async (entry: OutboxEntry) => {
        if (entry.workspace !== current) throw workspaceChanged();
        sent.push(`${entry.op} ${entry.adId}`);
        if (entry.adId === 'ad-1') await first.promise;
      },
      schedule: () => undefined,
      now: clock,
      random: () => 1,
      newId: () => `e${++ids}`,
      workspace: async () => current,
      autoDrain: false,
    });
    await outbox.enqueue({ op: 'save', boardId: 'b1', boardName: 'Tents', adId: 'ad-1', tags: [] });
    const second = await outbox.enqueue({ op: 'save', boardId: 'b1', boardName: 'Tents', adId: 'ad-2', tags: [] });
    const pass = outbox.drain();
    await until(() => sent.includes('save ad-1'));
    // The key is switched to B while the first save is on its way; the pass goes on to the second.
    current = 'B';
    const switched = outbox.drain();
    first.resolve();
    await Promise.all([pass, switched]);
    expect(sent).toEqual(['save ad-1']);
    expect((await outbox.list()).find((entry) => entry.id === second.id)).toMatchObject({
      status: 'pending',
      held: true,
    });

    // A is back, and the user undoes the second save before anything of it was sent.
    current = 'A';
    const undone = await outbox.undo(second.id);
    await outbox.drain();
    await outbox.drain();
    expect(sent).toEqual(['save ad-1']);
    expect(undone).toBeNull();
  });
});

describe('Vault keeper', () => {
  let host: ReturnType<typeof mediaHost>;
  let usage: { usage: number; quota: number };
  let wakes: (number | null)[];

  beforeEach(() => {
    host = mediaHost();
    usage = { usage: 10 * MB, quota: 10_000 * MB };
    wakes = [];
  });

  const keeper = () =>
    new VaultKeeper({
      fetch: host.fetch,
      service: async () => 'https://api.example',
      clock,
      estimate: async () => usage,
      wakeAt: (at) => void wakes.push(at),
    });

  // Cell: Vault keeper × Clock moved back: "The clock only paces the progress line and stamps
  // keptAt… a clock set back strands nothing." A job whose link did not answer rests a minute;
  // the clock set back two hours makes it rest two hours and a minute (nextJob honours any
  // notBefore up to 6 h ahead), where the outbox and the tracker take a clock set back as due now.
  it('a job resting a minute is tried again a minute later when the clock was set back two hours meanwhile', async () => {
    const vault = keeper();
    host.busy('https://cdn.example/a.png');
    await vault.want([{ boardId: 'b1', boardName: 'Tents', adId: 'ad-1', urls: ['https://cdn.example/a.png'] }]);
    expect(await vault.run()).toBe('done');
    expect(wakes.at(-1)).toBe(TEST_NOW + 60_000);
    // The clock is put right two hours back; the host answers again; a minute passes.
    clock.set(TEST_NOW - 2 * HOUR);
    host.image('https://cdn.example/a.png');
    clock.advance(60_000);
    expect(await vault.run()).toBe('done');
    expect(host.requests).toHaveLength(2);
    expect(await keptFile('https://cdn.example/a.png')).not.toBeNull();
  });

  // Cell: Vault keeper × Storage full: "Near 80 % of the quota it stops, says so, and evicts
  // nothing… it goes on when there is room." A run that stops for room asks to be woken at no
  // time (keeper.full() calls no wakeAt), so once room is back nothing wakes it: only a new save
  // or a new worker does.
  it('after stopping for room, goes on by itself once there is room, with no new save', async () => {
    const vault = keeper();
    host.image('https://cdn.example/a.png');
    usage = { usage: 795 * MB, quota: 1000 * MB };
    await vault.want([{ boardId: 'b1', boardName: 'Tents', adId: 'ad-1', urls: ['https://cdn.example/a.png'] }]);
    const before = wakes.length;
    expect(await vault.run()).toBe('full');
    expect((await vaultStateItem.get()).stopped).toBe('full');
    // Room again (the user freed some); the keeper runs at each wake-up it asked for, as its alarm would.
    usage = { usage: 10 * MB, quota: 1000 * MB };
    for (const at of wakes.slice(before)) {
      if (at === null) continue;
      clock.set(at);
      await vault.run();
    }
    expect(wakes.slice(before).some((at) => typeof at === 'number')).toBe(true);
    expect(await keptFile('https://cdn.example/a.png')).not.toBeNull();
  });
});
