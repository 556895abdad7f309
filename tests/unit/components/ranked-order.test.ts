import { describe, expect, it } from 'vitest';
import { rankedHeading } from '../../../components/accounts/ranked-table';
import { shownRanking } from '../../../lib/contract/checks';

const rows = (...values: (number | null)[]) => values.map((value) => ({ metrics: { spend: value } }));

describe('a ranking as it is shown', () => {
  it('is the order asked when the service honoured it, the other when the rows came that way, else its own', () => {
    expect(shownRanking(rows(9, 5, null, 1), 'spend', 'desc')).toBe('desc');
    expect(shownRanking(rows(9, 5, 1), 'spend', 'asc')).toBe('desc');
    expect(shownRanking(rows(1, 5, 9), 'spend', 'desc')).toBe('asc');
    expect(shownRanking(rows(5, 9, 1), 'spend', 'asc')).toBeNull();
  });

  it('heads the rows by what they are, never "Top" over rows the service did not rank so', () => {
    expect(rankedHeading({ items: rows(9, 5, 1), total_ads: 31 }, 'desc')).toBe('Top 3 of 31 ads');
    expect(rankedHeading({ items: rows(1, 5, 9), total_ads: 31 }, 'asc')).toBe('Bottom 3 of 31 ads');
    expect(rankedHeading({ items: rows(5, 9, 1), total_ads: null }, null)).toBe(
      '3 ads, in the order the service sent them',
    );
    expect(rankedHeading({ items: rows(9), total_ads: 1 }, 'desc')).toBe('Top 1 of 1 ad');
  });
});
