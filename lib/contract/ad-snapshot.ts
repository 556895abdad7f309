import { SNAPSHOT_LIMITS } from './ad-snapshot-schema';

/**
 * A library ad as a board kept in this browser holds it: the ad as the service gave it when it
 * was saved, bounded so that a thousand saves fit. Plain fields are kept (text cut, an address
 * whole or not at all), media lists kept to their first few entries of plain fields; nested
 * objects the service may add are left out, and so is `saved_details`, which a board writes anew.
 */

type Plain = string | number | boolean | null;
const isPlain = (value: unknown): value is Plain =>
  value === null || typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value);

/**
 * Text cut to `chars`; an address (a scheme, then no space) longer than that is left out, never
 * cut: a cut address leads elsewhere.
 */
const fit = (text: string, chars: number) =>
  text.length <= chars ? text : /^[a-z][\w+.-]*:\S*$/i.test(text) ? undefined : text.slice(0, chars);

function plainFields(record: Record<string, unknown>, limit: number, chars: number): Record<string, Plain | string[]> {
  const out: Record<string, Plain | string[]> = {};
  let count = 0;
  for (const [key, value] of Object.entries(record)) {
    if (count >= limit || key.length > 64) break;
    const kept = typeof value === 'string' ? fit(value, chars) : value;
    if (isPlain(kept)) {
      out[key] = kept;
      count += 1;
    } else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
      // Word lists such as `platforms`.
      out[key] = value.slice(0, SNAPSHOT_LIMITS.mediaItems).flatMap((item) => fit(item, 200) ?? []);
      count += 1;
    }
  }
  return out;
}

function snapshotAt(ad: { id: string } & Record<string, unknown>, chars: number, fields: number, items: number) {
  const { saved_details: _saved, images, videos, ...rest } = ad;
  const media = (list: unknown) =>
    Array.isArray(list)
      ? list
          .slice(0, items)
          .flatMap((item) =>
            typeof item === 'object' && item !== null && !Array.isArray(item)
              ? [plainFields(item as Record<string, unknown>, 12, 2048)]
              : [],
          )
      : [];
  return { ...plainFields(rest, fields, chars), id: ad.id, images: media(images), videos: media(videos) };
}

/**
 * The bounded copy of an ad that a board kept in this browser holds: always within
 * `SNAPSHOT_LIMITS.jsonChars`, so a save is never refused for the ad's size. A large ad keeps
 * less of its text, then only its first fields and creatives.
 */
export function adSnapshot(ad: { id: string } & Record<string, unknown>): Record<string, unknown> {
  for (const [chars, fields, items] of [
    [SNAPSHOT_LIMITS.textChars, SNAPSHOT_LIMITS.fields, SNAPSHOT_LIMITS.mediaItems],
    [300, SNAPSHOT_LIMITS.fields, SNAPSHOT_LIMITS.mediaItems],
    [120, 16, 3],
  ] as const) {
    const snapshot = snapshotAt(ad, chars, fields, items);
    if (JSON.stringify(snapshot).length <= SNAPSHOT_LIMITS.jsonChars) return snapshot;
  }
  return { id: ad.id, images: [], videos: [] };
}
