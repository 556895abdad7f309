import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createDefaultApi } from '../../../lib/background/api';
import { ApiError } from '../../../lib/messaging/api-error';
import type { GenerationChoice } from '../../../lib/contract/generation-fields';
import type { GeneratedImage, Generation } from '../../../lib/contract/image-generations';
import {
  GENERATION_POLICY,
  type GenerationApi,
  GenerationTracker,
} from '../../../lib/background/jobs/generation-tracker';
import { generationJobsItem } from '../../../lib/background/jobs/generation-tracker';
import type { RunningServer } from '../../../server/app';
import { FREE_DAILY_SUBMITS } from '../../../server/generations';
import { fixedClock, manualClock } from '../../support/clock';
import { connectTo } from '../../support/connection';
import { withServer } from '../../support/server';

const choice: GenerationChoice = { prompt: 'Trail shoes for spring', brand_id: 'brand-1', size: 2 };

/** An in-memory image service: each submit key makes one generation, whose answers a test scripts. */
function fakeApi() {
  const calls: string[] = [];
  const byKey = new Map<string, string>();
  let answers: (Generation | ApiError)[] = [];
  let submitFailures: ApiError[] = [];
  let detailOf: ((generationId: string, imageId: string) => GeneratedImage) | null = null;
  const api: GenerationApi = {
    submit: async (body) => {
      calls.push(`submit ${body.idempotency_key}`);
      const failure = submitFailures.shift();
      if (failure) throw failure;
      const id = byKey.get(body.idempotency_key) ?? `gen-${byKey.size + 1}`;
      byKey.set(body.idempotency_key, id);
      return { generation_id: id, status: 'pending', image_ids: [], concept_ids: [], images: [] };
    },
    get: async (id) => {
      calls.push(`get ${id}`);
      const next = answers.length > 1 ? answers.shift() : answers[0];
      if (!next) throw new Error('no answer scripted');
      if (next instanceof ApiError) throw next;
      return next;
    },
    image: async (id, imageId): Promise<GeneratedImage> => {
      calls.push(`image ${imageId}`);
      if (detailOf) return detailOf(id, imageId);
      const failed = imageId.endsWith('bad');
      return {
        id: imageId,
        status: failed ? 'failed' : 'success',
        url: failed ? null : `http://127.0.0.1/media/generations/${id}/${imageId}.svg`,
        concept: `Concept ${imageId}`,
        error: failed ? 'could not render; refunded' : null,
        width: 1080,
        height: 1080,
      };
    },
  };
  return {
    api,
    calls,
    answer: (...next: (Generation | ApiError)[]) => {
      answers = next;
    },
    failSubmits: (...failures: ApiError[]) => {
      submitFailures = failures;
    },
    /** What each image detail answers (it may throw), instead of rendered or failed by its id. */
    details: (make: (generationId: string, imageId: string) => Partial<GeneratedImage>) => {
      detailOf = (generationId, imageId) => ({
        id: imageId,
        status: null,
        url: null,
        concept: null,
        error: null,
        width: null,
        height: null,
        ...make(generationId, imageId),
      });
    },
  };
}

const generation = (status: string, images: [string, string][] = []): Generation => ({
  generation_id: 'gen-1',
  status,
  image_ids: images.map(([id]) => id),
  concept_ids: [],
  images: images.map(([image_id, imageStatus]) => ({ image_id, status: imageStatus })),
});

const network = () => new ApiError({ code: 'network', message: 'connection dropped', retryable: true });

function tracker(api: GenerationApi, random = () => 0.5) {
  const wakes: (number | null)[] = [];
  const ended: string[] = [];
  let id = 0;
  const instance = new GenerationTracker({
    api,
    schedule: (at) => wakes.push(at),
    onChange: (_, done) => ended.push(...done.map((job) => job.phase)),
    now: clock,
    random,
    newId: () => `key-${(id += 1).toString().padStart(4, '0')}`,
  });
  return { instance, wakes, ended };
}

let clock = manualClock();
beforeEach(() => {
  fakeBrowser.reset();
  clock = manualClock();
});

