/**
 * Reading a creative from a media host, as the report and the vault both do: no credentials, no
 * referrer, never a header of Adscope's own (the API key goes only to the service), a size cap
 * read as the bytes arrive, and only images and videos, by their declared type or their bytes.
 */
import type { MediaFailure } from './media-failure';

export { isFetchFailure, type MediaFailure } from './media-failure';

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

/** How long one creative may take, from the request to its last byte: a host that never answers never holds a job. */
export const MEDIA_TIMEOUT_MS = 20_000;

/**
 * A signal that aborts after `ms` or when `outer` does (`AbortSignal.any`). The timer is the
 * page's or worker's own `setTimeout` rather than `AbortSignal.timeout`, so a test's fake clock
 * moves it; `clear` lets it go once the creative is done.
 */
export function timedSignal(ms: number, outer?: AbortSignal): { signal: AbortSignal; clear: () => void } {
  const own = new AbortController();
  const timer = setTimeout(
    () => own.abort(new DOMException(`No answer in ${Math.round(ms / 1000)} s.`, 'TimeoutError')),
    ms,
  );
  return {
    signal: outer ? AbortSignal.any([own.signal, outer]) : own.signal,
    clear: () => clearTimeout(timer),
  };
}

export type MediaResult = { ok: true; bytes: Uint8Array; mime: string } | { ok: false; failure: MediaFailure };

/** Worth asking again later: no answer, a network error, or a host that is busy or failing (5xx, 408, 429). */
export function isPassingFailure(failure: MediaFailure): boolean {
  if (failure.kind === 'timeout' || failure.kind === 'network') return true;
  return failure.kind === 'http' && (failure.status >= 500 || failure.status === 408 || failure.status === 429);
}

const PRIVATE_V4: [number, number][] = [
  [0x00000000, 8], // 0.0.0.0/8
  [0x0a000000, 8], // 10/8
  [0x7f000000, 8], // 127/8
  [0xa9fe0000, 16], // 169.254/16
  [0xac100000, 12], // 172.16/12
  [0xc0a80000, 16], // 192.168/16
  [0x64400000, 10], // 100.64/10 (carrier-grade NAT)
];

function v4Number(host: string): number | null {
  const parts = host.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return null;
  return parts.reduce((sum, part) => sum * 256 + Number(part), 0);
}

function privateV4(value: number): boolean {
  return PRIVATE_V4.some(([base, bits]) => value >>> (32 - bits) === base >>> (32 - bits));
}

/**
 * Whether a URL's host is this computer or a private network: localhost names, 127.0.0.0/8,
 * 10/8, 172.16/12, 192.168/16, 169.254/16, 0/8, 100.64/10, ::1, ::, fc00::/7, fe80::/10 and
 * IPv4 inside IPv6 (`::ffff:10.0.0.1`). The URL parser has already turned `0x7f.1` and the like
 * into dotted IPv4. A public name that a DNS answer points inward is not seen here.
 */
export function isPrivateHost(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return true;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  const v4 = v4Number(host);
  if (v4 !== null) return privateV4(v4);
  if (!host.startsWith('[')) return false;
  const v6 = host.slice(1, -1);
  if (v6 === '::1' || v6 === '::') return true;
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v6);
  if (mapped) return privateV4(parseInt(mapped[1] ?? '0', 16) * 65536 + parseInt(mapped[2] ?? '0', 16));
  const first = parseInt(v6.split(':')[0] || '0', 16);
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80;
}

/**
 * Whether a creative may be fetched: a web address, and not on a private or local address
 * unless the service itself lives on that very host (the reference server on 127.0.0.1 serves
 * its demo creatives). The one check the keeper, Keep this board, the report, the zip and
 * Check links all make before any request.
 */
export function mayFetchMedia(url: string, serviceBaseUrl: string | null): boolean {
  if (!isPrivateHost(url)) return true;
  if (!serviceBaseUrl) return false;
  try {
    return new URL(url).hostname === new URL(serviceBaseUrl).hostname;
  } catch {
    return false;
  }
}

export interface FetchMediaOptions {
  fetch: typeof globalThis.fetch;
  /** The job's own abort (Cancel, a closed page): it rejects with it, never a failure. */
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBytes: number;
  allowed: readonly string[];
  /** The service's base URL, for `mayFetchMedia`. */
  service: string | null;
  init?: RequestInit;
}

