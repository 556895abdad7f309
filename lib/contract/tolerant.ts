import { z } from 'zod';

/**
 * An array whose items are validated one by one: an item of an unexpected shape is dropped
 * instead of failing the whole page, and anything that is not an array reads as empty.
 */
export function tolerantArray<S extends z.ZodType>(item: S) {
  return z
    .unknown()
    .optional()
    .transform((value) =>
      Array.isArray(value)
        ? value.flatMap((entry) => {
            const parsed = item.safeParse(entry);
            return parsed.success ? [parsed.data as z.output<S>] : [];
          })
        : [],
    );
}

/**
 * A list the contract requires (a missing or non-list value is an error naming the field),
 * whose items are validated one by one like tolerantArray's.
 */
export function requiredList<S extends z.ZodType>(item: S, message: string) {
  return z.array(z.unknown(), { error: message }).transform((values) =>
    values.flatMap((entry) => {
      const parsed = item.safeParse(entry);
      return parsed.success ? [parsed.data as z.output<S>] : [];
    }),
  );
}

/** A string field that may be missing, null, or of another type; anything but a string reads as null. */
export const optionalText = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' ? value : null));

/** A finite number, or null for anything else (missing, null, a string). */
export const optionalCount = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'number' && Number.isFinite(value) ? value : null));
