import type { OwnedBrandList } from '../../lib/contract/owned-brands';
import type { Route } from '../router';

/** GET /open/v1/owned-brands (spec 4.15). */
export const ownedBrandRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/owned-brands',
    handler: ({ workspace, mediaUrl }) =>
      ({
        items: workspace.ownedBrands.map((brand) => ({
          id: brand.id,
          name: brand.name,
          locked: brand.locked,
          logo_url: mediaUrl(`/media/brands/${brand.id}/logo.svg`),
          colors: brand.colors,
          product_context: brand.product_context,
        })),
      }) satisfies OwnedBrandList,
  },
];
