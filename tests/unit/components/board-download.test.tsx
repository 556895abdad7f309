// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { strFromU8, unzipSync } from 'fflate';
import { BoardView } from '@/components/boards/board-view';
import { useBoardExport } from '@/components/boards/use-board-export';
import * as download from '@/components/ui/download';
import type { Clock } from '@/lib/clock';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { testAd } from '../../support/ads';
import { inPage, waitForPage } from '../../support/react-root';
import { manualClock, TEST_DAY, TEST_NOW, TEST_NOW_ISO } from '../../support/clock';
import {
  connectTo,
  DEAD_WORKER,
  freshBrowser,
  keepCopies,
  pageWorld,
  type PageWorld,
  settle,
  storageNow,
  vaultExists,
} from '../../support/page-jobs';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const AD = testAd({
  id: 'ad-1',
  title: 'Trail shoes',
  brand_name: 'Acme Trail',
  images: [{ url: 'https://cdn.example/slow.png' }],
});

let root: Root;
let kept: unknown[] = [];
let host: HTMLElement;

/** The background, answering the board's pages, its tree and the settings. */
function background() {
  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation((async (message: { type: string }) => {
    if (message.type === 'boards.ads') return { ok: true, data: { items: [AD], cursor: null } };
    if (message.type === 'boards.tree') return { ok: true, data: { items: [] } };
    if (message.type === 'vault.keep') {
      kept.push(message);
      return { ok: true, data: { added: 0 } };
    }
    if (message.type === 'settings.get')
      return {
        ok: true,
        data: {
          baseUrl: 'https://api.example',
          origin: null,
          theme: 'system',
          language: 'auto',
          hasApiKey: true,
          apiKeyLast4: null,
        },
      };
    return { ok: false, error: { code: 'internal', message: 'not in this test', retryable: false } };
  }) as unknown as typeof browser.runtime.sendMessage);
}

/** Waits as a user does: what the page renders meanwhile comes as it would in a browser. */
const until = (check: () => void): Promise<void> => waitForPage(check);

const button = (name: string) =>
  [...host.querySelectorAll('button')].find((element) => element.textContent === name) ?? null;

beforeEach(() => {
  fakeBrowser.reset();
  kept = [];
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.restoreAllMocks();
});

describe('Download board', () => {
  it('says its limits first, and Cancel download stops a download held by a creative that never answers', async () => {
    background();
    const saved = vi.spyOn(download, 'downloadFile').mockImplementation(() => undefined);
    let aborted = false;
    let asked = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise<Response>((_, reject) => {
          asked = true;
          init?.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(init.signal?.reason);
          });
        }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => {
      root.render(
        <QueryClientProvider client={client}>
          <BoardView board={{ id: 'b1', name: 'Picks', count: 1 }} onBack={() => undefined} />
        </QueryClientProvider>,
      );
    });
    await until(() => expect(button('Download board')?.disabled).toBe(false));
    await act(async () => button('Download board')?.click());
    await until(() => expect(button('Cancel download')).not.toBeNull());
    await until(() =>
      expect(host.textContent).toContain(
        'This board has 1 creative; the download holds it (1 GB at most). Creatives: 0 of 1…',
      ),
    );
    await until(() => expect(asked).toBe(true));
    await act(async () => button('Cancel download')?.click());
    await until(() => expect(host.textContent).toContain('Download cancelled; nothing was saved.'));
    expect(aborted).toBe(true);
    expect(button('Cancel download')).toBeNull();
    expect(saved).not.toHaveBeenCalled();
  });
});

describe('Keep this board', () => {
  it('says a refused permission prompt as refused, and sends nothing from those sites', async () => {
    background();
    vi.spyOn(browser.permissions, 'contains').mockImplementation(async () => false);
    vi.spyOn(browser.permissions, 'request').mockImplementation(async () => false);
    vi.spyOn(browser.permissions, 'remove').mockImplementation(async () => true);
    vi.spyOn(browser.runtime, 'connect').mockImplementation(
      () =>
        ({
          postMessage: () => undefined,
          disconnect: () => undefined,
          onDisconnect: { addListener: () => undefined, removeListener: () => undefined },
        }) as unknown as ReturnType<typeof browser.runtime.connect>,
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => {
      root.render(
        <QueryClientProvider client={client}>
          <BoardView board={{ id: 'b1', name: 'Picks', count: 1 }} onBack={() => undefined} />
        </QueryClientProvider>,
      );
    });
    await until(() => expect(button("Keep this board's creatives")?.disabled).toBe(false));
    await act(async () => button("Keep this board's creatives")?.click());
    await until(() => expect(button('Keep them')).not.toBeNull());
    expect(host.textContent).toContain('Your browser will ask for access to 1 site they are on');
    await act(async () => button('Keep them')?.click());
    await until(() =>
      expect(host.textContent).toContain('You did not allow access to 1 site; nothing was fetched from them.'),
    );
    expect(kept).toEqual([]);
  });
});

