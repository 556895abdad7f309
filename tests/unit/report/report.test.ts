// @vitest-environment happy-dom
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { escapeHtml, html, styleElement } from '../../../components/report/html';
import { type Creative, fetchCreatives, mediaOrigins } from '../../../components/report/media';
import { creativesOf, MAX_CREATIVES_PER_AD, renderReport, reportPolicy } from '../../../components/report/report-html';
import { TEST_DAY, TEST_NOW } from '../../support/clock';
import { reportAd as ad } from '../../support/report-ads';
import { daysRunning, formatDay } from '../../../components/ui/format';

const HOSTILE = '"><script>alert(1)</script><img src=x onerror=alert(2)>';

const PNG: Uint8Array<ArrayBuffer> = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** Parses a report and lists every way it could run code or load something. */
function activeParts(text: string): string[] {
  const doc = new DOMParser().parseFromString(text, 'text/html');
  const found: string[] = [];
  for (const element of doc.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'form', 'base', 'link'].includes(tag)) found.push(`<${tag}>`);
    for (const attribute of element.getAttributeNames()) {
      const value = element.getAttribute(attribute) ?? '';
      if (attribute.startsWith('on')) found.push(`${tag}[${attribute}]`);
      if (['href', 'src', 'action', 'xlink:href'].includes(attribute)) {
        const allowed = attribute === 'src' ? /^data:image\//.test(value) : /^https?:\/\//.test(value);
        if (!allowed) found.push(`${tag}[${attribute}=${value.slice(0, 40)}]`);
      }
    }
  }
  return found;
}

/** The report's file as text, as a recipient's browser reads it. */
async function readReport(input: Parameters<typeof renderReport>[0]): Promise<string> {
  const file = await renderReport(input);
  expect(file.type).toBe('text/html;charset=utf-8');
  return file.text();
}

