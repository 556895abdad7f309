import { z } from 'zod';

/**
 * A workspace-owned brand profile (spec 4.15). Field names other than `id` are not shown in
 * the contract: these are the names the reference server uses; unknown extras pass through.
 */
export const ownedBrandSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullable().optional(),
  locked: z.boolean().optional(),
  logo_url: z.string().nullable().optional(),
  colors: z.array(z.string()).optional(),
  product_context: z.string().nullable().optional(),
});
export type OwnedBrand = z.infer<typeof ownedBrandSchema>;

export const ownedBrandListSchema = z.looseObject({ items: z.array(ownedBrandSchema) });
export type OwnedBrandList = z.infer<typeof ownedBrandListSchema>;