describe('the generation tracker', () => {
  it('stores the job with its key before the first send', async () => {
    const fake = fakeApi();
    let storedBeforeSend: unknown = null;
    const original = fake.api.submit;
    fake.api.submit = async (body) => {
      storedBeforeSend = (await generationJobsItem.get()).map((job) => job.id);
      return original(body);
    };
    const { instance } = tracker(fake.api);
    const job = await instance.submit(choice, 'Acme Trail');
    await instance.drain();
    expect(storedBeforeSend).toEqual([job.id]);
    expect(fake.calls).toEqual([`submit ${job.id}`]);
  });

  it('a double click makes one job and one request', async () => {
    const fake = fakeApi();
    const { instance } = tracker(fake.api);
    const [a, b] = await Promise.all([instance.submit(choice, 'Acme'), instance.submit(choice, 'Acme')]);
    expect(b.id).toBe(a.id);
    await instance.drain();
    expect(fake.calls.filter((call) => call.startsWith('submit'))).toHaveLength(1);
    expect(await generationJobsItem.get()).toHaveLength(1);
  });

  it.each([
    ['the lowest jitter', () => 0, 2000],
    ['the highest jitter', () => 0.9999, 4999],
  ])('polls every 2 to 5 s: %s', async (_, random, delay) => {
    const fake = fakeApi();
    fake.answer(generation('processing'));
    const { instance, wakes } = tracker(fake.api, random);
    await instance.submit(choice, 'Acme');
    await instance.drain();
    expect(wakes.at(-1)).toBe(clock() + delay);
    clock.set(clock() + delay);
    await instance.drain();
    expect(fake.calls.filter((call) => call.startsWith('get'))).toHaveLength(1);
    expect(wakes.at(-1)).toBe(clock() + delay);
  });

  it('polls nothing before a job is due, and nothing at all once it is terminal', async () => {
    const fake = fakeApi();
    fake.answer(
      generation('processing', [['img-1', 'processing']]),
      generation('success', [
        ['img-1', 'success'],
        ['img-2bad', 'failed'],
      ]),
    );
    const { instance, wakes, ended } = tracker(fake.api);
    const job = await instance.submit(choice, 'Acme');
    await instance.drain();
    await instance.drain();
    expect(fake.calls).toEqual([`submit ${job.id}`]);
    for (let i = 0; i < 3; i += 1) {
      clock.set(clock() + GENERATION_POLICY.pollMaxMs);
      await instance.drain();
    }
    const [stored] = await generationJobsItem.get();
    expect(stored?.phase).toBe('done');
    expect(stored?.images.map((image) => [image.id, image.status])).toEqual([
      ['img-1', 'success'],
      ['img-2bad', 'failed'],
    ]);
    expect(stored?.images[0]?.url).toMatch(/img-1\.svg$/);
    // Each finished image's detail is read once.
    expect(fake.calls.filter((call) => call === 'image img-1')).toHaveLength(1);
    expect(wakes.at(-1)).toBeNull();
    expect(ended).toEqual(['done']);
    const requests = fake.calls.length;
    clock.set(clock() + 60_000);
    await instance.drain();
    expect(fake.calls).toHaveLength(requests);
  });

  it('backs off a dropped submit and sends the same key again, then gives up in words', async () => {
    const fake = fakeApi();
    fake.failSubmits(...Array.from({ length: GENERATION_POLICY.maxSubmitAttempts }, network));
    const { instance, wakes } = tracker(fake.api, () => 0.9999);
    const job = await instance.submit(choice, 'Acme');
    const gaps: number[] = [];
    for (let i = 0; i < GENERATION_POLICY.maxSubmitAttempts; i += 1) {
      await instance.drain();
      const wake = wakes.at(-1);
      if (wake === null || wake === undefined) break;
      if (i === GENERATION_POLICY.maxSubmitAttempts - 1) break;
      gaps.push(wake - clock());
      clock.set(wake);
    }
    expect(gaps).toHaveLength(GENERATION_POLICY.maxSubmitAttempts - 1);
    expect(new Set(fake.calls)).toEqual(new Set([`submit ${job.id}`]));
    expect(gaps).toEqual([...gaps].sort((a, b) => a - b));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(GENERATION_POLICY.submitMaxMs);
    // Every answer was lost: the service may have made it, so it is never shown as failed.
    const [stored] = await generationJobsItem.get();
    expect(stored?.phase).toBe('unconfirmed');
    expect(stored?.maybeCreated).toBe(true);
    expect(stored?.error?.code).toBe('network');
    expect(stored?.nextAt).toBe(clock() + 15 * 60_000);
  });

  it('a gateway failure on submit is retried with the same key', async () => {
    const fake = fakeApi();
    fake.failSubmits(
      new ApiError({ code: 'invalid_response', httpStatus: 502, message: 'Bad gateway', retryable: true }),
      new ApiError({ code: 'invalid_response', httpStatus: 504, message: 'Gateway timeout', retryable: true }),
    );
    fake.answer(generation('processing'));
    const { instance, wakes } = tracker(fake.api);
    const job = await instance.submit(choice, 'Acme');
    for (let i = 0; i < 3; i += 1) {
      await instance.drain();
      clock.set(wakes.at(-1) ?? clock());
    }
    expect(fake.calls.filter((call) => call.startsWith('submit'))).toEqual(Array(3).fill(`submit ${job.id}`));
    const [stored] = await generationJobsItem.get();
    expect(stored?.phase).toBe('running');
    expect(stored?.error).toBeNull();
  });

  it('a lost answer, then a plan refusal of the same key: not confirmed, checked again after midnight UTC', async () => {
    const fake = fakeApi();
    const quota = new ApiError({ code: 40301, message: 'The free plan allows 5 requests a day', retryable: false });
    fake.failSubmits(network(), quota);
    fake.answer(generation('processing'));
    const { instance, wakes, ended } = tracker(fake.api);
    const job = await instance.submit(choice, 'Acme');
    await instance.drain();
    clock.set(wakes.at(-1) ?? clock());
    await instance.drain();
    let [stored] = await generationJobsItem.get();
    expect(stored?.phase).toBe('unconfirmed');
    expect(stored?.error?.code).toBe(40301);
    expect(ended).toEqual([]);
    // TEST_NOW is noon UTC: the check is set for one minute past the next midnight.
    expect(wakes.at(-1)).toBe(Date.parse('2026-11-23T00:01:00Z'));
    clock.set(Date.parse('2026-11-22T23:59:00Z'));
    await instance.drain();
    expect(fake.calls).toHaveLength(2);
    clock.set(Date.parse('2026-11-23T00:01:00Z'));
    await instance.drain();
    [stored] = await generationJobsItem.get();
    expect(fake.calls).toEqual(Array(3).fill(`submit ${job.id}`));
    expect(stored?.phase).toBe('running');
    expect(stored?.generationId).toBe('gen-1');
  });

  it('"Check now" sends the same key of an unconfirmed job at once', async () => {
    const fake = fakeApi();
    fake.failSubmits(network(), new ApiError({ code: 40301, message: 'quota used', retryable: false }));
    const { instance, wakes } = tracker(fake.api);
    const job = await instance.submit(choice, 'Acme');
    await instance.drain();
    clock.set(wakes.at(-1) ?? clock());
    await instance.drain();
    expect((await generationJobsItem.get())[0]?.phase).toBe('unconfirmed');
    fake.answer(generation('processing'));
    await instance.retry(job.id);
    await instance.drain();
    expect(fake.calls.at(-1)).toBe(`submit ${job.id}`);
    expect((await generationJobsItem.get())[0]?.phase).toBe('running');
  });

  it('a plan refusal of a first submit that never left is a failure, with no check planned', async () => {
    const fake = fakeApi();
    fake.failSubmits(new ApiError({ code: 40301, message: 'quota used', retryable: false }));
    const { instance, wakes } = tracker(fake.api);
    await instance.submit(choice, 'Acme');
    await instance.drain();
    const [stored] = await generationJobsItem.get();
    expect(stored?.phase).toBe('failed');
    expect(stored?.maybeCreated).toBeUndefined();
    expect(wakes.at(-1)).toBeNull();
  });

  it('a clock that went back does not fold a new brief into an old finished job', async () => {
    const fake = fakeApi();
    fake.answer(generation('success', [['img-1', 'success']]));
    const { instance } = tracker(fake.api);
    const first = await instance.submit(choice, 'Acme');
    await instance.drain();
    clock.set(clock() + GENERATION_POLICY.pollMaxMs);
    await instance.drain();
    expect((await generationJobsItem.get())[0]?.phase).toBe('done');
    // The machine's clock is set back an hour; the same brief is a new click.
    clock.set(clock() - 60 * 60_000);
    const second = await instance.submit(choice, 'Acme');
    expect(second.id).not.toBe(first.id);
    expect(await generationJobsItem.get()).toHaveLength(2);
  });

  it('a clock set back does not make a running job wait out the skew before its next poll', async () => {
    const fake = fakeApi();
    fake.answer(generation('processing', []));
    const { instance } = tracker(fake.api);
    await instance.submit(choice, 'Acme');
    await instance.drain();
    const polls = fake.calls.length;
    // The machine's clock is set back a day while the job waits for its next poll (seconds away).
    clock.set(clock() - 24 * 60 * 60_000);
    await instance.drain();
    expect(fake.calls.length).toBe(polls + 1);
    // And it goes on at its usual pace from the new time.
    const [job] = await generationJobsItem.get();
    expect((job?.nextAt ?? 0) - clock()).toBeLessThanOrEqual(GENERATION_POLICY.pollMaxMs);
  });

  it.each([
    ['a quota or plan error (40301)', new ApiError({ code: 40301, message: 'free plan quota used', retryable: false })],
    ['an upstream rejection (50001)', new ApiError({ code: 50001, message: 'credits exhausted', retryable: true })],
    ['invalid input (40001)', new ApiError({ code: 40001, message: 'prompt too long', retryable: false })],
  ])('never retries %s by itself', async (_, error) => {
    const fake = fakeApi();
    fake.failSubmits(error);
    const { instance, wakes } = tracker(fake.api);
    await instance.submit(choice, 'Acme');
    await instance.drain();
    clock.set(clock() + 120_000);
    await instance.drain();
    expect(fake.calls).toHaveLength(1);
    expect(wakes.at(-1)).toBeNull();
    const [stored] = await generationJobsItem.get();
    expect(stored?.phase).toBe('failed');
    expect(stored?.error?.message).toBe(error.message);
  });

  it('a clock moved on a day brings the next poll early, once: no failure is counted, and the pace goes on from the new time', async () => {
    const fake = fakeApi();
    fake.answer(network(), generation('processing', []));
    const { instance, wakes } = tracker(fake.api);
    const job = await instance.submit(choice, 'Acme');
    await instance.drain();
    clock.set(clock() + GENERATION_POLICY.pollMaxMs);
    await instance.drain();
    expect(fake.calls).toEqual([`submit ${job.id}`, 'get gen-1']);
    expect((await generationJobsItem.get())[0]).toMatchObject({ phase: 'running', pollFailures: 1 });
    // A day on while the job waits out its backoff: polled at the next drain, once.
    clock.set(clock() + 24 * 60 * 60_000);
    await instance.drain();
    await instance.drain();
    expect(fake.calls).toEqual([`submit ${job.id}`, 'get gen-1', 'get gen-1']);
    const [stored] = await generationJobsItem.get();
    expect(stored).toMatchObject({ phase: 'running', pollFailures: 0, error: null });
    expect((stored?.nextAt ?? 0) - clock()).toBeGreaterThanOrEqual(GENERATION_POLICY.pollMinMs);
    expect((stored?.nextAt ?? 0) - clock()).toBeLessThanOrEqual(GENERATION_POLICY.pollMaxMs);
    expect(wakes.at(-1)).toBe(stored?.nextAt);
  });

  it('retry after a failure keeps the key', async () => {
    const fake = fakeApi();
    fake.failSubmits(new ApiError({ code: 50001, message: 'down', retryable: true }));
    fake.answer(generation('processing'));
    const { instance } = tracker(fake.api);
    const job = await instance.submit(choice, 'Acme');
    await instance.drain();
    await instance.retry(job.id);
    await instance.drain();
    expect(fake.calls).toEqual([`submit ${job.id}`, `submit ${job.id}`]);
    expect((await generationJobsItem.get())[0]?.phase).toBe('running');
  });

  it('a new worker resumes polling from storage', async () => {
    const first = fakeApi();
    first.answer(generation('processing'));
    const { instance: before } = tracker(first.api);
    await before.submit(choice, 'Acme');
    await before.drain();
    const second = fakeApi();
    second.answer(
      generation('partial_success', [
        ['img-1', 'success'],
        ['img-2bad', 'failed'],
      ]),
    );
    const { instance: after, ended } = tracker(second.api);
    clock.set(clock() + GENERATION_POLICY.pollMaxMs);
    await after.drain();
    expect(second.calls[0]).toBe('get gen-1');
    expect(ended).toEqual(['done']);
  });

  describe('a service that shows less (its shapes are not shown in the contract)', () => {
    /** Runs a submitted job through `polls` due polls. */
    async function run(instance: GenerationTracker, polls: number) {
      await instance.drain();
      for (let i = 0; i < polls; i += 1) {
        clock.set(clock() + GENERATION_POLICY.pollMaxMs);
        await instance.drain();
      }
      const [stored] = await generationJobsItem.get();
      return stored;
    }
    const noStatus = (ids: string[], status = 'success'): Generation => ({
      ...generation(status),
      image_ids: ids,
      images: [],
    });

    it('images without a status: a URL means rendered; polling stops on the terminal status', async () => {
      const fake = fakeApi();
      fake.answer(noStatus(['img-1', 'img-2'], 'processing'), noStatus(['img-1', 'img-2']));
      fake.details((id, imageId) => ({ url: `http://127.0.0.1/media/generations/${id}/${imageId}.svg` }));
      const { instance, wakes } = tracker(fake.api);
      await instance.submit(choice, 'Acme');
      const stored = await run(instance, 4);
      expect(stored?.phase).toBe('done');
      expect(stored?.images.map((image) => image.status)).toEqual(['success', 'success']);
      expect(wakes.at(-1)).toBeNull();
      // Details are read only once the generation has ended (no per-image state to wait on).
      expect(fake.calls.filter((call) => !call.startsWith('submit'))).toEqual([
        'get gen-1',
        'get gen-1',
        'image img-1',
        'image img-2',
      ]);
    });

    it('an image whose URL cannot be read ends as unreadable, never "rendering" forever', async () => {
      const fake = fakeApi();
      fake.answer(noStatus(['img-1']));
      fake.details(() => ({ status: 'success' }));
      const { instance, wakes } = tracker(fake.api);
      await instance.submit(choice, 'Acme');
      const stored = await run(instance, 2);
      expect(stored?.phase).toBe('done');
      expect(stored?.images[0]?.status).toBe('unreadable');
      expect(stored?.images[0]?.error).toMatch(/no image address/);
      expect(wakes.at(-1)).toBeNull();
    });

    it('a detail that keeps failing after the end is given up after a few polls', async () => {
      const fake = fakeApi();
      fake.answer(noStatus(['img-1']));
      fake.details(() => {
        throw new ApiError({ code: 40401, message: 'no such image', retryable: false });
      });
      const { instance, wakes } = tracker(fake.api);
      await instance.submit(choice, 'Acme');
      const stored = await run(instance, GENERATION_POLICY.maxTerminalPolls + 2);
      expect(stored?.phase).toBe('done');
      expect(stored?.images[0]?.status).toBe('unreadable');
      expect(wakes.at(-1)).toBeNull();
      expect(fake.calls.filter((call) => call.startsWith('get'))).toHaveLength(GENERATION_POLICY.maxTerminalPolls);
    });

    it('a record that says it made another aspect ratio than asked: the job says so', async () => {
      const fake = fakeApi();
      fake.answer({ ...noStatus([], 'processing'), aspect_ratio: '1:1' });
      const { instance } = tracker(fake.api);
      await instance.submit({ ...choice, aspect_ratio: '9:16' }, 'Acme');
      const stored = await run(instance, 1);
      expect(stored?.warning).toMatch(/1:1 images, not 9:16 as asked/);
    });
  });

  it('an unknown status keeps polling; a terminal job never goes back', async () => {
    const fake = fakeApi();
    fake.answer(generation('queued_upstream'), generation('failed'), generation('processing'));
    const { instance } = tracker(fake.api);
    await instance.submit(choice, 'Acme');
    await instance.drain();
    for (let i = 0; i < 4; i += 1) {
      clock.set(clock() + GENERATION_POLICY.pollMaxMs);
      await instance.drain();
    }
    const [stored] = await generationJobsItem.get();
    expect(stored?.phase).toBe('failed');
    expect(stored?.status).toBe('failed');
    expect(stored?.error?.code).toBe('generation_failed');
    expect(fake.calls.filter((call) => call.startsWith('get'))).toHaveLength(2);
  });

  it('rides out failed polls with a slower pace, and stops on 40401', async () => {
    const fake = fakeApi();
    fake.answer(network(), new ApiError({ code: 40401, message: 'gone', retryable: false }));
    const { instance, wakes } = tracker(fake.api, () => 0);
    await instance.submit(choice, 'Acme');
    await instance.drain();
    clock.set(clock() + GENERATION_POLICY.pollMaxMs);
    await instance.drain();
    expect((wakes.at(-1) ?? 0) - clock()).toBe(GENERATION_POLICY.pollMinMs);
    clock.set(clock() + GENERATION_POLICY.pollMaxMs);
    await instance.drain();
    expect((await generationJobsItem.get())[0]?.phase).toBe('failed');
  });
});

