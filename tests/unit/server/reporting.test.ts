import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shiftUtcDay } from '../../../lib/contract/window';
import { DEMO_SECOND_API_KEY } from '../../../lib/contract/demo';
import type { RunningServer } from '../../../server/app';
import { type AdAccount, addRows, metricValue, sumRows, TRANSCRIPT_CREDITS } from '../../../server/reporting';
import { api, withServer } from '../../support/server';

const NOW = '2026-11-22T12:00:00Z';
const TODAY = '2026-11-22';
const YESTERDAY = '2026-11-21';

interface Metrics {
  [id: string]: number | null;
}
interface Summary {
  metrics: Metrics;
  metric_names: Record<string, string>;
  window: { period: string; date_start: string; date_stop: string; days: number; settling_from: string | null };
}
interface Ranked {
  items: { platform_ad_id: string; metrics: Metrics }[];
  total_ads: number;
}

let server: RunningServer;
beforeAll(async () => {
  server = await withServer({ now: NOW });
});
afterAll(() => server.close());
beforeEach(() => {
  server.state.clock.pin(NOW);
  server.state.faults.clear();
});

const accounts = () => server.state.adAccounts;
const meta = (): AdAccount => {
  const account = accounts().find((candidate) => candidate.platform === 'meta' && candidate.name.startsWith('Acme'));
  if (!account) throw new Error('no meta account');
  return account;
};
const google = (): AdAccount => {
  const account = accounts().find((candidate) => candidate.platform === 'google');
  if (!account) throw new Error('no google account');
  return account;
};
const get = (path: string, key?: string) => api(server, path, key ? { key } : {});

describe('windows (spec 4.0)', () => {
  it.each([
    ['', 'last_7d', '2026-11-15', YESTERDAY, 7],
    ['period=yesterday', 'yesterday', YESTERDAY, YESTERDAY, 1],
    ['period=last_7d', 'last_7d', '2026-11-15', YESTERDAY, 7],
    ['period=last_14d', 'last_14d', '2026-11-08', YESTERDAY, 14],
    ['period=last_30d', 'last_30d', '2026-10-23', YESTERDAY, 30],
    ['period=custom&date_start=2026-10-01&date_stop=2026-10-01', 'custom', '2026-10-01', '2026-10-01', 1],
    ['period=custom&date_start=2026-08-23&date_stop=2026-11-22', 'custom', '2026-08-23', TODAY, 92],
  ])('%s → %s %s to %s (%i days)', async (query, period, start, stop, days) => {
    const result = await get(`/ad-accounts/${meta().id}/summary?${query}`);
    expect(result.body.code).toBe(0);
    expect((result.body.data as Summary).window).toMatchObject({ period, date_start: start, date_stop: stop, days });
  });

  it.each([
    ['an unknown period', 'period=last_90d', /period must be one of/],
    ['dates with a preset', 'period=last_7d&date_start=2026-11-01', /only allowed with period=custom/],
    ['date_stop with a preset', 'date_stop=2026-11-01', /only allowed with period=custom/],
    ['custom without date_stop', 'period=custom&date_start=2026-11-01', /needs date_stop/],
    ['custom without date_start', 'period=custom&date_stop=2026-11-01', /needs date_start/],
    ['a future date_stop', 'period=custom&date_start=2026-11-01&date_stop=2026-11-23', /future/],
    ['93 days', 'period=custom&date_start=2026-08-22&date_stop=2026-11-22', /at most 92 days/],
    ['start after stop', 'period=custom&date_start=2026-11-10&date_stop=2026-11-01', /on or before/],
    ['a date that does not exist', 'period=custom&date_start=2026-02-30&date_stop=2026-03-01', /real date/],
    ['a period given twice', 'period=last_7d&period=yesterday', /once/],
  ])('refuses %s with 40001', async (_, query, message) => {
    for (const path of ['summary', 'ads', `ads/${meta().ads[0]?.platformAdId}`]) {
      const result = await get(`/ad-accounts/${meta().id}/${path}?${query}`);
      expect(result.body.code, path).toBe(40001);
      expect(String(result.body.message)).toMatch(message);
    }
  });
});

