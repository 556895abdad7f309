import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { LibraryAd } from '@/lib/contract/ad-library';
import { fetchMedia, IMAGE_TYPES } from '@/lib/media';
import { failureText } from '../ui/media-words';
import { adCreativeUrls } from '../ads/ad-words';
import { t } from '@/lib/i18n';
import { formatNumber, formats } from '../ui/format';
import { type KeptCopy, vaultCopies } from '../report/media';
import 'virtual:adscope-english/boards';

/** The most bytes one creative may take in the archive; a larger one is listed as left out. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

/**
 * The archive's limits, stated before it starts: at most this many creatives (the first ones,
 * in the board's order)… fflate writes no ZIP64, so the archive stays well inside the classic
 * format's 65,535 entries and 4 GB.
 */
export const ZIP_LIMITS = { creatives: 2000, bytes: 1024 * 1024 * 1024 };

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  // An SVG can carry script that runs when the file is opened in a browser: it goes in as text
  // (`.svg.txt`), which opens in an editor; board.json names it. Rasterising is not possible here.
  'image/svg+xml': 'svg.txt',
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
  /** Cancel: the download stops, and nothing is saved. */
  signal?: AbortSignal;
  /** The connection's base URL: a creative on a private address is fetched only when the service lives there. */
  service?: string | null;
  /** One creative's time limit; 20 s unless given. */
  timeoutMs?: number;
  limits?: typeof ZIP_LIMITS;
  onProgress?: (done: number, total: number) => void;
}

/** What the archive will hold, said before it starts: "This board has 2,400 creatives; the download holds the first 2,000 (1 GB at most)." */
export function zipPlan(
  ads: readonly LibraryAd[],
  limits = ZIP_LIMITS,
): { creatives: number; held: number; text: string } {
  const creatives = ads.reduce((sum, ad) => sum + adCreativeUrls(ad).length, 0);
  const held = Math.min(creatives, limits.creatives);
  const size = sizeWords(limits.bytes);
  const text =
    held < creatives
      ? t('boards.zip.planFirst', { count: creatives, held: formatNumber(held), size })
      : creatives === 1
        ? t('boards.zip.planOne', { size })
        : t('boards.zip.planAll', { count: creatives, size });
  return { creatives, held, text };
}

/** "1 GB", "500 MB". */
function sizeWords(bytes: number): string {
  return bytes >= 1024 ** 3
    ? t('boards.zip.gigabytes', { size: formatNumber(Math.round((bytes / 1024 ** 3) * 10) / 10) })
    : formats.fileSize(bytes);
}

type Got = { bytes: Uint8Array; mime: string; from: 'vault' | 'fetched' } | { reason: string; failed: string | null };

/**
 * One creative's bytes: the vault's copy (`kept`: a vault that does not answer gives none), else
 * fetched now within its time limit; or why not (and, when a fetch failed, in a few words).
 */
async function creativeBytes(
  url: string,
  kept: (url: string) => Promise<KeptCopy | null>,
  options: BoardZipOptions,
): Promise<Got> {
  const copy = await kept(url);
  options.signal?.throwIfAborted();
  if (copy) return { ...copy, from: 'vault' };
  const got = await fetchMedia(url, {
    fetch: options.fetch,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    maxBytes: MAX_FILE_BYTES,
    allowed: IMAGE_TYPES,
    service: options.service ?? null,
  });
  if (got.ok) return { bytes: got.bytes, mime: got.mime, from: 'fetched' };
  const words = failureText(got.failure);
  if (got.failure.kind === 'too-large' || got.failure.kind === 'not-image') return { reason: words, failed: null };
  return { reason: t('boards.zip.notFetched', { reason: words }), failed: words };
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
): Promise<{ file: Blob; creatives: ZipCreative[]; failures: string[] }> {
  const limits = options.limits ?? ZIP_LIMITS;
  const chunks: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failed = error;
    else chunks.push(chunk);
  });
  const perAd: ZipCreative[][] = [];
  const failures: string[] = [];
  const kept = vaultCopies(options.signal);
  const total = Math.min(
    limits.creatives,
    ads.reduce((sum, ad) => sum + adCreativeUrls(ad).length, 0),
  );
  let done = 0;
  let bytes = 0;
  const width = String(ads.length).length < 3 ? 3 : String(ads.length).length;
  for (const [index, ad] of ads.entries()) {
    const list: ZipCreative[] = [];
    for (const [n, url] of adCreativeUrls(ad).entries()) {
      options.signal?.throwIfAborted();
      if (done >= limits.creatives) {
        // A number in a file stays as it is (no digit grouping): the file is read by programs too.
        list.push({ url, file: null, from: t('boards.zip.leftOutCount', { limit: String(limits.creatives) }) });
        continue;
      }
      const got = await creativeBytes(url, kept, options);
      if ('reason' in got) {
        list.push({ url, file: null, from: got.reason });
        if (got.failed) failures.push(got.failed);
      } else if (bytes + got.bytes.length > limits.bytes) {
        list.push({ url, file: null, from: t('boards.zip.leftOutSize', { size: sizeWords(limits.bytes) }) });
      } else {
        bytes += got.bytes.length;
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
      note: t('boards.zip.note'),
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
  return {
    file: new Blob(chunks as BlobPart[], { type: 'application/zip' }),
    creatives: perAd.flat(),
    failures,
  };
}
