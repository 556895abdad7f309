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

/** A finite number, or null for anything else (missing, null, a string). */
export const optionalCount = once(() =>
  z.pipe(
    z.optional(z.unknown()),
    z.transform((value) => (typeof value === 'number' && Number.isFinite(value) ? value : null)),
  ),
);