describe('html built by construction', () => {
  it('escapes every value put into a template, once', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p title="${HOSTILE}">${HOSTILE}${inner}</p>`.value).toBe(
      `<p title="${escapeHtml(HOSTILE)}">${escapeHtml(HOSTILE)}<b>&lt;i&gt;</b></p>`,
    );
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  it('refuses a style sheet that could close its element', () => {
    expect(() => styleElement('a{}</style><script>')).toThrow(TypeError);
  });
});

describe('the board report', () => {
  const embedded = (url: string): [string, Creative] => [
    url,
    { kind: 'embedded', mime: 'image/png', base64: 'iVBORw0KGgo=', bytes: 8 },
  ];

  it('holds every field, with the creative embedded and the header counting the ads', async () => {
    const text = await readReport({
      title: 'Autumn picks',
      kind: 'Board',
      now: TEST_NOW,
      today: TEST_DAY,
      ads: [ad({ saved_details: { saved_at: '2026-11-10T09:00:00Z', tags: ['hero', 'rain'], boards: [] } })],
      creatives: new Map([embedded('https://cdn.example/a.png')]),
    });
    const doc = new DOMParser().parseFromString(text, 'text/html');
    expect(doc.querySelector('h1')?.textContent).toBe('Autumn picks');
    expect(doc.querySelector('header p')?.textContent).toBe(`Board · made ${formatDay(TEST_DAY)} · 1 ad`);
    expect(doc.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(doc.querySelector('img')?.getAttribute('alt')).toBe('Image 1 of Trail shoes');
    const fields = Object.fromEntries(
      [...doc.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent?.trim()]),
    );
    expect(fields).toEqual({
      'Call to action': 'Shop now',
      Format: 'Image',
      Language: 'English',
      Launched: formatDay('2026-11-01'),
      // Counted to today in the user's zone (22 in UTC), as Launched and Saved are read there.
      'Days running': `${daysRunning('2026-11-01', null, TEST_NOW)} (still running)`,
      Saved: formatDay('2026-11-10T09:00:00Z'),
      Tags: 'hero, rain',
      'Landing page': 'https://acme.example/shoes',
    });
    expect(text.startsWith('<!doctype html>')).toBe(true);
    const policy = doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content');
    expect(policy).toBe(await reportPolicy());
    // The policy's hash is of the style element's exact text, so the browser applies it.
    const style = doc.querySelector('style')?.textContent ?? '';
    expect(policy).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(doc.querySelectorAll('style')).toHaveLength(1);
  });

  it('leaves hostile ad text inert and every URL through the sanitizer', async () => {
    const text = await readReport({
      title: HOSTILE,
      kind: 'Board',
      now: TEST_NOW,
      today: TEST_DAY,
      ads: [
        ad({
          title: HOSTILE,
          body: `${HOSTILE}\n<a href="javascript:alert(3)">x</a>`,
          brand_name: '<svg onload=alert(4)>',
          cta_type: HOSTILE,
          link_url: 'javascript:alert(5)',
          language: HOSTILE,
          images: [{ url: 'JaVaScRiPt:alert(6)' }, { url: 'data:text/html,<script>alert(7)</script>' }],
          videos: [{ preview_image_url: 'https://user:pass@cdn.example/p.png' }],
          saved_details: { saved_at: HOSTILE, tags: [HOSTILE], boards: [] },
        }),
      ],
      creatives: new Map(),
    });
    expect(activeParts(text)).toEqual([]);
    const doc = new DOMParser().parseFromString(text, 'text/html');
    expect(doc.querySelector('h2')?.textContent).toBe(HOSTILE);
    expect(doc.querySelector('.body')?.textContent).toContain('<a href="javascript:alert(3)">x</a>');
    // The unusable links are said to be missing, not dropped: one placeholder per creative.
    expect(doc.querySelectorAll('.missing')).toHaveLength(3);
    expect(doc.querySelectorAll('a')).toHaveLength(0);
  });

  it('shows a creative that could not be fetched as a labelled placeholder with its link', async () => {
    const text = await readReport({
      title: 'B',
      kind: 'Board',
      now: TEST_NOW,
      today: TEST_DAY,
      ads: [ad({ images: [{ url: 'https://cdn.example/gone.png' }] })],
      creatives: new Map([
        ['https://cdn.example/gone.png', { kind: 'missing', reason: 'Could not be fetched (HTTP 404).' }],
      ]),
    });
    const doc = new DOMParser().parseFromString(text, 'text/html');
    const placeholder = doc.querySelector('.missing');
    expect(placeholder?.getAttribute('aria-label')).toBe('Image 1 of Trail shoes, not embedded');
    expect(placeholder?.textContent).toContain('Could not be fetched (HTTP 404).');
    expect(placeholder?.querySelector('a')?.getAttribute('href')).toBe('https://cdn.example/gone.png');
  });

  it('shows an SVG creative only through <img>, where no script of it runs, under the file’s CSP', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';
    const text = await readReport({
      title: 'B',
      kind: 'Board',
      now: TEST_NOW,
      today: TEST_DAY,
      ads: [ad({ images: [{ url: 'https://cdn.example/art.svg' }] })],
      creatives: new Map([
        [
          'https://cdn.example/art.svg',
          { kind: 'embedded', mime: 'image/svg+xml', base64: btoa(svg), bytes: svg.length },
        ],
      ]),
    });
    expect(text).not.toContain('<svg xmlns="http://www.w3.org/2000/svg" onload');
    const doc = new DOMParser().parseFromString(text, 'text/html');
    expect(doc.querySelector('img')?.getAttribute('src')).toBe(`data:image/svg+xml;base64,${btoa(svg)}`);
    expect(doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content')).toMatch(
      /default-src 'none'; img-src data:/,
    );
  });

  it('embeds at most ten creatives an ad and says how many more there were', () => {
    const many = ad({ images: Array.from({ length: 12 }, (_, n) => ({ url: `https://cdn.example/${n}.png` })) });
    const { refs, leftOut } = creativesOf(many);
    expect(refs).toHaveLength(MAX_CREATIVES_PER_AD);
    expect(leftOut).toBe(2);
  });
});

function response(bytes: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}, status = 200): Response {
  return new Response(bytes, { status, headers });
}

