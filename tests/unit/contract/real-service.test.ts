import { describe, expect, it } from 'vitest';
import { dayInZone, dayOf, instantOf } from '../../../lib/contract/ad-dates';
import { libraryAdSchemaIn, libraryPageSchema } from '../../../lib/contract/ad-library';

/**
 * A library ad as the real service behind the contract (Atria's Open API v1) writes it, where the
 * contract leaves room: the call to action as `cta_text`, the brand as `brand_id`, whether it
 * runs as `status`, media as `{ url, width, height }` (a video may have no poster), dates as
 * timestamps with or without a zone. Every zone is named here, never the machine's.
 */
const readIn = (zone: string, fields: Record<string, unknown>) =>
  libraryAdSchemaIn(() => zone).parse({ id: 'm123456789012345678', brand_name: 'Peak', ...fields });

describe("the real service's fields", () => {
  it('reads the call to action from cta_text when cta_type is missing or null, cta_type first', () => {
    expect(readIn('UTC', { cta_text: 'Shop Now' }).cta_type).toBe('Shop Now');
    expect(readIn('UTC', { cta_type: null, cta_text: 'Learn More' }).cta_type).toBe('Learn More');
    expect(readIn('UTC', { cta_type: 'SHOP_NOW', cta_text: 'Shop now' }).cta_type).toBe('SHOP_NOW');
    expect(readIn('UTC', {}).cta_type).toBeNull();
  });

  it('reads the brand from brand_id beside unified_brand_id, the contract name first', () => {
    expect(readIn('UTC', { brand_id: 'm123456789012345' }).unified_brand_id).toBe('m123456789012345');
    expect(readIn('UTC', { unified_brand_id: 't1', brand_id: 't2' }).unified_brand_id).toBe('t1');
    // An ad's own `uuid` is not its brand.
    expect(readIn('UTC', { uuid: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e' }).unified_brand_id).toBeNull();
  });

  it.each([
    [{ status: 'active' }, true],
    [{ status: 'inactive' }, false],
    [{ status: 'ACTIVE ' }, true],
    [{ status: 'inactive', end_date: null }, false],
    [{ status: 'active', end_date: '2026-07-01' }, true],
    [{ is_active: false, status: 'active' }, false],
    [{ status: 'paused' }, null],
    [{ status: 'paused', end_date: null }, true],
    [{}, null],
  ])('reads %j as running: %s', (fields, running) => {
    expect(readIn('UTC', fields).is_active).toBe(running);
  });

  it('reads images and videos as objects with url, width and height; a video without a poster keeps its url', () => {
    const ad = readIn('UTC', {
      images: [{ url: 'https://cdn.example/a.jpg', width: 1080, height: 1080 }],
      videos: [
        { url: 'https://cdn.example/v.mp4', width: 720, height: 1280 },
        { preview_image_url: 'https://cdn.example/p.jpg', url: 'https://cdn.example/w.mp4' },
        { video_url: 'https://cdn.example/x.mp4' },
      ],
    });
    expect(ad.images).toEqual([{ url: 'https://cdn.example/a.jpg', width: 1080, height: 1080 }]);
    expect(ad.videos.map((video) => [video.preview_image_url, video.url])).toEqual([
      [null, 'https://cdn.example/v.mp4'],
      ['https://cdn.example/p.jpg', 'https://cdn.example/w.mp4'],
      [null, 'https://cdn.example/x.mp4'],
    ]);
    expect(ad.videos[0]).toMatchObject({ width: 720, height: 1280 });
  });

  it('reads a whole page of such ads without dropping one', () => {
    const page = libraryPageSchema.parse({
      items: [
        { id: 'm1', brand_id: 'm9', cta_text: 'Shop Now', status: 'active', videos: [{ url: 'https://c/v.mp4' }] },
        { id: 'm2', start_date: '2026-07-15', status: 'inactive' },
      ],
      cursor: 'next',
    });
    expect(page.items.map((ad) => [ad.id, ad.unified_brand_id, ad.is_active])).toEqual([
      ['m1', 'm9', true],
      ['m2', null, false],
    ]);
  });
});

describe('launch and end dates as calendar days', () => {
  it.each([
    // A timestamp with a zone: the day it was in the user's zone.
    ['2026-07-14T23:30:00-05:00', 'America/Chicago', '2026-07-14'],
    ['2026-07-14T23:30:00-05:00', 'UTC', '2026-07-15'],
    ['2026-07-14T23:30:00-05:00', 'Asia/Tokyo', '2026-07-15'],
    ['2026-07-14T23:30:00-05:00', 'Pacific/Pago_Pago', '2026-07-14'],
    // A naive timestamp is UTC.
    ['2026-07-15T06:40:16.666024', 'UTC', '2026-07-15'],
    ['2026-07-15T06:40:16.666024', 'America/Los_Angeles', '2026-07-14'],
    ['2026-07-15T06:40:16.666024', 'Pacific/Kiritimati', '2026-07-15'],
    ['2026-07-15T20:00:00', 'Pacific/Kiritimati', '2026-07-16'],
    ['2026-07-15T06:40:16Z', 'Europe/Berlin', '2026-07-15'],
    ['2026-07-15 23:10:00+0530', 'Asia/Kolkata', '2026-07-15'],
    ['2026-07-15T23:10+05:30', 'UTC', '2026-07-15'],
    ['2026-12-31T23:59:59.999-01:00', 'UTC', '2027-01-01'],
    // A plain date stays that date in every zone.
    ['2026-07-15', 'Pacific/Kiritimati', '2026-07-15'],
    ['2026-07-15', 'Pacific/Pago_Pago', '2026-07-15'],
    ['2028-02-29', 'America/Chicago', '2028-02-29'],
  ])('%s in %s is %s', (value, zone, day) => {
    expect(dayOf(value, zone)).toBe(day);
    const ad = readIn(zone, { start_date: value, end_date: value });
    expect([ad.start_date, ad.end_date]).toEqual([day, day]);
  });

  it.each(['2026-02-30', '2026-13-01', '2026-07-15T24:00:00', '2026-07-15T10:00:00+25:00', 'July 14', '', '2026'])(
    'does not make a day of %j',
    (value) => {
      expect(dayOf(value, 'UTC')).toBeNull();
    },
  );

  it('keeps what it cannot read as given, never an invented day', () => {
    expect(readIn('UTC', { start_date: 'July 14' }).start_date).toBe('July 14');
    expect(readIn('UTC', { start_date: null }).start_date).toBeNull();
  });

  it('reads the instant of a timestamp exactly, and a zone the browser does not know as UTC', () => {
    expect(instantOf('2026-07-14T23:30:00-05:00')).toBe(Date.UTC(2026, 6, 15, 4, 30));
    expect(instantOf('2026-07-15T06:40:16.666024')).toBe(Date.UTC(2026, 6, 15, 6, 40, 16, 666));
    expect(instantOf('2026-07-15')).toBeNull();
    expect(dayInZone(Date.UTC(2026, 6, 15, 4, 30), 'Not/AZone')).toBe('2026-07-15');
  });
});
