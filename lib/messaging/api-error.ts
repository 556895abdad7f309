import { ApiCode } from '../contract/envelope';
import { serializedApiError as serializedApiErrorSchema } from '../generated/record-schemas.json';
import { matchesSchema } from '../json-check';

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
}

/**
 * Checks an error that crossed a boundary, by the JSON Schema derived from the zod schema in
 * api-error-schema.ts: pages that only show errors (the popup) ship no schema library.
 */
export function isSerializedApiError(value: unknown): value is SerializedApiError {
  return matchesSchema(serializedApiErrorSchema, value);
}

export interface ApiErrorInit {
  code: ApiErrorCode;
  message: string;
  httpStatus?: number | null;
  retryable?: boolean;
  field?: string;
  retryAfterMs?: number;
  details?: unknown;
}

const retryableCodes = new Set<ApiErrorCode>([ApiCode.upstream, 'network', 'timeout', 'rate_limited']);

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

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.code = init.code;
    this.httpStatus = init.httpStatus ?? null;
    this.retryable = init.retryable ?? retryableCodes.has(init.code);
    this.field = init.field;
    this.retryAfterMs = init.retryAfterMs;
    this.details = init.details;
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
    };
  }

  /** Rebuilds an error that crossed a boundary; anything unrecognisable becomes `internal`. */
  static from(value: unknown): ApiError {
    if (value instanceof ApiError) return value;
    if (isSerializedApiError(value)) {
      const { field, retryAfterMs, ...rest } = value;
      return new ApiError({
        ...rest,
        ...(field === undefined ? {} : { field }),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
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
 * A write whose outcome is unknown: the connection dropped, the answer timed out, or a gateway
 * failed in front of the service. The service may have done it (and charged for it).
 */
export function outcomeUnknown(error: ApiError): boolean {
  return error.code === 'network' || error.code === 'timeout' || (error.code === 'invalid_response' && error.retryable);
}

/** What an error may keep in storage: a service's message or details can be megabytes. */
export const STORED_ERROR_LIMITS = { messageChars: 1000, detailsChars: 2000 } as const;

/** An error as a queue stores it: the message cut to its limit, details kept only when small. */
export function storedError(error: ApiError): SerializedApiError {
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
