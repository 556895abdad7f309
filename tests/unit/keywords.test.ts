import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentWords, winnerQuery } from '../../lib/keywords';
import type { RunningServer } from '../../server/app';
import { api, withServer } from '../support/server';

let server: RunningServer;
beforeAll(async () => {
  server = await withServer();
});
afterAll(() => server.close());

describe('"Find ads like this winner"', () => {
  it('takes the product an ad names, not its slogan, and no stop words', () => {
    expect(winnerQuery('Built for the long way round: the rain jacket')).toBe('rain jacket');
    expect(winnerQuery('Your next trail shoes — made to last')).toBe('made last');
    expect(winnerQuery('Summer sale | Backpack 30 L')).toBe('backpack');
    expect(winnerQuery('The tent for your weekend')).toBe('tent weekend');
    expect(contentWords('your our the 2026 a')).toEqual([]);
  });

  it("keeps an image's description to the words that name things", () => {
    expect(contentWords('A down sleeping bag rolled into its stuff sack')).toEqual([
      'down',
      'sleeping',
      'bag',
      'rolled',
      'stuff',
      'sack',
    ]);
    expect(contentWords('These are the boots that they were made for')).toEqual(['boots', 'made']);
  });

  it('finds library ads for every ad of every demo account', async () => {
    const empty: string[] = [];
    for (const account of server.state.adAccounts) {
      for (const ad of account.ads) {
        const query = winnerQuery(ad.title);
        const { body } = await api(server, `/ad-library/search?page_size=1&query=${encodeURIComponent(query)}`);
        const items = (body.data as { items: unknown[] } | undefined)?.items ?? [];
        if (query === '' || items.length === 0) empty.push(`${ad.title} → "${query}"`);
      }
    }
    expect(empty).toEqual([]);
  });
});
