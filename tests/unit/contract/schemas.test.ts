import { describe, expect, it } from 'vitest';
import { libraryAdSchema, libraryPageSchema, librarySearchSchema } from '../../../lib/contract/ad-library';
import { brandDetailSchema, followedBrandsSchema } from '../../../lib/contract/brand-library';

const documentedAd = {
  id: 'ad-1',
  title: 'Title',
  body: null,
  brand_name: 'Brand',
  cta_type: null,
  link_url: 'https://example.com',
  display_format: 'video',
  start_date: '2026-01-01',
  images: [{ url: 'https://example.com/a.png' }],
  videos: [{ preview_image_url: 'https://example.com/p.png' }],
  saved_details: { saved_at: '2026-01-02T10:00:00Z', boards: ['b1'], tags: ['hook'] },
};

describe('library ad schema', () => {
  it('accepts the documented shape and keeps unknown extras', () => {
    const parsed = libraryAdSchema.parse({ ...documentedAd, future_field: { nested: true } });
    expect(parsed.title).toBe('Title');
    expect(parsed.saved_details?.tags).toEqual(['hook']);
    expect((parsed as Record<string, unknown>).future_field).toEqual({ nested: true });
  });

  it.each([
    ['missing optional fields', { id: 'ad-2' }],
    [
      'fields of another type',
      { ...documentedAd, title: 42, images: 'nope', videos: [{ preview_image_url: 7 }], saved_details: 'x' },
    ],
    ['image rows of another shape', { ...documentedAd, images: [null, 'x', { url: 'https://ok' }] }],
  ])('degrades a detail, not the ad, on %s', (_, input) => {
    const parsed = libraryAdSchema.parse(input);
    expect(parsed.id).toBeTruthy();
    expect(Array.isArray(parsed.images)).toBe(true);
  });

  it('drops an item without an id instead of failing the page, and reads an empty cursor as the end', () => {
    const page = libraryPageSchema.parse({ items: [documentedAd, { title: 'no id' }], cursor: '' });
    expect(page.items.map((ad) => ad.id)).toEqual(['ad-1']);
    expect(page.cursor).toBeNull();
    expect(libraryPageSchema.parse({ items: [] }).cursor).toBeNull();
  });
});

describe('brand schemas', () => {
  it('accept documented rows (id, name, locked) and tolerate unknown ones', () => {
    const followed = followedBrandsSchema.parse({
      items: [{ id: 'b', name: null, locked: true, extra: 1 }],
      has_more: false,
      total: 1,
      quota: { used: 1, limit: 10, something_new: 'x' },
    });
    expect(followed.items[0]?.locked).toBe(true);
    expect(followed.quota).toEqual({ used: 1, limit: 10, something_new: 'x' });
    expect(followedBrandsSchema.parse({ items: [], has_more: 'maybe', total: '3' })).toMatchObject({
      has_more: false,
      total: null,
    });
    expect(brandDetailSchema.parse({ id: 'b', formats: 'bad' }).formats).toBeUndefined();
  });
});

describe('search parameters (spec 4.10) checked before sending', () => {
  it.each([
    [{ language: ['english'] }, 'language'],
    [{ start_date: '2026-02-30' }, 'start_date'],
    [{ start_date: '2026-03-02', end_date: '2026-03-01' }, 'start_date'],
    [{ unified_brand_id: 'acme/ads?x=1' }, 'unified_brand_id'],
    [{ page_size: 101 }, 'page_size'],
    [{ query: 'x'.repeat(201) }, 'query'],
    [{ sort_by: 'saved_newest' }, 'sort_by'],
    [{ order: 'oldest' }, 'order'],
    [{ url: 'https://evil.example' }, ''],
  ])('%j is refused (%s)', (input, field) => {
    const result = librarySearchSchema.safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success && field) expect(result.error.issues[0]?.path.join('.') || 'root').toContain(field);
  });

  it('accepts every documented parameter together', () => {
    expect(
      librarySearchSchema.safeParse({
        query: 'tent',
        language: ['en', 'de'],
        start_date: '2026-01-01',
        end_date: '2026-02-01',
        launched_after: '2026-01-15',
        sort_by: 'most_active',
        order: 'newest',
        display_format: 'video',
        unified_brand_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
        page_size: 50,
        cursor: 'abc',
      }).success,
    ).toBe(true);
  });
});
