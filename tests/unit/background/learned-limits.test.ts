import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { z } from 'zod/mini';
import { createApi } from '../../../lib/background/api';
import { adLibraryApi } from '../../../lib/background/api/ad-library';
import { boardsApi } from '../../../lib/background/api/boards';
import { boundIn, lessonOf } from '../../../lib/background/api/learned-limits';
import { createTransport, type TransportOptions } from '../../../lib/background/api/transport';
import { landingAds, LANDING_PAGE_SIZE } from '../../../lib/background/similar/landing';
import { brandPageSearch, WATCH_PAGE_SIZE } from '../../../lib/background/watch/watch-runner';
import { BOARD_PAGE_SIZE } from '../../../lib/contract/boards';
import { DEMO_API_KEY } from '../../../lib/contract/demo';
import { apiPath } from '../../../lib/contract/path';
import { factsOf, serviceFactsItem } from '../../../lib/storage/service-facts';
import { loadBrandFigures } from '../../../components/brands/compare-load';
import { CADENCE_PAGE_SIZE } from '../../../components/report/figures';
import { fixedClock, TEST_DAY, TEST_NOW } from '../../support/clock';
import { type Answer, factsInMemory, flat, json, ok, type SeenRequest, scriptedFetch } from '../../support/fake-fetch';
import { failure } from '../../support/failure';

const BASE = 'https://api.example.com';
const BRAND = '00000000-0000-4000-8000-000000000001';
const SEARCH = apiPath('ad-library', 'search');
const EMPTY_PAGE = { items: [], cursor: '' };

const refusal = (message: string, status = 400) => json(status, { code: 40001, message });

/** A service that takes page_size up to `max` and answers anything larger as the real one does. */
const pageSizeAtMost =
  (max: number, message = `page_size must be between 1 and ${max}`): Answer =>
  ({ url }) =>
    Number(url.searchParams.get('page_size') ?? 0) > max ? refusal(message) : ok(EMPTY_PAGE);

function client(answers: Answer[], options: Partial<TransportOptions> = {}) {
  const service = scriptedFetch(...answers);
  const facts = factsInMemory();
  const transport = createTransport({
    getConnection: async () => ({ baseUrl: BASE, apiKey: DEMO_API_KEY }),
    fetch: service.fetch,
    retryLimit: 0,
    facts: facts.access,
    clock: fixedClock(),
    ...options,
  });
  return { transport, library: adLibraryApi(transport), requests: service.requests, facts };
}

const sizes = (requests: SeenRequest[]) => requests.map((request) => request.url.searchParams.get('page_size'));

describe('bounds named in a refusal', () => {
  it.each([
    ['page_size must be between 1 and 50', 'page_size', 50],
    ['page_size: must be <= 50', 'page_size', 50],
    ['page_size must be at most 50', 'page_size', 50],
    ['page_size must be less than or equal to 50', 'page_size', 50],
    ['page_size exceeds the maximum of 50', 'page_size', 50],
    ['Invalid request: page_size must be between 1 and 50.', 'page_size', 50],
    ['limit must be between 1 and 100', 'limit', 100],
    ['The page_size (100) must not exceed 50', 'page_size', 50],
    ['page_size is invalid', 'page_size', undefined],
    ['size must be at most 20', 'page_size', undefined],
    ['page_size must be at most 50', 'size', undefined],
    ['cursor is malformed; page_size must be a number', 'page_size', undefined],
  ])('%j names %s ≤ %s', (message, param, bound) => {
    expect(boundIn(message, param)).toBe(bound);
  });

  it('teaches only a bound below what the request carried, and a filter only on a search that carried it', () => {
    expect(lessonOf(SEARCH, { page_size: 100 }, 'page_size must be at most 50')?.maxima).toEqual({ page_size: 50 });
    expect(lessonOf(SEARCH, { page_size: '100' }, 'page_size must be at most 50')?.maxima).toEqual({ page_size: 50 });
    expect(lessonOf(SEARCH, { page_size: 30 }, 'page_size must be at most 50')).toBeNull();
    expect(lessonOf(SEARCH, { query: 'x' }, 'page_size must be at most 50')).toBeNull();
    expect(lessonOf(SEARCH, { platform: 'meta' }, 'unknown parameter: platform')?.refused).toEqual(['platform']);
    expect(lessonOf(SEARCH, { query: 'x' }, 'unknown parameter: platform')).toBeNull();
    expect(lessonOf(apiPath('boards', 'b1', 'ads'), { status: 'x' }, 'status is not supported')).toBeNull();
    expect(lessonOf(SEARCH, { platform: 'meta' }, 'platform_id is not supported')).toBeNull();
  });
});

