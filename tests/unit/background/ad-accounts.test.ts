import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createDefaultApi } from '../../../lib/background/api';
import { ApiError } from '../../../lib/messaging/api-error';
import { generationChoiceSchema } from '../../../lib/contract/generation-fields';
import type { RunningServer } from '../../../server/app';
import { rankedToCsv } from '../../../components/accounts/ranked-csv';
import { connectTo } from '../../support/connection';
import { withServer } from '../../support/server';
import { shiftUtcDay } from '../../../lib/contract/window';
import { fixedClock, TEST_DAY } from '../../support/clock';

let server: RunningServer;
beforeAll(async () => {
  server = await withServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  fakeBrowser.reset();
  await connectTo(server.baseUrl);
});

const api = () => createDefaultApi({ retryLimit: 0, clock: fixedClock() });
const account = () => server.state.adAccounts.find((candidate) => candidate.platform === 'meta')?.id ?? '';

async function refusal(run: () => Promise<unknown>): Promise<ApiError> {
  try {
    await run();
  } catch (error) {
    return ApiError.from(error);
  }
  throw new Error('expected a refusal');
}

describe('the ad-accounts client', () => {
  it.each([
    [
      'a future date_stop',
      { period: 'custom', date_start: TEST_DAY, date_stop: shiftUtcDay(TEST_DAY, 1) },
      [],
      'date_stop',
    ],
    ['dates with a preset', { period: 'last_7d', date_start: shiftUtcDay(TEST_DAY, -7) }, [], 'date_start'],
    ['93 days', { period: 'custom', date_start: shiftUtcDay(TEST_DAY, -92), date_stop: TEST_DAY }, [], 'date_start'],
    ['21 metrics', {}, Array.from({ length: 21 }, (_, i) => `m${i}`), 'metrics'],
  ])('refuses %s before sending, naming the field', async (_, window, metrics, field) => {
    const before = server.state.requestLog.length;
    const error = await refusal(() => api().accounts.summary(account(), { window, metrics }));
    expect([error.code, error.field]).toEqual(['invalid_input', field]);
    expect(server.state.requestLog.length).toBe(before);
  });

  it('refuses a limit outside 1 to 50 and a malformed account id before sending', async () => {
    const query = { window: {}, metrics: [], sortBy: 'spend', sortOrder: 'desc' as const };
    expect((await refusal(() => api().accounts.ads(account(), { ...query, limit: 51 }))).field).toBe('limit');
    expect((await refusal(() => api().accounts.ads('nope', { ...query, limit: 5 }))).field).toBe('account');
  });

  it('reads a missing transcript as null (HTTP 404), and the server refuses a metric sent anyway', async () => {
    const meta = server.state.adAccounts.find((candidate) => candidate.platform === 'meta');
    const uncached = meta?.ads.flatMap((ad) => ad.videos).find((video) => !meta.transcripts.has(video.videoId));
    expect(await api().accounts.transcript(account(), uncached?.videoId ?? '')).toBeNull();
    const refused = await refusal(() => api().accounts.summary(account(), { window: {}, metrics: ['made_up'] }));
    expect(refused.code).toBe(40001);
  });

  it('exports the ranked table as CSV with empty cells for no data and formula-safe text', async () => {
    const ranked = await api().accounts.ads(account(), {
      window: { period: 'last_30d' },
      metrics: ['cost_per_conversion'],
      sortBy: 'spend',
      sortOrder: 'desc',
      limit: 3,
    });
    const csv = rankedToCsv(
      {
        ...ranked,
        items: [
          ...ranked.items,
          {
            platform_ad_id: '=1+1',
            name: '=HYPERLINK()',
            status: null,
            format: null,
            preview_image_url: null,
            metrics: { spend: null },
          },
        ],
      },
      ['spend', 'cost_per_conversion'],
      { spend: 'Amount spent', cost_per_conversion: 'Cost per conversion' },
    );
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('platform_ad_id,name,status,format,Amount spent,Cost per conversion');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe("'=1+1,'=HYPERLINK(),,,,");
  });

  it('keeps negative numbers as numbers in the CSV; text that looks like one is still guarded', () => {
    const csv = rankedToCsv(
      {
        items: [
          {
            platform_ad_id: '-42',
            name: '-1+2',
            status: null,
            format: null,
            preview_image_url: null,
            metrics: { roas_change: -0.35, profit: -1250.5, spend: 0 },
          },
        ],
        total_ads: 1,
        metric_names: {},
        currency: null,
      },
      ['roas_change', 'profit', 'spend'],
      {},
    );
    expect(csv.split('\r\n')[1]).toBe("'-42,'-1+2,,,-0.35,-1250.5,0");
  });
});

describe('generation choices', () => {
  it.each([
    ['a javascript: logo', { logo_url: 'javascript:alert(1)' }, 'logo_url'],
    ['a color name', { colors: ['red'] }, 'colors'],
    ['11 product images', { product_image_urls: Array(11).fill('https://x.example/p.png') }, 'product_image_urls'],
    ['an aspect ratio we do not offer', { aspect_ratio: '2:1' }, 'aspect_ratio'],
  ])('refuses %s, naming the field', (_, override, field) => {
    const parsed = generationChoiceSchema.safeParse({ prompt: 'A brief', brand_id: 'b', ...override });
    expect(parsed.success).toBe(false);
    expect(String(parsed.error?.issues[0]?.path[0])).toBe(field);
  });
});
