import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkLinks, keepable, keptSummary } from '../../../components/boards/use-board-vault';
import type { LibraryAd } from '../../../lib/contract/ad-library';
import type { KeptAd } from '../../../lib/vault/db';
import { TEST_NOW } from '../../support/clock';
import { testAd } from '../../support/ads';

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
    const text = await checkLinks([ad('a1', urls)], new Set(['https://cdn.example/gone.png']), {
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
      new Set(),
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

describe('Keep this board', () => {
  it('counts as kept only creatives the vault holds, and says what failed and why', () => {
    const row = (adId: string, urls: string[], skipped: string[]): KeptAd => ({
      key: `b1\n${adId}`,
      boardId: 'b1',
      boardName: 'B',
      adId,
      urls,
      skipped: skipped.map((reason, i) => ({ url: `https://cdn.example/${adId}-${i}.png`, reason })),
      keptAt: TEST_NOW,
    });
    expect(
      keptSummary([
        row('a1', ['https://cdn.example/1.png'], ['Could not be fetched (did not answer in 20 s).']),
        row('a2', [], ['Could not be fetched (HTTP 403).']),
        row('a3', ['https://cdn.example/3.png', 'https://cdn.example/4.png'], []),
        null,
      ]),
    ).toBe(
      'Kept 3 creatives of 2 ads. 2 creatives could not be fetched: 1 did not answer in 20 s, 1 HTTP 403; they are tried again later.',
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
