import { z } from 'zod/mini';
import { listPageSchema } from './ad-library';
import { ALTERNATIVE_NAMES, unwrapped, withNames } from './alternatives';
import { ID_MAX_CHARS } from './ids';
import { optionalCount as count, optionalText, tolerantArray } from './tolerant';
import { checkWords } from './words';
import { lazily, once } from '../lazy';

const brandNames = {
  id: ALTERNATIVE_NAMES.brandId,
  name: ALTERNATIVE_NAMES.brandName,
  locked: ALTERNATIVE_NAMES.locked,
  followed: ALTERNATIVE_NAMES.followed,
  domain: ALTERNATIVE_NAMES.domain,
  category: ALTERNATIVE_NAMES.category,
  logo_url: ALTERNATIVE_NAMES.logoUrl,
  ad_count: ALTERNATIVE_NAMES.adCount,
  active_ad_count: ALTERNATIVE_NAMES.activeAdCount,
};
const brandFields = once(() => ({
  // Bounded where it enters: a brand whose id is too long to keep is a refused row.
  id: z.string().check(z.minLength(1), z.maxLength(ID_MAX_CHARS)),
  name: optionalText(),
  locked: z.catch(z.optional(z.boolean()), undefined),
  followed: z.catch(z.optional(z.boolean()), undefined),
  domain: optionalText(),
  category: optionalText(),
  logo_url: optionalText(),
  ad_count: count(),
  active_ad_count: count(),
}));

/**
 * A brand row. Followed-brand search (4.14) states id, name and locked; the brand library's
 * rows (4.13) are not shown, so every field there is read by any known name and may be absent.
 */
export const brandRowSchema = lazily(() => withNames(brandNames, z.looseObject(brandFields())));
export type BrandRow = z.infer<typeof brandRowSchema>;

const mix = once(() => z.catch(z.optional(z.record(z.string(), z.number())), undefined));
/** One brand's detail (4.13: shape not shown): the record, or the record inside a wrapper. */
export const brandDetailSchema = lazily(() =>
  unwrapped(
    ALTERNATIVE_NAMES.brandId,
    withNames(
      {
        ...brandNames,
        first_seen: ALTERNATIVE_NAMES.firstSeen,
        formats: ALTERNATIVE_NAMES.formats,
        languages: ALTERNATIVE_NAMES.languages,
      },
      z.looseObject({
        ...brandFields(),
        description: optionalText(),
        first_seen: optionalText(),
        formats: mix(),
        languages: mix(),
      }),
    ),
  ),
);
export type BrandDetail = z.infer<typeof brandDetailSchema>;

/** Brand-library search and the followed list (4.13: shapes not shown). */
export const brandPageSchema = lazily(() => listPageSchema(brandRowSchema));
export type BrandPage = z.infer<typeof brandPageSchema>;

/** Followed-brand search (spec 4.14): offset paging with total and a quota object of unshown fields. */
export const followedBrandsSchema = lazily(() =>
  z.looseObject({
    items: tolerantArray(brandRowSchema),
    has_more: z.catch(z.boolean(), false),
    total: count(),
    quota: z.catch(z.optional(z.nullable(z.record(z.string(), z.unknown()))), null),
  }),
);
export type FollowedBrands = z.infer<typeof followedBrandsSchema>;

/** Spec 4.14: only the first 1000 matches are served. */
export const FOLLOWED_WINDOW = 1000;
/** The longest brand search the worker takes (`brands.search`). */
export const BRAND_QUERY_MAX = 100;
/** The limit "used in practice" (spec 4.14); the maximum is not shown, so it is ours. */
export const FOLLOWED_PAGE_LIMIT = 100;

/** A brand id in a request: opaque, bounded, one path segment (lib/contract/ids.ts). */
export { brandIdSchema } from './ids';

const whole = (field: string) =>
  z
    .number({ error: () => checkWords('checks.whole', { field }) })
    .check(z.int({ error: () => checkWords('checks.whole', { field }) }));

const FOLLOWED_REQUIRED = {
  error: () => checkWords('checks.followed.required', { shape: '{ offset, limit }' }),
};
const limitRange = { error: () => checkWords('checks.range', { field: 'limit', min: 1, max: FOLLOWED_PAGE_LIMIT }) };

/** One page of followed brands: the `followed` object of the 4.14 body. `query` is ours (no filter is shown). */
export const followedPageSchema = lazily(() =>
  z.object(
    {
      offset: whole('offset').check(
        z.gte(0, { error: () => checkWords('checks.range', { field: 'offset', min: 0, max: FOLLOWED_WINDOW - 1 }) }),
        z.lte(FOLLOWED_WINDOW - 1, { error: () => checkWords('checks.followed.window', { window: FOLLOWED_WINDOW }) }),
      ),
      limit: whole('limit').check(z.gte(1, limitRange), z.lte(FOLLOWED_PAGE_LIMIT, limitRange)),
      query: z.optional(
        z
          .string()
          .check(z.maxLength(100, { error: () => checkWords('checks.atMostChars', { field: 'query', count: 100 }) })),
      ),
    },
    FOLLOWED_REQUIRED,
  ),
);
export const followedRequestSchema = lazily(() => z.strictObject(followedPageSchema.shape, FOLLOWED_REQUIRED));

/** The 4.14 body: scope `followed` with its page. */
export const followedSearchBodySchema = lazily(() =>
  z.object({
    scope: z.literal('followed', { error: () => checkWords('checks.mustBe', { field: 'scope', value: '"followed"' }) }),
    followed: followedPageSchema,
  }),
);
