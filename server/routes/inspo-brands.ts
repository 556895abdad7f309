import { z } from 'zod';
import { invalid } from '../envelope';
import { tokenize } from '../library-index';
import type { Route } from '../router';
import { brandRow } from '../serialize';

/** Only this many matches are reachable through offset paging (spec 4.14). */
export const REACHABLE_WINDOW = 1000;
export const MAX_FOLLOWED_LIMIT = 100;

const bodySchema = z.object({
  scope: z.string({ error: 'scope is required: use "followed".' }),
  followed: z
    .object({
      offset: z
        .number({ error: 'followed.offset must be a whole number.' })
        .int('followed.offset must be a whole number.')
        .min(0, 'followed.offset cannot be negative.'),
      limit: z
        .number({ error: 'followed.limit must be a whole number.' })
        .int('followed.limit must be a whole number.')
        .min(1, `followed.limit must be between 1 and ${MAX_FOLLOWED_LIMIT}.`)
        .max(MAX_FOLLOWED_LIMIT, `followed.limit must be between 1 and ${MAX_FOLLOWED_LIMIT}.`),
      /** Narrows by brand name; an assumption, since the contract shows no filter. */
      query: z.string().max(100, 'followed.query is longer than 100 characters.').optional(),
    })
    .optional(),
});

export const inspoBrandRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/inspo-brands/search',
    handler: (context) => {
      const parsed = bodySchema.safeParse(context.body ?? {});
      if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'The body is invalid.');
      const { scope, followed } = parsed.data;
      if (scope !== 'followed') throw invalid('scope must be "followed": no other scope is served.');
      if (!followed) throw invalid('followed is required with scope "followed": { offset, limit }.');
      if (followed.offset >= REACHABLE_WINDOW) {
        throw invalid(
          `Only the first ${REACHABLE_WINDOW} matches are served: followed.offset must be below ${REACHABLE_WINDOW}. Narrow the search.`,
        );
      }
      const { brandIds, limit: planLimit } = context.workspace.followed;
      const terms = tokenize(followed.query);
      const matches: { id: string; locked: boolean }[] = [];
      brandIds.forEach((id, index) => {
        if (terms.length > 0) {
          const words = context.state.brandWords(id);
          if (!terms.every((term) => words.some((word) => word.startsWith(term)))) return;
        }
        matches.push({ id, locked: index >= planLimit });
      });
      const reachable = Math.min(matches.length, REACHABLE_WINDOW);
      const end = Math.min(reachable, followed.offset + followed.limit);
      const items = matches.slice(followed.offset, end).flatMap(({ id, locked }) => {
        const brand = context.state.brand(id);
        return brand ? [brandRow(context.state, brand, context.mediaUrl, { followed: true, locked })] : [];
      });
      return {
        items,
        has_more: end < reachable,
        total: matches.length,
        quota: {
          unit: 'followed_brands',
          used: brandIds.length,
          limit: planLimit,
          remaining: Math.max(0, planLimit - brandIds.length),
          locked: Math.max(0, brandIds.length - planLimit),
        },
      };
    },
  },
];
