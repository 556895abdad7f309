import { describe, expect, it } from 'vitest';
import { adSnapshot } from '../../../lib/contract/ad-snapshot';
import { adSnapshotSchema, SNAPSHOT_LIMITS } from '../../../lib/contract/ad-snapshot-schema';

/** What a board kept in this browser holds of an ad: bounded, so a save is never refused for its size. */
describe("an ad's snapshot", () => {
  it('keeps plain fields, word lists and media, and drops saved_details and nested objects', () => {
    const snapshot = adSnapshot({
      id: 'm1234',
      title: 'Spring sale',
      cta_text: 'Shop Now',
      platforms: ['facebook', 'instagram'],
      is_active: true,
      saved_details: { saved_at: '2026-01-01', boards: ['b1'], tags: [] },
      nested: { deep: { deeper: 1 } },
      images: [{ url: 'https://cdn.example/a.jpg', width: 1080, height: 1080, extra: { x: 1 } }],
      videos: [{ url: 'https://cdn.example/v.mp4' }],
    });
    expect(snapshot).toEqual({
      id: 'm1234',
      title: 'Spring sale',
      cta_text: 'Shop Now',
      platforms: ['facebook', 'instagram'],
      is_active: true,
      images: [{ url: 'https://cdn.example/a.jpg', width: 1080, height: 1080 }],
      videos: [{ url: 'https://cdn.example/v.mp4' }],
    });
    expect(adSnapshotSchema.safeParse(snapshot).success).toBe(true);
  });

  it('fits an ad a thousand times larger than usual within the limit the protocol takes', () => {
    const huge: { id: string } & Record<string, unknown> = {
      id: 'm1',
      images: Array.from({ length: 500 }, (_, index) => ({ url: `https://cdn.example/${'x'.repeat(2000)}/${index}` })),
    };
    for (let index = 0; index < 200; index += 1) huge[`field_${index}`] = 'y'.repeat(100_000);
    const snapshot = adSnapshot(huge);
    expect(JSON.stringify(snapshot).length).toBeLessThanOrEqual(SNAPSHOT_LIMITS.jsonChars);
    expect(snapshot.id).toBe('m1');
    expect(adSnapshotSchema.safeParse(snapshot).success).toBe(true);
  });

  it('is refused where it enters when it has no id or is over the limit', () => {
    expect(adSnapshotSchema.safeParse({ title: 'no id' }).success).toBe(false);
    expect(adSnapshotSchema.safeParse({ id: 'a', body: 'z'.repeat(SNAPSHOT_LIMITS.jsonChars) }).success).toBe(false);
  });
});
