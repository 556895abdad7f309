import { z } from 'zod/mini';
import { once } from '../lazy';

/**
 * A list's rows validated one by one: a row of an unexpected shape is refused and counted,
 * never a failed list; anything that is not an array reads as no rows.
 */
export function readRows<S extends z.ZodMiniType>(item: S, values: unknown): { rows: z.output<S>[]; refused: number } {
  const rows: z.output<S>[] = [];
  let refused = 0;
  if (!Array.isArray(values)) return { rows, refused };
  for (const entry of values) {
    const parsed = item.safeParse(entry);
    if (parsed.success) rows.push(parsed.data as z.output<S>);
    else refused += 1;
  }
  return { rows, refused };
}

/**
 * An array whose items are validated one by one: an item of an unexpected shape is dropped
 * instead of failing the whole page, and anything that is not an array reads as empty.
 */
export function tolerantArray<S extends z.ZodMiniType>(item: S) {
  return z.pipe(
    z.optional(z.unknown()),
    z.transform((value) => readRows(item, value).rows),
  );
}

/** A string field that may be missing, null, or of another type; anything but a string reads as null. */
export const optionalText = once(() =>
  z.pipe(
    z.optional(z.unknown()),
    z.transform((value) => (typeof value === 'string' ? value : null)),
  ),
);

const numberWhere = (keep: (value: number) => boolean) =>
  z.pipe(
    z.optional(z.unknown()),
    // + 0 reads -0 as 0.
    z.transform((value) => (typeof value === 'number' && keep(value) ? value + 0 : null)),
  );

/** A finite number (a duration, a time, credits), or null for anything else (missing, null, a string). */
export const optionalNumber = once(() => numberWhere(Number.isFinite));

/**
 * A count: a whole number from 0 to 2^53 - 1, -0 read as 0. Anything else (-3, 2.5, 1e308, a
 * string, missing) is no count, and reads as null, as a count not given does.
 */
export const optionalCount = once(() => numberWhere((value) => Number.isSafeInteger(value) && value >= 0));
