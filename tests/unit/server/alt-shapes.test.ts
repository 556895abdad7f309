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
import {
  brandAdsPageSchema,
  libraryAdDetailSchema,
  libraryPageSchema,
  savedPageSchema,
} from '../../../lib/contract/ad-library';
import { boardAdsPageSchema, boardTreeSchema } from '../../../lib/contract/boards';
import { brandDetailSchema, brandPageSchema, followedBrandsSchema } from '../../../lib/contract/brand-library';
import { generationMismatch, rankingOrderHonoured } from '../../../lib/contract/checks';
import { generatedImageSchema, generationSchema } from '../../../lib/contract/image-generations';
import { canonicalUuid } from '../../../lib/contract/limits';
import { ownedBrandListSchema } from '../../../lib/contract/owned-brands';
import type { RunningServer } from '../../../server/app';
import { api, withServer } from '../../support/server';

/**
 * The same seed served in both sets of legal shapes: the client's schemas must read the same
 * facts from each. Where the alt service ignores a parameter whose name the contract leaves
 * open, the client's checks must notice.
 */
let ours: RunningServer;
let alt: RunningServer;
beforeAll(async () => {
  [ours, alt] = await Promise.all([withServer({ timeScale: 0 }), withServer({ timeScale: 0, shapes: 'alt' })]);
});
afterAll(() => Promise.all([ours.close(), alt.close()]));

async function readFrom<S extends z.ZodMiniType>(
  server: RunningServer,
  path: string,
  schema: S,
  init: Parameters<typeof api>[2] = {},
) {
  const { body, status, headers } = await api(server, path, init);
  expect(body.code, `${path}: ${String(body.message)}`).toBe(0);
  // Media URLs name the server they came from: the same path on either reads the same.
  const data: unknown = JSON.parse(JSON.stringify(body.data ?? null).replaceAll(server.baseUrl, 'http://server'));
  const parsed = schema.safeParse(data);
  expect(parsed.error?.issues ?? [], path).toEqual([]);
  return { parsed: parsed.data as z.output<S>, raw: data as Record<string, unknown>, status, headers };
}

/** Reads `path` from both servers with the client's schema. */
async function both<S extends z.ZodMiniType>(path: string, schema: S, init: Parameters<typeof api>[2] = {}) {
  const [fromOurs, fromAlt] = await Promise.all([
    readFrom(ours, path, schema, init),
    readFrom(alt, path, schema, init),
  ]);
  return { ours: fromOurs.parsed, alt: fromAlt.parsed, rawAlt: fromAlt.raw, altHeaders: fromAlt.headers };
}

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