describe('a bound learned from a refusal', () => {
  it('retries once at the bound, remembers it, and sends every later request within it', async () => {
    const { library, requests, facts } = client([pageSizeAtMost(50)]);
    await expect(library.search({ query: 'tents', page_size: 100 })).resolves.toMatchObject({ items: [] });
    expect(sizes(requests)).toEqual(['100', '50']);
    expect(facts.of(BASE).maxima).toEqual({ page_size: 50 });

    await library.search({ query: 'boots', page_size: 100 });
    await library.search({ query: 'hats', page_size: 20 });
    expect(sizes(requests)).toEqual(['100', '50', '50', '20']);
    // The rest of the query goes as asked.
    expect(requests[1]?.url.searchParams.get('query')).toBe('tents');
  });

  it.each([
    ['an envelope 40001 at HTTP 200', () => refusal('page_size must be less than or equal to 50', 200)],
    ['a flat 400', () => flat(400, 'invalid_parameter', 'page_size exceeds the maximum of 50')],
  ])('learns from %s', async (_, refuse) => {
    const { library, requests, facts } = client([refuse, () => ok(EMPTY_PAGE)]);
    await library.search({ query: 'tents', page_size: 100 });
    expect(sizes(requests)).toEqual(['100', '50']);
    expect(facts.of(BASE).maxima).toEqual({ page_size: 50 });
  });

  it('never loops: one more try per request, and a second refusal goes to the caller (learned for the next)', async () => {
    const { library, requests, facts } = client([
      () => refusal('page_size must be between 1 and 50'),
      () => refusal('page_size must be between 1 and 20'),
      () => ok(EMPTY_PAGE),
    ]);
    const thrown = await failure(library.search({ query: 'tents', page_size: 100 }));
    expect(thrown).toMatchObject({ code: 40001, message: 'page_size must be between 1 and 20' });
    expect(sizes(requests)).toEqual(['100', '50']);
    expect(facts.of(BASE).maxima).toEqual({ page_size: 20 });
    await library.search({ query: 'tents', page_size: 100 });
    expect(sizes(requests)).toEqual(['100', '50', '20']);
  });

  it.each([
    ['names no bound', 'page_size is not a valid value', 100],
    ['names a bound the request was within', 'page_size must be at most 500', 100],
    ['names a parameter the request did not carry', 'limit must be at most 10', 100],
  ])('a 40001 that %s goes to the caller as before, learned nothing', async (_, message, size) => {
    const { library, requests, facts } = client([() => refusal(message)]);
    const thrown = await failure(library.search({ query: 'tents', page_size: size }));
    expect(thrown).toMatchObject({ code: 40001, message, retryable: false });
    expect(requests).toHaveLength(1);
    expect(facts.of(BASE)).toEqual({});
  });

  it('reads the facts once per service, not once per request', async () => {
    const { library, facts } = client([pageSizeAtMost(50)]);
    for (let i = 0; i < 4; i += 1) await library.search({ query: `q${i}`, page_size: 100 });
    expect(facts.reads).toBe(1);
  });

  it('asks nothing of the facts for a request without a query', async () => {
    const { transport, facts } = client([() => ok({ items: [] })]);
    await createApi(transport).ownedBrands.list();
    expect(facts.reads).toBe(0);
  });
});

describe('search filters the service refused', () => {
  it('retries once without them, remembers them with the service’s words, and never sends them again', async () => {
    const { transport, requests, facts } = client([
      ({ url }) => (url.searchParams.has('platform') ? refusal('unknown parameter: platform') : ok(EMPTY_PAGE)),
    ]);
    // The search schema may not carry the filters yet: the transport is asked directly.
    const query = { query: 'tents', platform: 'meta', status: 'active' };
    await transport.get(SEARCH, { schema: z.unknown(), query });
    expect(requests.map((r) => [r.url.searchParams.get('platform'), r.url.searchParams.get('status')])).toEqual([
      ['meta', 'active'],
      [null, 'active'],
    ]);
    expect(facts.of(BASE)).toMatchObject({
      refusedParams: ['platform'],
      refusedParamsMessage: 'unknown parameter: platform',
    });
    await transport.get(SEARCH, { schema: z.unknown(), query: { ...query, query: 'boots' } });
    expect(requests).toHaveLength(3);
    expect(requests[2]?.url.searchParams.has('platform')).toBe(false);
  });

  it('on a brand’s ads too, a bound and a filter from one message at once', async () => {
    const { transport, requests, facts } = client([
      () => refusal('status is not supported; page_size must be at most 50'),
      () => ok(EMPTY_PAGE),
    ]);
    await transport.get(apiPath('brand-library', BRAND, 'ads'), {
      schema: z.unknown(),
      query: { page_size: 100, status: 'active' },
    });
    expect(requests.map((r) => r.url.search)).toEqual(['?page_size=100&status=active', '?page_size=50']);
    expect(facts.of(BASE)).toMatchObject({ maxima: { page_size: 50 }, refusedParams: ['status'] });
  });

  it('keeps the filters on paths that are not a search', async () => {
    const { transport, requests } = client([() => ok(EMPTY_PAGE)], {
      facts: factsInMemory({ [BASE]: { refusedParams: ['status'] } }).access,
    });
    await transport.get(apiPath('boards', 'b1', 'ads'), { schema: z.unknown(), query: { status: 'x' } });
    expect(requests[0]?.url.searchParams.get('status')).toBe('x');
  });
});

