// @vitest-environment happy-dom
import { onlineManager } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { browser, type Browser } from 'wxt/browser';
import GenerateTab from '@/components/generate/generate-tab';
import { EMPTY_DRAFT, useGenerateStore } from '@/components/generate/generate-store';
import { GenerationTracker } from '@/lib/background/jobs/generation-tracker';
import type { GenerationChoice } from '@/lib/contract/generation-fields';
import { storedGenerationJobs } from '@/lib/storage/generation-jobs';
import { manualClock, TEST_NOW } from '../../support/clock';
import { BOARD, boardAd, KEY, keepWorld, SERVICE } from '../../support/keep-world';
import { testAd } from '../../support/ads';
import { pageWorld, tick, typeInto } from '../../support/page-world';
import { waitForPage } from '../../support/react-root';

/**
 * "Nothing lost": a user who closes the side panel (or whose panel is reloaded) in the middle of
 * something finds it as it was or finished when the panel opens again, never half-done and never
 * silently dropped. Each test does something in a real view, closes the panel (the view unmounted,
 * the page's `pagehide`, its modules gone) and looks at what the user finds.
 */

const { cleanups, render } = pageWorld(() =>
  useGenerateStore.setState({ draft: EMPTY_DRAFT, fromAd: null, earlierPrompt: null }),
);

const BRAND = { id: 'brand-acme', name: 'Acme Outdoor', locked: false };
const BRIEF = 'Acme trail tent for two, pitched at dusk by a lake; warm light, steam rising from a mug.';

type Message = { type: string; payload?: unknown };

/** The background as the Generate view meets it: the owned brands, and `submit` for a brief sent. */
function background(
  submit: (message: Message) => Promise<unknown> = async () => ({
    ok: true,
    data: { choice: { size: 1 }, brandName: BRAND.name },
  }),
) {
  const sent: string[] = [];
  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: Message) => {
    sent.push(message.type);
    if (message.type === 'ownedBrands.list') return { ok: true, data: { items: [BRAND] } };
    if (message.type === 'generation.submit') return submit(message);
    return { ok: true, data: {} };
  }) as typeof browser.runtime.sendMessage);
  return sent;
}

/** The brief form's field, in `within` (a panel's root). */
async function briefField(within: ParentNode = document): Promise<HTMLTextAreaElement> {
  return waitForPage(() => {
    const field = within.querySelector<HTMLTextAreaElement>('.generate-form textarea');
    if (!field) throw new Error('no brief form yet');
    return field;
  });
}

const generateButton = (within: ParentNode = document) =>
  within.querySelector<HTMLButtonElement>('.generate-form button[type="submit"]');

/** The panel closes: the view goes, the page hears `pagehide`, and nothing of its memory is left. */
async function closePanel(unmount: () => Promise<void>) {
  await unmount();
  window.dispatchEvent(new Event('pagehide'));
  await tick();
}

/**
 * A panel page opened anew (its own modules, its stores read back from localStorage), showing the
 * Generate view in `host`.
 */
async function openPanel(host: HTMLElement): Promise<() => Promise<void>> {
  vi.resetModules();
  const { default: Tab } = await import('@/components/generate/generate-tab');
  const { QueryClientProvider } = await import('@tanstack/react-query');
  const { createQueryClient } = await import('@/components/ui/mount');
  const root = createRoot(host);
  let mounted = true;
  const unmount = async () => {
    if (!mounted) return;
    mounted = false;
    await act(async () => root.unmount());
  };
  cleanups.push(unmount);
  const page: ReactNode = (
    <QueryClientProvider client={createQueryClient()}>
      <Tab />
    </QueryClientProvider>
  );
  await act(async () => root.render(page));
  return unmount;
}

/** What the Generate view says, apart from the brand picker's own list of names. */
function saidInView(within: ParentNode = document): string {
  const section = within.querySelector('.generate');
  if (!section) return '';
  const copy = section.cloneNode(true) as HTMLElement;
  for (const select of copy.querySelectorAll('select')) select.remove();
  return copy.textContent ?? '';
}

describe('Generate pressed while the browser is offline, then the panel closed', () => {
  // The Wi-Fi drops for a moment. The user presses Generate: the button says "Submitting…", and
  // they close the panel, trusting the job to the background (which keeps a submit it cannot send
  // and tries it again with backoff). But the page's query client pauses every mutation while the
  // browser is offline (TanStack's default networkMode 'online'; createQueryClient in
  // components/ui/mount.tsx sets none), so generation.submit never left the page: the job is not
  // in the background, and it dies with the panel.
  it('hands the brief to the background before the panel can go, so it is sent once the network is back', async () => {
    const sent = background();
    cleanups.push(() => {
      onlineManager.setOnline(true);
    });
    useGenerateStore.getState().update({ brandId: BRAND.id, prompt: BRIEF });
    const unmount = await render(<GenerateTab />);
    await briefField();

    await act(async () => window.dispatchEvent(new Event('offline')));
    await act(async () => generateButton()?.click());
    await act(tick);

    await closePanel(unmount);
    expect(sent).toContain('generation.submit');
  });
});

