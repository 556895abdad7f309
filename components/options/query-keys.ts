/** The options and welcome pages' own query keys (settings are the UI kit's). */
export const optionsKeys = {
  pageButton: () => ['pageButton'] as const,
  currentWindow: () => ['currentWindow'] as const,
};
