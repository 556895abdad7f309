// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { GenerationJobs } from '@/components/popup/generation-jobs';
import { endedNotice } from '@/lib/background/jobs/generation-runner';
import { type GenerationApi, generationJobsItem, GenerationTracker } from '@/lib/background/jobs/generation-tracker';
import type { GenerationChoice } from '@/lib/contract/generation-fields';
import { type GeneratedImage, type Generation, generationSchema } from '@/lib/contract/image-generations';
import { ApiError } from '@/lib/messaging/api-error';
import { manualClock, TEST_NOW } from '../../support/clock';
import { reactRoot, waitForPage } from '../../support/react-root';

/**
 * What the popup's list of generations (and the notification the worker shows when one ends)
 * says, against what the tracker actually did. Each job here is made by the real tracker from
 * a scripted service, then the popup is drawn from what the tracker stored.
 *
 * 1. The service says `success`, but the tracker has not read the images yet (their details
 *    keep failing for a moment): the job is still running (polled, counted on the badge, no
 *    Remove button, its slots "Rendering…"), yet the popup's chip already says "Done".
 * 2. The service says `success` with image ids Adscope cannot keep (numbers, as many services
 *    use): the tracker ends the job with no image at all. The popup's slots say "Rendering…"
 *    for a job that is over, and the notification says "Your images are ready" for none.
 * 3. The clock is set back an hour between two generations: the tracker keeps the newest
 *    first, but the popup sorts by the clock's createdAt and puts the new job last.
 * 4. "Run again" (and every popup action) refused by the worker, e.g. storage full: the popup
 *    shows the job's own stored error only, never the action's, so the click does nothing
 *    visible.
 * 5. "Run again" on a generation the service failed within ten seconds of its start (a quick
 *    refusal): the tracker's double-click guard takes the failed job for the same click and
 *    hands it back, so nothing is sent, no new job appears, and the popup's button does nothing.
 */
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const page = reactRoot();

const choice: GenerationChoice = { prompt: 'Trail shoes for spring', brand_id: 'brand-1', size: 2 };

