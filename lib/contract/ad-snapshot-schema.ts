import { z } from 'zod/mini';
import { checkWords } from './words';
import { lazily } from '../lazy';

/** What a board kept in this browser holds of an ad, at most (lib/contract/ad-snapshot.ts makes it). */
export const SNAPSHOT_LIMITS = {
  textChars: 2000,
  mediaItems: 10,
  fields: 60,
  /** The largest snapshot as JSON; larger ones are refused where they enter. */
  jsonChars: 32_000,
} as const;

/** A snapshot as it crosses a boundary: an object with an id, within the size limit. */
export const adSnapshotSchema = lazily(() =>
  z.record(z.string().check(z.maxLength(64)), z.unknown()).check(
    z.refine((ad) => typeof ad.id === 'string' && ad.id.length > 0 && ad.id.length <= 200, {
      error: () => checkWords('checks.ad.noId'),
    }),
    z.refine((ad) => JSON.stringify(ad).length <= SNAPSHOT_LIMITS.jsonChars, {
      error: () => checkWords('checks.ad.tooLarge', { max: SNAPSHOT_LIMITS.jsonChars }),
    }),
  ),
);
