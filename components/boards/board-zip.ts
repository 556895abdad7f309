import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { IMAGE_TYPES, MEDIA_REQUEST, mediaTypeOf, readCapped } from '@/lib/media';
import { keptFile } from '@/lib/vault/db';
import { adCreativeUrls } from '../ads/ad-words';

/** The most bytes one creative may take in the archive; a larger one is listed as left out. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
};

/** A name part a person can read in a folder listing: lower case, dashes, at most 40 characters. */
function slug(text: string | null): string {
  return (
    (text ?? '')
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40)
      .replace(/-$/, '') || 'untitled'
  );
}

export interface ZipCreative {
  url: string;
  /** Its path in the archive, or null when it is not in it. */
  file: string | null;
  /** vault: the kept copy; fetched: fetched now; or why it is not in the archive. */
  from: 'vault' | 'fetched' | string;
}

export interface BoardZipOptions {
  fetch: typeof globalThis.fetch;
  now: Date;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** One creative's bytes: the vault's copy, else fetched now as the report fetches; or why not. */
async function creativeBytes(
  url: string,
  options: BoardZipOptions,
): Promise<{ bytes: Uint8Array; mime: string; from: 'vault' | 'fetched' } | string> {
  const kept = await keptFile(url).catch(() => null);
  if (kept) return { bytes: new Uint8Array(kept.data), mime: kept.mime, from: 'vault' };
  let response: Response;
  try {
    response = await options.fetch(url, { ...MEDIA_REQUEST, ...(options.signal ? { signal: options.signal } : {}) });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return 'could not be fetched, and the vault has no copy';
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return `could not be fetched (HTTP ${response.status}), and the vault has no copy`;
  }
  const bytes = await readCapped(response, MAX_FILE_BYTES);
  if (!bytes) return 'larger than 8 MB';
  const mime = mediaTypeOf(response.headers.get('content-type'), bytes, IMAGE_TYPES);
  return mime ? { bytes, mime, from: 'fetched' } : 'not an image';
}

/**
 * A board as a portable archive: `board.json` (the board, every ad as the service gave it with
 * its tags and save time, and which file holds each creative) and `creatives/`, one file per
 * creative named by the ad's place and title (`003-waterproof-sleeping-bag-1.jpg`). Each
 * creative is the vault's copy, or fetched now. Built in parts (a Blob of the zip's chunks),
 * never one string; images are stored as they are (already compressed), the JSON deflated.
 */
export async function boardZip(
  board: { id: string; name: string },
  ads: readonly LibraryAd[],
  options: BoardZipOptions,
): Promise<{ file: Blob; creatives: ZipCreative[] }> {
  const chunks: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failed = error;
    else chunks.push(chunk);
  });
  const perAd: ZipCreative[][] = [];
  const total = ads.reduce((sum, ad) => sum + adCreativeUrls(ad).length, 0);
  let done = 0;
  const width = String(ads.length).length < 3 ? 3 : String(ads.length).length;
  for (const [index, ad] of ads.entries()) {
    const list: ZipCreative[] = [];
    for (const [n, url] of adCreativeUrls(ad).entries()) {
      options.signal?.throwIfAborted();
      const got = await creativeBytes(url, options);
      if (typeof got === 'string') list.push({ url, file: null, from: got });
      else {
        const name = `creatives/${String(index + 1).padStart(width, '0')}-${slug(ad.title ?? ad.body)}-${n + 1}.${EXTENSIONS[got.mime] ?? 'img'}`;
        const entry = new ZipPassThrough(name);
        zip.add(entry);
        entry.push(got.bytes, true);
        list.push({ url, file: name, from: got.from });
      }
      done += 1;
      options.onProgress?.(done, total);
    }
    perAd.push(list);
  }
  const json = JSON.stringify(
    {
      board,
      exported_at: options.now.toISOString(),
      count: ads.length,
      ads: ads.map((ad, index) => ({ ...ad, creative_files: perAd[index] ?? [] })),
    },
    null,
    2,
  );
  const entry = new ZipDeflate('board.json', { level: 6 });
  zip.add(entry);
  entry.push(strToU8(json), true);
  zip.end();
  if (failed) throw failed;
  return { file: new Blob(chunks as BlobPart[], { type: 'application/zip' }), creatives: perAd.flat() };
}
