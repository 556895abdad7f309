import { z } from 'zod/mini';
import { ALTERNATIVE_NAMES, normalizeListPage, withNames } from './alternatives';
import { optionalText, tolerantArray } from './tolerant';
import { lazily } from '../lazy';

/**
 * A workspace-owned brand profile (spec 4.15). Only `id` is stated (it is the brand_id of a
 * generation); every other field is not shown, so each is read by any known name and may be
 * absent or null without failing the list (or the connection test that reads it).
 */
export const ownedBrandSchema = lazily(() =>
  withNames(
    {
      name: ALTERNATIVE_NAMES.brandName,
      locked: ALTERNATIVE_NAMES.locked,
      logo_url: ALTERNATIVE_NAMES.logoUrl,
      colors: ALTERNATIVE_NAMES.colors,
      product_context: ALTERNATIVE_NAMES.productContext,
    },
    z.looseObject({
      id: z.union([z.string().check(z.minLength(1)), z.pipe(z.number(), z.transform(String))]),
      name: optionalText(),
      locked: z.catch(z.optional(z.boolean()), undefined),
      logo_url: optionalText(),
      colors: tolerantArray(z.string()),
      product_context: optionalText(),
    }),
  ),
);
export type OwnedBrand = z.infer<typeof ownedBrandSchema>;

/** Spec 4.15 lists the brands; the list's shape is not shown (items, a bare array, or another name). */
export const ownedBrandListSchema = lazily(() =>
  z.pipe(z.transform(normalizeListPage), z.looseObject({ items: tolerantArray(ownedBrandSchema) })),
);
export type OwnedBrandList = z.infer<typeof ownedBrandListSchema>;
