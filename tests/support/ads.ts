import type { LibraryAd } from '../../lib/contract/ad-library';

/** A library ad as the client reads one, for tests: an image ad of a demo brand, changed by `fields`. */
export function testAd(fields: Partial<LibraryAd> & { id: string }): LibraryAd {
  return {
    title: null,
    body: null,
    brand_name: 'Trailhead Outfitters',
    cta_type: null,
    link_url: null,
    display_format: 'image',
    start_date: '2026-11-01',
    end_date: null,
    language: 'en',
    unified_brand_id: null,
    is_active: true,
    images: [],
    videos: [],
    ...fields,
  };
}
