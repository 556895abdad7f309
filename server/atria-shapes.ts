/**
 * The real service's shapes (`--shapes atria`): the same seed served the way Atria's Open API
 * v1 (the service behind the contract) answers, as its public documentation and a client
 * verified against it describe. Like the alt and minimal shapes (server/shapes.ts), requests
 * are read back into the default routes' terms and answers reshaped after the route computed
 * them, so the default routes stay the one implementation of every rule. What the gateway in
 * front of that service does (flat 401/429/5xx bodies, request ids) lives in server/api.ts,
 * with these helpers. docs/api-contract.md lists each fact and its source.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { DemoData, WorkspaceState } from './demo-data';
import { adIdOf } from './demo-data/catalogue';
import { invalid, notFound } from './envelope';
import { parseLibraryQuery } from './routes/ad-library';
import type { ServerState } from './state';

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** What the real service answers, as envelope code 40401, for a route it does not have. */
export const NO_MATCHING_API = 'no matching open API';

/** Routes of the contract's reference server that the real service does not offer: boards are read-only there. */
const ABSENT_ROUTES = new Set(['POST /boards', 'POST /boards/:board_id/ads', 'DELETE /boards/:board_id/ads/:ad_id']);
export const atriaOffers = (method: string, pattern: string) => !ABSENT_ROUTES.has(`${method} ${pattern}`);

/** A request id as the real gateway writes one: 32 lower-case hex characters. */
export const newRequestId = () => randomBytes(16).toString('hex');

/** The flat body of a gateway error (401, 429, 5xx, and the injected 402/403): no envelope. */
export const gatewayBody = (error: string, message: string, requestId: string) => ({
  error,
  message,
  request_id: requestId,
});

/** The `error` word and message a gateway answer carries for a status, unless a fault names its own. */
export const GATEWAY_ERRORS: Record<number, { error: string; message: string }> = {
  400: { error: 'bad_request', message: 'The request could not be read' },
  401: { error: 'unauthorized', message: 'No valid credentials provided' },
  402: { error: 'payment_required', message: 'Your plan does not include this API' },
  403: { error: 'forbidden', message: 'This API key may not use this resource' },
  404: { error: 'not_found', message: 'Not found' },
  429: { error: 'rate_limit_exceeded', message: 'Rate limit exceeded' },
  500: { error: 'internal_server_error', message: 'Internal server error' },
  502: { error: 'bad_gateway', message: 'The upstream service answered badly' },
  503: { error: 'service_unavailable', message: 'The service is temporarily unavailable' },
  504: { error: 'gateway_timeout', message: 'The upstream service did not answer in time' },
};
export const gatewayError = (status: number) =>
  GATEWAY_ERRORS[status] ?? { error: status >= 500 ? 'server_error' : 'error', message: `HTTP ${status}` };

/**
 * Each workspace's key in the real service's form (`atria-sk_` and 32 hex characters), derived
 * from its demo key. On atria shapes both keys name the workspace.
 */
export const atriaKeyOf = (apiKey: string) =>
  `atria-sk_${createHash('sha256').update(`atria:${apiKey}`).digest('hex').slice(0, 32)}`;

export function workspaceForAtriaKey(state: ServerState, key: string): WorkspaceState | undefined {
  return state.workspaceForKey(key) ?? state.data.workspaces.find((workspace) => atriaKeyOf(workspace.apiKey) === key);
}

// ---------------------------------------------------------------------------------------------
// Opaque ids

/** 10^15: the ad ids' scrambled part has 15 digits. */
const AD_SPACE = 10n ** 15n;
/** Odd and not a multiple of 5, so multiplying by it modulo 10^15 is one-to-one. */
const AD_FACTOR = 614_889_782_588_491n;

function modularInverse(value: bigint, modulus: bigint): bigint {
  let [oldR, r] = [value % modulus, modulus];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const quotient = oldR / r;
    [oldR, r] = [r, oldR - quotient * r];
    [oldS, s] = [s, oldS - quotient * s];
  }
  return ((oldS % modulus) + modulus) % modulus;
}
const AD_INVERSE = modularInverse(AD_FACTOR, AD_SPACE);

/** The ordinal of a library ad id (`ad-000001` is 1), or null. */
const ordinalOf = (id: string) => {
  const match = /^ad-(\d{6})$/.exec(id);
  return match ? Number(match[1]) : null;
};

/**
 * A library ad's id as the real service writes it: `m` (Meta) and a 16-digit library id, a
 * scramble of the ad's ordinal that reads back exactly.
 */
