import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/app';
import { api, withServer } from '../../support/server';
import { shiftUtcDay } from '../../../lib/contract/window';
import { TEST_DAY } from '../../support/clock';

/**
 * Spec 8's limits, sent anyway: the client refuses each before sending (limits.test.ts,
 * ad-accounts.test.ts, the generation form), and the reference server refuses each again with
 * 40001, naming the field, so a client that skipped its checks still changes nothing.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await withServer();
});
afterAll(() => server.close());

const account = () => server.state.adAccounts.find((candidate) => candidate.platform === 'meta')?.id ?? '';
const brand = () => server.state.data.workspaces[0]?.ownedBrands.find((candidate) => !candidate.locked)?.id ?? '';
const metrics = (count: number) => Array.from({ length: count }, (_, i) => `m${i}`).join(',');

describe('the server refuses every documented limit with 40001', () => {
  it.each([
    [
      'a 93-day custom window',
      () => `/summary?period=custom&date_start=${shiftUtcDay(TEST_DAY, -92)}&date_stop=${TEST_DAY}`,
      'date_start',
    ],
    [
      'a date_stop in the future',
      () => `/summary?period=custom&date_start=${TEST_DAY}&date_stop=${shiftUtcDay(TEST_DAY, 1)}`,
      'date_stop',
    ],
    [
      'dates with a preset period',
      () => `/summary?period=last_7d&date_start=${shiftUtcDay(TEST_DAY, -7)}`,
      'date_start',
    ],
    ['21 extra metrics', () => `/summary?metrics=${metrics(21)}`, 'metrics'],
    ['limit 0', () => `/ads?limit=0`, 'limit'],
    ['limit 51', () => `/ads?limit=51`, 'limit'],
    ['limit 2.5', () => `/ads?limit=2.5`, 'limit'],
  ])('ad accounts: %s, naming the same field as the client', async (_, path, field) => {
    const { body } = await api(server, `/ad-accounts/${account()}${path()}`);
    expect(body.code).toBe(40001);
    // The field is in data.field where the server sets it, else it leads the message.
    const named = (body.data as { field?: unknown } | undefined)?.field ?? String(body.message).split(' ')[0];
    expect(named).toBe(field);
  });

  it.each([
    ['size 0', { size: 0 }, 'size'],
    ['size 21', { size: 21 }, 'size'],
    ['size 2.5', { size: 2.5 }, 'size'],
    ['a prompt of 10,001 characters', { prompt: 'x'.repeat(10_001) }, 'prompt'],
    ['an empty prompt', { prompt: '' }, 'prompt'],
  ])('image generation: %s, charging nothing', async (_, change, field) => {
    const credits = () => JSON.stringify(server.state.generations.credits(server.state.data.workspaces));
    const before = credits();
    const { body } = await api(server, '/image-generations', {
      method: 'POST',
      body: { prompt: 'Trail shoes', brand_id: brand(), idempotency_key: `limit-${field}-${Math.random()}`, ...change },
    });
    expect(body.code).toBe(40001);
    expect(String(body.message)).toContain(field);
    expect(credits()).toBe(before);
  });
});
