import { describe, expect, it } from 'vitest';
import { describeQuota } from '../../../components/brands/quota';
import { countOf, formatNumber } from '../../../components/ui/format';

/** The followed-brand quota, whose fields the contract does not show, read in its legal shapes. */
describe('the followed-brand quota', () => {
  it('reads the reference server’s names', () => {
    expect(describeQuota({ unit: 'brands', used: 12, limit: 50, remaining: 38, locked: 0 })).toEqual([
      `Your plan tracks ${countOf(50, 'brand')}; you follow 12.`,
      'You can follow 38 more.',
    ]);
  });

  it('reads used and limit one object down, named for brands, and lists the rest as it comes', () => {
    expect(
      describeQuota({
        plan: 'growth',
        searches: { used: 3, limit: 10 },
        followed_brands: { used: 1200, limit: 1150, locked: 50 },
      }),
    ).toEqual([
      `Your plan tracks ${countOf(1150, 'brand')}; you follow ${formatNumber(1200)}.`,
      '50 followed brands are locked until you upgrade or unfollow others.',
      'plan: growth',
    ]);
  });

  it('reads other known names, and one brand is one brand', () => {
    expect(describeQuota({ quota: { current: 1, max: 1, available: 0 } })).toEqual([
      'Your plan tracks 1 brand; you follow 1.',
      'You can follow 0 more.',
    ]);
  });

  it('shows no number it cannot place: fields it does not know are listed by name', () => {
    expect(describeQuota({ searches_left: 4, searches_per_period: 10 })).toEqual([
      'searches left: 4',
      'searches per period: 10',
    ]);
    expect(describeQuota(null)).toEqual([]);
  });
});
