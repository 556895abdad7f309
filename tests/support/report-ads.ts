import { type LibraryAd, libraryAdSchema } from '../../lib/contract/ad-library';

/**
 * The report's tests' ad, as the service gives one and the client reads it: an image ad of Acme
 * Trail with a call to action, a landing page and one creative, changed by `fields`.
 */
export function reportAd(fields: Record<string, unknown> = {}): LibraryAd {
  return libraryAdSchema.parse({
    id: 'ad-1',
    title: 'Trail shoes',
    body: 'Grip in the rain.',
    brand_name: 'Acme Trail',
    cta_type: 'SHOP_NOW',
    link_url: 'https://acme.example/shoes',
    display_format: 'image',
    start_date: '2026-11-01',
    end_date: null,
    language: 'en',
    images: [{ url: 'https://cdn.example/a.png' }],
    videos: [],
    ...fields,
  });
}
