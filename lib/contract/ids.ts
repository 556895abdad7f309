import { z } from 'zod/mini';
import { lazily } from '../lazy';
import { canonicalUuid } from './limits';
import { checkWords } from './words';

/**
 * Ids of brands, boards, ads and generations are opaque: the contract states no format for them
 * beyond "string" (its UUID notes hold for the reference server, not for every service keeping the
 * contract). A real service names a brand by a platform prefix and the page's id
 * (`m123456789012345`, `t…`), a board `board_abc123`, an ad `m` + digits; boards kept in this
 * browser are `local:…`. So nothing is refused for not being a UUID. What the old UUID check gave
 * stays: an id is short, of a safe character set, never `.` or `..`, and always one percent-encoded
 * path segment (`apiPath`). Ad-account ids remain UUIDs (the contract states it, section 2).
 */

/** The longest id sent or kept. */
export const ID_MAX_CHARS = 200;

/**
 * Letters and digits (ASCII only: no look-alikes) and `_ - . : ~`; nothing that could end a path
 * segment or start a query or fragment (`/ ? #`), nor `%` (no encoded `..`), nor spaces or
 * control characters.
 */
export const OPAQUE_ID_PATTERN = /^[A-Za-z0-9_.:~-]{1,200}$/;

export type IdKind = 'brand' | 'board' | 'ad' | 'generation';

/** Words that name an endpoint beside `{id}` under the same path, so cannot be that id. */
const RESERVED: Record<IdKind, readonly string[]> = {
  brand: ['search', 'followed'],
  ad: ['search', 'saved'],
  board: [],
  generation: [],
};

/** Why `value` cannot be an id of `kind`, or null when it can; the kind is a select in each message. */
export function idProblem(value: unknown, kind: IdKind): string | null {
  if (typeof value !== 'string' || value.length === 0) return checkWords('checks.id.required', { kind });
  if (value.length > ID_MAX_CHARS) return checkWords('checks.id.tooLong', { kind, max: ID_MAX_CHARS });
  if (!OPAQUE_ID_PATTERN.test(value)) return checkWords('checks.id.characters', { kind });
  if (/^\.+$/.test(value)) return checkWords('checks.id.dots', { kind });
  if (RESERVED[kind].includes(value)) return checkWords('checks.id.reserved', { kind, value });
  return null;
}

/** Whether `value` may be sent or kept as an id (of any kind). */
export function isOpaqueId(value: string): boolean {
  return OPAQUE_ID_PATTERN.test(value) && !/^\.+$/.test(value);
}

/**
 * The one form an id is compared and kept in: a UUID (dashed or 32 hex, any case) as dashed
 * lower case; any other legal id as it is (opaque ids are case-sensitive); null when `value` is
 * not a legal id.
 */
export function canonicalId(value: string): string | null {
  if (!isOpaqueId(value)) return null;
  return canonicalUuid(value) ?? value;
}

/** Whether two ids name the same thing (a UUID in either form is one id). */
export function sameId(a: string, b: string): boolean {
  const left = canonicalId(a);
  return left !== null && left === canonicalId(b);
}

/** An id of `kind` in a request, checked before anything is sent; sent as given (one encoded path segment). */
export function idSchema(kind: IdKind) {
  return z.string({ error: () => checkWords('checks.id.required', { kind }) }).check(
    z.superRefine((value, context) => {
      const problem = idProblem(value, kind);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  );
}

export const brandIdSchema = lazily(() => idSchema('brand'));
export const boardIdSchema = lazily(() => idSchema('board'));
export const adIdSchema = lazily(() => idSchema('ad'));
export const generationIdSchema = lazily(() => idSchema('generation'));
