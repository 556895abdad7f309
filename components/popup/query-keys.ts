/** The popup's query keys. */
export const popupKeys = {
  currentWindow: () => ['currentWindow'] as const,
  activeTab: () => ['activeTab'] as const,
};
