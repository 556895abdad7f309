// @vitest-environment happy-dom
import { act } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { GenerationJobs } from '@/components/popup/generation-jobs';
import { createDefaultApi } from '@/lib/background/api';
import { type GenerationApi, generationJobsItem, GenerationTracker } from '@/lib/background/jobs/generation-tracker';
import type { GenerationChoice } from '@/lib/contract/generation-fields';
import type { GeneratedImage, Generation } from '@/lib/contract/image-generations';
import { applyLanguageChoice, forgetCatalogues, type LanguageSources } from '@/lib/i18n/runtime';
import { ApiError } from '@/lib/messaging/api-error';
import { settingsItem } from '@/lib/storage/settings';
import type { RunningServer } from '@/server/app';
import { FREE_DAILY_SUBMITS } from '@/server/generations';
import { compiledLanguage } from '../../../scripts/i18n/catalogues';
import { fixedClock, manualClock } from '../../support/clock';
import { connectTo } from '../../support/connection';
import { reactRoot, waitForPage } from '../../support/react-root';
import { withServer } from '../../support/server';

/**
 * Image generation while the world changes under it: the worker dies with a submit on its way,
 * the image service is out for half a minute as a generation ends, the service answers with
 * far more images than were asked for, and the language is changed while a job is kept. Each
 * job is made by the real tracker (lib/background/jobs/generation-tracker.ts) and, where the
 * symptom is on screen, the popup's list (components/popup/generation-jobs.tsx) is drawn from
 * what the tracker stored.
 */
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const page = reactRoot();

const choice: GenerationChoice = { prompt: 'Trail shoes for spring', brand_id: 'brand-1', size: 2 };

let clock = manualClock();
function tracker(api: GenerationApi) {
  let id = 0;
  return new GenerationTracker({
    api,
    schedule: () => undefined,
    now: clock,
    random: () => 0.5,
    newId: () => `key-${(id += 1).toString().padStart(4, '0')}`,
  });
}

const rendered = (imageId: string): GeneratedImage => ({
  id: imageId,
  status: 'success',
  url: `https://media.example.com/${imageId}.png`,
  concept: null,
  error: null,
  width: 1080,
  height: 1080,
});

const ended = (imageIds: string[], status = 'success'): Generation => ({
  generation_id: 'gen-1',
  status,
  image_ids: imageIds,
  concept_ids: [],
  images: imageIds.map((image_id) => ({ image_id, status: 'success' })),
});

/** A service with one generation, whose GET and image details each test scripts. */
function service(answer: () => Generation, image: (imageId: string) => Promise<GeneratedImage>) {
  const details: string[] = [];
  const api: GenerationApi = {
    submit: async () => ({ generation_id: 'gen-1', status: 'pending', image_ids: [], concept_ids: [], images: [] }),
    get: async () => answer(),
    image: (_, imageId) => {
      details.push(imageId);
      return image(imageId);
    },
  };
  return { api, details };
}

/** Polls as the worker's timer would: the clock moved to each job's next step, then a pass. */
async function runFor(jobs: GenerationTracker, ms: number): Promise<void> {
  const until = clock() + ms;
  await jobs.drain();
  for (let step = 0; step < 100 && clock() < until; step += 1) {
    const next = (await generationJobsItem.get()).find((job) => job.phase === 'running' || job.phase === 'submitting');
    if (!next) return;
    clock.set(Math.max(clock() + 1, next.nextAt));
    await jobs.drain();
  }
}

async function showPopupList() {
  await act(async () => page.root.render(<GenerationJobs />));
}
const meta = () => [...page.host.querySelectorAll('.job-meta')].map((line) => line.textContent ?? '');

beforeEach(() => {
  fakeBrowser.reset();
  clock = manualClock();
});