describe('the generation tracker: jobs belong to their workspace', () => {
  it('a job running under A is neither polled nor submitted while B is set, and goes on when A is back', async () => {
    const fake = fakeApi();
    fake.answer(generation('processing'));
    let current: string | null = 'A';
    const used: string[] = [];
    const instance = new GenerationTracker({
      api: (workspace) => {
        used.push(String(workspace));
        return fake.api;
      },
      workspace: async () => current,
      schedule: () => undefined,
      now: clock,
      random: () => 0.5,
    });
    const job = await instance.submit(choice, 'Acme');
    expect(job.workspace).toBe('A');
    await instance.drain();
    expect((await generationJobsItem.get())[0]?.phase).toBe('running');
    current = 'B';
    clock.set(clock() + GENERATION_POLICY.pollMaxMs);
    await instance.drain();
    const requests = fake.calls.length;
    expect((await generationJobsItem.get())[0]).toMatchObject({ phase: 'running', held: true });
    clock.set(clock() + GENERATION_POLICY.pollMaxMs);
    await instance.drain();
    expect(fake.calls).toHaveLength(requests);
    // The same brief under B is a job of B's, not A's job.
    const other = await instance.submit(choice, 'Acme');
    expect(other.id).not.toBe(job.id);
    current = 'A';
    clock.set(clock() + GENERATION_POLICY.pollMaxMs);
    await instance.drain();
    expect(fake.calls.at(-1)).toBe('get gen-1');
    const stored = (await generationJobsItem.get()).find((candidate) => candidate.id === job.id);
    expect(stored?.held).toBeUndefined();
    expect(used.every((workspace) => workspace === 'A' || workspace === 'B')).toBe(true);
  });

  it('a key switched while a poll is on its way: held, not a failed poll', async () => {
    const fake = fakeApi();
    fake.answer(new ApiError({ code: 'workspace_changed', message: 'held' }));
    const { instance } = tracker(fake.api);
    await instance.submit(choice, 'Acme');
    await instance.drain();
    clock.set(clock() + GENERATION_POLICY.pollMaxMs);
    await instance.drain();
    expect((await generationJobsItem.get())[0]).toMatchObject({ phase: 'running', held: true, pollFailures: 0 });
  });

  it('a storage write that fails does not reject the drain; the other jobs are polled, a retry is planned', async () => {
    const fake = fakeApi();
    fake.answer(generation('processing'));
    const { instance, wakes } = tracker(fake.api);
    await instance.submit(choice, 'Acme');
    await instance.submit({ ...choice, prompt: 'Another brief' }, 'Acme');
    await instance.drain();
    expect((await generationJobsItem.get()).map((job) => job.phase)).toEqual(['running', 'running']);
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    let refusals = 1;
    const spy = vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
      if (refusals > 0) {
        refusals -= 1;
        throw new Error('QUOTA_BYTES quota exceeded');
      }
      return set(items);
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    clock.set(clock() + GENERATION_POLICY.pollMaxMs);
    const polled = fake.calls.length;
    await expect(instance.drain()).resolves.toBeUndefined();
    // Both jobs were polled, though the first one's answer could not be written.
    expect(fake.calls.slice(polled).filter((call) => call.startsWith('get'))).toHaveLength(2);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not update its queue'), expect.any(String));
    expect(wakes.at(-1)).toBe(clock() + 30_000);
    spy.mockRestore();
    warn.mockRestore();
  });
});

