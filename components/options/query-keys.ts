/** The options page's own query keys (settings are the UI kit's). */
export const optionsKeys = {
  pageButton: () => ['pageButton'] as const,
  vault: () => ['vault'] as const,
};