describe('the worker dies with a submit on its way (lib/background/jobs/generation-tracker.ts sendSubmit)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await withServer({ timeScale: 0 });
  });
  afterAll(() => server.close());

  /*
   * Scenario: on the free plan, the user's fifth generation of the day is submitted; the service
   * takes it and reserves its credits, but Chrome stops the worker (or the browser is closed)
   * before the answer is read. The next worker sends the same key again, as it should, and the
   * local free-plan quota gate, which the contract says runs before the idempotency lookup and
   * counts retries (4.16, retry rule 1), refuses it with 40301. The popup then says "This
   * generation failed" (with Retry) for a generation the user was charged for and that is
   * rendering on the service, and nothing checks it again by itself.
   *
   * Cause: GenerationTracker.sendSubmit marks a job `maybeCreated` only in the catch of the
   * attempt that lost its answer. An attempt lost with the worker itself leaves no trace in the
   * stored job (phase 'submitting', submitAttempts 0, no maybeCreated), so the new worker's plan
   * refusal goes to `fail()` instead of 'unconfirmed', against the tracker's own rule "a submit
   * that may have been created and charged is never shown as failed".
   */
  it('a plan refusal of the resent key after a restart is "not confirmed yet", never "failed"', async () => {
    const free = server.state.data.workspaces.find((workspace) => workspace.plan === 'free');
    if (!free) throw new Error('the demo data has no free workspace');
    const brand = free.ownedBrands[0]?.id ?? '';
    await connectTo(server.baseUrl, free.apiKey);
    const client = createDefaultApi({ retryLimit: 0, clock: fixedClock() }).generations;
    // Four of the day's five requests went to other briefs.
    for (let i = 0; i < FREE_DAILY_SUBMITS - 1; i += 1) {
      await client.submit({ idempotency_key: `earlier-${i}-0000`, prompt: `Brief ${i}`, brand_id: brand, size: 1 });
    }

    // The worker that dies: its request reaches the service, its answer never reaches the job.
    let reached: Promise<Generation> | null = null;
    const dying = tracker({
      submit: (body) => {
        reached = client.submit(body);
        return new Promise<Generation>(() => undefined);
      },
      get: () => new Promise<Generation>(() => undefined),
      image: () => new Promise<GeneratedImage>(() => undefined),
    });
    const job = await dying.submit({ prompt: 'Cold brew at dawn', brand_id: brand, size: 2 }, 'Northwind Roasters');
    await waitForPage(() => expect(reached).not.toBeNull());
    const made = await (reached as Promise<Generation> | null);
    const reserves = (server.state.generations.credits([free])[0]?.ledger ?? []).filter(
      (entry) => entry.kind === 'reserve' && entry.generation_id === made?.generation_id,
    );
    // The service made the generation and charged for it.
    expect(reserves).toHaveLength(1);

    // A new worker picks the job up from storage and sends the same key again.
    const next = tracker(client);
    await next.drain();
    const stored = (await generationJobsItem.get()).find((candidate) => candidate.id === job.id);
    expect(stored?.error?.code).toBe(40301);
    expect(stored?.phase).toBe('unconfirmed');
  });
});

describe('the image service out for half a minute as a generation ends (generation-tracker.ts apply)', () => {
  /*
   * Scenario: a generation of two images ends with `success`. Just then the image-detail
   * endpoint (4.18) answers 50001, "upstream image service unavailable", which the contract
   * lists as transient, for about half a minute, while the generation's own status (4.17) still
   * answers. When the service is back, the two paid images are there to read.
   *
   * Symptom: Adscope has already given up: after five polls (10 to 25 s) both images are
   * "No readable address", the job is "Done" (a `done` job has no Retry and is never polled
   * again), and the popup says the service "may name the image URL differently". The credits
   * are spent and the images are never shown.
   *
   * Cause: GenerationTracker.imageDetails swallows every detail failure alike, and apply()
   * counts each poll with an unread image against GENERATION_POLICY.maxTerminalPolls (5),
   * whatever the failure was: a transient one (50001, network, timeout, 429) spends the same
   * small budget as a permanent one, unlike a failed poll, which rides out 40 failures with
   * backoff (pollMayRetry).
   */
  it('reads the paid images once the service is back, instead of marking them unreadable for good', async () => {
    let outage = true;
    const { api } = service(
      () => ended(['img-1', 'img-2']),
      async (imageId) => {
        if (outage) throw new ApiError({ code: 50001, message: 'Image service unavailable.', retryable: true });
        return rendered(imageId);
      },
    );
    const jobs = tracker(api);
    await jobs.submit(choice, 'Acme');
    // The first half minute after the end: the details cannot be read.
    await runFor(jobs, 30_000);
    outage = false;
    await runFor(jobs, 2 * 60_000);
    const [job] = await generationJobsItem.get();
    expect(job?.images.map((image) => image.status)).toEqual(['success', 'success']);
  });
});

