import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../../lib/background/api';
import { createTransport } from '../../../lib/background/api/transport';
import { DEMO_API_KEY } from '../../../lib/contract/demo';
import { findSimilar } from '../../../lib/background/similar/resolve';
import { readPageSignals } from '../../../lib/content/signals';
import type { RunningServer } from '../../../server/app';
import { demoPageBrands } from '../../../server/demo-pages';
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
      const result = await findSimilar(api(), { kind: 'page', signals: await signalsOf(kind) });
      expect(result.brand?.id).toBe(expected?.id);
      expect(result.brandAds.length).toBeGreaterThan(0);
      expect(result.brandAds.every((ad) => ad.unified_brand_id === expected?.id)).toBe(true);
      expect(result.similarAds.every((ad) => ad.unified_brand_id !== expected?.id)).toBe(true);
    },
  );

  it('uses the page language for similar ads', async () => {
    const result = await findSimilar(api(), { kind: 'page', signals: await signalsOf('og') });
    expect(result.language).toBe('de');
    // German stop words go, accents folded or not ("für" as "fur"); the product words stay.
    expect(result.keywords).toEqual(['rain', 'jacket', 'wanderung']);
    expect(result.similarAds.length).toBeGreaterThan(0);
    for (const ad of result.similarAds) expect(ad.language).toBe('de');
  });

  it('finds no brand on a page that names none, and still finds similar ads', async () => {
    const result = await findSimilar(api(), { kind: 'page', signals: await signalsOf('none') });
    expect(result.brand).toBeNull();
    expect(result.brandAds).toEqual([]);
    expect(result.similarAds.length).toBeGreaterThan(0);
    expect(result.usedKeywords.length).toBeGreaterThan(0);
  });

  it('runs "More like this" on an ad: its brand, and other brands for its words', async () => {
    const ad = server.state.data.catalogue.ads.find((a) => a.title?.includes('tent'));
    const result = await findSimilar(api(), {
      kind: 'ad',
      adId: ad?.id ?? '',
      title: ad?.title ?? '',
      text: ad?.body ?? '',
      brandId: ad?.unified_brand_id ?? null,
      brandName: ad?.brand_name ?? null,
      language: ad?.language ?? null,
    });
    expect(result.brand?.id).toBe(ad?.unified_brand_id);
    expect(result.keywords).toContain('tent');
    expect(result.similarAds.every((a) => a.unified_brand_id !== ad?.unified_brand_id)).toBe(true);
  });

  it('honours keywords the user edited', async () => {
    const result = await findSimilar(api(), { kind: 'page', signals: await signalsOf('none'), keywords: ['espresso'] });
    expect(result.usedKeywords).toEqual(['espresso']);
  });

  it('tries a later keyword alone when the first ones match nothing together', async () => {
    const keywords = ['zzqxv', 'espresso'];
    const result = await findSimilar(api(), { kind: 'page', signals: await signalsOf('none'), keywords });
    expect(result.usedKeywords).toEqual(['espresso']);
    expect(result.similarAds.length).toBeGreaterThan(0);
  });
});
