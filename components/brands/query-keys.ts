/** The Brands view's query keys. */
export const brandKeys = {
  search: (query: string) => ['brands.search', query] as const,
  followed: (offset: number, query: string) => ['brands.followed', offset, query] as const,
  detail: (brandId: string) => ['brands.detail', brandId] as const,
  compare: (brandId: string, day: string) => ['brands.compare', brandId, day] as const,
};