describe('metrics', () => {
  it('lists the catalogue with custom conversions and events, and returns the default set plus the ones asked for', async () => {
    const catalogue = (await get(`/ad-accounts/${meta().id}/metrics`)).body.data as {
      items: { id: string; kind: string }[];
    };
    expect(catalogue.items.map((row) => row.kind)).toEqual(
      expect.arrayContaining(['custom_conversion', 'custom_event']),
    );
    const summary = (await get(`/ad-accounts/${meta().id}/summary?metrics=roas,custom_conversion.newsletter_signup`))
      .body.data as Summary;
    expect(Object.keys(summary.metrics)).toEqual([
      'spend',
      'impressions',
      'clicks',
      'ctr',
      'cpc',
      'roas',
      'custom_conversion.newsletter_signup',
    ]);
    expect(summary.metric_names.roas).toBe('Return on ad spend');
  });

  it.each([
    ['a hand-built id', 'metrics=spend_per_vibe', /catalogue/],
    ['21 ids', `metrics=${Array.from({ length: 21 }, (_, i) => `m${i}`).join(',')}`, /At most 20/],
    ["another platform's custom conversion", 'metrics=custom_conversion.newsletter_signup', /catalogue/],
  ])('refuses %s with 40001', async (_, query, message) => {
    const account = _.startsWith('another') ? google() : meta();
    const result = await get(`/ad-accounts/${account.id}/summary?${query}`);
    expect(result.body.code).toBe(40001);
    expect(String(result.body.message)).toMatch(message);
  });

  it('answers null, not 0, for an ad with no data in the window', async () => {
    const idle = meta().ads.find((ad) => ad.lastDay < '2026-10-01');
    if (!idle) throw new Error('the seed has no ad that stopped early');
    const detail = (await get(`/ad-accounts/${meta().id}/ads/${idle.platformAdId}?period=yesterday`)).body.data as {
      metrics: Metrics;
    };
    expect(Object.values(detail.metrics).every((value) => value === null)).toBe(true);
  });
});

describe('figures', () => {
  it('a summary equals the sum of its daily rows', async () => {
    const start = '2026-09-01';
    const stop = '2026-10-15';
    const summary = (
      await get(
        `/ad-accounts/${meta().id}/summary?period=custom&date_start=${start}&date_stop=${stop}&metrics=conversions`,
      )
    ).body.data as Summary;
    let spend = 0;
    let clicks = 0;
    let conversions = 0;
    for (const ad of meta().ads) {
      for (const [day, row] of ad.rows) {
        if (day < start || day > stop) continue;
        spend += row.spend;
        clicks += row.clicks;
        conversions += row.conversions;
      }
    }
    expect(summary.metrics.spend).toBeCloseTo(spend, 1);
    expect(summary.metrics.clicks).toBe(clicks);
    expect(summary.metrics.conversions).toBe(conversions);
  });

  it('keeps at least 180 days of history', () => {
    const earliest = meta()
      .ads.flatMap((ad) => [...ad.rows.keys()])
      .sort()[0];
    expect(earliest && earliest <= shiftUtcDay(TODAY, -180)).toBe(true);
  });

  it('the most recent days keep settling: a re-read later can differ; settled days do not', async () => {
    const recent = `/ad-accounts/${meta().id}/summary?period=yesterday`;
    const settled = `/ad-accounts/${meta().id}/summary?period=custom&date_start=2026-10-01&date_stop=2026-10-31`;
    const first = (await get(recent)).body.data as Summary;
    const old = (await get(settled)).body.data as Summary;
    expect(first.window.settling_from).toBe(YESTERDAY);
    expect(old.window.settling_from).toBeNull();
    expect((await get(recent)).body.data).toEqual(first);
    server.state.clock.advance(3 * 3_600_000);
    const later = (await get(recent)).body.data as Summary;
    expect(later.metrics.spend).not.toBe(first.metrics.spend);
    expect((await get(settled)).body.data).toEqual(old);
  });
});

