import { raceWithSignal } from '@/lib/abort';
import { fetchMedia, IMAGE_TYPES } from '@/lib/media';
import { settleWithin } from '@/lib/settle-within';
import { failureText } from '../ui/media-words';
import { callBackground } from '@/lib/messaging/client';
import { safeHttpUrl } from '@/lib/url';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/report';

/**
 * The connection's base URL, for `mayFetchMedia` (a creative on a private address is fetched
 * only from the service's own host). The job's signal ends the wait: a background that never
 * answers holds no job.
 */
export async function serviceBaseUrl(signal?: AbortSignal): Promise<string | null> {
  return (await callBackground('settings.get', {}, { signal }).catch(() => null))?.baseUrl || null;
}

/** How long a job (a report, a download) waits on the vault for one creative's kept copy. */
export const VAULT_WAIT_MS = 5_000;

export interface KeptCopy {
  bytes: Uint8Array;
  mime: string;
}

/**
 * The vault's kept copies of creatives, for one job (a report, a download): null when there is
 * none. A vault whose database does not open (another page holds it at an older version, a stuck
 * profile) has no copy to give: each read waits at most VAULT_WAIT_MS, and once one went
 * unanswered the vault is not asked again in this job, so it costs one wait, not one a creative.
 * The job's signal ends a wait at once.
 */
export function vaultCopies(signal?: AbortSignal): (url: string) => Promise<KeptCopy | null> {
  let answers = true;
  return async (url) => {
    if (!answers || signal?.aborted) return null;
    const { keptFile } = await import('@/lib/vault/db');
    const read = keptFile(url).catch(() => null);
    const late = Symbol('late');
    const kept = await settleWithin(
      signal ? raceWithSignal(read, signal, () => new Error('The job ended.')).catch(() => null) : read,
      VAULT_WAIT_MS,
      late,
    );
    if (kept === late) {
      answers = false;
      return null;
    }
    return kept ? { bytes: new Uint8Array(kept.data), mime: kept.mime } : null;
  };
}

/** The most bytes one creative may take in a report; a larger one is left out, with its link. */
export const MAX_CREATIVE_BYTES = 3 * 1024 * 1024;
/**
 * The most bytes all of a report's creatives may take together: past it, the rest are left out
 * with their links (the dialog says so before fetching, and the user can pick fewer ads).
 */
export const MAX_REPORT_CREATIVE_BYTES = 200 * 1024 * 1024;
/** Creatives fetched at once: media hosts, not the API, so a few in parallel. */
const PARALLEL = 4;

/**
 * A creative in the report: embedded (an SVG too: it is shown only through `<img>`, where no
 * script of its runs, under the file's CSP `default-src 'none'`), or missing with why; a fetch
 * that failed also says so in a few words (`failed`: "did not answer in 20 s", "HTTP 403").
 */
export type Creative =
  | { kind: 'embedded'; mime: string; base64: string; bytes: number }
  | { kind: 'missing'; reason: string; failed?: string };

export interface FetchCreativesOptions {
  fetch: typeof globalThis.fetch;
  signal?: AbortSignal;
  maxBytes?: number;
  /** All creatives together; MAX_REPORT_CREATIVE_BYTES unless given. */
  maxTotalBytes?: number;
  /** After each creative: how many are done of how many. */
  onProgress?: (done: number, total: number) => void;
  /** One creative's time limit; 20 s unless given. */
  timeoutMs?: number;
  /** The connection's base URL: a creative on a private address is fetched only when the service lives there. */
  service?: string | null;
  /** The vault's copy of a creative whose link failed. */
  kept?: (url: string) => Promise<KeptCopy | null>;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let index = 0; index < bytes.length; index += chunk) {
    binary += String.fromCharCode(...bytes.subarray(index, index + chunk));
  }
  return btoa(binary);
}

async function fetchOne(url: string, options: FetchCreativesOptions, maxBytes: number): Promise<Creative> {
  const got = await fetchMedia(url, {
    fetch: options.fetch,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    maxBytes,
    allowed: IMAGE_TYPES,
    service: options.service ?? null,
  });
  if (got.ok) return { kind: 'embedded', mime: got.mime, base64: toBase64(got.bytes), bytes: got.bytes.length };
  const { failure } = got;
  if (failure.kind === 'too-large')
    return { kind: 'missing', reason: t('report.media.tooLarge', { size: formatMegabytes(maxBytes) }) };
  if (failure.kind === 'not-image') return { kind: 'missing', reason: t('report.media.notImage') };
  const kept = await options.kept?.(url).catch(() => null);
  options.signal?.throwIfAborted();
  if (kept && kept.bytes.length <= maxBytes)
    return { kind: 'embedded', mime: kept.mime, base64: toBase64(kept.bytes), bytes: kept.bytes.length };
  if (failure.kind === 'private')
    return { kind: 'missing', reason: t('report.media.private'), failed: failureText(failure) };
  const words = failure.kind === 'network' ? t('report.media.network') : failureText(failure);
  return { kind: 'missing', reason: t('report.media.failed', { why: words }), failed: failureText(failure) };
}

/**
 * Fetches each creative once (the same URL in many ads is fetched one time), capped in size,
 * a few at a time. Cancelling (the signal) rejects with the abort; every other failure is a
 * `missing` creative with its reason, never an error that loses the rest.
 */
export async function fetchCreatives(
  urls: readonly string[],
  options: FetchCreativesOptions,
): Promise<Map<string, Creative>> {
  const maxBytes = options.maxBytes ?? MAX_CREATIVE_BYTES;
  const maxTotal = options.maxTotalBytes ?? MAX_REPORT_CREATIVE_BYTES;
  const full: Creative = {
    kind: 'missing',
    reason: t('report.media.full', { size: formatMegabytes(maxTotal) }),
  };
  const unique = [...new Set(urls)];
  const results: Creative[] = [];
  let next = 0;
  let done = 0;
  let total = 0;
  /** Once one creative did not fit, the rest are left out without fetching. */
  let reached = false;
  const worker = async () => {
    while (next < unique.length) {
      options.signal?.throwIfAborted();
      const index = next++;
      const safe = safeHttpUrl(unique[index]);
      let result: Creative = safe
        ? reached
          ? full
          : await fetchOne(safe, options, maxBytes)
        : { kind: 'missing', reason: t('report.media.notWeb') };
      if (result.kind === 'embedded') {
        // Counted as it lands: never past the total, whatever order the parallel fetches end in.
        if (total + result.bytes > maxTotal) {
          result = full;
          reached = true;
        } else total += result.bytes;
      }
      results[index] = result;
      done += 1;
      options.onProgress?.(done, unique.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, unique.length) }, worker));
  options.signal?.throwIfAborted();
  // In the order asked, whatever order they arrived in.
  return new Map(unique.map((url, index) => [url, results[index] as Creative]));
}

export function formatMegabytes(bytes: number): string {
  return t('report.media.megabytes', { count: Math.round(bytes / 1_048_576) });
}

/** The `origins` pattern of each media host, to ask the browser for access to exactly those. */
export function mediaOrigins(urls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    const safe = safeHttpUrl(url);
    if (safe) origins.add(`${new URL(safe).origin}/*`);
  }
  return [...origins].sort();
}
