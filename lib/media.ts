/**
 * Reading a creative from a media host, as the report and the vault both do: no credentials, no
 * referrer, never a header of Adscope's own (the API key goes only to the service), a size cap
 * read as the bytes arrive, and only images and videos, by their declared type or their bytes.
 */

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/svg+xml'];
export const VIDEO_TYPES = ['video/mp4', 'video/webm'];

/** The media type from the first bytes, for a host that sends none or a generic one. */
export function sniffMedia(bytes: Uint8Array): string | null {
  const at = (offset: number, ...values: number[]) => values.every((value, index) => bytes[offset + index] === value);
  if (at(0, 0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45)) return 'image/webp';
  if (at(4, 0x66, 0x74, 0x79, 0x70)) return at(8, 0x61, 0x76, 0x69, 0x66) ? 'image/avif' : 'video/mp4';
  if (at(0, 0x1a, 0x45, 0xdf, 0xa3)) return 'video/webm';
  return null;
}

/** The declared type when it is one of `allowed`, else the sniffed one when allowed; null otherwise. */
export function mediaTypeOf(declared: string | null, bytes: Uint8Array, allowed: readonly string[]): string | null {
  const type = (declared ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (allowed.includes(type)) return type;
  const sniffed = sniffMedia(bytes);
  return sniffed && allowed.includes(sniffed) ? sniffed : null;
}

/** Reads a body up to `maxBytes`; null when it is longer (the rest is not downloaded). */
export async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!response.body) {
    const whole = new Uint8Array(await response.arrayBuffer());
    return whole.length > maxBytes ? null : whole;
  }
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    parts.push(value);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/** The request a media host gets: nothing that names the user, and no header of Adscope's. */
export const MEDIA_REQUEST: RequestInit = {
  credentials: 'omit',
  referrerPolicy: 'no-referrer',
  cache: 'force-cache',
};
