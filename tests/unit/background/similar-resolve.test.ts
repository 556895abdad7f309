import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../../lib/background/api';
import { createTransport } from '../../../lib/background/api/transport';
import { DEMO_API_KEY } from '../../../lib/contract/demo';
import { findSimilar } from '../../../lib/background/similar/resolve';
import { readPageSignals } from '../../../lib/content/signals';
import { type PageReading, readPage } from '../../../lib/page-reading';
import { queryOf, siteDomainOf } from '../../../components/similar/read-page';
import type { RunningServer } from '../../../server/app';
import { DEMO_PAGE_CATEGORY, demoPageBrands } from '../../../server/demo-pages';
import { withServer } from '../../support/server';

let server: RunningServer;
beforeAll(async () => {
  server = await withServer();
});
afterAll(() => server.close());

const api = () =>
  createApi(
    createTransport({ getConnection: async () => ({ baseUrl: server.baseUrl, apiKey: DEMO_API_KEY }), retryLimit: 0 }),
  );

/** A demo page as the panel reads it before asking the worker (components/similar/read-page.ts). */
async function readDemoPage(kind: string): Promise<PageReading> {
  const signals = await signalsOf(kind);
  return readPage(signals, siteDomainOf(signals.hostname));
}

async function signalsOf(kind: string) {
  const url = `${server.baseUrl}/demo/pages/${kind}`;
  const html = await (await fetch(url)).text();
  // Node's own fetch talks to the server; happy-dom only parses the page.
  const window = new Window();
  const doc = new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
  return readPageSignals(doc, url);
}

describe('findSimilar on the demo pages', () => {
  it.each([
    ['json-ld', 0],
    ['og', 1],
    ['title', 2],
  ] as const)(
    "the %s page resolves to its brand, with that brand's ads and other brands' similar ads",
    async (kind, index) => {
      const expected = demoPageBrands(server.state)[index];
      const result = await findSimilar(api(), { kind: 'page', page: await readDemoPage(kind) });
      const brand = result.site ?? result.maker;
      expect(brand?.id).toBe(expected?.id);
      expect(brand?.ads.length).toBeGreaterThan(0);
      expect(brand?.ads.every((ad) => ad.unified_brand_id === expected?.id)).toBe(true);
      expect(result.similarAds.every((ad) => ad.unified_brand_id !== expected?.id)).toBe(true);
    },
  );

  it.each(['json-ld', 'og', 'title', 'product'])(
    "the %s page's similar ads are its category's rivals",
    async (kind) => {
      const result = await findSimilar(api(), { kind: 'page', page: await readDemoPage(kind) });
      const categories = result.similarAds.map((ad) => server.state.brand(ad.unified_brand_id ?? '')?.category);
      expect(categories.length).toBeGreaterThanOrEqual(3);
      expect(new Set(categories)).toEqual(new Set([DEMO_PAGE_CATEGORY]));
    },
  );

  it('uses the page language for similar ads', async () => {
    const result = await findSimilar(api(), { kind: 'page', page: await readDemoPage('og') });
    expect(result.language).toBe('de');
    // German stop words go, accents folded or not ("für" as "fur"); the product words stay.
    expect(result.keywords).toEqual(['regenjacke', 'wanderung']);
    expect(result.similarAds.length).toBeGreaterThan(0);
    for (const ad of result.similarAds) expect(ad.language).toBe('de');
  });

  it('finds no brand on a page that names none, and still finds similar ads', async () => {
    const result = await findSimilar(api(), { kind: 'page', page: await readDemoPage('none') });
    expect(result.site).toBeNull();
    expect(result.maker).toBeNull();
    expect(result.similarAds.length).toBeGreaterThan(0);
    expect(result.usedKeywords.length).toBeGreaterThan(0);
  });

  it('runs "More like this" on an ad: its brand, and other brands for its words', async () => {
    const ad = server.state.data.catalogue.ads.find((a) => a.title?.includes('tent'));
    // The panel adds the ad's keywords before it asks the worker.
    const query = await queryOf({
      kind: 'ad',
      adId: ad?.id ?? '',
      title: ad?.title ?? '',
      text: ad?.body ?? '',
      brandId: ad?.unified_brand_id ?? null,
      brandName: ad?.brand_name ?? null,
      language: ad?.language ?? null,
    });
    const result = await findSimilar(api(), query);
    expect(result.site?.id).toBe(ad?.unified_brand_id);
    // Why, as codes the panel says in its language: no words cross from the worker.
    expect(result.site).toMatchObject({ reason: 'ad', signal: 'ad' });
    expect(result.languageSource).toBe(ad?.language ? 'ad' : 'none');
    expect(result.keywords).toContain('tent');
    expect(result.similarAds.every((a) => a.unified_brand_id !== ad?.unified_brand_id)).toBe(true);
  });

  it('gives an ad without a title no title of its own words: the panel says "this ad"', async () => {
    const ad = server.state.data.catalogue.ads.find((a) => a.title?.includes('tent'));
    const result = await findSimilar(api(), {
      kind: 'ad',
      adId: ad?.id ?? '',
      title: '',
      text: ad?.body ?? '',
      brandId: null,
      brandName: null,
      language: null,
      keywords: ['tent'],
    });
    expect(result).toMatchObject({ title: '', url: null, site: null, languageSource: 'none' });
  });

  it("names the store and the maker of a product page apart, and finds the store's ads that lead to it", async () => {
    const [maker, store] = demoPageBrands(server.state);
    const result = await findSimilar(api(), { kind: 'page', page: await readDemoPage('product') });
    expect(result.site).toMatchObject({ id: store?.id, signal: 'structured data', reason: 'name' });
    expect(result.maker).toMatchObject({ id: maker?.id, signal: 'product brand', reason: 'name' });
    expect(
      result.similarAds.every((ad) => ad.unified_brand_id !== store?.id && ad.unified_brand_id !== maker?.id),
    ).toBe(true);
    // The store's English ideas for the page's product lead to the page, with tracking parameters; the others elsewhere on the server.
    const landing = result.landing;
    expect(landing?.here.length).toBeGreaterThan(0);
    expect((landing?.here.length ?? 0) + (landing?.elsewhere.length ?? 0)).toBeLessThanOrEqual(landing?.scanned ?? 0);
    for (const ad of landing?.here ?? []) {
      const record = server.state.adById(ad.id);
      expect(record && server.state.landingPathOf(record)).toMatch(/^\/demo\/pages\/product\?/);
    }
    for (const ad of result.landing?.here ?? []) {
      expect(ad.unified_brand_id).toBe(store?.id);
      expect(ad.link_url).toMatch(/\/demo\/pages\/product\?utm_source=meta/);
    }
    expect(result.landing?.elsewhere.every((ad) => !ad.link_url?.includes('/demo/pages/product'))).toBe(true);
  });

  it('honours keywords the user edited', async () => {
    const result = await findSimilar(api(), { kind: 'page', page: await readDemoPage('none'), keywords: ['espresso'] });
    expect(result.usedKeywords).toEqual(['espresso']);
  });

  it('tries a later keyword alone when the first ones match nothing together', async () => {
    const keywords = ['zzqxv', 'espresso'];
    const result = await findSimilar(api(), { kind: 'page', page: await readDemoPage('none'), keywords });
    expect(result.usedKeywords).toEqual(['espresso']);
    expect(result.similarAds.length).toBeGreaterThan(0);
  });
});
