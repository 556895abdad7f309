import { z } from 'zod/mini';

/** What a board kept in this browser holds of an ad, at most (lib/contract/ad-snapshot.ts makes it). */
export const SNAPSHOT_LIMITS = {
  textChars: 2000,
  mediaItems: 10,
  fields: 60,
  /** The largest snapshot as JSON; larger ones are refused where they enter. */
  jsonChars: 32_000,
} as const;

/** A snapshot as it crosses a boundary: an object with an id, within the size limit. */
export const adSnapshotSchema = z.record(z.string().check(z.maxLength(64)), z.unknown()).check(
  z.refine((ad) => typeof ad.id === 'string' && ad.id.length > 0 && ad.id.length <= 200, 'The ad has no id.'),
  z.refine(
    (ad) => JSON.stringify(ad).length <= SNAPSHOT_LIMITS.jsonChars,
    `An ad kept in this browser is at most ${SNAPSHOT_LIMITS.jsonChars} characters as JSON.`,
  ),
);
