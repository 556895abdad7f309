import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import {
  adAccountListSchema,
  adDetailSchema,
  metricCatalogueSchema,
  rankedSchema,
  summarySchema,
  transcriptSchema,
} from '../../../lib/contract/ad-accounts';
import { libraryAdSchema, libraryPageSchema } from '../../../lib/contract/ad-library';
import { boardAdsPageSchema, boardTreeSchema } from '../../../lib/contract/boards';
import { brandDetailSchema, brandPageSchema, followedBrandsSchema } from '../../../lib/contract/brand-library';
import { generatedImageSchema, generationSchema } from '../../../lib/contract/image-generations';
import { ownedBrandListSchema } from '../../../lib/contract/owned-brands';
import type { RunningServer } from '../../../server/app';
import { api, withServer } from '../../support/server';

/**
 * The reference server's answers, read by the client's own schemas: every field the server
 * sends that a schema reads must come through (the tolerant readers never silently drop what
 * our own server says), and every list must keep every row.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await withServer({ timeScale: 0 });
});
afterAll(() => server.close());

/** Paths where the parsed value lost what the raw answer held (a row, or a value read as null). */
function lostFields(raw: unknown, parsed: unknown, path = 'data'): string[] {
  if (Array.isArray(parsed)) {
    if (!Array.isArray(raw)) return [`${path} (not a list in the answer)`];
    if (raw.length !== parsed.length) return [`${path} (${raw.length} rows sent, ${parsed.length} read)`];
    return parsed.flatMap((item, i) => lostFields(raw[i], item, `${path}[${i}]`));
  }
  if (typeof parsed === 'object' && parsed !== null) {
    if (typeof raw !== 'object' || raw === null) return [`${path} (not an object in the answer)`];
    const sent = raw as Record<string, unknown>;
    return Object.entries(parsed).flatMap(([key, value]) => {
      const original = sent[key];
      // An empty cursor is the contract's "no more pages", read as null on purpose.
      const absent = original === null || original === undefined || (key === 'cursor' && original === '');
      if ((value === null || value === undefined) && !absent) {
        return [`${path}.${key}`];
      }
      return lostFields(original, value, `${path}.${key}`);
    });
  }
  return [];
}

async function read<S extends z.ZodMiniType>(path: string, schema: S, init: Parameters<typeof api>[2] = {}) {
  const { body } = await api(server, path, init);
  expect(body.code, `${path}: ${String(body.message)}`).toBe(0);
  const parsed = schema.parse(body.data);
  expect(lostFields(body.data, parsed), path).toEqual([]);
  return parsed as z.output<S>;
}

describe("the reference server speaks the client's contract", () => {
  it('for the ad library and the brand catalogue', async () => {
    const page = await read('/ad-library/search?query=tent&page_size=20', libraryPageSchema);
    expect(page.items.length).toBeGreaterThan(0);
    const ad = page.items[0];
    await read(`/ad-library/${ad?.id ?? ''}`, libraryAdSchema);
    await read('/ad-library/saved?page_size=20', libraryPageSchema);
    const name = server.state.data.catalogue.brands[0]?.name ?? '';
    const brands = await read(`/brand-library/search?query=${encodeURIComponent(name)}`, brandPageSchema);
    expect(brands.items.length).toBeGreaterThan(0);
    await read(`/brand-library/${brands.items[0]?.id ?? ''}`, brandDetailSchema);
    await read(`/brand-library/${brands.items[0]?.id ?? ''}/ads?page_size=10`, libraryPageSchema);
    await read('/brand-library/followed?page_size=10', brandPageSchema);
    await read('/inspo-brands/search', followedBrandsSchema, {
      method: 'POST',
      body: { scope: 'followed', followed: { offset: 0, limit: 100 } },
    });
  });

  it('for boards and owned brands', async () => {
    const tree = await read('/boards', boardTreeSchema);
    await read(`/boards/${tree.items[0]?.board_id ?? ''}/ads?page_size=20`, boardAdsPageSchema);
    await read('/owned-brands', ownedBrandListSchema);
  });

  it('for ad-account reporting', async () => {
    const accounts = await read('/ad-accounts', adAccountListSchema);
    const account = accounts.items[0]?.id ?? '';
    await read(`/ad-accounts/${account}/metrics`, metricCatalogueSchema);
    await read(`/ad-accounts/${account}/summary?period=last_30d`, summarySchema);
    const ranked = await read(`/ad-accounts/${account}/ads?period=last_30d&limit=50`, rankedSchema);
    const withVideo = server.state.adAccounts
      .find((candidate) => candidate.id === account)
      ?.ads.find((candidate) => candidate.videos.length > 0);
    const detail = await read(
      `/ad-accounts/${account}/ads/${encodeURIComponent(withVideo?.platformAdId ?? ranked.items[0]?.platform_ad_id ?? '')}?period=last_30d`,
      adDetailSchema,
    );
    const video = detail.creative?.videos[0]?.video_id ?? '';
    await read(`/ad-accounts/${account}/videos/${video}/transcript`, transcriptSchema, { method: 'POST', body: {} });
  });

  it('for image generation', async () => {
    const brand = server.state.data.workspaces[0]?.ownedBrands.find((candidate) => !candidate.locked)?.id ?? '';
    const submitted = await read('/image-generations', generationSchema, {
      method: 'POST',
      body: { idempotency_key: 'contract-shapes-0001', prompt: 'Rain jackets on a ridge', brand_id: brand, size: 2 },
    });
    server.state.clock.advance(10 * 60_000);
    const done = await read(`/image-generations/${submitted.generation_id}`, generationSchema);
    expect(done.image_ids.length).toBe(2);
    await read(`/image-generations/${submitted.generation_id}/images/${done.image_ids[0] ?? ''}`, generatedImageSchema);
  });

  it('finds a field the client would drop', () => {
    expect(lostFields({ items: [{ id: 'a' }, 'junk'] }, { items: [{ id: 'a' }] })).toEqual([
      'data.items (2 rows sent, 1 read)',
    ]);
    expect(lostFields({ title: 42 }, { title: null })).toEqual(['data.title']);
  });
});
