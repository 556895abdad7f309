import type { SerializedApiError } from './api-error';

/** What the background answers every message with: its data, or an error as plain data. */
export type Reply<T = unknown> = { ok: true; data: T } | { ok: false; error: SerializedApiError };
