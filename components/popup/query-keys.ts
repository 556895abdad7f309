/** The popup's query keys. */
export const popupKeys = {
  activeTab: () => ['activeTab'] as const,
};
