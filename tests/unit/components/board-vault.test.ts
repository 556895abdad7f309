// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { checkLinks, keepable, keptSummary } from '../../../components/boards/use-board-vault';
import type { LibraryAd } from '../../../lib/contract/ad-library';
import { closeVault, deleteVault, type KeptAd, vaultDb } from '../../../lib/vault/db';
import type { MediaFailure } from '../../../lib/media';
import { showLanguage } from '../../../lib/i18n';
import { compiledLanguage } from '../../../scripts/i18n/catalogues';
import { TEST_NOW } from '../../support/clock';
import { testAd } from '../../support/ads';
import {
  BOARD,
  keepInVault,
  KILLED,
  linkAd,
  linkWorld,
  mountBoardVault,
  OTHER_SERVICE,
  settle,
} from '../../support/board-links';
import { reactRoot } from '../../support/react-root';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

function ad(id: string, urls: string[]): LibraryAd {
  return testAd({ id, title: null, images: urls.map((url) => ({ url })) });
}

afterEach(() => {
  vi.useRealTimers();
});

/** Hosts by URL: each answers HEAD and GET as told; `hang` never answers until aborted. */
function hosts(answers: Record<string, { head: number | 'hang'; get?: number }>) {
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    requests.push({ url, init });
    const answer = answers[url] ?? { head: 404 };
    const status = init?.method === 'HEAD' ? answer.head : (answer.get ?? answer.head);
    if (status === 'hang')
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true }),
      );
    return Promise.resolve(new Response(status === 206 || status === 200 ? 'x' : null, { status }));
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

describe('Check links', () => {
  it('asks the network, not the cache, and tries a link that refuses HEAD with a GET of its first byte', async () => {
    const media = hosts({
      'https://cdn.example/live.png': { head: 200 },
      'https://signed.example/a.png?X-Amz-Signature=1': { head: 403, get: 206 },
      'https://signed.example/b.png?X-Amz-Signature=2': { head: 405, get: 200 },
      'https://cdn.example/gone.png': { head: 404 },
    });
    const urls = [
      'https://cdn.example/live.png',
      'https://signed.example/a.png?X-Amz-Signature=1',
      'https://signed.example/b.png?X-Amz-Signature=2',
      'https://cdn.example/gone.png',
    ];
    const text = await checkLinks([ad('a1', urls)], async () => new Set(['https://cdn.example/gone.png']), {
      fetch: media.fetch,
      signal: new AbortController().signal,
      service: null,
      onProgress: () => undefined,
    });
    expect(text).toBe('Links of 4 creatives: 3 links still load, 1 link is gone but kept here.');
    expect(media.requests.every((request) => request.init?.cache === 'no-store')).toBe(true);
    const retried = media.requests.filter((request) => request.init?.method === 'GET');
    expect(retried.map((request) => request.url)).toEqual([
      'https://signed.example/a.png?X-Amz-Signature=1',
      'https://signed.example/b.png?X-Amz-Signature=2',
    ]);
    expect(retried.every((request) => new Headers(request.init?.headers).get('range') === 'bytes=0-0')).toBe(true);
  });

  it('says one link in the singular, and a link that never answers after 20 s, without holding up the rest', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const media = hosts({
      'https://cdn.example/slow.png': { head: 'hang' },
      'https://cdn.example/live.png': { head: 200 },
    });
    const checking = checkLinks(
      [ad('a1', ['https://cdn.example/slow.png', 'https://cdn.example/live.png', 'http://10.1.2.3/x.png'])],
      async () => new Set(),
      {
        fetch: media.fetch,
        signal: new AbortController().signal,
        service: 'https://api.example',
        onProgress: () => undefined,
      },
    );
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await checking).toBe(
      'Links of 3 creatives: 1 link still loads, 2 links could not be checked (1 did not answer in 20 s, 1 on a private or local address).',
    );
    expect(media.requests.map((request) => request.url)).not.toContain('http://10.1.2.3/x.png');
  });
});

