/** The New view's query keys. */
export const watchKeys = {
  followed: (query: string) => ['watch.followed', query] as const,
};