describe('Generate pressed just before the panel is closed', () => {
  // The user presses Generate and closes the panel at once. The background has the job (the real
  // tracker stores it before anything is sent) and the service is working on it. The panel opens
  // again on Generate: the same brief, the same enabled Generate button, and not a word that a
  // generation of it was started: the "Started: … for Acme Outdoor" notice was the mutation's
  // state in the closed page (use-generate-form.ts), and the view reads no stored job. A user who
  // wonders whether the click went through presses again, and pays for a second generation.
  it('says on reopening that a generation of this brief was started', async () => {
    let id = 0;
    const tracker = new GenerationTracker({
      // The service is working on it: its answer is not in yet.
      api: {
        submit: () => new Promise(() => undefined),
        get: () => new Promise(() => undefined),
        image: () => new Promise(() => undefined),
      },
      schedule: () => undefined,
      now: manualClock(),
      random: () => 0.5,
      newId: () => `key-${(id += 1).toString().padStart(4, '0')}`,
    });
    const answered: (() => void)[] = [];
    background(async (message) => {
      const { choice, brandName } = message.payload as { choice: GenerationChoice; brandName: string };
      const job = await tracker.submit(choice, brandName);
      // The worker's answer is on its way back as the panel closes.
      await new Promise<void>((resolve) => answered.push(resolve));
      return { ok: true, data: job };
    });
    useGenerateStore.getState().update({ brandId: BRAND.id, prompt: BRIEF });
    const unmount = await render(<GenerateTab />);
    await briefField();
    await act(async () => generateButton()?.click());
    await waitForPage(async () => expect(await storedGenerationJobs.get()).toHaveLength(1));

    await closePanel(unmount);
    for (const answer of answered) answer();
    expect((await storedGenerationJobs.get())[0]?.brandName).toBe(BRAND.name);

    const host = document.getElementById('root') as HTMLElement;
    await openPanel(host);
    const brief = await briefField(host);
    expect(brief.value).toBe(BRIEF);
    await waitForPage(() => expect(saidInView(host)).toContain(BRAND.name));
  });
});

describe('a brief written in the panel of one window, while a panel is open in another', () => {
  // Two browser windows, each with Adscope's panel open on Generate (both opened on an empty
  // brief). In window 1 the user writes the brief. In window 2, a moment later, they set the number
  // of images to 2. Each panel's store is a zustand `persist` over the same localStorage, read once
  // as the page starts and never again (generate-store.ts, persistValidated in
  // components/ui/persist.ts): window 2 neither shows the brief nor merges it, and its first change
  // writes its whole stale draft back, with an empty brief. The brief written in window 1 is gone,
  // in both panels' storage, with nothing said.
  it('keeps the brief written in one window when the other window’s panel changes the draft', async () => {
    background();
    useGenerateStore.getState().update({ brandId: BRAND.id });
    const first = document.createElement('div');
    const second = document.createElement('div');
    document.body.append(first, second);
    await openPanel(first);
    await openPanel(second);
    await briefField(first);
    await briefField(second);

    // Window 1: the brief is written, and the browser tells the other window's page of the write.
    const before = localStorage.getItem('adscope.generate');
    await act(async () => typeInto(await briefField(first), BRIEF));
    await act(async () =>
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'adscope.generate',
          oldValue: before,
          newValue: localStorage.getItem('adscope.generate'),
          storageArea: localStorage,
        }),
      ),
    );

    // Window 2: two images instead of one.
    const size = second.querySelector<HTMLInputElement>('.generate-form input[type="number"]');
    if (!size) throw new Error('no size field in the second panel');
    await act(async () => typeInto(size, '2'));

    const stored = JSON.parse(localStorage.getItem('adscope.generate') ?? '{}') as {
      state?: { draft?: { prompt?: string; size?: number } };
    };
    expect(stored.state?.draft?.prompt).toBe(BRIEF);
    expect(stored.state?.draft?.size).toBe(2);
    expect((await briefField(second)).value).toBe(BRIEF);
  });
});