export function atriaAdId(id: string): string {
  const ordinal = ordinalOf(id);
  if (ordinal === null) return id;
  return `m1${((BigInt(ordinal) * AD_FACTOR) % AD_SPACE).toString().padStart(15, '0')}`;
}

/** The library ad id behind an opaque one, or undefined. */
export function adIdFromAtria(state: ServerState, opaque: string): string | undefined {
  const match = /^m1(\d{15})$/.exec(opaque);
  if (!match) return undefined;
  const ordinal = Number((BigInt(match[1] ?? '0') * AD_INVERSE) % AD_SPACE);
  if (ordinal < 1 || ordinal > 999_999) return undefined;
  return state.adById(adIdOf(ordinal - 1))?.id;
}

/**
 * Catalogue brand ids as the real service writes them: `m` and a Facebook page id (15 or 16
 * digits) for Meta brands, `t` and a TikTok id (19 digits) for TikTok ones. Derived from each
 * brand's UUID in catalogue order, so the same seed gives the same ids, and read back through
 * the map built from the catalogue.
 */
class BrandIds {
  private readonly out = new Map<string, string>();
  private readonly back = new Map<string, string>();

  constructor(data: DemoData) {
    for (const brand of data.catalogue.brands) {
      let value = BigInt(`0x${brand.id.replaceAll('-', '')}`);
      const tiktok = brand.network === 'tiktok';
      const digits = tiktok ? 18 : value % 3n === 0n ? 14 : 15;
      const make = () => `${tiktok ? 't7' : 'm1'}${(value % 10n ** BigInt(digits)).toString().padStart(digits, '0')}`;
      let opaque = make();
      while (this.back.has(opaque)) {
        value += 1n;
        opaque = make();
      }
      this.out.set(brand.id, opaque);
      this.back.set(opaque, brand.id);
    }
  }

  toAtria(id: string): string {
    return this.out.get(id) ?? id;
  }

  fromAtria(opaque: string): string | undefined {
    return this.back.get(opaque);
  }
}

const brandIdMaps = new WeakMap<DemoData, BrandIds>();
/** The two-way brand id map of the state's catalogue (rebuilt when a reset rebuilds the data). */
export function brandIds(state: ServerState): BrandIds {
  let ids = brandIdMaps.get(state.data);
  if (!ids) {
    ids = new BrandIds(state.data);
    brandIdMaps.set(state.data, ids);
  }
  return ids;
}

/** A 32-bit FNV-1a hash as 8 hex characters. */
const fnvHex = (text: string) => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
};

/** A board id as the real service writes one: `board_` and 12 hex characters. */
export function atriaBoardId(id: string): string {
  const seeded = /^board-([0-9a-f]{8})-([0-9a-f]{4})$/.exec(id);
  return `board_${seeded ? `${seeded[1]}${seeded[2]}` : `${fnvHex(id)}${fnvHex(`${id}#`).slice(0, 4)}`}`;
}

/** The workspace's board behind an opaque board id, or undefined. */
export function boardIdFromAtria(workspace: WorkspaceState, opaque: string): string | undefined {
  return workspace.boards.find((board) => atriaBoardId(board.board_id) === opaque)?.board_id;
}

// ---------------------------------------------------------------------------------------------
// Requests

/** The real service's page size on searches: 1 to 50, default 20. */
export const ATRIA_PAGE_SIZE = { min: 1, max: 50, fallback: 20 } as const;
const SEARCHES = new Set(['/ad-library/search', '/brand-library/:brand_id/ads']);

export interface AtriaRequest {
  query: URLSearchParams;
  /** The route's path parameters, ids read back into the default routes' terms. */
  params: Record<string, string>;
}

/**
 * The request as the real service reads it: opaque brand, ad and board ids back to the
 * catalogue's (an unknown one is 40401), and its page size on searches (1 to 50, default 20;
 * outside is 40001). Brand search also takes `name`, as clients of the real service send it.
 */