describe('Check links, the vault unreadable at the end', () => {
  it('says the gone links as gone, never as kept or not kept, when what is kept cannot be read', async () => {
    const media = hosts({ 'https://cdn.example/live.png': { head: 200 } });
    let reads = 0;
    const text = await checkLinks(
      [ad('a1', ['https://cdn.example/live.png', 'https://cdn.example/gone-1.png', 'https://cdn.example/gone-2.png'])],
      async () => {
        reads += 1;
        throw new DOMException('The database connection is closing.', 'InvalidStateError');
      },
      { fetch: media.fetch, signal: new AbortController().signal, service: null, onProgress: () => undefined },
    );
    expect(text).toBe(
      'Links of 3 creatives: 1 link still loads, 2 links are gone (what this browser keeps of them could not be read).',
    );
    expect(reads).toBe(2);
  });
});

describe('Keep this board', () => {
  /** A kept ad; each creative left out by its failure, or by an earlier version's English sentence. */
  const row = (adId: string, urls: string[], skipped: (MediaFailure | string)[]): KeptAd => ({
    key: `b1\n${adId}`,
    boardId: 'b1',
    boardName: 'B',
    adId,
    urls,
    skipped: skipped.map((why, i) => {
      const url = `https://cdn.example/${adId}-${i}.png`;
      return typeof why === 'string' ? { url, reason: why } : { url, failure: why };
    }),
    keptAt: TEST_NOW,
  });
  const kept = [
    row('a1', ['https://cdn.example/1.png'], [{ kind: 'timeout', ms: 20_000 }]),
    row('a2', [], [{ kind: 'http', status: 403 }, { kind: 'not-image' }]),
    row('a3', ['https://cdn.example/3.png', 'https://cdn.example/4.png'], []),
    null,
  ];

  it('counts as kept only creatives the vault holds, and says what failed and why', () => {
    expect(keptSummary(kept)).toBe(
      'Kept 3 creatives of 2 ads. 2 creatives could not be fetched: 1 did not answer in 20 s, 1 HTTP 403; they are tried again later. 1 creative not kept (not an image, too large, or on a private address).',
    );
  });

  it('says what failed in the language shown, from the failures the vault keeps', () => {
    showLanguage('de', compiledLanguage('de'));
    try {
      expect(keptSummary(kept)).toBe(
        '3 Creatives aus 2 Anzeigen lokal kopiert. 2 Creatives konnten nicht abgerufen werden: 1 keine Antwort innerhalb von 20 s, 1 HTTP 403; sie werden später erneut versucht. 1 Creative nicht kopiert (kein Bild, zu groß oder an einer privaten Adresse).',
      );
    } finally {
      showLanguage('en');
    }
  });

  it('reads what an earlier version kept: its English sentences, each failure counted as before', () => {
    expect(
      keptSummary([
        row('a1', ['https://cdn.example/1.png'], ['Could not be fetched (did not answer in 20 s).']),
        row('a2', [], ['Could not be fetched (HTTP 403).', 'Not an image, so not kept.']),
        null,
      ]),
    ).toBe(
      'Kept 1 creative of 1 ad. 2 creatives could not be fetched: 1 did not answer in 20 s, 1 HTTP 403; they are tried again later. 1 creative not kept (not an image, too large, or on a private address).',
    );
  });

  it('sends nothing from sites whose access was refused, nor from private addresses', () => {
    const ads = [
      ad('a1', ['https://cdn-a.example/1.png', 'https://cdn-b.example/2.png']),
      ad('a2', ['https://cdn-b.example/3.png']),
      ad('a3', ['http://127.0.0.1:9/4.png']),
    ];
    expect(keepable(ads, ['https://cdn-b.example/*'], 'https://api.example')).toEqual([
      { adId: 'a1', urls: ['https://cdn-a.example/1.png'] },
    ]);
    expect(keepable(ads, [], 'http://127.0.0.1:9')).toHaveLength(3);
  });
});