describe('the alt shapes, read by the client', () => {
  it('are other names, not the same answers (each choice is really different)', async () => {
    const saved = await both('/ad-library/saved?page_size=5', savedPageSchema);
    expect(saved.rawAlt).not.toHaveProperty('items');
    expect(saved.rawAlt).toHaveProperty('results');
    expect(saved.altHeaders.get('content-length')).toBeNull();
  });

  it('owned brands: colors null and other names do not fail the list (the connection test reads it)', async () => {
    const { ours: a, alt: b, rawAlt } = await both('/owned-brands', ownedBrandListSchema);
    expect((rawAlt.brands as { colors: unknown }[])[0]?.colors).toBeNull();
    expect(b.items.map((brand) => [brand.id, brand.name, brand.logo_url, brand.locked])).toEqual(
      a.items.map((brand) => [brand.id, brand.name, brand.logo_url, brand.locked]),
    );
    expect(b.items[0]?.colors).toEqual([]);
  });

  it('ad accounts, the catalogue, totals, ranked rows, the ad detail and its transcript', async () => {
    const accounts = await both('/ad-accounts', adAccountListSchema);
    expect(accounts.alt.items.map((row) => [canonicalUuid(row.id), row.name, row.platform, row.currency])).toEqual(
      accounts.ours.items.map((row) => [row.id, row.name, row.platform, row.currency]),
    );
    const account = accounts.ours.items[0]?.id ?? '';

    const catalogue = await both(`/ad-accounts/${account}/metrics`, metricCatalogueSchema);
    expect(catalogue.alt.items.length).toBeGreaterThan(5);
    expect(catalogue.alt.items.map((row) => [row.id, row.name, row.kind, row.default])).toEqual(
      catalogue.ours.items.map((row) => [row.id, row.name, row.kind, row.default]),
    );

    const summary = await both(`/ad-accounts/${account}/summary?period=last_30d`, summarySchema);
    expect(summary.alt.metrics).toEqual(summary.ours.metrics);
    expect(summary.alt.metric_names).toEqual(summary.ours.metric_names);
    expect([summary.alt.currency, summary.alt.window?.date_start, summary.alt.window?.date_stop]).toEqual([
      summary.ours.currency,
      summary.ours.window?.date_start,
      summary.ours.window?.date_stop,
    ]);

    const ranked = await both(`/ad-accounts/${account}/ads?period=last_30d&limit=10`, rankedSchema);
    expect(ranked.alt.items.map((row) => [row.platform_ad_id, row.name, row.preview_image_url, row.metrics])).toEqual(
      ranked.ours.items.map((row) => [row.platform_ad_id, row.name, row.preview_image_url, row.metrics]),
    );
    expect(ranked.alt.metric_names).toEqual(ranked.ours.metric_names);
    // The total is not given: shown as unknown, never as the row count.
    expect(ranked.alt.total_ads).toBeNull();
    expect(ranked.ours.total_ads).toBeGreaterThan(10);

    const withVideo = ours.state.adAccounts
      .find((candidate) => candidate.id === account)
      ?.ads.find((candidate) => candidate.videos.length > 0);
    const adPath = `/ad-accounts/${account}/ads/${encodeURIComponent(withVideo?.platformAdId ?? '')}?period=last_30d`;
    const detail = await both(adPath, adDetailSchema);
    expect(detail.alt.platform_ad_id).toBeNull();
    expect(detail.alt.metrics).toEqual(detail.ours.metrics);
    const creative = (d: typeof detail.ours) => [
      d.creative?.title,
      d.creative?.body,
      d.creative?.call_to_action,
      d.creative?.link_url,
      d.creative?.images.map((image) => image.url),
      d.creative?.videos.map((video) => [video.video_id, video.preview_image_url, video.duration_seconds]),
    ];
    expect(creative(detail.alt)).toEqual(creative(detail.ours));
    expect(detail.alt.creative?.videos.length).toBeGreaterThan(0);

    const video = detail.ours.creative?.videos[0]?.video_id ?? '';
    const transcript = await both(`/ad-accounts/${account}/videos/${video}/transcript`, transcriptSchema, {
      method: 'POST',
      body: {},
    });
    expect(transcript.alt.text).toBeTruthy();
    const lines = (t: typeof transcript.ours) => t.segments.map(({ start, end, text }) => [start, end, text]);
    expect([transcript.alt.text, transcript.alt.language, lines(transcript.alt)]).toEqual([
      transcript.ours.text,
      transcript.ours.language,
      lines(transcript.ours),
    ]);
    expect(lines(transcript.alt).length).toBeGreaterThan(1);
  });

  it('a ranking asked lowest first: the alt service ignores our direction, and the check says so', async () => {
    const account = ours.state.adAccounts[0]?.id ?? '';
    const path = `/ad-accounts/${account}/ads?period=last_30d&limit=10&sort_by=spend&sort_order=asc`;
    const { ours: a, alt: b } = await both(path, rankedSchema);
    expect(rankingOrderHonoured(a.items, 'spend', 'asc')).toBe(true);
    expect(rankingOrderHonoured(b.items, 'spend', 'asc')).toBe(false);
  });

  it('library search: the same ads, and a cursor longer than 2,000 characters leads to the same page 2', async () => {
    const first = await both('/ad-library/search?query=jacket&page_size=20', libraryPageSchema);
    expect(ids(first.alt.items)).toEqual(ids(first.ours.items));
    expect(first.alt.cursor?.length).toBeGreaterThan(2000);
    const [second, secondAlt] = await Promise.all([
      readFrom(
        ours,
        `/ad-library/search?query=jacket&page_size=20&cursor=${encodeURIComponent(first.ours.cursor ?? '')}`,
        libraryPageSchema,
      ),
      readFrom(
        alt,
        `/ad-library/search?query=jacket&page_size=20&cursor=${encodeURIComponent(first.alt.cursor ?? '')}`,
        libraryPageSchema,
      ),
    ]);
    expect(ids(secondAlt.parsed.items)).toEqual(ids(second.parsed.items));
    // The end is not given in alt: "not given", never "still running".
    expect(first.alt.items.every((ad) => ad.is_active === null && ad.end_date === null)).toBe(true);
    expect(first.ours.items.some((ad) => ad.is_active === true)).toBe(true);
    // Other display formats: learned from the data, and the service's own values filter.
    const formats = new Set(first.alt.items.map((ad) => ad.display_format));
    expect([...formats].some((format) => format === 'static_image' || format === 'dynamic')).toBe(true);
    const filtered = await readFrom(
      alt,
      '/ad-library/search?display_format=static_image&page_size=5',
      libraryPageSchema,
    );
    expect(filtered.parsed.items.every((ad) => ad.display_format === 'static_image')).toBe(true);
    const refused = await api(alt, '/ad-library/search?display_format=image');
    expect(refused.body.code).toBe(40001);
    expect(String(refused.body.message)).toMatch(/static_image/);
  });

  it('saved ads, one ad, and the brand library: wrappers and other list names', async () => {
    const saved = await both('/ad-library/saved?page_size=5', savedPageSchema);
    expect(saved.alt.items.map((ad) => [ad.id, ad.saved_details?.saved_at])).toEqual(
      saved.ours.items.map((ad) => [ad.id, ad.saved_details?.saved_at]),
    );
    expect(saved.alt.items.length).toBeGreaterThan(0);
    expect(Boolean(saved.alt.cursor)).toBe(Boolean(saved.ours.cursor));

    const adId = saved.ours.items[0]?.id ?? '';
    const one = await both(`/ad-library/${adId}`, libraryAdDetailSchema);
    expect([one.alt.id, one.alt.title, one.alt.brand_name]).toEqual([one.ours.id, one.ours.title, one.ours.brand_name]);

    const name = ours.state.data.catalogue.brands[0]?.name ?? '';
    const brands = await both(`/brand-library/search?query=${encodeURIComponent(name)}`, brandPageSchema);
    const row = (b: (typeof brands.ours.items)[number]) => [b.id, b.name, b.domain, b.logo_url, b.ad_count];
    expect(brands.alt.items.map(row)).toEqual(brands.ours.items.map(row));
    expect(brands.alt.items.length).toBeGreaterThan(0);

    const brandId = brands.ours.items[0]?.id ?? '';
    const detail = await both(`/brand-library/${brandId}`, brandDetailSchema);
    expect([detail.alt.id, detail.alt.name, detail.alt.first_seen, detail.alt.languages]).toEqual([
      detail.ours.id,
      detail.ours.name,
      detail.ours.first_seen,
      detail.ours.languages,
    ]);
    expect(Object.values(detail.alt.formats ?? {})).toEqual(Object.values(detail.ours.formats ?? {}));

    const brandAds = await both(`/brand-library/${brandId}/ads?page_size=10`, brandAdsPageSchema);
    expect(ids(brandAds.alt.items)).toEqual(ids(brandAds.ours.items));

    const followed = await both('/brand-library/followed?page_size=10', brandPageSchema);
    expect(ids(followed.alt.items)).toEqual(ids(followed.ours.items));

    const inspo = await both('/inspo-brands/search', followedBrandsSchema, {
      method: 'POST',
      body: { scope: 'followed', followed: { offset: 0, limit: 100 } },
    });
    expect([ids(inspo.alt.items), inspo.alt.total, inspo.alt.has_more]).toEqual([
      ids(inspo.ours.items),
      inspo.ours.total,
      inspo.ours.has_more,
    ]);
  });

  it('boards and board ads', async () => {
    const tree = await both('/boards', boardTreeSchema);
    expect(tree.alt.items).toEqual(tree.ours.items);
    const board = tree.ours.items.find((node) => (node.ad_num ?? 0) > 0)?.board_id ?? '';
    const page = await both(`/boards/${board}/ads?page_size=100`, boardAdsPageSchema);
    expect(page.alt.items.map((ad) => [ad.id, ad.saved_details?.tags])).toEqual(
      page.ours.items.map((ad) => [ad.id, ad.saved_details?.tags]),
    );
  });

  it('image generation: no per-image status, the URL under another name, and an aspect ratio not honoured', async () => {
    const brandOf = (server: RunningServer) =>
      server.state.data.workspaces[0]?.ownedBrands.find((candidate) => !candidate.locked)?.id ?? '';
    const body = (server: RunningServer) => ({
      idempotency_key: 'alt-shapes-0001',
      prompt: 'Rain jackets on a ridge',
      brand_id: brandOf(server),
      size: 2,
      aspect_ratio: '9:16' as const,
    });
    const [a, b] = await Promise.all([
      readFrom(ours, '/image-generations', generationSchema, { method: 'POST', body: body(ours) }),
      readFrom(alt, '/image-generations', generationSchema, { method: 'POST', body: body(alt) }),
    ]);
    expect(generationMismatch({ aspect_ratio: '9:16' }, a.parsed)).toBeNull();
    expect(generationMismatch({ aspect_ratio: '9:16' }, b.parsed)).toMatch(/1:1 images, not 9:16/);
    ours.state.clock.advance(10 * 60_000);
    alt.state.clock.advance(10 * 60_000);
    const done = await readFrom(alt, `/image-generations/${b.parsed.generation_id}`, generationSchema);
    expect(done.parsed.images).toEqual([]);
    expect(done.parsed.image_ids.length).toBe(2);
    const images = await Promise.all(
      done.parsed.image_ids.map((id) =>
        readFrom(alt, `/image-generations/${b.parsed.generation_id}/images/${id}`, generatedImageSchema),
      ),
    );
    for (const image of images) {
      expect(image.raw).not.toHaveProperty('status');
      expect(image.parsed.status).toBeNull();
    }
    expect(images.some((image) => image.parsed.url?.startsWith('http://server/media/'))).toBe(
      done.parsed.status !== 'failed',
    );
  });

  it('errors come with HTTP 200, chunked, except the statuses the contract states', async () => {
    const missing = await api(alt, '/ad-accounts/00000000-0000-4000-8000-000000000000/summary');
    expect([missing.status, missing.body.code]).toEqual([200, 40401]);
    const account = ours.state.adAccounts[0];
    const uncached = account?.ads
      .flatMap((ad) => ad.videos)
      .find((video) => !account.transcripts.has(video.videoId))?.videoId;
    const notCached = await api(alt, `/ad-accounts/${account?.id ?? ''}/videos/${uncached ?? ''}/transcript`);
    expect([notCached.status, notCached.body.code]).toEqual([404, 40401]);
  });
});