export function atriaRequest(
  state: ServerState,
  workspace: WorkspaceState,
  pattern: string,
  params: Record<string, string>,
  query: URLSearchParams,
): AtriaRequest {
  const next = new URLSearchParams(query);
  const read = { ...params };
  const brands = brandIds(state);
  const brandBack = (raw: string) => {
    const id = brands.fromAtria(raw);
    if (id === undefined) throw notFound(`No brand ${raw.slice(0, 64)}.`);
    return id;
  };
  if (SEARCHES.has(pattern)) {
    const raw = next.getAll('page_size');
    const size = raw.length === 1 ? (raw[0] ?? '') : null;
    if (size === null || size === '') {
      if (raw.length > 1) throw invalid('page_size must be between 1 and 50', { field: 'page_size' });
      next.set('page_size', String(ATRIA_PAGE_SIZE.fallback));
    } else if (!/^\d+$/.test(size) || Number(size) < ATRIA_PAGE_SIZE.min || Number(size) > ATRIA_PAGE_SIZE.max) {
      throw invalid('page_size must be between 1 and 50', { field: 'page_size' });
    }
  }
  if (pattern === '/brand-library/search' && !next.has('query') && next.has('name')) {
    next.set('query', next.get('name') ?? '');
  }
  const brandParam = next.get('unified_brand_id');
  if (brandParam !== null && brandParam !== '') next.set('unified_brand_id', brandBack(brandParam));
  if (read.brand_id !== undefined) read.brand_id = brandBack(read.brand_id);
  if (pattern === '/ad-library/:ad_id' && read.ad_id !== undefined) {
    const raw = read.ad_id;
    const id = adIdFromAtria(state, raw);
    if (id === undefined) throw notFound(`No library ad ${raw.slice(0, 64)}.`);
    read.ad_id = id;
  }
  if (read.board_id !== undefined) {
    const raw = read.board_id;
    const id = boardIdFromAtria(workspace, raw);
    if (id === undefined) throw notFound(`No board ${raw.slice(0, 80)} in this workspace.`);
    read.board_id = id;
  }
  return { query: next, params: read };
}

// ---------------------------------------------------------------------------------------------
// Answers

/** The real service's call to action is the button's words: `Shop Now`, not `SHOP_NOW`. */
export function ctaText(type: unknown): string | null {
  if (typeof type !== 'string' || type === '') return null;
  return type
    .toLowerCase()
    .split('_')
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join(' ');
}

const HOUR = 3_600_000;
const pad = (value: number, size = 2) => String(value).padStart(size, '0');