describe('Keep this board, the panel closed while the keeper works', () => {
  // The user keeps a board's creatives (two ads, both on cdn.example) and closes the panel while the
  // keeper, in the background, is still on the first. The docs say keeping goes on in the
  // background. But the site access the click asked for is held only by the panel's port
  // (use-board-vault.ts keep, holdReportGrants): the port closes with the panel and the background
  // gives the access back at once (report-grants.ts, onDisconnect → giveBack), though the keeper
  // still has the board's jobs. Its next fetch, from the worker to a site it no longer has access
  // to, is refused by the browser like every cross-origin read: the second creative is never kept.
  it('keeps the whole board, the creatives after the panel closed too', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
    cleanups.push(() => {
      vi.useRealTimers();
    });
    const world = keepWorld();
    cleanups.push(() => world.dispose());
    await world.connect();
    const first = 'https://cdn.example/tent-1.png';
    const second = 'https://cdn.example/tent-2.png';
    world.service.board(SERVICE, KEY, BOARD.id, [boardAd('ad-1', [first]), boardAd('ad-2', [second])]);
    world.media.kinds.set(first, 'hang');
    world.media.kinds.set(second, 'hang');
    // The browser: a worker's fetch of a creative on a site Adscope has no access to is refused.
    world.media.onRequest = () => {
      if (!world.granted.has('https://cdn.example/*')) throw new TypeError('Failed to fetch');
    };
    await world.settle();
    await world.mount();
    await world.prepare();
    expect(world.question()).toMatch(/^Keep 2 creatives of 2 ads not kept yet/);
    await world.keep();
    expect(world.line()).toMatch(/^Keeping creatives/);
    expect(world.media.hanging).toBe(1);

    // The panel closes: its view goes, and its ports to the background close with the page.
    await world.unmount();
    for (const result of vi.mocked(browser.runtime.connect).mock.results)
      if (result.type === 'return') (result.value as Browser.runtime.Port).disconnect();
    await world.settle();

    // The keeper goes on in the background: each creative answers as it is asked for.
    for (let round = 0; round < 3; round += 1) {
      world.media.answerHanging();
      await world.settle();
    }
    expect(await world.keptOf(['ad-1', 'ad-2'])).toBe(2);
  });
});

describe('Save pressed in the save dialog, the panel closed at once', () => {
  // The user picks "Tents" and presses Save. The dialog closes at once and a toast says "Saving to
  // Tents…" ("the save itself goes to the outbox, so the dialog closes at once and nothing is
  // lost", use-save-form.ts), so the user closes the panel. save-store.ts `save` loaded the
  // snapshot builder as a chunk of its own at the first save (`await import(...)`) and only then
  // sent outbox.save: a panel closed while that file was fetched took the save with it.
  it('hands the save to the background before the dialog says it is saving', async () => {
    // A module the save loads only when it is made comes as a file of its own, fetched from the
    // extension's files: on its way as the panel closes. Whatever the save needs is loaded with the
    // dialog, so nothing is fetched between the click and the message.
    let dialogShown = false;
    let loadedAtSave = false;
    vi.resetModules();
    vi.doMock('@/lib/contract/ad-snapshot', async (original) => {
      loadedAtSave = dialogShown;
      return original();
    });
    cleanups.push(() => {
      vi.doUnmock('@/lib/contract/ad-snapshot');
    });
    let open = true;
    const sentWhileOpen: string[] = [];
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: Message) => {
      if (open) sentWhileOpen.push(message.type);
      if (message.type === 'boards.tree')
        return { ok: true, data: { items: [{ board_id: 'board-tents', name: 'Tents', ad_num: 0, children: [] }] } };
      if (message.type === 'boards.local') return { ok: true, data: { items: [], writes: 'accepted' } };
      if (message.type === 'outbox.save') return { ok: true, data: { id: 'entry-1' } };
      return { ok: true, data: {} };
    }) as typeof browser.runtime.sendMessage);
    const { SaveDialog } = await import('@/components/boards/save-dialog');
    const { useSaveStore } = await import('@/components/ads/save-store');
    const { QueryClientProvider } = await import('@tanstack/react-query');
    const { createQueryClient } = await import('@/components/ui/mount');
    const root = createRoot(document.getElementById('root') as HTMLElement);
    let mounted = true;
    const unmount = async () => {
      if (!mounted) return;
      mounted = false;
      await act(async () => root.unmount());
    };
    cleanups.push(unmount);
    await act(async () =>
      root.render(
        <QueryClientProvider client={createQueryClient()}>
          <SaveDialog />
        </QueryClientProvider>,
      ),
    );
    dialogShown = true;
    await act(async () => useSaveStore.getState().openDialog(testAd({ id: 'ad-1', title: 'Two-person tent' })));
    const tents = await waitForPage(() => {
      const radio = document.querySelector<HTMLInputElement>('input[type="radio"][name="board"]');
      if (!radio) throw new Error('no boards yet');
      return radio;
    });
    await act(async () => tents.click());
    await act(async () => document.querySelector<HTMLButtonElement>('.save-form button[type="submit"]')?.click());
    await act(tick);
    // The dialog has closed and the toast says the save is on its way: the user closes the panel.
    expect(useSaveStore.getState().dialogAd).toBeNull();
    expect(useSaveStore.getState().toasts.map((toast) => toast.message)).toEqual(['Saving to Tents…']);
    await closePanel(unmount);
    open = false;

    await tick();
    expect(loadedAtSave).toBe(false);
    expect(sentWhileOpen).toContain('outbox.save');
  });
});
