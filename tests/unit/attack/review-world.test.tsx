// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { choiceFromDraft } from '@/components/generate/draft';
import { EMPTY_DRAFT, type GenerateDraft, useGenerateStore } from '@/components/generate/generate-store';
import { type Api, createApi } from '@/lib/background/api';
import type { RequestOptions, Transport } from '@/lib/background/api/transport';
import { createBoards } from '@/lib/background/boards';
import { GenerationTracker } from '@/lib/background/jobs/generation-tracker';
import { SaveOutbox } from '@/lib/background/jobs/save-outbox';
import type { ApiPath } from '@/lib/contract/path';
import { storedGenerationJobs } from '@/lib/storage/generation-jobs';
import { closeVault, deleteVault } from '@/lib/vault/db';
import { mirrorBoard, saveLocal } from '@/lib/vault/local-boards';
import { manualClock, TEST_NOW } from '../../support/clock';
import { pageWorld } from '../../support/page-world';
import { waitForPage } from '../../support/react-root';

/**
 * A review of the day's changes, from the user's side: a board kept in this browser under the
 * name a service gave it, copied to another service; and Generate's "Already started" notice, read
 * from the stored jobs, for a brief as people write it and for a brief started twice.
 */

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

describe('Copy to the service, of a board named by a read-only service with a tab in its name', () => {
  const SERVICE = 'https://api.example.com';
  const made: string[] = [];
  let ids = 0;

  /** A service that takes board writes and lists no board yet: a new board is made for the copy. */
  function writableService(): Api {
    const boards: { id: string; name: string }[] = [];
    const respond = <T,>(method: string, path: ApiPath, request: RequestOptions<T>): T => {
      const parse = (data: unknown) => request.schema.parse(data);
      if (method === 'GET' && path === '/open/v1/boards')
        return parse({ items: boards.map((b) => ({ board_id: b.id, name: b.name, ad_num: 0, children: [] })) });
      if (method === 'POST' && path === '/open/v1/boards') {
        const { name } = request.body as { name: string };
        made.push(name);
        const id = `made-${made.length}`;
        boards.push({ id, name });
        return parse({ board_id: id, name });
      }
      const boardId = path.split('/')[4] ?? '';
      return parse({ board_id: boardId, ad_id: 'x', ad_num: 1 });
    };
    const transport: Transport = {
      get: async (path, request) => respond('GET', path, request),
      post: async (path, request) => respond('POST', path, request),
      delete: async (path, request) => respond('DELETE', path, request),
    };
    return createApi(transport);
  }

  beforeEach(async () => {
    fakeBrowser.reset();
    made.length = 0;
    await closeVault();
    await deleteVault();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await closeVault();
    await deleteVault();
  });

  // Service X's boards API is read-only; its board "Spring launch<TAB>shortlist" (pasted from a
  // spreadsheet, and accepted by X) is where the user saves ads, so Adscope keeps them in this browser
  // on a board of that very name (mirrorBoard names it as the save carried it: outbox.save takes
  // any string up to 200). Later the user connects service Y, which takes board writes, and presses
  // "Copy to the service". Today's boardNameSchema (lib/contract/boards.ts) refuses any \p{Cc}, and
  // copyOnce() (lib/background/boards.ts) passes the name through serviceBoardName(), which only
  // trims and shortens, to api.boards.create → parseInput(createBoardBodySchema): "A board name
  // cannot hold control characters…". A name the user never typed, on a board this browser offers
  // no way to rename: the board can never be copied.
  it('copies it, under a name the service takes', async () => {
    const here = await mirrorBoard(
      'https://api.service-x.example',
      'x-17',
      'Spring launch\tshortlist',
      'c0ffee00-0000-4000-8000-000000000002',
      TEST_NOW,
    );
    await saveLocal(
      here.id,
      { id: 'a1', title: 'Ad a1', brand_name: 'Acme', images: [{ url: 'https://cdn.example/a1.png' }] },
      [],
      TEST_NOW,
    );
    const clock = manualClock();
    const api = writableService();
    const outbox: SaveOutbox = new SaveOutbox({
      send: (entry) => boards.send(entry),
      schedule: () => undefined,
      now: clock,
      random: () => 1,
      newId: () => `e${++ids}`,
      autoDrain: false,
    });
    const boards = createBoards({
      api,
      apiFor: () => api,
      service: async () => SERVICE,
      clock,
      newId: () => `id-${++ids}`,
      enqueueSave: (save) => outbox.enqueue({ op: 'save', ...save }),
    });

    await expect(boards.copyToService(here.id)).resolves.toMatchObject({ queued: 1 });
    expect(made).toHaveLength(1);
  });
});

