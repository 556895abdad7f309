/**
 * TanStack Query's `placeholderData` for a view whose query key moves (a window, a sort, the
 * keywords): the last answer stays on screen while the next loads only when it was of the same
 * subject, read from the last query's key by `subjectOf`; another subject's never stands for this one's.
 */
export function keepForSame(subjectOf: (key: readonly unknown[]) => unknown, subject: unknown) {
  return <T>(previous: T | undefined, query: { queryKey: readonly unknown[] } | undefined): T | undefined =>
    query !== undefined && subjectOf(query.queryKey) === subject ? previous : undefined;
}