describe('a service that answers with 1000 times the images asked for (generation-tracker.ts apply)', () => {
  /*
   * Scenario: the user asks for 2 images (and is charged for 2: size times the rate, 4.16). The
   * service, faulty, lists 2000 image ids for the generation, all rendered.
   *
   * Symptom: the worker reads all 2000 image details, one request after another in a single
   * poll, and stores all 2000 images in the job; the popup says "2000 of 2 images" and shows
   * no "Not what was asked" warning.
   *
   * Cause: GenerationTracker.apply() adds every id of `generation.image_ids` to the job and
   * imageDetails() asks for each one; nothing bounds them by `choice.size` (the contract: "size
   * variants, one image each"), and generationMismatch() (lib/contract/checks.ts) compares only
   * the aspect ratio and the language.
   */
  it('reads and counts no more images than were asked for', async () => {
    const ids = Array.from({ length: 2000 }, (_, index) => `img-${index + 1}`);
    const fake = service(
      () => ended(ids),
      async (imageId) => rendered(imageId),
    );
    const jobs = tracker(fake.api);
    await jobs.submit(choice, 'Acme');
    await runFor(jobs, 60_000);

    await showPopupList();
    await waitForPage(() => expect(meta()).toHaveLength(1));
    expect(meta()[0]).toMatch(/^2 of 2 images/);
    expect(fake.details.length).toBeLessThanOrEqual(choice.size ?? 1);
  });
});

describe('the language changed while a job is kept (generation-tracker.ts apply, popup ErrorNotice)', () => {
  /** The pages' and the worker's sources: the stored choice, catalogues as the build ships them. */
  const sources: LanguageSources = {
    readChoice: async () => (await settingsItem.get()).language,
    fetchCatalogue: async (language) => compiledLanguage(language),
    preferred: () => ['en-US'],
  };
  async function choose(language: 'en' | 'de'): Promise<void> {
    await settingsItem.set({ theme: 'system', language });
    await applyLanguageChoice(sources);
  }
  beforeEach(() => forgetCatalogues());
  afterEach(async () => {
    fakeBrowser.reset();
    await applyLanguageChoice(sources);
  });

  /*
   * Scenario: the user works in German; a generation fails on the service. The user then
   * chooses English in Options and opens the popup.
   *
   * Symptom: the failed job's notice is half English, half German: "This generation failed" and
   * the English advice around "Aus diesem Briefing konnte kein Bild erstellt werden. …", a
   * sentence of Adscope's own (not the service's), frozen in the language of the moment it
   * failed, for as long as the job is listed.
   *
   * Cause: GenerationTracker.apply() stores the worded sentence t('api.generation.failed') as
   * job.error.message (and storedError keeps it), and the popup's JobNotices/ErrorNotice shows
   * `error.message` as stored instead of wording the `generation_failed` code in the language
   * shown now.
   */
  it('says why a failed generation failed in the language shown now, not the one it failed in', async () => {
    await choose('de');
    const jobs = tracker(
      service(
        () => ended([], 'failed'),
        async (imageId) => rendered(imageId),
      ).api,
    );
    await jobs.submit(choice, 'Acme');
    await runFor(jobs, 30_000);
    expect((await generationJobsItem.get())[0]?.phase).toBe('failed');

    await choose('en');
    await showPopupList();
    await waitForPage(() => expect(page.host.querySelector('[role="alert"]')).not.toBeNull());
    const notice = page.host.querySelector('[role="alert"]')?.textContent ?? '';
    expect(notice).toContain('This generation failed');
    expect(notice).not.toContain('Aus diesem Briefing');
    expect(notice).toContain('No image could be made from this brief.');
  });
});
