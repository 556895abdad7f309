import { z } from 'zod/mini';

/**
 * A stored list read record by record: one that fails its schema (tampered, or written by a
 * newer version) is skipped and the others kept, and anything but a list reads as empty.
 */
export function recordList<S extends z.ZodMiniType>(record: S) {
  return z.pipe(
    z.unknown(),
    z.transform((value): z.output<S>[] =>
      Array.isArray(value)
        ? value.flatMap((entry) => {
            const parsed = record.safeParse(entry);
            return parsed.success ? [parsed.data] : [];
          })
        : [],
    ),
  );
}
