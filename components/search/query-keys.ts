/** The Search view's own query keys (its ad lists are the ad kit's). */
export const searchKeys = {
  pickerBrands: (query: string) => ['brands.search', query, 'picker'] as const,
  pickerFollowed: () => ['brands.followedList', 'picker'] as const,
};
