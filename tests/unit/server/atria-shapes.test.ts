import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/app';
import { api, withServer } from '../../support/server';

/**
 * The real service's shapes (`--shapes atria`), checked fact by fact over HTTP, and the
 * `platform` and `status` filters in every set of shapes.
 */
let ours: RunningServer;
let alt: RunningServer;
let minimal: RunningServer;
beforeAll(async () => {
  [ours, alt, minimal] = await Promise.all([
    withServer({ timeScale: 0 }),
    withServer({ timeScale: 0, shapes: 'alt' }),
    withServer({ timeScale: 0, shapes: 'minimal' }),
  ]);
});
afterAll(() => Promise.all([ours.close(), alt.close(), minimal.close()]));

type Json = Record<string, unknown>;
const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const rows = (value: unknown): Json[] => (Array.isArray(value) ? value.map(record) : []);

/** A search's rows, wherever the shapes put them (alt: `items`; brand ads in alt: `ads`). */
async function rowsOf(server: RunningServer, path: string): Promise<Json[]> {
  const { body } = await api(server, path);
  expect(body.code, `${path}: ${String(body.message)}`).toBe(0);
  const data = record(body.data);
  return rows(data.items ?? data.ads);
}

/** The record of an ad by its id, from the catalogue: what the filters are checked against. */
const adRecord = (server: RunningServer, id: string) => server.state.data.catalogue.ads.find((ad) => ad.id === id);

describe('the platform and status filters (fact 6) in the default and alt shapes', () => {
  it.each([
    ['default', () => ours],
    ['alt', () => alt],
  ] as const)(
    '%s: platform and status narrow the search and a brand’s ads, and are honoured together',
    async (_, of) => {
      const server = of();
      const all = await rowsOf(server, '/ad-library/search?page_size=100');
      const instagram = await rowsOf(server, '/ad-library/search?page_size=100&platform=instagram');
      const active = await rowsOf(server, '/ad-library/search?page_size=100&status=active');
      const inactive = await rowsOf(server, '/ad-library/search?page_size=100&status=inactive');
      const both = await rowsOf(server, '/ad-library/search?page_size=100&platform=facebook&status=active');
      expect(instagram.length).toBe(100);
      expect(instagram.map((ad) => ad.id)).not.toEqual(all.map((ad) => ad.id));
      for (const ad of instagram) expect(adRecord(server, String(ad.id))?.platforms).toContain('instagram');
      for (const ad of active) expect(adRecord(server, String(ad.id))?.end_date).toBeNull();
      for (const ad of inactive) expect(adRecord(server, String(ad.id))?.end_date).not.toBeNull();
      expect(active.length + inactive.length).toBe(200);
      expect(both.length).toBeGreaterThan(0);
      for (const ad of both) {
        expect(adRecord(server, String(ad.id))?.platforms).toContain('facebook');
        expect(adRecord(server, String(ad.id))?.end_date).toBeNull();
      }
      // TikTok brands' ads run on TikTok: the filter finds them, and nothing else.
      const tiktok = await rowsOf(server, '/ad-library/search?page_size=100&platform=tiktok');
      expect(tiktok.length).toBeGreaterThan(0);
      for (const ad of tiktok) expect(adRecord(server, String(ad.id))?.platforms).toEqual(['tiktok']);

      const brand = String(all[0]?.unified_brand_id ?? '');
      const brandActive = await rowsOf(server, `/brand-library/${brand}/ads?page_size=100&status=active`);
      const brandAll = await rowsOf(server, `/brand-library/${brand}/ads?page_size=100`);
      const running = brandAll.filter((ad) => adRecord(server, String(ad.id))?.end_date === null);
      expect(running.length).toBeGreaterThan(0);
      expect(running.length).toBeLessThan(brandAll.length);
      expect(brandActive.map((ad) => ad.id)).toEqual(running.map((ad) => ad.id));
    },
  );

  it('refuses a platform or status outside the lists with 40001 naming the parameter', async () => {
    for (const [param, value] of [
      ['platform', 'myspace'],
      ['status', 'paused'],
    ]) {
      const { body } = await api(ours, `/ad-library/search?${param}=${value}`);
      expect(body.code).toBe(40001);
      expect(String(body.message)).toContain(param);
    }
  });

  it('the minimal shapes refuse them: unknown parameter, named', async () => {
    const one = await api(minimal, '/ad-library/search?platform=facebook');
    expect(one.body).toMatchObject({ code: 40001, message: 'unknown parameter: platform' });
    const brand = minimal.state.data.catalogue.brands[0]?.id ?? '';
    const other = await api(minimal, `/brand-library/${brand}/ads?status=active`);
    expect(other.body).toMatchObject({ code: 40001, message: 'unknown parameter: status' });
    const two = await api(minimal, '/ad-library/search?status=active&platform=tiktok');
    expect(two.body).toMatchObject({ code: 40001, message: 'unknown parameters: platform, status' });
    // Without them, the same search answers.
    expect((await api(minimal, '/ad-library/search?page_size=5')).body.code).toBe(0);
  });
});
