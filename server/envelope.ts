import type { ServerResponse } from 'node:http';
import { ApiCode } from '../lib/contract/envelope';

/** Envelope codes of the contract, plus 42901 which we send with HTTP 429 (the contract names no code for it). */
export const Code = { ...ApiCode, rateLimited: 42901 } as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

/**
 * HTTP status sent with each envelope code. The contract leaves it unshown (spec 7.5);
 * this mapping is documented in docs/api-contract.md.
 */
export const HTTP_STATUS_FOR_CODE: Record<CodeValue, number> = {
  [Code.ok]: 200,
  [Code.invalid]: 400,
  [Code.planLimit]: 403,
  [Code.notFound]: 404,
  [Code.rateLimited]: 429,
  [Code.upstream]: 503,
};

/** A failure a handler raises; the app turns it into an envelope with the mapped status. */
export class ApiFailure extends Error {
  /** The contract itself states this HTTP status (a transcript not cached is 404, spec 7.2): no shape changes it. */
  statedStatus = false;

  constructor(
    readonly code: Exclude<CodeValue, 0>,
    message: string,
    readonly data?: unknown,
    readonly httpStatus: number = HTTP_STATUS_FOR_CODE[code],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const invalid = (message: string, data?: unknown) => new ApiFailure(Code.invalid, message, data);
export const notFound = (message: string) => new ApiFailure(Code.notFound, message);
/** A 404 the contract states (spec 4.7, 7.2): nothing is cached yet. */
export function notCached(message: string): ApiFailure {
  const failure = new ApiFailure(Code.notFound, message);
  failure.statedStatus = true;
  return failure;
}
export const planLimit = (message: string, data?: unknown) => new ApiFailure(Code.planLimit, message, data);
export const upstream = (message: string) => new ApiFailure(Code.upstream, message);

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'X-API-Key, Authorization, Content-Type',
  'Access-Control-Expose-Headers': 'Retry-After, X-Request-Id',
  'Access-Control-Max-Age': '600',
};

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  chunked = false,
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    // Chunked: no length is declared and the body goes out in two pieces.
    ...(chunked ? {} : { 'Content-Length': String(Buffer.byteLength(text)) }),
    'Cache-Control': 'no-store',
    ...CORS_HEADERS,
    ...headers,
  });
  if (chunked) {
    res.write(text.slice(0, Math.ceil(text.length / 2)));
    res.end(text.slice(Math.ceil(text.length / 2)));
    return;
  }
  res.end(text);
}

export function sendEnvelope(
  res: ServerResponse,
  code: CodeValue,
  message: string,
  data?: unknown,
  headers: Record<string, string> = {},
  status: number = HTTP_STATUS_FOR_CODE[code],
  chunked = false,
): void {
  sendJson(res, status, data === undefined ? { code, message } : { code, message, data }, headers, chunked);
}
