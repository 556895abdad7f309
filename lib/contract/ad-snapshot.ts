import { z } from 'zod';

/**
 * A library ad as a board kept in this browser holds it: the ad as the service gave it when it
 * was saved, bounded so that a thousand saves fit. Plain fields are kept (text cut), media lists
 * kept to their first few entries of plain fields; nested objects the service may add are left
 * out, and so is `saved_details`, which a board writes anew.
 */
export const SNAPSHOT_LIMITS = {
  textChars: 2000,
  mediaItems: 10,
  fields: 60,
  /** The largest snapshot as JSON; larger ones are refused where they enter. */
  jsonChars: 32_000,
} as const;

type Plain = string | number | boolean | null;
const isPlain = (value: unknown): value is Plain =>
  value === null || typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value);

function plainFields(record: Record<string, unknown>, limit: number): Record<string, Plain | string[]> {
  const out: Record<string, Plain | string[]> = {};
  let count = 0;
  for (const [key, value] of Object.entries(record)) {
    if (count >= limit || key.length > 64) break;
    if (isPlain(value)) {
      out[key] = typeof value === 'string' ? value.slice(0, SNAPSHOT_LIMITS.textChars) : value;
      count += 1;
    } else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
      // Word lists such as `platforms`.
      out[key] = value.slice(0, SNAPSHOT_LIMITS.mediaItems).map((item) => item.slice(0, 200));
      count += 1;
    }
  }
  return out;
}

/** The bounded copy of an ad that a board kept in this browser holds. */
export function adSnapshot(ad: { id: string } & Record<string, unknown>): Record<string, unknown> {
  const { saved_details: _saved, images, videos, ...rest } = ad;
  const media = (list: unknown) =>
    Array.isArray(list)
      ? list
          .slice(0, SNAPSHOT_LIMITS.mediaItems)
          .flatMap((item) =>
            typeof item === 'object' && item !== null && !Array.isArray(item)
              ? [plainFields(item as Record<string, unknown>, 12)]
              : [],
          )
      : [];
  return { ...plainFields(rest, SNAPSHOT_LIMITS.fields), id: ad.id, images: media(images), videos: media(videos) };
}

/** A snapshot as it crosses a boundary: an object with an id, within the size limit. */
export const adSnapshotSchema = z
  .record(z.string().max(64), z.unknown())
  .refine((ad) => typeof ad.id === 'string' && ad.id.length > 0 && ad.id.length <= 200, 'The ad has no id.')
  .refine(
    (ad) => JSON.stringify(ad).length <= SNAPSHOT_LIMITS.jsonChars,
    `An ad kept in this browser is at most ${SNAPSHOT_LIMITS.jsonChars} characters as JSON.`,
  );
