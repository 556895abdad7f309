/** Envelope codes of Open API v1 (spec section 7). */
export const ApiCode = {
  ok: 0,
  invalid: 40001,
  planLimit: 40301,
  notFound: 40401,
  upstream: 50001,
} as const;

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

const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/**
 * Checks an error that crossed a boundary. Written out rather than in zod so that the
 * popup, which only shows errors, does not ship a schema library (see the zod schema of the
 * same shape in `error-schema.ts`, used where stored jobs are validated).
 */
export function isSerializedApiError(value: unknown): value is SerializedApiError {
  if (typeof value !== 'object' || value === null) return false;
  const error = value as Record<string, unknown>;
  const code = error.code;
  return (
    (isInteger(code) || (typeof code === 'string' && (clientErrorCodes as readonly string[]).includes(code))) &&
    (error.httpStatus === null || isInteger(error.httpStatus)) &&
    typeof error.message === 'string' &&
    typeof error.retryable === 'boolean' &&
    (error.field === undefined || typeof error.field === 'string') &&
    (error.retryAfterMs === undefined || (typeof error.retryAfterMs === 'number' && error.retryAfterMs >= 0))
  );
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
 * The one error type of lib/api. It crosses the messaging boundary as plain data
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
    const message = value instanceof Error ? value.message : 'Something went wrong inside Adscope.';
    return new ApiError({ code: 'internal', message, retryable: false });
  }
}

export function invalidInput(field: string, message: string): ApiError {
  return new ApiError({ code: 'invalid_input', field, message, retryable: false });
}

/** What the user should do about an error, in one sentence, shown under the API's own message. */
export function errorAdvice(error: Pick<ApiError, 'code' | 'httpStatus' | 'message'>): string {
  switch (error.code) {
    case ApiCode.invalid:
      return /workspace|api key|credential/i.test(error.message)
        ? 'Check the API key in Adscope options.'
        : 'Change the highlighted input and try again.';
    case ApiCode.planLimit:
      return /quota|free plan|a day/i.test(error.message)
        ? 'The plan allowance resets at midnight UTC; upgrade the workspace for more.'
        : 'This brand is over your plan limit. Upgrade the plan or pick another brand.';
    case ApiCode.notFound:
      return 'It may have been deleted or belong to another workspace.';
    case ApiCode.upstream:
      return 'The upstream service is unavailable. Try again in a minute.';
    case 'network':
      return 'Check your connection and the base URL in Adscope options.';
    case 'timeout':
      return 'The service took too long to answer. Try again.';
    case 'rate_limited':
      return 'Too many requests. Adscope will let you retry shortly.';
    case 'invalid_response':
      return 'The server answered with something that is not Open API v1. Check the base URL.';
    case 'not_configured':
      return 'Open Adscope options and add your API key.';
    case 'permission_denied':
      return 'Allow Adscope to reach the API origin when the browser asks.';
    case 'invalid_input':
      return 'Correct the field and try again.';
    case 'generation_failed':
      return 'Try again, or change the brief.';
    default:
      return 'Try again. If it keeps happening, reload the extension.';
  }
}
