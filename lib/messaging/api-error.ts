import { ApiCode } from '../contract/envelope';
import { isSerializedApiError } from './serialized-check';

/** Failures that happen on our side of the wire, named so the UI can say what to do. */
export const clientErrorCodes = [
  'network',
  'timeout',
  'rate_limited',
  'invalid_response',
  'invalid_input',
  'not_configured',
  'permission_denied',
  'aborted',
  'forbidden_sender',
  'internal',
  'generation_failed',
  /** The base URL's origin is not the one the stored key was entered for. */
  'origin_changed',
  /** The browser grants the origin only through broader access (the page button's): the user confirms it. */
  'origin_unconfirmed',
  /** The service answered with a redirect, which Adscope never follows. */
  'redirected',
  /** Queued work belongs to another workspace than the key now set: it is held, not sent. */
  'workspace_changed',
  /** The service's boards are read-only through its API: the change was not made there. */
  'read_only',
  /** The service refused the key itself (HTTP 401 outside the envelope): the key field is wrong. */
  'key_refused',
  /** The service refused the request for the workspace's plan or the key's permissions (HTTP 402 or 403 outside the envelope). */
  'not_allowed',
  /** The service failed while handling the request (HTTP 5xx outside the envelope): a write may have happened. */
  'service_error',
] as const;
export type ClientErrorCode = (typeof clientErrorCodes)[number];
export type ApiErrorCode = number | ClientErrorCode;

/** An ApiError as plain data, as it crosses messaging and sits in storage. */
export interface SerializedApiError {
  code: ApiErrorCode;
  httpStatus: number | null;
  message: string;
  retryable: boolean;
  field?: string | undefined;
  retryAfterMs?: number | undefined;
  details?: unknown;
  /** The id the service gave the request (its body's `request_id` or the `X-Request-Id` header), for its support. */
  requestId?: string | undefined;
}

/** The longest request id kept: an id cut short would name no request, so a longer one is not kept at all. */
export const REQUEST_ID_MAX_CHARS = 128;
/** Printable ASCII without spaces: what a header can carry and a person can quote. */
export const REQUEST_ID_PATTERN = /^[\x21-\x7e]+$/;

/** A request id as kept: printable ASCII without spaces, 1 to REQUEST_ID_MAX_CHARS characters; anything else is dropped. */
export function readRequestId(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length <= REQUEST_ID_MAX_CHARS && REQUEST_ID_PATTERN.test(trimmed) ? trimmed : undefined;
}

export { isSerializedApiError };

export interface ApiErrorInit {
  code: ApiErrorCode;
  message: string;
  httpStatus?: number | null;
  retryable?: boolean;
  field?: string;
  retryAfterMs?: number;
  details?: unknown;
  requestId?: string | undefined;
}

const retryableCodes = new Set<ApiErrorCode>([ApiCode.upstream, 'network', 'timeout', 'rate_limited', 'service_error']);

/**
 * The one error type of every request to the background and the API. It crosses the messaging boundary as plain data
 * (`toJSON`) and is rebuilt on the other side with `ApiError.from`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  readonly httpStatus: number | null;
  readonly retryable: boolean;
  readonly field: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly details: unknown;
  readonly requestId: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.code = init.code;
    this.httpStatus = init.httpStatus ?? null;
    this.retryable = init.retryable ?? retryableCodes.has(init.code);
    this.field = init.field;
    this.retryAfterMs = init.retryAfterMs;
    this.details = init.details;
    this.requestId = readRequestId(init.requestId);
  }

  toJSON(): SerializedApiError {
    return {
      code: this.code,
      httpStatus: this.httpStatus,
      message: this.message,
      retryable: this.retryable,
      ...(this.field === undefined ? {} : { field: this.field }),
      ...(this.retryAfterMs === undefined ? {} : { retryAfterMs: this.retryAfterMs }),
      ...(this.details === undefined ? {} : { details: this.details }),
      ...(this.requestId === undefined ? {} : { requestId: this.requestId }),
    };
  }

  /** Rebuilds an error that crossed a boundary; anything unrecognisable becomes `internal`. */
  static from(value: unknown): ApiError {
    if (value instanceof ApiError) return value;
    if (isSerializedApiError(value)) {
      const { field, retryAfterMs, requestId, ...rest } = value;
      return new ApiError({
        ...rest,
        ...(field === undefined ? {} : { field }),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        ...(requestId === undefined ? {} : { requestId }),
      });
    }
    // An id that would climb out of the API prefix is bad input, not a failure of Adscope.
    if (value instanceof Error && value.name === 'UnsafePathSegment') {
      return new ApiError({ code: 'invalid_input', field: 'id', message: value.message, retryable: false });
    }
    const message = value instanceof Error ? value.message : 'Something went wrong inside Adscope.';
    return new ApiError({ code: 'internal', message, retryable: false });
  }
}

/**
 * A write whose outcome is unknown: the connection dropped, the answer timed out, a gateway
 * failed in front of the service, or the service itself failed (a 5xx in its own words). The
 * service may have done it (and charged for it).
 */
export function outcomeUnknown(error: ApiError): boolean {
  return (
    error.code === 'network' ||
    error.code === 'timeout' ||
    error.code === 'service_error' ||
    (error.code === 'invalid_response' && error.retryable)
  );
}

/** What an error may keep in storage: a service's message or details can be megabytes. */
export const STORED_ERROR_LIMITS = { messageChars: 1000, detailsChars: 2000 } as const;

/** An error as a queue stores it: the message cut to its limit, details kept only when small. */
export function storedError(error: ApiError): SerializedApiError {
  // The request id stays: it is bounded, and it is what the service's support asks for.
  const { details, ...rest } = error.toJSON();
  const message =
    rest.message.length > STORED_ERROR_LIMITS.messageChars
      ? `${rest.message.slice(0, STORED_ERROR_LIMITS.messageChars - 1)}…`
      : rest.message;
  let keep = false;
  if (details !== undefined) {
    try {
      keep = (JSON.stringify(details)?.length ?? 0) <= STORED_ERROR_LIMITS.detailsChars;
    } catch {
      keep = false;
    }
  }
  return { ...rest, message, ...(keep ? { details } : {}) };
}

export function invalidInput(field: string, message: string): ApiError {
  return new ApiError({ code: 'invalid_input', field, message, retryable: false });
}