/**
 * One creative, from the request to its last byte, within a time limit joined with the job's
 * own signal: its bytes and type, or why not. The whole read races the signal, so even a body
 * that stalls after its headers ends at the limit. The job's own abort rejects (the caller
 * stops); every other end is a result.
 */
export async function fetchMedia(url: string, options: FetchMediaOptions): Promise<MediaResult> {
  options.signal?.throwIfAborted();
  if (!mayFetchMedia(url, options.service)) return { ok: false, failure: { kind: 'private' } };
  const ms = options.timeoutMs ?? MEDIA_TIMEOUT_MS;
  const timed = timedSignal(ms, options.signal);
  let stop = () => undefined as void;
  const stopped = new Promise<never>((_, reject) => {
    if (timed.signal.aborted) reject(timed.signal.reason);
    stop = () => reject(timed.signal.reason);
    timed.signal.addEventListener('abort', stop, { once: true });
  });
  stopped.catch(() => undefined);
  const read = async (): Promise<MediaResult> => {
    const response = await options.fetch(url, { ...MEDIA_REQUEST, ...options.init, signal: timed.signal });
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined);
      return { ok: false, failure: { kind: 'http', status: response.status } };
    }
    const bytes = await readCapped(response, options.maxBytes);
    if (!bytes) return { ok: false, failure: { kind: 'too-large', maxBytes: options.maxBytes } };
    const mime = mediaTypeOf(response.headers.get('content-type'), bytes, options.allowed);
    return mime ? { ok: true, bytes, mime } : { ok: false, failure: { kind: 'not-image' } };
  };
  try {
    return await Promise.race([read(), stopped]);
  } catch {
    if (options.signal?.aborted) throw options.signal.reason;
    if (timed.signal.aborted) return { ok: false, failure: { kind: 'timeout', ms } };
    return { ok: false, failure: { kind: 'network' } };
  } finally {
    timed.clear();
    // A listener left on a joined signal keeps it, and all this call holds, for as long as the job's signal lives.
    timed.signal.removeEventListener('abort', stop);
  }
}

export type LinkAnswer =
  { state: 'live' } | { state: 'gone'; status: number } | { state: 'unknown'; failure: MediaFailure };

/**
 * Whether a creative's link still answers, asked of the network (never the browser's cache):
 * HEAD first; a host that refuses HEAD (presigned links answer 403 or 405 to it) is asked with
 * a GET for its first byte (`Range: bytes=0-0`), whose body is let go once the headers arrive.
 * Each request within its time limit; the job's own abort rejects.
 */
export async function checkLink(
  url: string,
  options: { fetch: typeof globalThis.fetch; signal?: AbortSignal; timeoutMs?: number; service: string | null },
): Promise<LinkAnswer> {
  options.signal?.throwIfAborted();
  if (!mayFetchMedia(url, options.service)) return { state: 'unknown', failure: { kind: 'private' } };
  const ms = options.timeoutMs ?? MEDIA_TIMEOUT_MS;
  const ask = async (init: RequestInit): Promise<number | MediaFailure> => {
    const timed = timedSignal(ms, options.signal);
    const stopped = new Promise<never>((_, reject) =>
      timed.signal.addEventListener('abort', () => reject(timed.signal.reason), { once: true }),
    );
    stopped.catch(() => undefined);
    try {
      const response = await Promise.race([
        options.fetch(url, { ...MEDIA_REQUEST, cache: 'no-store', ...init, signal: timed.signal }),
        stopped,
      ]);
      void response.body?.cancel().catch(() => undefined);
      return response.status;
    } catch {
      if (options.signal?.aborted) throw options.signal.reason;
      return timed.signal.aborted ? { kind: 'timeout', ms } : { kind: 'network' };
    } finally {
      timed.clear();
    }
  };
  let answer = await ask({ method: 'HEAD' });
  if (answer === 403 || answer === 405 || answer === 501 || answer === 400)
    answer = await ask({ method: 'GET', headers: { Range: 'bytes=0-0' } });
  if (typeof answer !== 'number') return { state: 'unknown', failure: answer };
  // 416: the range was refused, but the file is there.
  if ((answer >= 200 && answer < 300) || answer === 416) return { state: 'live' };
  const failure: MediaFailure = { kind: 'http', status: answer };
  return isPassingFailure(failure) ? { state: 'unknown', failure } : { state: 'gone', status: answer };
}