describe('Check links while the world changes under it', () => {
  const view = reactRoot();
  const LIVE = 'https://media.example/live.png';
  const KEPT_1 = 'https://cdn.example/kept-1.png';
  const KEPT_2 = 'https://cdn.example/kept-2.png';
  const BUSY = 'https://cdn.example/busy.png';

  beforeEach(async () => {
    await closeVault();
    globalThis.indexedDB = new IDBFactory();
    fakeBrowser.reset();
  });

  /** Every write the vault's IndexedDB or the extension's storage could take, each made to throw as a full disk does. */
  function fullStorage() {
    const full = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const stores = (['put', 'add', 'delete', 'clear'] as const).map((name) =>
      vi.spyOn(IDBObjectStore.prototype, name).mockImplementation(full),
    );
    const areas = [fakeBrowser.storage.local, fakeBrowser.storage.sync, fakeBrowser.storage.session].flatMap((area) => [
      vi.spyOn(area, 'set').mockImplementation(async () => full()),
      vi.spyOn(area, 'remove').mockImplementation(async () => full()),
      vi.spyOn(area, 'clear').mockImplementation(async () => full()),
    ]);
    return { writes: () => [...stores, ...areas].reduce((sum, spy) => sum + spy.mock.calls.length, 0) };
  }

  it('says in words that the background did not answer when its worker is stopped while the board is read, and fetches nothing', async () => {
    const world = linkWorld([[linkAd('a1', [LIVE])], [linkAd('a2', [KEPT_1])]], { [LIVE]: 'live' });
    world.beforeCall = (message) => {
      if (message.type === 'boards.ads' && message.payload.cursor) throw new Error(KILLED);
    };
    const hook = mountBoardVault(view.root);
    await act(() => hook.current.checkLinks());
    expect(hook.current.step).toEqual({
      step: 'failed',
      text: `Adscope's background did not answer (${KILLED}). Reload the extension.`,
    });
    expect(world.fetches).toEqual([]);
  });

  it('after Delete all during the check, says the gone links are not kept, and a site whose access was given back could not be checked', async () => {
    const world = linkWorld([[linkAd('a1', [KEPT_1, KEPT_2, LIVE])]], { [LIVE]: 'live' });
    await keepInVault(BOARD.id, 'a1', [KEPT_1, KEPT_2]);
    const hook = mountBoardVault(view.root);
    await act(() => hook.current.checkLinks());
    expect(hook.current.progress).toBe('Links of 3 creatives: 1 link still loads, 2 links are gone but kept here.');

    world.beforeFetch = async (_url, _init, index) => {
      if (index !== 3) return;
      // Delete all in the background: the vault is deleted whole, and the site access granted is given back.
      await deleteVault();
      world.revoked.add('https://media.example');
    };
    await act(() => hook.current.checkLinks());
    expect(hook.current.progress).toBe(
      'Links of 3 creatives: 0 links still load, 2 links are gone and not kept, 1 link could not be checked (1 network error or no access to its site).',
    );
    expect(await (await vaultDb()).count('ads')).toBe(0);
  });

  it('reads the pages after a key change with the new key, and checks the whole board', async () => {
    const world = linkWorld([[linkAd('a1', [LIVE])], [linkAd('a2', [KEPT_1])]], { [LIVE]: 'live' });
    world.beforeCall = (message) => {
      if (message.type === 'boards.ads' && message.payload.cursor) world.key = 'key-2';
    };
    const hook = mountBoardVault(view.root);
    await act(() => hook.current.checkLinks());
    expect(hook.current.progress).toBe('Links of 2 creatives: 1 link still loads, 1 link is gone and not kept.');
    expect(world.calls.filter((call) => call.type === 'boards.ads').map((call) => call.key)).toEqual([
      'key-1',
      'key-2',
    ]);
  });

  it('when the service changes while the board is read, a board it does not know fails in words, and a half-read board is never counted as whole', async () => {
    const world = linkWorld([[linkAd('a1', [LIVE])], [linkAd('a2', [KEPT_1])]], { [LIVE]: 'live' });
    world.beforeCall = (message) => {
      if (message.type === 'boards.ads' && message.payload.cursor) world.service = OTHER_SERVICE;
    };
    const hook = mountBoardVault(view.root);
    await act(() => hook.current.checkLinks());
    expect(hook.current.step).toEqual({ step: 'failed', text: 'Board not found.' });

    // The other service has a board of that id, and answers the rest as one empty last page.
    world.service = 'https://api.example';
    world.otherBoard = 'empty';
    await act(() => hook.current.checkLinks());
    expect(hook.current.step).toEqual({
      step: 'failed',
      text: 'The connection changed while this board was read, so its links were not checked. Check them again while connected to the service the board is on.',
    });
    expect(world.fetches).toEqual([]);
  });

  it('when the panel closes during the check, aborts the fetch under way, fetches nothing more and writes nothing', async () => {
    const HANG = 'https://cdn.example/hang.png';
    const world = linkWorld([[linkAd('a1', [LIVE, HANG, KEPT_1])]], { [LIVE]: 'live', [HANG]: 'hang' });
    await keepInVault(BOARD.id, 'a1', [KEPT_1]);
    const storage = fullStorage();
    const hook = mountBoardVault(view.root);
    act(() => void hook.current.checkLinks());
    for (let i = 0; i < 100 && world.fetches.length < 2; i += 1) await settle(1);
    expect(hook.current.progress).toBe('Checking 3 links: 1 done…');
    act(() => view.root.unmount());
    await settle();
    expect(world.fetches.map((request) => request.url)).toEqual([LIVE, HANG]);
    expect(world.fetches[1]?.init?.signal?.aborted).toBe(true);
    expect(storage.writes()).toBe(0);
  });

  it('with storage full, checks every link as ever: it writes nothing', async () => {
    linkWorld([[linkAd('a1', [LIVE, KEPT_1, BUSY])]], { [LIVE]: 'live', [BUSY]: 'busy' });
    await keepInVault(BOARD.id, 'a1', [KEPT_1]);
    const storage = fullStorage();
    const hook = mountBoardVault(view.root);
    await act(() => hook.current.checkLinks());
    expect(hook.current.progress).toBe(
      'Links of 3 creatives: 1 link still loads, 1 link is gone but kept here, 1 link could not be checked (1 HTTP 503).',
    );
    expect(storage.writes()).toBe(0);
    // The storage is full indeed: a write would have thrown.
    await expect(keepInVault(BOARD.id, 'a2', [LIVE])).rejects.toThrow('quota');
    expect(storage.writes()).toBeGreaterThan(0);
  });

  it('uses no clock: a clock moved forward and back during the check changes nothing of its outcome', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TEST_NOW);
    const world = linkWorld([[linkAd('a1', [LIVE, KEPT_1, BUSY])], [linkAd('a2', [KEPT_2])]], {
      [LIVE]: 'live',
      [BUSY]: 'busy',
    });
    await keepInVault(BOARD.id, 'a1', [KEPT_1]);
    const hook = mountBoardVault(view.root);
    await act(() => hook.current.checkLinks());
    const steady = hook.current.progress;
    expect(steady).toBe(
      'Links of 4 creatives: 1 link still loads, 1 link is gone but kept here, 1 link is gone and not kept, 1 link could not be checked (1 HTTP 503).',
    );
    const moves = [30 * 86_400_000, -7 * 86_400_000, 365 * 86_400_000];
    world.beforeCall = () => {
      vi.setSystemTime(TEST_NOW + (moves[0] ?? 0));
    };
    world.beforeFetch = (_url, _init, index) => {
      vi.setSystemTime(TEST_NOW + (moves[index % moves.length] ?? 0));
    };
    await act(() => hook.current.checkLinks());
    expect(hook.current.progress).toBe(steady);
  });
});
