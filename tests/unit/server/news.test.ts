import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/app';
import { parseNewsOption } from '../../../server/news';
import { groupConcepts, sameIdea } from '../../../lib/concepts';
import type { LibraryAd } from '../../../lib/contract/ad-library';
import { api, withServer } from '../../support/server';

type Page = { items: { id: string; unified_brand_id: string; start_date: string | null }[]; cursor: string };

let server: RunningServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function newest(running: RunningServer, brandId: string): Promise<Page> {
  const result = await api(running, `/ad-library/search?unified_brand_id=${brandId}&order=newest&page_size=100`);
  expect(result.body.code).toBe(0);
  return result.body.data as Page;
}

async function admin(running: RunningServer, path: string, body?: unknown) {
  const response = await fetch(`${running.baseUrl}/__admin/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('news on the reference server', () => {
  it('launches ads for a brand on request; they lead its newest-first search', async () => {
    server = await withServer();
    const brand = server.state.data.catalogue.brands[5];
    if (!brand) throw new Error('no brand');
    const before = await newest(server, brand.id);
    const launched = await admin(server, 'news', { brands: [brand.name], count: 3 });
    expect(launched.status).toBe(200);
    const ids = (launched.body.ads as { id: string; startDate: string }[]).map((ad) => ad.id);
    expect(ids).toHaveLength(3);
    const after = await newest(server, brand.id);
    expect(
      after.items
        .slice(0, 3)
        .map((ad) => ad.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(after.items[0]?.start_date).toBe('2026-11-22');
    expect(after.items.length).toBe(Math.min(100, before.items.length + 3));
    // Each is a library ad like any other.
    const detail = await api(server, `/ad-library/${ids[0]}`);
    expect(detail.body.code).toBe(0);
  });

  it('can launch an ad with an old launch date, as a late-indexed one', async () => {
    server = await withServer();
    const brand = server.state.data.catalogue.brands[7];
    if (!brand) throw new Error('no brand');
    const launched = await admin(server, 'news', { brands: [brand.id], launchedDaysAgo: 40 });
    expect((launched.body.ads as { startDate: string }[])[0]?.startDate).toBe('2026-10-13');
  });

  it('launches versions of an existing ad: one idea to the grouping, the others not', async () => {
    server = await withServer();
    const brand = server.state.data.catalogue.brands[5];
    if (!brand) throw new Error('no brand');
    const [base] = (await newest(server, brand.id)).items;
    if (!base) throw new Error('no ad');
    const launched = await admin(server, 'news', { versionsOf: base.id, count: 3 });
    expect(launched.status).toBe(200);
    const ids = (launched.body.ads as { id: string }[]).map((ad) => ad.id);
    const read = async (id: string) => (await api(server as RunningServer, `/ad-library/${id}`)).body.data as LibraryAd;
    const original = await read(base.id);
    const versions = await Promise.all(ids.map(read));
    expect(new Set(versions.map((ad) => ad.unified_brand_id))).toEqual(new Set([brand.id]));
    for (const version of versions) expect(sameIdea(original, version)).toBe(true);
    expect(groupConcepts([original, ...versions])).toHaveLength(1);
    expect(new Set(versions.map((ad) => ad.link_url)).size).toBe(3);
    // Whatever the ad, short copy or long, its versions are one idea with it: a brand's newest ad, and a fresh launch.
    for (const other of server.state.data.catalogue.brands.slice(0, 24)) {
      const [first] = (await newest(server, other.id)).items;
      const fresh = ((await admin(server, 'news', { brands: [other.id], count: 1 })).body.ads as { id: string }[])[0];
      for (const ad of [first, fresh]) {
        if (!ad) continue;
        const made = (await admin(server, 'news', { versionsOf: ad.id, count: 4 })).body.ads as { id: string }[];
        const all = await Promise.all([ad.id, ...made.map((version) => version.id)].map(read));
        expect(groupConcepts(all), `${other.name}: ${all[0]?.title ?? ''}`).toHaveLength(1);
      }
    }
    // Both ways of naming what to launch at once is refused.
    expect((await admin(server, 'news', { versionsOf: base.id, brands: [brand.id] })).status).toBe(400);
    expect((await admin(server, 'news', { versionsOf: 'ad-none', count: 1 })).status).toBe(400);
  });

  it('refuses an unknown brand and changes nothing', async () => {
    server = await withServer();
    const count = server.state.data.catalogue.ads.length;
    const refused = await admin(server, 'news', { brands: ['No Such Brand'], count: 2 });
    expect(refused.status).toBe(400);
    expect(String(refused.body.error)).toMatch(/No catalogue brand No Such Brand/);
    expect(server.state.data.catalogue.ads.length).toBe(count);
  });

  it('makes scheduled news as the server clock passes each interval', async () => {
    const brand = 'Lumen Co';
    server = await withServer({ news: parseNewsOption(`2h:${brand}`) });
    const id = server.state.findBrand(brand)?.id ?? '';
    const first = (await newest(server, id)).items[0]?.id;
    await fetch(`${server.baseUrl}/__admin/clock`, { method: 'POST', body: JSON.stringify({ advanceMs: 3_600_000 }) });
    expect((await newest(server, id)).items[0]?.id).toBe(first);
    await fetch(`${server.baseUrl}/__admin/clock`, {
      method: 'POST',
      body: JSON.stringify({ advanceMs: 5 * 3_600_000 }),
    });
    const news = (await admin(server, 'news')).body.launched as unknown[];
    await newest(server, id);
    const after = (await admin(server, 'news')).body.launched as { brandName: string }[];
    expect(news.length).toBe(0);
    expect(after.map((ad) => ad.brandName)).toEqual([brand, brand, brand]);
  });

  it('reads the --news option', async () => {
    expect(parseNewsOption('6h')).toEqual({ everyMs: 6 * 3_600_000, brands: [] });
    expect(parseNewsOption('30m:Lumen Co, Peak Labs')).toEqual({
      everyMs: 1_800_000,
      brands: ['Lumen Co', 'Peak Labs'],
    });
    expect(() => parseNewsOption('often')).toThrow(/6h or 30m/);
    await expect(withServer({ news: parseNewsOption('1h:Nobody Inc') })).rejects.toThrow(/no catalogue brand/);
  });
});