const A = 'https://api.example';
const B = 'https://other.example';
const CDN = 'https://cdn.example';
const ERASED = "Adscope's data in this browser was deleted (Delete all) meanwhile.";
const CHANGED =
  'The connection changed while the ads were read (another key or address was saved in the options), so they may come from two workspaces.';

/** Five ads, read two a page: one creative each that answers, and one whose link is gone (the vault has it). */
const ADS: LibraryAd[] = Array.from({ length: 5 }, (_, index) =>
  testAd({
    id: `ad-${index + 1}`,
    title: `Ad ${index + 1}`,
    images: [{ url: `${CDN}/ok-${index + 1}.png` }, ...(index === 0 ? [{ url: `${CDN}/gone-1.png` }] : [])],
  }),
);

describe('Download board while the world changes under it', () => {
  type Exports = ReturnType<typeof useBoardExport>;
  const probe: { exports: Exports | null; job: Promise<void> | null; settled: boolean } = {
    exports: null,
    job: null,
    settled: false,
  };
  let world: PageWorld;

  function Probe({ clock }: { clock: Clock }) {
    probe.exports = useBoardExport({ id: 'b1', name: 'Picks', count: ADS.length }, 'saved_newest', clock);
    return null;
  }
  const exports = (): Exports => {
    if (!probe.exports) throw new Error('the board is not shown');
    return probe.exports;
  };

  async function start(clock: Clock = manualClock()): Promise<void> {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => {
      root.render(
        <QueryClientProvider client={client}>
          <Probe clock={clock} />
        </QueryClientProvider>,
      );
    });
    await until(() => expect(probe.exports).not.toBeNull());
    world.held = true;
    await act(async () => {
      probe.job = exports().exportAs('zip');
      void probe.job.finally(() => (probe.settled = true));
    });
  }

  /** Page one read; page two asked for, not answered yet. */
  async function midRead(): Promise<void> {
    await until(() => expect(world.pending.map((entry) => entry.what)).toEqual(['boards.ads']));
    await inPage(() => world.answer());
    await until(() => expect(world.pending.map((entry) => entry.what)).toEqual(['boards.ads']));
  }

  /** Every page read, the service's address answered, the first creatives on their way. */
  async function midCreatives(): Promise<void> {
    await until(() => expect(world.pending).toHaveLength(1));
    while (world.pending[0]?.kind === 'background') {
      await inPage(() => world.answer());
      await until(() => expect(world.pending).toHaveLength(1));
    }
    expect(world.pending[0]?.what).toBe(`${CDN}/ok-1.png`);
    await inPage(() => world.answer());
    await until(() => expect(world.pending[0]?.what).toBe(`${CDN}/ok-2.png`));
  }

  async function close(): Promise<void> {
    await act(async () => root.unmount());
    probe.exports = null;
  }

  /** The download ended, nothing was saved, nothing is held. */
  async function endedWithNothing(): Promise<void> {
    await until(() => expect(probe.settled).toBe(true));
    expect(world.saved).toEqual([]);
    expect(world.asked).toEqual([]);
    expect(world.openPorts).toBe(0);
    expect([...world.openMedia]).toEqual([]);
  }

  beforeEach(async () => {
    await freshBrowser();
    probe.exports = null;
    probe.job = null;
    probe.settled = false;
    await inPage(() => connectTo(A));
    await keepCopies([`${CDN}/gone-1.png`], TEST_NOW);
    world = pageWorld([{ baseUrl: A, boards: { b1: ADS } }]);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a worker killed while the board is read: said in words (reload), nothing downloaded', async () => {
    await start();
    await midRead();
    await inPage(() => world.kill());
    await until(() =>
      expect(exports().error).toBe(`Adscope's background did not answer (${DEAD_WORKER}). Reload the extension.`),
    );
    expect(exports().progress).toBeNull();
    expect(exports().cancelDownload).toBeNull();
    await endedWithNothing();
  });

  it('Delete all while the board is read: stops, says the data was deleted, writes nothing afterwards', async () => {
    await start();
    await midRead();
    await inPage(() => world.erase());
    const writes = world.writes.length;
    const idbWrites = world.idbWrites.length;
    await inPage(() => world.drain());
    await until(() => expect(exports().error).toBe(ERASED));
    expect(exports().progress).toBeNull();
    await endedWithNothing();
    expect(world.writes.slice(writes)).toEqual([]);
    expect(world.idbWrites.slice(idbWrites)).toEqual([]);
    expect(await storageNow()).toEqual({ local: {}, session: {}, sync: {} });
    expect(await vaultExists()).toBe(false);
  });

  it('Delete all while the creatives are fetched: stops, says so, never reads the vault again', async () => {
    await start();
    await midCreatives();
    await inPage(() => world.erase());
    const writes = world.writes.length;
    const idbWrites = world.idbWrites.length;
    await inPage(() => world.drain());
    await until(() => expect(exports().error).toBe(ERASED));
    await endedWithNothing();
    await inPage(() => settle(10));
    expect(world.fetched).toEqual([`${CDN}/ok-1.png`, `${CDN}/ok-2.png`]);
    expect(world.writes.slice(writes)).toEqual([]);
    expect(world.idbWrites.slice(idbWrites)).toEqual([]);
    expect(await vaultExists()).toBe(false);
  });

  it('the key changed mid-read: the pages after it go with the new key, and no board is downloaded as if whole', async () => {
    await start();
    await midRead();
    await inPage(() => connectTo(A, 'n'.repeat(24)));
    await inPage(() => world.drain());
    await until(() => expect(exports().error).toBe(CHANGED));
    expect(world.requests.filter((request) => request.type === 'boards.ads').map((request) => request.key)).toEqual([
      'kkkk',
      'kkkk',
      'nnnn',
    ]);
    await endedWithNothing();
  });

  it('the service changed mid-read to one that does not know the board: fails in its words (40401)', async () => {
    await start();
    await midRead();
    await inPage(() => connectTo(B));
    await inPage(() => world.drain());
    await until(() => expect(exports().error).toBe('No board b1 in this workspace.'));
    expect(world.requests.filter((request) => request.type === 'boards.ads').map((r) => r.service)).toEqual([A, A, B]);
    await endedWithNothing();
  });

  it('the service changed mid-read to one with a board of that id: never half a board as if whole', async () => {
    world.services.push({ baseUrl: B, boards: { b1: ADS.slice(0, 3) } });
    await start();
    await midRead();
    await inPage(() => connectTo(B));
    await inPage(() => world.drain());
    // B's board ends after its third ad: read on, the pages make four ads, said as the board.
    await until(() => expect(exports().error).toBe(CHANGED));
    await endedWithNothing();
  });

  it('the panel closed mid-read: the request is cancelled, nothing is downloaded or held', async () => {
    await start();
    await midRead();
    await close();
    await inPage(() => world.drain());
    expect(world.cancels).toHaveLength(1);
    expect(world.requests.filter((request) => request.type === 'boards.ads')).toHaveLength(2);
    await endedWithNothing();
  });

  it('the panel closed while the creatives are fetched: the fetch stops, nothing is downloaded or held', async () => {
    await start();
    await midCreatives();
    const writes = world.writes.length;
    await close();
    await inPage(() => settle(10));
    expect(world.pending).toEqual([]);
    expect(world.fetched).toEqual([`${CDN}/ok-1.png`, `${CDN}/ok-2.png`]);
    expect(world.writes.slice(writes)).toEqual([]);
    await endedWithNothing();
  });

  it('Cancel download while the service’s address is asked, and the background never answers: the download ends', async () => {
    await start();
    await midRead();
    await inPage(() => world.answer());
    await until(() => expect(world.pending.map((entry) => entry.what)).toEqual(['boards.ads']));
    await inPage(() => world.answer());
    await until(() => expect(world.pending.map((entry) => entry.what)).toEqual(['settings.get']));
    await act(async () => exports().cancelDownload?.());
    await inPage(() => settle(10));
    expect(exports().progress).toBe('Download cancelled; nothing was saved.');
    expect(world.cancels).toHaveLength(1);
    await endedWithNothing();
  });

  it('storage full: the board is downloaded all the same, and nothing is written to extension storage or IndexedDB', async () => {
    const before = await storageNow();
    const databases = await indexedDB.databases();
    world.full = true;
    await start();
    await inPage(() => world.drain());
    await until(() => expect(probe.settled).toBe(true));
    expect(exports().error).toBeNull();
    expect(exports().progress).toBe('Downloaded 5 ads with 6 creatives.');
    const [file] = world.saved;
    const files = unzipSync(new Uint8Array(await (file?.content.arrayBuffer() ?? new ArrayBuffer(0))));
    expect(Object.keys(files).filter((name) => name.startsWith('creatives/'))).toHaveLength(6);
    const json = JSON.parse(strFromU8(files['board.json'] ?? new Uint8Array())) as {
      ads: { creative_files: { from: string }[] }[];
    };
    expect(json.ads[0]?.creative_files.map((creative) => creative.from)).toEqual(['fetched', 'vault']);
    expect(world.writes).toEqual([]);
    expect(world.idbWrites).toEqual([]);
    expect(await storageNow()).toEqual(before);
    expect(await indexedDB.databases()).toEqual(databases);
  });

  it('the clock moved back and forth during the download: its file name and exported_at are one instant', async () => {
    const clock = manualClock(TEST_NOW);
    await start(clock);
    await midCreatives();
    clock.advance(2 * 86_400_000);
    await inPage(() => world.answer());
    await inPage(() => settle());
    clock.set(TEST_NOW - 400 * 86_400_000);
    await inPage(() => world.drain());
    await until(() => expect(probe.settled).toBe(true));
    const [file] = world.saved;
    expect(file?.name).toBe(`adscope-picks-${TEST_DAY}.zip`);
    const files = unzipSync(new Uint8Array(await (file?.content.arrayBuffer() ?? new ArrayBuffer(0))));
    const json = JSON.parse(strFromU8(files['board.json'] ?? new Uint8Array())) as { exported_at: string };
    expect(json.exported_at).toBe(TEST_NOW_ISO);
  });
});
