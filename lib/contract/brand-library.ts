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

/** Spec 4.14: only the first 1000 matches are served. */
export const FOLLOWED_WINDOW = 1000;
/** The limit "used in practice" (spec 4.14); the maximum is not shown, so it is ours. */
export const FOLLOWED_PAGE_LIMIT = 100;

export const brandIdSchema = z.string().refine(isUuid, 'brand_id must be a brand id (UUID).');

const whole = (field: string) =>
  z.number({ error: `${field} must be a whole number.` }).int(`${field} must be a whole number.`);

/** One page of followed brands: the `followed` object of the 4.14 body. `query` is ours (no filter is shown). */
export const followedPageSchema = z.object(
  {
    offset: whole('offset')
      .min(0, 'offset cannot be negative.')
      .max(
        FOLLOWED_WINDOW - 1,
        `Only the first ${FOLLOWED_WINDOW} followed brands are served: offset must be below ${FOLLOWED_WINDOW}. Narrow the search.`,
      ),
    limit: whole('limit')
      .min(1, `limit must be between 1 and ${FOLLOWED_PAGE_LIMIT}.`)
      .max(FOLLOWED_PAGE_LIMIT, `limit must be between 1 and ${FOLLOWED_PAGE_LIMIT}.`),
    query: z.string().max(100, 'query is longer than 100 characters.').optional(),
  },
  { error: 'followed is required with scope "followed": { offset, limit }.' },
);
export const followedRequestSchema = followedPageSchema.strict();

/** The 4.14 body: scope `followed` with its page. */
export const followedSearchBodySchema = z.object({
  scope: z.literal('followed', { error: 'scope must be "followed": no other scope is served.' }),
  followed: followedPageSchema,
});
