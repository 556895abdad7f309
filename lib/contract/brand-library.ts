import { z } from 'zod';
import { cursorPageSchema } from './ad-library';
import { isUuid } from './limits';
import { optionalCount as count, optionalText, tolerantArray } from './tolerant';

/**
 * A brand row (spec 2: id, name, locked; the rest is not shown). The other fields are the
 * reference server's; each is optional.
 */
export const brandRowSchema = z.looseObject({
  id: z.string().min(1),
  name: optionalText,
  locked: z.boolean().optional().catch(undefined),
  followed: z.boolean().optional().catch(undefined),
  domain: optionalText,
  category: optionalText,
  logo_url: optionalText,
  ad_count: count,
  active_ad_count: count,
});
export type BrandRow = z.infer<typeof brandRowSchema>;

export const brandDetailSchema = brandRowSchema.extend({
  description: optionalText,
  first_seen: optionalText,
  formats: z.record(z.string(), z.number()).optional().catch(undefined),
  languages: z.record(z.string(), z.number()).optional().catch(undefined),
});
export type BrandDetail = z.infer<typeof brandDetailSchema>;

export const brandPageSchema = cursorPageSchema(brandRowSchema);
export type BrandPage = z.infer<typeof brandPageSchema>;

/** Followed-brand search (spec 4.14): offset paging with total and a quota object of unshown fields. */
export const followedBrandsSchema = z.looseObject({
  items: tolerantArray(brandRowSchema),
  has_more: z.boolean().catch(false),
  total: count,
  quota: z.record(z.string(), z.unknown()).nullable().optional().catch(null),
});
export type FollowedBrands = z.infer<typeof followedBrandsSchema>;

export const FOLLOWED_WINDOW = 1000;
export const FOLLOWED_PAGE_LIMIT = 100;

export const brandIdSchema = z.string().refine(isUuid, 'brand_id must be a brand id (UUID).');

export const followedRequestSchema = z
  .object({
    offset: z
      .number()
      .int()
      .min(0)
      .max(FOLLOWED_WINDOW - 1, `Only the first ${FOLLOWED_WINDOW} followed brands can be listed: narrow the search.`),
    limit: z.number().int().min(1).max(FOLLOWED_PAGE_LIMIT),
    query: z.string().max(100).optional(),
  })
  .strict();