describe('ranking (spec 4.4)', () => {
  function expectedOrder(account: AdAccount, metricId: string, order: 'asc' | 'desc', start: string, stop: string) {
    const metric = account.catalogue.find((candidate) => candidate.id === metricId);
    if (!metric) throw new Error(metricId);
    const now = server.state.clock.now();
    return account.ads
      .map((ad) => ({ id: ad.platformAdId, rows: sumRows(ad, start, stop, TODAY, now) }))
      .filter((entry) => entry.rows !== null)
      .map((entry) => ({ id: entry.id, value: metricValue(metric, entry.rows) }))
      .sort((a, b) => {
        if (a.value === null || b.value === null)
          return a.value === b.value ? a.id.localeCompare(b.id) : a.value === null ? 1 : -1;
        const difference = order === 'desc' ? b.value - a.value : a.value - b.value;
        return difference || a.id.localeCompare(b.id);
      })
      .map((entry) => entry.id);
  }

  it.each([
    ['spend', 'desc'],
    ['ctr', 'asc'],
    ['custom_conversion.newsletter_signup', 'desc'],
    ['cost_per_conversion', 'asc'],
  ] as const)('by %s %s covers every ad in the window', async (metric, order) => {
    const query = `period=custom&date_start=2026-09-01&date_stop=2026-10-30&sort_by=${metric}&sort_order=${order}&limit=5`;
    const ranked = (await get(`/ad-accounts/${meta().id}/ads?${query}`)).body.data as Ranked;
    const all = expectedOrder(meta(), metric, order, '2026-09-01', '2026-10-30');
    expect(ranked.total_ads).toBe(all.length);
    expect(ranked.items.map((row) => row.platform_ad_id)).toEqual(all.slice(0, 5));
    expect(Object.keys(ranked.items[0]?.metrics ?? {})).toContain(metric);
  });

  it('defaults to spend, descending, 10 rows', async () => {
    const ranked = (await get(`/ad-accounts/${meta().id}/ads?period=last_30d`)).body.data as Ranked & {
      sort_by: string;
      sort_order: string;
    };
    expect(ranked.items).toHaveLength(10);
    expect([ranked.sort_by, ranked.sort_order]).toEqual(['spend', 'desc']);
    const spends = ranked.items.map((row) => row.metrics.spend ?? 0);
    expect(spends).toEqual([...spends].sort((a, b) => b - a));
  });

  it('the smaller platform answers 40001 with the metrics it ranks by', async () => {
    const refused = await get(`/ad-accounts/${google().id}/ads?sort_by=roas`);
    expect(refused.body.code).toBe(40001);
    expect((refused.body.data as { supported_sort_by: string[] }).supported_sort_by).toEqual(
      expect.arrayContaining(['spend', 'conversions']),
    );
    expect((await get(`/ad-accounts/${google().id}/ads?sort_by=conversions`)).body.code).toBe(0);
  });

  it.each([
    ['limit=0', /limit/],
    ['limit=51', /limit/],
    ['sort_order=down', /sort_order/],
    ['sort_by=vibes', /sort_by/],
  ])('refuses %s', async (query, message) => {
    const result = await get(`/ad-accounts/${meta().id}/ads?${query}`);
    expect(result.body.code).toBe(40001);
    expect(String(result.body.message)).toMatch(message);
  });
});