describe('Generate, reopened on a brief whose generation was started before', () => {
  const { render } = pageWorld(() =>
    useGenerateStore.setState({ draft: EMPTY_DRAFT, fromAd: null, earlierPrompt: null }),
  );
  const BRAND = { id: 'brand-acme', name: 'Acme Outdoor', locked: false };
  const BRIEF = 'Acme trail tent for two, pitched at dusk by a lake; warm light, steam rising from a mug.';
  type Message = { type: string; payload?: unknown };

  /**
   * The panel opened anew on Generate: its own modules (a stored item's watch of another file's
   * page is not this one's), its stores read back from localStorage.
   */
  async function openPanel(): Promise<void> {
    vi.resetModules();
    const { default: Tab } = await import('@/components/generate/generate-tab');
    const { QueryClientProvider } = await import('@tanstack/react-query');
    const { createQueryClient } = await import('@/components/ui/mount');
    await render(
      <QueryClientProvider client={createQueryClient()}>
        <Tab />
      </QueryClientProvider>,
    );
  }

  /** The background as the Generate view meets it: the owned brands. */
  function background() {
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: Message) => {
      if (message.type === 'ownedBrands.list') return { ok: true, data: { items: [BRAND] } };
      return { ok: true, data: {} };
    }) as typeof browser.runtime.sendMessage);
  }

  /** The real tracker, whose service is working on every brief (no answer yet). */
  function tracker() {
    let id = 0;
    const clock = manualClock();
    const jobs = new GenerationTracker({
      api: {
        submit: () => new Promise(() => undefined),
        get: () => new Promise(() => undefined),
        image: () => new Promise(() => undefined),
      },
      schedule: () => undefined,
      now: clock,
      random: () => 0.5,
      newId: () => `key-${(id += 1).toString().padStart(4, '0')}`,
    });
    return { jobs, clock };
  }

  /** Starts the draft's brief as the form does: the choice it makes, sent to the tracker. */
  async function start(jobs: GenerationTracker, draft: GenerateDraft) {
    const made = choiceFromDraft(draft);
    if (!('choice' in made)) throw new Error('the draft makes no request');
    await jobs.submit(made.choice, BRAND.name);
  }

  /** What the form's status notices say, once the view has read the stored jobs. */
  async function notice(): Promise<string> {
    await waitForPage(() => {
      if (!document.querySelector('.generate-form textarea')) throw new Error('no brief form yet');
    });
    // The stored jobs are read as the view mounts: a status line comes once they are in (or never).
    const said = () =>
      [...document.querySelectorAll('.generate-form p[role="status"]')].map((p) => p.textContent).join(' ');
    await waitForPage(() => expect(said()).not.toBe(''), { timeout: 5_000 }).catch(() => undefined);
    return said();
  }

  // The user writes the brief and ends it with Enter, as one does in a text area: the brief is
  // "…a mug.\n". Generate sends it as written (choiceFromDraft and promptSchema trim nothing, so
  // the job's choice.prompt keeps the newline), then the panel closes. Opened again on the same
  // draft, the view looks for a job of `draft.prompt.trim()` (generate-tab.tsx BriefForm,
  // startedBefore): "…a mug." is not "…a mug.\n", so nothing says the brief was started, and a
  // user unsure the first press went through pays for a second generation.
  it('says a brief ending in a new line was already started', async () => {
    background();
    const { jobs } = tracker();
    const draft: GenerateDraft = { ...EMPTY_DRAFT, brandId: BRAND.id, prompt: `${BRIEF}\n` };
    await start(jobs, draft);
    expect(await storedGenerationJobs.get()).toHaveLength(1);

    useGenerateStore.setState({ draft });
    await openPanel();

    expect(await notice()).toContain(`Already started`);
  });

  // The user started the brief as one image, then a minute later, on purpose, as four images
  // (the notice made the second press a choice). Both are still being made. Reopened, the view
  // says "Already started at <the first time>: 1 image of this brief": the tracker keeps its jobs
  // newest first (GenerationTracker.submit, jobs.unshift), and startedBefore in generate-tab.tsx
  // takes `findLast`, the oldest matching job, not the start the user made last.
  it('names the last start of the brief, not the first one', async () => {
    background();
    const { jobs, clock } = tracker();
    const draft: GenerateDraft = { ...EMPTY_DRAFT, brandId: BRAND.id, prompt: BRIEF };
    await start(jobs, { ...draft, size: 1 });
    clock.advance(60_000);
    await start(jobs, { ...draft, size: 4 });
    const stored = await storedGenerationJobs.get();
    expect(stored.map((job) => job.choice.size)).toEqual([4, 1]);

    useGenerateStore.setState({ draft: { ...draft, size: 4 } });
    await openPanel();

    expect(await notice()).toContain('4 images of this brief');
  });
});
