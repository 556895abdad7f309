import { describe, expect, it } from 'vitest';
import { addsUp, SHARE_SLICES, shareOfTotal } from '../../../components/accounts/share-chart';
import { rankedSchema } from '../../../lib/contract/ad-accounts';

/** A ranked answer as the service sends it, read by the client's own schema. */
function ranked(values: (number | null)[], totalAds: number | null = values.length) {
  return rankedSchema.parse({
    items: values.map((value, index) => ({
      platform_ad_id: `ad-${index + 1}`,
      name: `Ad ${index + 1}`,
      metrics: { spend: value },
    })),
    metric_names: { spend: 'Amount spent' },
    total_ads: totalAds,
  });
}

describe('the largest ads’ share of the account’s total', () => {
  it('gives the five largest a slice each and the rest of the account one more', () => {
    const result = shareOfTotal(ranked([400, 200, 100, 50, 50, 40, 10], 30), 'spend', 'currency', 1000);
    expect(result.kind).toBe('shares');
    if (result.kind !== 'shares') return;
    expect(result.slices.map((slice) => slice.id)).toEqual(['ad-1', 'ad-2', 'ad-3', 'ad-4', 'ad-5']);
    expect(result.slices).toHaveLength(SHARE_SLICES);
    expect(result.slices[0]?.share).toBeCloseTo(0.4);
    expect(result.rest).toBeCloseTo(200);
    expect(result.restShare).toBeCloseTo(0.2);
    expect(result.otherAds).toBe(25);
  });

  it('takes the largest figures even when rows come in another order, and skips rows without data', () => {
    const result = shareOfTotal(ranked([10, null, 300, 20]), 'spend', 'currency', 330);
    if (result.kind !== 'shares') throw new Error(result.kind);
    expect(result.slices.map((slice) => slice.id)).toEqual(['ad-3', 'ad-4', 'ad-1']);
  });

  it('draws no slice for rounding when every ad is listed, but one for what other ads made', () => {
    const all = shareOfTotal(ranked([50, 49.9]), 'spend', 'currency', 100);
    if (all.kind !== 'shares') throw new Error(all.kind);
    expect(all.rest).toBe(0);
    const unknownCount = shareOfTotal(ranked([50, 40], null), 'spend', 'currency', 100);
    if (unknownCount.kind !== 'shares') throw new Error(unknownCount.kind);
    expect(unknownCount.rest).toBeCloseTo(10);
    expect(unknownCount.otherAds).toBeNull();
  });

  it('says so, and draws nothing, when the ads add up to more than the total', () => {
    expect(shareOfTotal(ranked([80, 40]), 'spend', 'currency', 100)).toEqual({ kind: 'over', sum: 120, total: 100 });
    // Half a percent of rounding between the two answers is allowed.
    expect(shareOfTotal(ranked([60, 40.4]), 'spend', 'currency', 100).kind).toBe('shares');
  });

  it('has no share for a metric that does not add up, no total, or nothing to share', () => {
    expect(shareOfTotal(ranked([1, 2]), 'cpc', 'currency', 3).kind).toBe('not-additive');
    expect(shareOfTotal(ranked([1, 2]), 'spend', 'currency', undefined).kind).toBe('no-total');
    expect(shareOfTotal(ranked([1, 2]), 'spend', 'currency', null).kind).toBe('nothing');
    expect(shareOfTotal(ranked([0, 0]), 'spend', 'currency', 0).kind).toBe('nothing');
    expect(shareOfTotal(ranked([-5, 2]), 'spend', 'currency', 10).kind).toBe('nothing');
  });

  it.each([
    ['spend', 'currency', null, true],
    ['impressions', 'number', 'standard', true],
    ['clicks', 'count', null, true],
    ['custom_conversion.newsletter_signup', 'number', 'custom_conversion', true],
    ['custom_event.add_to_wishlist', 'number', 'custom_event', true],
    ['purchase_value', 'currency', null, true],
    ['cpm', 'currency', null, false],
    ['cost_per_lead', 'currency', null, false],
    ['ctr', 'percent', null, false],
    ['roas', 'ratio', null, false],
    ['custom_metric.engagement_score', 'number', 'custom_metric', false],
  ] as const)('%s (%s, %s) adds up: %s', (id, kind, catalogueKind, expected) => {
    expect(addsUp(id, kind, catalogueKind)).toBe(expected);
  });
});
