/** Query keys of data every page shares. */
export const sharedKeys = {
  settings: () => ['settings'] as const,
  ownedBrands: () => ['ownedBrands'] as const,
};