describe('what one transport learned, kept in storage for every other', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  /** A transport over the facts in extension storage, as the background's are. */
  function stored(answers: Answer[], options: Partial<TransportOptions> = {}) {
    const service = scriptedFetch(...answers);
    const transport = createTransport({
      getConnection: async () => ({ baseUrl: BASE, apiKey: DEMO_API_KEY }),
      fetch: service.fetch,
      retryLimit: 0,
      clock: fixedClock(),
      ...options,
    });
    return { transport, requests: service.requests };
  }

  it('stores the bound per service; another transport reads it; an erase is noticed', async () => {
    const first = stored([pageSizeAtMost(50)]);
    await adLibraryApi(first.transport).search({ query: 'tents', page_size: 100 });
    expect((await factsOf(BASE)).maxima).toEqual({ page_size: 50 });
    expect((await factsOf('https://other.example.com')).maxima).toBeUndefined();

    const second = stored([pageSizeAtMost(50)]);
    await adLibraryApi(second.transport).search({ query: 'boots', page_size: 100 });
    expect(sizes(second.requests)).toEqual(['50']);

    // Everything erased: the first transport's memory follows storage, and it asks 100 again.
    await browser.storage.local.clear();
    await vi.waitFor(async () => {
      await adLibraryApi(first.transport).search({ query: `hats${first.requests.length}`, page_size: 100 });
      expect(first.requests.at(-2)?.url.searchParams.get('page_size')).toBe('100');
    });
  });

  it('keeps the other facts of the service when it learns', async () => {
    await serviceFactsItem.set({ [BASE]: { boardWrites: 'refused', boardWritesMessage: 'no writes' } });
    const { transport } = stored([pageSizeAtMost(50)]);
    await adLibraryApi(transport).search({ query: 'tents', page_size: 100 });
    expect(await factsOf(BASE)).toEqual({
      boardWrites: 'refused',
      boardWritesMessage: 'no writes',
      maxima: { page_size: 50 },
    });
  });
});

describe('every caller asks within what the service taught', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    // The service taught page_size 50, through the panel's own requests.
    const teacher = createTransport({
      getConnection: async () => ({ baseUrl: BASE, apiKey: DEMO_API_KEY }),
      fetch: scriptedFetch(pageSizeAtMost(50)).fetch,
      retryLimit: 0,
    });
    await adLibraryApi(teacher).search({ query: 'teach', page_size: 100 });
    expect((await factsOf(BASE)).maxima).toEqual({ page_size: 50 });
  });

  /** Another of the background's transports, as it starts: nothing in memory yet. */
  function transportOf(options: Partial<TransportOptions> = {}) {
    const service = scriptedFetch(pageSizeAtMost(50));
    const transport = createTransport({
      getConnection: async () => ({ baseUrl: BASE, apiKey: DEMO_API_KEY }),
      fetch: service.fetch,
      ...options,
    });
    return { transport, requests: service.requests };
  }

  it('the watchlist’s brand check (its own transport, never retrying)', async () => {
    expect(WATCH_PAGE_SIZE).toBeGreaterThan(50);
    const { transport, requests } = transportOf({ retryLimit: 0 });
    await brandPageSearch(adLibraryApi(transport))(BRAND, undefined);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url.searchParams.get('unified_brand_id')).toBe(BRAND);
    expect(sizes(requests)).toEqual(['50']);
  });

  it('landing pages (ads that lead to this page)', async () => {
    expect(LANDING_PAGE_SIZE).toBeGreaterThan(50);
    const { transport, requests } = transportOf();
    const found = await landingAds(createApi(transport), BRAND, 'https://shop.example.com/tents', null);
    expect(found.complete).toBe(true);
    expect(sizes(requests)).toEqual(['50']);
  });

  it('brand cadence (Compare), through the background', async () => {
    expect(CADENCE_PAGE_SIZE).toBeGreaterThan(50);
    const { transport, requests } = transportOf();
    const api = createApi(transport);
    vi.spyOn(browser.runtime, 'sendMessage').mockImplementation(async (message: unknown) => {
      const { type, payload } = message as { type: string; payload: Record<string, unknown> };
      if (type === 'brands.detail') return { ok: true, data: { id: BRAND, name: 'Tents Co' } };
      if (type === 'library.search') {
        return { ok: true, data: await api.library.search(payload as Parameters<typeof api.library.search>[0]) };
      }
      throw new Error(`unexpected ${type}`);
    });
    const figures = await loadBrandFigures({ id: BRAND, name: 'Tents Co' }, TEST_DAY, TEST_NOW);
    expect(figures.brand.name).toBe('Tents Co');
    const cadence = requests.filter((request) => request.url.searchParams.get('order') === 'newest');
    expect(cadence.length).toBeGreaterThan(0);
    expect(sizes(requests).every((size) => size === '50')).toBe(true);
  });

  it('board pages (boardsApi.ads)', async () => {
    expect(BOARD_PAGE_SIZE).toBeGreaterThan(50);
    const { transport, requests } = transportOf();
    await boardsApi(transport).ads('b1', { sort_by: 'saved_newest', page_size: BOARD_PAGE_SIZE });
    expect(requests[0]?.url.pathname).toBe('/open/v1/boards/b1/ads');
    expect(sizes(requests)).toEqual(['50']);
  });
});