describe('fetching creatives', () => {
  it('fetches each URL once, however many ads share it', async () => {
    const fetch = vi.fn(async () => response(PNG, { 'content-type': 'image/png' }));
    const progress: number[] = [];
    const result = await fetchCreatives(
      ['https://cdn.example/a.png', 'https://cdn.example/a.png', 'https://cdn.example/b.png'],
      { fetch, onProgress: (done) => progress.push(done) },
    );
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(result.get('https://cdn.example/a.png')).toMatchObject({ kind: 'embedded', mime: 'image/png', bytes: 11 });
    expect(progress).toEqual([1, 2]);
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('omit');
  });

  it('caps each creative by its declared and its actual size', async () => {
    const big = new Uint8Array(64).fill(1);
    big.set(PNG);
    const declared = vi.fn(async () => response(big, { 'content-type': 'image/png', 'content-length': '64' }));
    const undeclared = vi.fn(async () => response(big, { 'content-type': 'image/png' }));
    for (const fetch of [declared, undeclared]) {
      const result = await fetchCreatives(['https://cdn.example/big.png'], { fetch, maxBytes: 32 });
      expect(result.get('https://cdn.example/big.png')).toMatchObject({ kind: 'missing' });
    }
  });

  it('says why a creative is missing: HTTP error, network, not an image, not a web address', async () => {
    const fetch = vi.fn(async (url: string | URL | Request) => {
      const path = String(url);
      if (path.endsWith('404.png')) return response(new Uint8Array(), {}, 404);
      if (path.endsWith('down.png')) throw new TypeError('Failed to fetch');
      if (path.endsWith('page.png'))
        return response(new TextEncoder().encode('<html>'), { 'content-type': 'text/html' });
      return response(PNG, { 'content-type': 'application/octet-stream' });
    });
    const result = await fetchCreatives(
      [
        'https://cdn.example/404.png',
        'https://cdn.example/down.png',
        'https://cdn.example/page.png',
        'https://cdn.example/sniffed.png',
        'javascript:alert(1)',
      ],
      { fetch },
    );
    expect(
      [...result.values()].map((creative) => (creative.kind === 'missing' ? creative.reason : creative.mime)),
    ).toEqual([
      'Could not be fetched (HTTP 404).',
      'Could not be fetched (network error or no access).',
      'Not an image.',
      'image/png',
      'Not a web address.',
    ]);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('caps the creatives in all: past the total, the rest are left out, saying why, never over it', async () => {
    const image = new Uint8Array(40).fill(7);
    image.set(PNG);
    const fetch = vi.fn(async () => response(image, { 'content-type': 'image/png' }));
    const urls = Array.from({ length: 9 }, (_, i) => `https://cdn.example/${i}.png`);
    const result = await fetchCreatives(urls, { fetch, maxTotalBytes: 100 });
    const values = [...result.values()];
    const embedded = values.filter((creative) => creative.kind === 'embedded');
    expect(embedded).toHaveLength(2);
    expect(embedded.reduce((sum, creative) => sum + (creative.kind === 'embedded' ? creative.bytes : 0), 0)).toBe(80);
    expect(
      values
        .filter((creative) => creative.kind === 'missing')
        .map((creative) => creative.kind === 'missing' && creative.reason),
    ).toEqual(
      Array.from(
        { length: 7 },
        () => "Left out: the report's creatives reached 0 MB in all. Pick fewer ads to include it.",
      ),
    );
    // Once full, no more is fetched: only what was already on its way (four at a time) and the one that filled it.
    expect(fetch.mock.calls.length).toBeLessThanOrEqual(6);
  });

  it('stops on cancel, with the abort', async () => {
    const controller = new AbortController();
    const fetch = vi.fn(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(
      fetchCreatives(['https://cdn.example/a.png', 'https://cdn.example/b.png'], { fetch, signal: controller.signal }),
    ).rejects.toThrow();
  });

  it('gives each creative 20 s, never fetches a private address, and embeds the vault’s copy of a link that failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const fetch = vi.fn((url: string | URL | Request, init?: RequestInit) => {
        if (String(url).endsWith('gone.png')) return Promise.resolve(response(new Uint8Array(), {}, 404));
        return new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true }),
        );
      });
      const fetching = fetchCreatives(
        ['https://cdn.example/slow.png', 'http://192.168.0.10/cam.png', 'https://cdn.example/gone.png'],
        {
          fetch,
          service: 'https://api.example',
          kept: async (url) => (url.endsWith('gone.png') ? { bytes: PNG, mime: 'image/png' } : null),
        },
      );
      await vi.advanceTimersByTimeAsync(20_000);
      const result = [...(await fetching).values()];
      expect(result.map((creative) => (creative.kind === 'missing' ? creative.reason : creative.mime))).toEqual([
        'Could not be fetched (did not answer in 20 s).',
        'Not fetched: on a private or local address.',
        'image/png',
      ]);
      expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('http://192.168.0.10/cam.png');
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for exactly the media origins', () => {
    expect(
      mediaOrigins([
        'https://cdn.example/a.png',
        'https://cdn.example/b.png',
        'http://img.example:8080/c',
        'javascript:x',
      ]),
    ).toEqual(['http://img.example:8080/*', 'https://cdn.example/*']);
  });
});