/** An instant written with a zone offset in minutes: `2026-07-14T23:30:00-05:00`. */
function withOffset(at: number, offsetMinutes: number): string {
  const local = new Date(at + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const size = Math.abs(offsetMinutes);
  return `${local}${sign}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}

/**
 * A launch or end day as the real service writes it: an ISO 8601 timestamp on that UTC day,
 * mostly zone-aware (`+00:00`), one in six naive with microseconds (UTC, unsaid), one in six at
 * `-05:00` and one in six at `+09:00`, whose written day is the day before or after the UTC one.
 * Never after `nowMs`, nor before `notBefore` (an end is not before its launch).
 */
export function atriaTimestamp(day: string, seed: number, nowMs: number, notBefore = 0): string {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const style = seed % 6;
  let at =
    style === 2
      ? midnight + (seed % 5) * HOUR + 30 * 60_000
      : style === 4
        ? midnight + (15 + (seed % 8)) * HOUR + 15 * 60_000
        : midnight + (seed % 12) * HOUR + ((seed * 7) % 60) * 60_000 + ((seed * 13) % 60) * 1000;
  at = Math.max(Math.min(at, nowMs), notBefore);
  if (style === 5) return `${new Date(at).toISOString().slice(0, 19)}.${pad((seed * 7919) % 1_000_000, 6)}`;
  return withOffset(at, style === 2 ? -300 : style === 4 ? 540 : 0);
}

/** The instant a timestamp of the real service means: a naive one is UTC. */
export function atriaInstant(stamp: string): number {
  return Date.parse(/(Z|[+-]\d{2}:\d{2})$/.test(stamp) ? stamp : `${stamp}Z`);
}

export interface AtriaContext {
  state: ServerState;
  workspace: WorkspaceState;
  nowMs: number;
}

/**
 * A library ad as the real service gives it: opaque `id` (and `platform_native_id`, the library
 * id without its prefix), `brand_id` beside `unified_brand_id` (both opaque), `cta_text`,
 * `status` instead of `is_active`, timestamps for dates, and videos as media objects
 * `{ url, width, height }`, half of them with no preview image at all. A running ad's
 * `end_date` is when the service last saw it running (a few hours ago), never null.
 */
function atriaAd(ad: unknown, context: AtriaContext): unknown {
  if (!isRecord(ad)) return ad;
  const { id, unified_brand_id, cta_type, is_active, start_date, end_date, images, videos, saved_details, ...rest } =
    ad;
  const internal = typeof id === 'string' ? id : '';
  const seed = ordinalOf(internal) ?? 0;
  const opaque = atriaAdId(internal);
  const brand = brandIds(context.state).toAtria(typeof unified_brand_id === 'string' ? unified_brand_id : '');
  const start = typeof start_date === 'string' ? atriaTimestamp(start_date, seed, context.nowMs) : null;
  const running = is_active === true;
  let end: string | null = null;
  // Whole seconds: an end written without a fraction is still not before a launch written with one.
  const launched = start === null ? 0 : Math.ceil(atriaInstant(start) / 1000) * 1000;
  if (typeof end_date === 'string') end = atriaTimestamp(end_date, seed + 3, context.nowMs, launched);
  else if (running) {
    // Last seen running: a sync some hours ago, never before the launch.
    const seen = Math.max(context.nowMs - (2 + (seed % 8)) * HOUR, launched);
    end = seed % 3 === 0 ? new Date(seen).toISOString().slice(0, 23).concat('000') : withOffset(seen, 0);
  }
  const saved = isRecord(saved_details)
    ? { ...saved_details, boards: list(saved_details.boards).map((board) => atriaBoardId(String(board))) }
    : undefined;
  return {
    id: opaque,
    platform_native_id: opaque.slice(1),
    brand_id: brand,
    ...rest,
    unified_brand_id: brand,
    cta_text: ctaText(cta_type),
    status: running ? 'active' : 'inactive',
    start_date: start,
    end_date: end,
    images: list(images).map((image) =>
      isRecord(image) ? { url: image.url, width: image.width, height: image.height } : image,
    ),
    videos: list(videos).map((video) => {
      if (!isRecord(video)) return video;
      const poster = typeof video.preview_image_url === 'string' ? video.preview_image_url : '';
      const media = { url: poster.replace(/poster\.svg$/, 'video.mp4'), width: 720, height: 1280 };
      return seed % 2 === 0 ? { ...media, preview_image_url: poster } : media;
    }),
    ...(saved ? { saved_details: saved } : {}),
  };
}

function atriaBrand(row: unknown, context: AtriaContext): unknown {
  if (!isRecord(row) || typeof row.id !== 'string') return row;
  return { ...row, id: brandIds(context.state).toAtria(row.id) };
}

function atriaBoard(node: unknown): unknown {
  if (!isRecord(node)) return node;
  return {
    ...node,
    board_id: typeof node.board_id === 'string' ? atriaBoardId(node.board_id) : node.board_id,
    children: list(node.children).map(atriaBoard),
  };
}

/** The real service's totals appear to stop counting at 10,000. */
export const ATRIA_TOTAL_CAP = 10_000;

/** How many ads a search matches, by the default route's own reading of the query. */
function searchTotal(context: AtriaContext, query: URLSearchParams, brandId: string | undefined): number {
  return context.state.library.search(parseLibraryQuery(query, brandId)).length;
}

/**
 * The answer as the real service gives it. `query` and `params` are the request as the route
 * read it (ids already read back).
 */
export function atriaAnswer(
  method: string,
  pattern: string,
  data: unknown,
  context: AtriaContext,
  request: AtriaRequest,
): unknown {
  if (!isRecord(data)) return data;
  const ads = (items: unknown) => list(items).map((ad) => atriaAd(ad, context));
  const brands = (items: unknown) => list(items).map((row) => atriaBrand(row, context));
  switch (`${method} ${pattern}`) {
    case 'GET /ad-library/search':
    case 'GET /brand-library/:brand_id/ads':
      return {
        items: ads(data.items),
        cursor: typeof data.cursor === 'string' && data.cursor !== '' ? data.cursor : null,
        total: Math.min(ATRIA_TOTAL_CAP, searchTotal(context, request.query, request.params.brand_id)),
        page_size: Number(request.query.get('page_size') ?? ATRIA_PAGE_SIZE.fallback),
      };
    case 'GET /ad-library/saved':
    case 'GET /boards/:board_id/ads':
      return { ...data, items: ads(data.items) };
    case 'GET /ad-library/:ad_id':
      return atriaAd(data, context);
    case 'GET /brand-library/search':
    case 'GET /brand-library/followed':
    case 'POST /inspo-brands/search':
      return { ...data, items: brands(data.items) };
    case 'GET /brand-library/:brand_id':
      return atriaBrand(data, context);
    case 'GET /boards':
      return { ...data, items: list(data.items).map(atriaBoard) };
    default:
      return data;
  }
}
