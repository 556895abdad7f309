import { describe, expect, it } from 'vitest';
import { formatMetric as formatIn, metricKind, type MetricKind } from '../../../components/accounts/metric-format';
import { formatsFor } from '../../../components/ui/format';
import { MAX_LEARNED_FORMATS, withFormatsOf } from '../../../components/ads/learned-formats';
import { adDetailSchema, metricCatalogueSchema, rankedSchema } from '../../../lib/contract/ad-accounts';
import {
  libraryAdSchema,
  libraryPageSchema,
  libraryQuerySchema,
  librarySearchSchema,
  savedPageSchema,
} from '../../../lib/contract/ad-library';
import { normalizeListPage, renameFields, unwrapRecord } from '../../../lib/contract/alternatives';
import { ownedBrandListSchema } from '../../../lib/contract/owned-brands';
import { requests } from '../../../lib/messaging/protocol';

/** The rule: strict on what the contract states, tolerant of what it leaves "not shown". */
describe('strict only on what the contract states', () => {
  it('a ranked row without platform_ad_id, or without metrics, is an error that names the field', () => {
    const missingId = rankedSchema.safeParse({ items: [{ metrics: {} }] });
    expect(missingId.error?.issues[0]?.path).toEqual(['items', 0, 'platform_ad_id']);
    const missingMetrics = rankedSchema.safeParse({ items: [{ platform_ad_id: '1' }] });
    expect(missingMetrics.error?.issues[0]?.path).toEqual(['items', 0, 'metrics']);
    expect(missingMetrics.error?.issues[0]?.message).toMatch(/metrics must be an object/);
  });

  it('a search page without items, or with a cursor that is not a string, is an error naming it', () => {
    expect(libraryPageSchema.safeParse({ cursor: '' }).error?.issues[0]?.path).toEqual(['items']);
    expect(libraryPageSchema.safeParse({ items: [], cursor: 42 }).error?.issues[0]?.path).toEqual(['cursor']);
    // Empty, absent or null: the last page.
    for (const cursor of ['', null, undefined]) {
      expect(libraryPageSchema.parse({ items: [], cursor }).cursor).toBeNull();
    }
  });

  it('an ad detail that does not repeat platform_ad_id is read (the contract never states it there)', () => {
    const detail = adDetailSchema.parse({ ad: { metrics: { ctr: 1.28 }, assets: { headline: 'Go' } } });
    expect(detail.platform_ad_id).toBeNull();
    expect(detail.metrics).toEqual({ ctr: 1.28 });
    expect(detail.creative?.title).toBe('Go');
  });
});

describe('tolerant of what it leaves open', () => {
  it('takes the first known alternative name for a missing or null field, and keeps the canonical one first', () => {
    expect(renameFields({ image_url: 'a' }, { url: ['url', 'image_url', 'src'] })).toEqual({
      image_url: 'a',
      url: 'a',
    });
    expect(renameFields({ url: 'a', src: 'b' }, { url: ['url', 'src'] })).toEqual({ url: 'a', src: 'b' });
    expect(renameFields({ url: null, src: 'b' }, { url: ['url', 'src'] })).toEqual({ url: 'b', src: 'b' });
    expect(renameFields('text', { url: ['src'] })).toBe('text');
  });

  it('unwraps a record, and reads a list given bare, wrapped or under another name', () => {
    expect(unwrapRecord({ ad: { id: 'x' } }, ['id'])).toEqual({ id: 'x' });
    expect(unwrapRecord({ id: 'y', ad: { id: 'x' } }, ['id'])).toEqual({ id: 'y', ad: { id: 'x' } });
    expect(normalizeListPage([{ id: 1 }])).toEqual({ items: [{ id: 1 }] });
    expect(normalizeListPage({ results: [1], next_cursor: 'c' })).toMatchObject({ items: [1], cursor: 'c' });
    expect(normalizeListPage({ data: { ads: [1], next: 'n' }, total: 3 })).toMatchObject({
      items: [1],
      cursor: 'n',
      total: 3,
    });
  });

  it('reads saved ads wrapped beside their save, and owned brands with null colors', () => {
    const saved = savedPageSchema.parse({
      results: [{ ad: { id: 'a1', title: 'T' }, saved_at: '2026-01-02T03:04:05Z', tags: ['x'] }],
      next_cursor: 'n',
    });
    expect(saved.items[0]?.saved_details).toMatchObject({ saved_at: '2026-01-02T03:04:05Z', tags: ['x'] });
    expect(saved.cursor).toBe('n');
    const owned = ownedBrandListSchema.parse({ brands: [{ id: 'b', brand_name: 'Acme', colors: null }] });
    expect(owned.items).toMatchObject([{ id: 'b', name: 'Acme', colors: [] }]);
  });

  it('keeps catalogue rows with other field names', () => {
    const catalogue = metricCatalogueSchema.parse([{ metric_id: 'ctr', label: 'CTR', is_sortable: 'yes' }]);
    expect(catalogue.items).toMatchObject([{ id: 'ctr', name: 'CTR', sortable: undefined }]);
  });

  it('an ad whose end is not given is neither running nor ended', () => {
    expect(libraryAdSchema.parse({ id: 'a' }).is_active).toBeNull();
    expect(libraryAdSchema.parse({ id: 'a', end_date: null }).is_active).toBe(true);
    expect(libraryAdSchema.parse({ id: 'a', end_date: '2026-01-01' }).is_active).toBe(false);
    expect(libraryAdSchema.parse({ id: 'a', is_active: false }).is_active).toBe(false);
  });
});