/** A scripted image service: one generation per key, the answers each test gives. */
function service(answer: () => Generation, image: (imageId: string) => Promise<GeneratedImage>): GenerationApi {
  let made = 0;
  return {
    submit: async () => ({
      generation_id: `gen-${(made += 1)}`,
      status: 'pending',
      image_ids: [],
      concept_ids: [],
      images: [],
    }),
    get: async () => answer(),
    image: (_, imageId) => image(imageId),
  };
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

async function showPopupList() {
  await act(async () => page.root.render(<GenerationJobs />));
}
const chips = () => [...page.host.querySelectorAll('.job-status')].map((chip) => chip.textContent);
const slots = () => [...page.host.querySelectorAll('.job-images li')].map((slot) => slot.textContent);

beforeEach(() => {
  fakeBrowser.reset();
  clock = manualClock();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the popup’s words for a generation, against what the tracker did', () => {
  it('does not say "Done" while the tracker is still reading the images of a generation the service ended', async () => {
    const ended: Generation = {
      generation_id: 'gen-1',
      status: 'success',
      image_ids: ['img-1', 'img-2'],
      concept_ids: [],
      images: [
        { image_id: 'img-1', status: 'success' },
        { image_id: 'img-2', status: 'success' },
      ],
    };
    const jobs = tracker(
      service(
        () => ended,
        async () => {
          throw new ApiError({ code: 'network', message: 'connection dropped', retryable: true });
        },
      ),
    );
    await jobs.submit(choice, 'Acme');
    await jobs.drain();
    clock.advance(10_000);
    await jobs.drain();
    const [job] = await generationJobsItem.get();
    // The tracker is not done: it polls again for the image details, and the badge counts it.
    expect(job?.phase).toBe('running');

    await showPopupList();
    await waitForPage(() => expect(chips()).toHaveLength(1));
    expect(slots()).toEqual(['Image 1: Rendering…', 'Image 2: Rendering…']);
    expect(chips()[0]).not.toBe('Done');
  });

  it('says neither "Rendering…" nor "Your images are ready" for a generation that ended with no image Adscope could keep', async () => {
    // Numeric ids: `image_ids` keeps only strings, so the tracker sees none and ends the job.
    // The service's answer as the client reads it (the contract's own schema).
    const parsed = generationSchema.parse({
      generation_id: 'gen-1',
      status: 'success',
      image_ids: [101, 102],
      concept_ids: [],
      images: [],
    });
    const jobs = tracker(
      service(
        () => parsed,
        async (imageId) => rendered(imageId),
      ),
    );
    await jobs.submit(choice, 'Acme');
    await jobs.drain();
    clock.advance(10_000);
    await jobs.drain();
    const [job] = await generationJobsItem.get();
    expect(job?.phase).toBe('done');
    expect(job?.images).toEqual([]);

    await showPopupList();
    await waitForPage(() => expect(slots()).toHaveLength(2));
    expect(page.host.querySelector('.job-meta')?.textContent).toContain('0 of 2 images');
    // The job is over: no slot is still being made, and no notification says images are ready
    // when none was made.
    expect({
      stillRendering: slots().filter((slot) => slot?.includes('Rendering')),
      notificationSaysReady: job ? endedNotice(job).title === 'Your images are ready' : null,
    }).toEqual({ stillRendering: [], notificationSaysReady: false });
  });

  it('lists the newest generation first when the clock was set back between two', async () => {
    const pending = (): Generation => ({
      generation_id: 'gen-1',
      status: 'processing',
      image_ids: [],
      concept_ids: [],
      images: [],
    });
    const jobs = tracker(service(pending, async (imageId) => rendered(imageId)));
    clock.set(TEST_NOW);
    await jobs.submit(choice, 'Acme (first)');
    await jobs.drain();
    // The computer's clock is corrected back an hour; the user starts another generation.
    clock.set(TEST_NOW - 3_600_000);
    await jobs.submit({ ...choice, prompt: 'Rain jackets for autumn' }, 'Northwind (newest)');
    await jobs.drain();
    // The tracker keeps the newest first.
    expect((await generationJobsItem.get()).map((job) => job.brandName)).toEqual([
      'Northwind (newest)',
      'Acme (first)',
    ]);

    await showPopupList();
    await waitForPage(() => expect(chips()).toHaveLength(2));
    const brands = [...page.host.querySelectorAll('.job-header strong')].map((name) => name.textContent);
    expect(brands).toEqual(['Northwind (newest)', 'Acme (first)']);
  });

  it('says so when "Run again" is refused by the worker (storage full)', async () => {
    const failed: Generation = {
      generation_id: 'gen-1',
      status: 'failed',
      image_ids: ['img-1', 'img-2'],
      concept_ids: [],
      images: [
        { image_id: 'img-1', status: 'failed' },
        { image_id: 'img-2', status: 'failed' },
      ],
    };
    const jobs = tracker(
      service(
        () => failed,
        async (imageId) => ({ ...rendered(imageId), status: 'failed', url: null, error: 'refunded' }),
      ),
    );
    await jobs.submit(choice, 'Acme');
    await jobs.drain();
    clock.advance(10_000);
    await jobs.drain();
    expect((await generationJobsItem.get())[0]?.phase).toBe('failed');

    const sent: string[] = [];
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: { type: string }) => {
      sent.push(message.type);
      return {
        ok: false,
        error: {
          code: 'internal',
          httpStatus: null,
          message: 'Adscope could not write to the browser’s storage: QUOTA_BYTES quota exceeded',
          retryable: true,
        },
      };
    }) as typeof browser.runtime.sendMessage);

    await showPopupList();
    const runAgain = await waitForPage(() => {
      const button = [...page.host.querySelectorAll('button')].find((item) => item.textContent === 'Run again');
      if (!button) throw new Error('no Run again button');
      return button;
    });
    const before = page.host.textContent;
    await act(async () => runAgain.click());
    await waitForPage(() => expect(sent).toEqual(['generation.submit']));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(page.host.textContent).not.toBe(before);
    expect(page.host.textContent).toContain('storage');
  });

  it('"Run again" on a generation that failed within ten seconds of its start starts a new one', async () => {
    let submits = 0;
    const api = service(
      () => ({ generation_id: 'gen-1', status: 'failed', image_ids: [], concept_ids: [], images: [] }),
      async (imageId) => rendered(imageId),
    );
    const submit = api.submit;
    api.submit = (body) => {
      submits += 1;
      return submit(body);
    };
    const jobs = tracker(api);
    const first = await jobs.submit(choice, 'Acme');
    await jobs.drain();
    // The first poll, 3.5 s on, finds the generation refused.
    clock.advance(4_000);
    await jobs.drain();
    expect((await generationJobsItem.get())[0]?.phase).toBe('failed');

    // The popup's "Run again" sends the job's choice and brand again (useJobActions.again).
    clock.advance(4_000);
    const again = await jobs.submit(choice, 'Acme');
    await jobs.drain();
    const stored = (await generationJobsItem.get()).find((job) => job.id === again.id);
    expect({ sameJob: again.id === first.id, phase: stored?.phase, submits }).toEqual({
      sameJob: false,
      phase: 'running',
      submits: 2,
    });
  });
});
