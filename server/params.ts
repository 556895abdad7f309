import type { z } from 'zod/mini';
import { IN_WORDS } from '../lib/contract/issue-words';
import { canonicalUuid } from '../lib/contract/limits';
import { parseUtcDay } from '../lib/contract/window';
import { invalid } from './envelope';

/** A UUID in either accepted form, returned dashed and lower-case; 40001 otherwise. */
export function uuidValue(name: string, value: string): string {
  const uuid = canonicalUuid(value);
  if (uuid === null) throw invalid(`${name} must be a UUID (dashed, or 32 hex characters).`);
  return uuid;
}

/** Runs one of the contract's schemas over a request; its first issue is 40001, naming the field. */
export function parseWith<S extends z.ZodMiniType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value, IN_WORDS);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  const message = issue?.message ?? 'The request is invalid.';
  // The message names the parameter, as every 40001 of this server does.
  const named = !field || message.includes(field) ? message : `${field}: ${message}`;
  throw invalid(named, field ? { field } : undefined);
}

export function optionalString(query: URLSearchParams, name: string, max = 200): string | undefined {
  const values = query.getAll(name);
  if (values.length > 1) throw invalid(`${name} may be given once.`);
  const value = values[0];
  if (value === undefined) return undefined;
  if (value.length > max) throw invalid(`${name} is longer than ${max} characters.`);
  return value;
}

export function intParam(
  query: URLSearchParams,
  name: string,
  range: { min: number; max: number; fallback: number },
): number {
  const raw = optionalString(query, name, 12);
  if (raw === undefined || raw === '') return range.fallback;
  if (!/^-?\d+$/.test(raw)) throw invalid(`${name} must be a whole number.`);
  const value = Number(raw);
  if (value < range.min || value > range.max) throw invalid(`${name} must be between ${range.min} and ${range.max}.`);
  return value;
}

export function dayParam(query: URLSearchParams, name: string): string | undefined {
  const raw = optionalString(query, name, 10);
  if (raw === undefined || raw === '') return undefined;
  if (!parseUtcDay(raw)) throw invalid(`${name} must be a date written YYYY-MM-DD.`);
  return raw;
}

export function enumParam<T extends string>(
  query: URLSearchParams,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const raw = optionalString(query, name, 64);
  if (raw === undefined || raw === '') return undefined;
  if (!(allowed as readonly string[]).includes(raw)) throw invalid(`${name} must be one of: ${allowed.join(', ')}.`);
  return raw as T;
}

/** Opaque cursors: an offset bound to a fingerprint of the query, so a cursor cannot be replayed on another query. */
export function encodeCursor(offset: number, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ o: offset, f: fingerprint })).toString('base64url');
}

export function decodeCursor(raw: string | undefined, fingerprint: string): number {
  if (raw === undefined || raw === '') return 0;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { o?: unknown; f?: unknown };
    if (typeof parsed.o === 'number' && Number.isInteger(parsed.o) && parsed.o >= 0 && parsed.f === fingerprint)
      return parsed.o;
  } catch {
    // falls through to the error below
  }
  throw invalid('cursor is not valid for this request: use the cursor from the previous page of the same query.');
}

/** A short stable fingerprint of a canonical string. */
export function fingerprint(value: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) hash = Math.imul(hash ^ value.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

/** Keyset cursors: the sort key of the last item served, bound to the listing it came from. */
export function encodeKeyCursor(key: string, fingerprintValue: string): string {
  return Buffer.from(JSON.stringify({ k: key, f: fingerprintValue })).toString('base64url');
}

export function decodeKeyCursor(raw: string | undefined, fingerprintValue: string): string | null {
  if (raw === undefined || raw === '') return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { k?: unknown; f?: unknown };
    if (typeof parsed.k === 'string' && parsed.f === fingerprintValue) return parsed.k;
  } catch {
    // falls through to the error below
  }
  throw invalid('cursor is not valid for this board and order: use the cursor from the previous page.');
}