describe('rows refused where they enter', () => {
  const good = (id: string) => ({ id, title: 'T', is_active: true, images: [], videos: [] });
  const odd: unknown[] = [
    null,
    'row',
    { id: null, title: 'no id' },
    { title: 'no id at all' },
    { id: 'x'.repeat(201) },
  ];

  it('a row whose id is missing, null or too long to keep is refused and counted; the page and its other rows are read', () => {
    const page = libraryPageSchema.parse({ items: [good('a1'), ...odd, good('x'.repeat(200))], cursor: 'c2' });
    expect(page.items.map((ad) => ad.id.length)).toEqual([2, 200]);
    expect(page.refused).toBe(5);
    expect(page.cursor).toBe('c2');
    // Lists whose shape the contract leaves open count theirs alike; a page with none refused says none.
    expect(savedPageSchema.parse({ results: [...odd, good('s1')] })).toMatchObject({
      items: [{ id: 's1' }],
      refused: 5,
    });
    expect(libraryPageSchema.parse({ items: [good('a1')] }).refused).toBeUndefined();
  });
});

describe('no limits the contract does not set', () => {
  it('a cursor of any length is a valid request to the worker', () => {
    const cursor = 'c'.repeat(10_000);
    expect(requests['library.search'].input.safeParse({ query: 'tent', cursor }).success).toBe(true);
    expect(requests['library.saved'].input.safeParse({ cursor }).success).toBe(true);
    expect(requests['brands.ads'].input.safeParse({ brandId: crypto.randomUUID(), cursor }).success).toBe(true);
  });

  it('any display_format is sent; the service says which it refuses', () => {
    expect(requests['library.search'].input.safeParse({ display_format: 'static_image' }).success).toBe(true);
  });

  it('display formats are learned from the ads seen, in order, bounded', () => {
    expect(withFormatsOf(['video'], [{ display_format: 'static_image' }, { display_format: 'video' }])).toEqual([
      'video',
      'static_image',
    ]);
    const many = Array.from({ length: 40 }, (_, n) => ({ display_format: `f${n}` }));
    expect(withFormatsOf([], many)).toHaveLength(MAX_LEARNED_FORMATS);
  });
});

describe('numbers never lie', () => {
  // In en-US here; the other locales are in tests/unit/components/locale-formats.test.ts.
  const enUs = formatsFor('en-US');
  const formatMetric = (value: number | null, kind: MetricKind, currency?: string | null) =>
    formatIn(value, kind, currency, enUs);

  it('a metric of unknown format keeps its decimals; known ids read as percent, currency or ratio', () => {
    expect(formatMetric(1.2845, metricKind('custom_score', null))).toBe('1.2845');
    expect(formatMetric(1.28, metricKind('ctr', null))).toBe('1.28%');
    expect(formatMetric(0.72, metricKind('cpc', null), 'EUR')).toBe('€0.72');
    expect(formatMetric(3.5, metricKind('purchase_roas', null))).toBe('3.50×');
    expect(formatMetric(1234, metricKind('impressions', null))).toBe('1,234');
    // The catalogue's word wins over the id.
    expect(formatMetric(0.5, metricKind('ctr', 'number'))).toBe('0.5');
  });

  it('an amount with no currency given is a plain amount, never a guessed currency', () => {
    expect(formatMetric(0.72, 'currency', null)).toBe('0.72');
    expect(formatMetric(null, 'currency', 'EUR')).toBe('no data');
  });
});

describe('a query with no terms', () => {
  const NO_TERMS = 'The search has no letters or digits to look for: symbols and emoji are not searched. Type a word.';

  it('is refused alike by the client and the reference server', () => {
    for (const schema of [librarySearchSchema, libraryQuerySchema]) {
      expect(schema.safeParse({ query: '🔥🔥 !!' }).error?.issues[0]?.message).toBe(NO_TERMS);
      expect(schema.safeParse({ query: 'tent 🔥' }).success).toBe(true);
      expect(schema.safeParse({ query: '   ' }).success).toBe(true);
    }
  });
});