describe('accounts, ads and errors', () => {
  it('lists only the workspace’s accounts; ids are accepted dashed or as 32 hex', async () => {
    const list = (await get('/ad-accounts')).body.data as { items: { id: string }[] };
    expect(list.items.map((row) => row.id).sort()).toEqual(
      accounts()
        .filter((account) => account.workspaceId === server.state.data.workspaces[0]?.id)
        .map((account) => account.id)
        .sort(),
    );
    expect((await get(`/ad-accounts/${meta().id.replaceAll('-', '').toUpperCase()}/summary`)).body.code).toBe(0);
  });

  it.each([
    ['an invalid account id', () => '/ad-accounts/not-an-id/summary', undefined, 40001],
    ["another workspace's account", () => `/ad-accounts/${meta().id}/summary`, DEMO_SECOND_API_KEY, 40401],
    ['an unknown account', () => '/ad-accounts/00000000-0000-4000-8000-000000000000/ads', undefined, 40401],
    ['an unknown ad', () => `/ad-accounts/${meta().id}/ads/999`, undefined, 40401],
  ])('answers %s with its code', async (_, path, key, code) => {
    expect((await get(path(), key)).body.code).toBe(code);
  });

  it('answers 50001 when the upstream platform is down', async () => {
    server.state.faults.add({ kind: 'upstream', method: 'GET', path: '/ad-accounts' });
    const result = await get(`/ad-accounts/${meta().id}/summary`);
    expect([result.status, result.body.code]).toEqual([503, 50001]);
  });

  it('the ad detail carries the full creative with its videos, and metrics', async () => {
    const video = meta().ads.find((ad) => ad.format === 'video');
    const detail = (await get(`/ad-accounts/${meta().id}/ads/${video?.platformAdId}?period=last_30d`)).body.data as {
      creative: { title: string; body: string; call_to_action: string; videos: { video_id: string }[] };
      metrics: Metrics;
    };
    expect(detail.creative.title).toBe(video?.title);
    expect(detail.creative.call_to_action).toBeTruthy();
    expect(detail.creative.videos.map((row) => row.video_id)).toEqual(video?.videos.map((row) => row.videoId));
    expect(detail.metrics).toHaveProperty('spend');
  });
});

describe('transcripts (spec 4.6, 4.7)', () => {
  const path = (videoId: string) => `/ad-accounts/${meta().id}/videos/${videoId}/transcript`;
  const videos = () => meta().ads.flatMap((ad) => ad.videos.map((video) => video.videoId));
  const ledger = () =>
    (server.state.generations.credits(server.state.data.workspaces)[0]?.ledger ?? []).filter(
      (entry) => entry.kind === 'transcript',
    );

  it('GET is cache-only: the transcript when cached, HTTP 404 when not, never a charge', async () => {
    const cached = videos().find((id) => meta().transcripts.has(id));
    const uncached = videos().find((id) => !meta().transcripts.has(id));
    if (!cached || !uncached) throw new Error('the seed needs both');
    const hit = await get(path(cached));
    expect(hit.status).toBe(200);
    expect((hit.body.data as { text: string }).text.length).toBeGreaterThan(10);
    const miss = await get(path(uncached));
    expect([miss.status, miss.body.code]).toEqual([404, 40401]);
    expect(meta().transcripts.has(uncached)).toBe(false);
    expect(ledger()).toEqual([]);
  });

  it('POST transcribes synchronously and charges on a cache miss only', async () => {
    const uncached = videos().find((id) => !meta().transcripts.has(id)) ?? '';
    const first = await api(server, path(uncached), { method: 'POST', body: {} });
    expect(first.body.data).toMatchObject({ cached: false, credits_charged: TRANSCRIPT_CREDITS });
    const again = await api(server, path(uncached), { method: 'POST', body: {} });
    expect(again.body.data).toMatchObject({ cached: true, credits_charged: 0 });
    expect(ledger()).toEqual([
      expect.objectContaining({ kind: 'transcript', credits: TRANSCRIPT_CREDITS, video_id: uncached }),
    ]);
    expect((await get(path(uncached))).status).toBe(200);
  });

  it('an unknown video is 40401 for both', async () => {
    expect((await get(path('vid-nope'))).body.code).toBe(40401);
    expect((await api(server, path('vid-nope'), { method: 'POST', body: {} })).body.code).toBe(40401);
  });
});

describe('helpers', () => {
  it('adds rows field by field and keeps null for no data', () => {
    expect(addRows(null, null)).toBeNull();
  });
});