describe('against the reference server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await withServer({ timeScale: 0 });
  });
  afterAll(() => server.close());

  it('no duplicate submit across a restart between "key saved" and "response received"', async () => {
    await connectTo(server.baseUrl);
    const api = createDefaultApi({ retryLimit: 0, clock: fixedClock() });
    const brand = server.state.data.workspaces[0]?.ownedBrands[0]?.id ?? '';
    // The server commits the generation, then the connection drops before the answer.
    server.state.faults.add({ kind: 'drop-after', method: 'POST', path: '/image-generations', times: 1 });
    const before = new GenerationTracker({ api: api.generations, schedule: () => undefined, now: clock });
    const job = await before.submit({ prompt: 'Rain jackets', brand_id: brand, size: 3 }, 'Acme Trail');
    await before.drain();
    expect((await generationJobsItem.get())[0]?.phase).toBe('submitting');
    // The worker dies; a new one starts from storage and sends the same key.
    await generationJobsItem.set((await generationJobsItem.get()).map((stored) => ({ ...stored, nextAt: clock() })));
    const after = new GenerationTracker({ api: api.generations, schedule: () => undefined, now: clock });
    await after.drain();
    const [stored] = await generationJobsItem.get();
    expect(stored?.id).toBe(job.id);
    expect(stored?.phase).toBe('running');
    const ledger = server.state.generations.credits(server.state.data.workspaces)[0]?.ledger ?? [];
    expect(ledger.filter((entry) => entry.kind === 'reserve')).toHaveLength(1);
    expect(ledger[0]?.generation_id).toBe(stored?.generationId);
  });

  it('a 502 from a proxy after the service accepted the submit: the same key again, one charge', async () => {
    await connectTo(server.baseUrl);
    const workspace = server.state.data.workspaces[0];
    if (!workspace) throw new Error('the demo data has no workspace');
    const before = (server.state.generations.credits([workspace])[0]?.ledger ?? []).length;
    const api = createDefaultApi({ retryLimit: 0, clock: fixedClock() });
    server.state.faults.add({ kind: 'malformed', body: 'html', method: 'POST', path: '/image-generations', times: 1 });
    const instance = new GenerationTracker({ api: api.generations, schedule: () => undefined, now: clock });
    const job = await instance.submit(
      { prompt: 'Storm shell', brand_id: workspace.ownedBrands[0]?.id ?? '', size: 1 },
      'Acme',
    );
    await instance.drain();
    let stored = (await generationJobsItem.get()).find((candidate) => candidate.id === job.id);
    expect(stored?.phase).toBe('submitting');
    expect(stored?.error?.httpStatus).toBe(502);
    clock.set(stored?.nextAt ?? 0);
    await instance.drain();
    stored = (await generationJobsItem.get()).find((candidate) => candidate.id === job.id);
    expect(stored?.phase).toBe('running');
    const ledger = (server.state.generations.credits([workspace])[0]?.ledger ?? []).slice(before);
    expect(ledger.filter((entry) => entry.kind === 'reserve')).toEqual([
      expect.objectContaining({ generation_id: stored?.generationId }),
    ]);
  });

  it('a charged generation on the free plan is confirmed after the day rolls over, never shown failed', async () => {
    const northwind = server.state.data.workspaces.find((workspace) => workspace.plan === 'free');
    if (!northwind) throw new Error('the demo data has no free workspace');
    const brand = northwind.ownedBrands[0]?.id ?? '';
    await connectTo(server.baseUrl, northwind.apiKey);
    const api = createDefaultApi({ retryLimit: 0, clock: fixedClock() });
    const runAll = async (instance: GenerationTracker) => {
      for (let i = 0; i < 10; i += 1) {
        await instance.drain();
        const due = (await generationJobsItem.get()).find((job) => job.phase === 'submitting');
        if (!due) return;
        clock.set(Math.max(clock(), due.nextAt));
      }
    };
    const instance = new GenerationTracker({ api: api.generations, schedule: () => undefined, now: clock });
    // Four of the day's five requests go to other briefs.
    for (let i = 0; i < FREE_DAILY_SUBMITS - 1; i += 1) {
      await instance.submit({ prompt: `Brief ${i}`, brand_id: brand, size: 1 }, 'Northwind Roasters');
    }
    await runAll(instance);
    // The fifth commits, is charged, and its answer is lost; the retry meets the spent quota.
    server.state.faults.add({ kind: 'drop-after', method: 'POST', path: '/image-generations', times: 1 });
    const job = await instance.submit({ prompt: 'Cold brew at dawn', brand_id: brand, size: 2 }, 'Northwind Roasters');
    await runAll(instance);
    let stored = (await generationJobsItem.get()).find((candidate) => candidate.id === job.id);
    expect(stored?.phase).toBe('unconfirmed');
    expect(stored?.error?.code).toBe(40301);
    // The next UTC day, on both sides: the check with the same key finds the generation.
    server.state.clock.advance(13 * 60 * 60_000);
    clock.set(stored?.nextAt ?? 0);
    await instance.drain();
    stored = (await generationJobsItem.get()).find((candidate) => candidate.id === job.id);
    expect(stored?.phase).toBe('running');
    const ledger = server.state.generations.credits([northwind])[0]?.ledger ?? [];
    const reserves = ledger.filter((entry) => entry.kind === 'reserve');
    expect(reserves).toHaveLength(FREE_DAILY_SUBMITS);
    expect(reserves.filter((entry) => entry.generation_id === stored?.generationId)).toHaveLength(1);
  });
});

describe('the stored jobs, as the worker and the popup read them', () => {
  it('keeps every job the tracker stores and skips tampered ones', async () => {
    const fake = fakeApi();
    fake.answer(generation('success', [['img-1', 'success']]));
    const { instance } = tracker(fake.api);
    await instance.submit(choice, 'Acme');
    await instance.drain();
    clock.set(clock() + GENERATION_POLICY.pollMaxMs);
    await instance.drain();
    const stored = await generationJobsItem.get();
    expect(stored).toHaveLength(1);
    const tampered = [
      { ...stored[0], phase: 'hacked' },
      { ...stored[0], images: [{ id: 1 }] },
      { ...stored[0], error: { code: 'made_up', message: 'x' } },
      null,
      'job',
    ];
    await fakeBrowser.storage.local.set({ generationJobs: [...tampered, ...stored] });
    expect(await generationJobsItem.get()).toEqual(stored);
    await fakeBrowser.storage.local.set({ generationJobs: { not: 'an array' } });
    expect(await generationJobsItem.get()).toEqual([]);
  });
});
